"""The ratings of the generations as an SVG line chart (no plotting
library needed)."""


def write_svg(generations, path, width=480, height=300):
    pad = 40
    xs = [g["generation"] for g in generations]
    lows = [g["elo_low"] for g in generations]
    highs = [g["elo_high"] for g in generations]
    elos = [g["elo"] for g in generations]
    finite = [v for v in lows + highs + elos if abs(v) < 900]
    lo, hi = (min(finite), max(finite)) if finite else (-100.0, 100.0)
    if hi - lo < 50:
        lo, hi = lo - 25, hi + 25
    span_x = max(1, max(xs) - min(xs)) if xs else 1

    def px(x):
        return pad + (x - min(xs)) * (width - 2 * pad) / span_x

    def py(y):
        y = max(lo, min(hi, y))
        return height - pad - (y - lo) * (height - 2 * pad) / (hi - lo)

    parts = [f'<svg xmlns="http://www.w3.org/2000/svg" width="{width}" height="{height}" font-family="sans-serif" font-size="11">',
             f'<rect width="{width}" height="{height}" fill="white"/>',
             f'<line x1="{pad}" y1="{height - pad}" x2="{width - pad}" y2="{height - pad}" stroke="black"/>',
             f'<line x1="{pad}" y1="{pad}" x2="{pad}" y2="{height - pad}" stroke="black"/>',
             f'<text x="{width / 2}" y="{height - 8}" text-anchor="middle">generation</text>',
             f'<text x="10" y="{pad - 10}">Elo (generation 0 = 0), 95% interval</text>',
             f'<text x="{pad - 4}" y="{py(hi) + 4}" text-anchor="end">{hi:.0f}</text>',
             f'<text x="{pad - 4}" y="{py(lo) + 4}" text-anchor="end">{lo:.0f}</text>']
    for x, l, h in zip(xs, lows, highs):
        parts.append(f'<line x1="{px(x):.1f}" y1="{py(l):.1f}" x2="{px(x):.1f}" y2="{py(h):.1f}" stroke="#88a"/>')
        parts.append(f'<text x="{px(x):.1f}" y="{height - pad + 14}" text-anchor="middle">{x}</text>')
    points = " ".join(f"{px(x):.1f},{py(y):.1f}" for x, y in zip(xs, elos))
    parts.append(f'<polyline points="{points}" fill="none" stroke="#c33" stroke-width="2"/>')
    for x, y in zip(xs, elos):
        parts.append(f'<circle cx="{px(x):.1f}" cy="{py(y):.1f}" r="3" fill="#c33"/>')
    parts.append("</svg>")
    with open(path, "w") as f:
        f.write("\n".join(parts) + "\n")
