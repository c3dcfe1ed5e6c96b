#!/usr/bin/env python3
"""Resident memory of `arena serve` after sequential engine moves (docs/web-api.md).

    move_memory.py ARENA SPEC ENGINE MOVES
"""
import json, subprocess, sys, time, urllib.request, re
arena, spec, engine, moves = sys.argv[1], sys.argv[2], sys.argv[3], int(sys.argv[4])
p = subprocess.Popen([arena, "serve", "--port", "0", "--runs", "runs-none"], stdout=subprocess.PIPE, text=True)
addr = re.search(r"http://[0-9.:]+", p.stdout.readline()).group(0)
def rss():
    for l in open(f"/proc/{p.pid}/status"):
        if l.startswith("VmRSS:"): return int(l.split()[1])
plies = []
out = [("start", rss())]
try:
    for i in range(moves):
        body = json.dumps({"spec": spec, "plies": " ".join(plies), "engine": engine, "seed": i}).encode()
        req = urllib.request.Request(addr + "/api/move", data=body, headers={"Content-Type": "application/json"})
        r = json.load(urllib.request.urlopen(req, timeout=60))
        plies.append(r["ply"])
        out.append((i + 1, rss()))
        if r["position"]["status"]["finished"]: break
finally:
    p.kill()
print(" ".join(f"{m}:{k//1024}MB" for m, k in out))
