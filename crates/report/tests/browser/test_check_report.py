#!/usr/bin/env python3
"""The browser check fails on what a reader cannot read and passes what they
can: a small report folder of hand-written figures (in the form plotters
writes them: bare elements, no roles marked) is checked in headless
Chromium, and each broken figure must fail with its own message while the
good one passes (run by .ci/run before the check of the real report).

    python3 crates/report/tests/browser/test_check_report.py
"""

import os
import subprocess
import sys
import tempfile

HERE = os.path.dirname(os.path.abspath(__file__))


def chart(width=600, tick_size=12, ticks=None, y_step=70, y_name_x=20, legend_x=470, legend_y=60):
    """A plotters-like chart: white background, grid and axes, x and y tick
    labels, a title, a y-axis name, six markers on a line, and a legend of
    two entries (a marker and a line stub, each with its text)."""
    if ticks is None:
        ticks = [(80 + 70 * i, str(5 * i)) for i in range(6)]
    out = [
        f'<svg width="{width}" height="300" viewBox="0 0 {width} 300" xmlns="http://www.w3.org/2000/svg">',
        f'<rect x="0" y="0" width="{width}" height="300" opacity="1" fill="#FFFFFF" stroke="none"/>',
        '<text x="230" y="8" dy="0.76em" text-anchor="middle" font-family="sans-serif" font-size="16" fill="#000000">A title</text>',
    ]
    for x in range(80, 451, 35):
        out.append(f'<line opacity="1" stroke="#EBEBEB" stroke-width="1" x1="{x}" y1="250" x2="{x}" y2="40"/>')
    out.append('<polyline fill="none" opacity="1" stroke="#000000" stroke-width="1" points="80,40 80,250 "/>')
    out.append('<polyline fill="none" opacity="1" stroke="#000000" stroke-width="1" points="80,250 450,250 "/>')
    for x, label in ticks:
        out.append(f'<text x="{x}" y="258" dy="0.76em" text-anchor="middle" font-family="sans-serif" font-size="{tick_size}" fill="#000000">{label}</text>')
    for i, y in enumerate(range(250, 39, -y_step)):
        out.append(f'<text x="72" y="{y}" dy="0.5ex" text-anchor="end" font-family="sans-serif" font-size="{tick_size}" fill="#000000">{i}</text>')
    out.append(f'<text x="{y_name_x}" y="145" dy="0.76em" text-anchor="middle" font-family="sans-serif" font-size="13" fill="#000000" transform="rotate(270, {y_name_x}, 145)">the name of the y axis</text>')
    pts = [(100 + 60 * i, 220 - 30 * i) for i in range(6)]
    out.append('<polyline fill="none" opacity="1" stroke="#0072B2" stroke-width="2" points="' + " ".join(f"{x},{y}" for x, y in pts) + ' "/>')
    for x, y in pts:
        out.append(f'<circle cx="{x}" cy="{y}" r="4" opacity="1" fill="none" stroke="#D55E00" stroke-width="2"/>')
    lx, ly = legend_x, legend_y
    out.append(f'<circle cx="{lx + 11}" cy="{ly}" r="4" opacity="1" fill="none" stroke="#D55E00" stroke-width="2"/>')
    out.append(f'<text x="{lx + 30}" y="{ly - 7}" dy="0.76em" font-family="sans-serif" font-size="13" fill="#000000">markers</text>')
    out.append(f'<polyline fill="none" opacity="1" stroke="#0072B2" stroke-width="2" points="{lx},{ly + 24} {lx + 22},{ly + 24} "/>')
    out.append(f'<text x="{lx + 30}" y="{ly + 17}" dy="0.76em" font-family="sans-serif" font-size="13" fill="#000000">a line</text>')
    out.append("</svg>")
    return "\n".join(out)


FIGURES = {
    "good.svg": chart(),
    "tiny-ticks.svg": chart(tick_size=6),
    "too-wide.svg": chart(width=2400),
    "crowded-ticks.svg": chart(ticks=[(80 + 30 * i, str(100000 * i)) for i in range(6)]),
    "crowded-y-ticks.svg": chart(y_step=8),
    "name-on-ticks.svg": chart(y_name_x=62),
    "legend-on-data.svg": chart(legend_x=250, legend_y=130),
}

EXPECTED = {
    "good.svg": None,
    "tiny-ticks.svg": "texts under 9 px as index.html shows it (scale 1.000; font sizes 6 render at 6.0 px",
    "too-wide.svg": "texts under 9 px as index.html shows it (scale 0.",
    "crowded-ticks.svg": '4 overlapping pair(s) of texts (at full size): tick labels "100000" and "200000" by',
    "crowded-y-ticks.svg": 'overlapping pair(s) of texts (at full size): tick labels "0" and "1" by',
    "name-on-ticks.svg": 'overlapping pair(s) of texts (at full size): texts "',
    "legend-on-data.svg": "covers 2 data element(s)",
}


def main():
    with tempfile.TemporaryDirectory() as report:
        os.mkdir(os.path.join(report, "figures"))
        body = []
        for name, svg in FIGURES.items():
            with open(os.path.join(report, "figures", name), "w", encoding="utf-8") as f:
                f.write(svg)
            body.append(f'<figure><img src="figures/{name}" alt=""><figcaption>{name}</figcaption></figure>')
        with open(os.path.join(report, "index.html"), "w", encoding="utf-8") as f:
            f.write(
                "<!DOCTYPE html><html><head><style>body{max-width:1180px;margin:2em auto;padding:0 1em}"
                "figure img{max-width:100%;height:auto;display:block;border:1px solid #ddd;box-sizing:border-box}"
                "</style></head><body>" + "".join(body) + "</body></html>"
            )
        run = subprocess.run(
            [sys.executable, os.path.join(HERE, "check_report.py"), report],
            capture_output=True, text=True, timeout=300, check=False,
        )
    print(run.stdout, end="")
    fails = [line[len("FAIL "):] for line in run.stdout.splitlines() if line.startswith("FAIL ")]
    errors = []
    if run.returncode != 1:
        errors.append(f"the check exited {run.returncode}, expected 1 (stderr: {run.stderr[-500:]})")
    for name, expected in EXPECTED.items():
        mine = [f for f in fails if f.startswith(name + ": ")]
        if expected is None and mine:
            errors.append(f"{name} is readable but failed: {mine}")
        if expected is not None and not any(expected in f for f in mine):
            errors.append(f"{name} should fail with '{expected}', got {mine}")
        if expected is not None and len(mine) != 1:
            errors.append(f"{name} should fail once, for its one fault, got {mine}")
    if errors:
        print("\n".join("ERROR " + e for e in errors))
        sys.exit(1)
    print("the browser check fails each broken figure for its fault and passes the good one")


if __name__ == "__main__":
    main()
