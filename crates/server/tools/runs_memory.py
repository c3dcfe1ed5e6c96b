#!/usr/bin/env python3
"""Resident memory of `arena serve` after each of some GET requests (docs/web-api.md).

    runs_memory.py ARENA RUNS PATH...
"""
import json, subprocess, sys, time, urllib.request, re
arena, runs = sys.argv[1], sys.argv[2]
p = subprocess.Popen([arena, "serve", "--port", "0", "--runs", runs], stdout=subprocess.PIPE, text=True)
addr = re.search(r"http://[0-9.:]+", p.stdout.readline()).group(0)
def rss():
    for l in open(f"/proc/{p.pid}/status"):
        if l.startswith("VmRSS:"): return int(l.split()[1]) // 1024
def get(path):
    t = time.time()
    try:
        r = urllib.request.urlopen(addr + path, timeout=600); status = r.status; body = r.read()
    except urllib.error.HTTPError as e:
        status = e.code; body = e.read()
    d = json.loads(body)
    note = d.get("error", "")[:90] if isinstance(d, dict) else ""
    print(f"{path}: {status} {len(body)//1024} kB in {time.time()-t:.1f}s, server {rss()} MB {note}", flush=True)
    return d
print(f"start: {rss()} MB")
try:
    for path in sys.argv[3:]:
        d = get(path)
        if "since=" in path: pass
finally:
    p.kill()
