#!/usr/bin/env python3
"""Renders a written report in headless Chromium and checks its figures as a
reader sees them (run by .ci/run, not by cargo test: it needs chromium).

    python3 crates/report/tests/browser/check_report.py REPORT_DIR [--screenshots DIR]

Checks, each failing the script with a message:
  * index.html: every figure's image loads and fits its container at a
    1280-pixel-wide window (nothing overflows to the right), and the π
    trees (knuth-fig-1/2/3.svg) are shown large enough that their values
    read at 9 px or more;
  * every SVG under figures/: every drawn element (text, circle, path,
    line, rect, polygon) lies inside the SVG's own canvas, so nothing is
    clipped (long legend texts, labels at the edge, rings at the border);
  * knuth-fig-3.svg: the five rings of the deep-cutoff branches are there
    and visible.
With --screenshots, PNG screenshots of the top of the report and of two
figures are written for the README.

Chromium runs with --headless --dump-dom on a check page written next to
the report; an injected script measures the layout after the load event
and writes its findings into the DOM, which --dump-dom prints.
"""

import html
import json
import os
import re
import shutil
import subprocess
import sys
import tempfile

TIMEOUT = 120


def chromium():
    for name in ("chromium", "chromium-browser", "google-chrome"):
        path = shutil.which(name)
        if path:
            return path
    sys.exit("check_report: no chromium found (apt-get install -y chromium)")


def run_chromium(args):
    base = [
        chromium(),
        "--headless",
        "--no-sandbox",
        "--disable-gpu",
        "--hide-scrollbars",
        "--allow-file-access-from-files",
        "--virtual-time-budget=10000",
    ]
    out = subprocess.run(
        base + args, capture_output=True, text=True, timeout=TIMEOUT, check=False
    )
    if out.returncode != 0:
        sys.exit(f"check_report: chromium failed ({out.returncode}): {out.stderr[-2000:]}")
    return out.stdout


MEASURE_INDEX = r"""
<script>
window.addEventListener('load', () => {
  const problems = [];
  const figs = Array.from(document.querySelectorAll('figure'));
  for (const f of figs) {
    const img = f.querySelector('img');
    if (!img) { problems.push('figure without image'); continue; }
    const name = img.getAttribute('src');
    if (!img.complete || img.naturalWidth === 0) { problems.push(name + ': image did not load'); continue; }
    const fr = f.getBoundingClientRect();
    const ir = img.getBoundingClientRect();
    const body = document.body.getBoundingClientRect();
    if (ir.right > fr.right + 1 || ir.right > body.right + 1) {
      problems.push(name + ': overflows its container (' + Math.round(ir.right) + ' > ' + Math.round(Math.min(fr.right, body.right)) + ')');
    }
    if (ir.width < 200) { problems.push(name + ': shown too small (' + Math.round(ir.width) + ' px)'); }
    // The π trees' smallest text (their values), scaled to the column,
    // must still read at 9 px or more.
    const smallest = SMALLEST_FONT[name.replace(/^.*\//, '')];
    if (/knuth-fig-[123]\.svg$/.test(name) && smallest) {
      const shown = smallest * ir.width / img.naturalWidth;
      if (shown < 9) { problems.push(name + ': its smallest text is shown at ' + shown.toFixed(1) + ' px (under 9)'); }
    }
  }
  if (document.documentElement.scrollWidth > window.innerWidth + 1) {
    problems.push('the page scrolls sideways (' + document.documentElement.scrollWidth + ' > ' + window.innerWidth + ')');
  }
  const out = document.createElement('pre');
  out.id = 'check-result';
  out.textContent = JSON.stringify({figures: figs.length, problems});
  document.body.appendChild(out);
});
</script>
"""

MEASURE_SVGS = r"""
<script>
window.addEventListener('load', () => {
  const result = {};
  for (const wrap of document.querySelectorAll('div.svg')) {
    const svg = wrap.querySelector('svg');
    const box = svg.getBoundingClientRect();
    const problems = [];
    let rings = 0;
    for (const el of svg.querySelectorAll('text, circle, path, line, rect, polygon, polyline')) {
      const r = el.getBoundingClientRect();
      if (r.width === 0 && r.height === 0) continue;
      const tol = 1.5;
      if (r.left < box.left - tol || r.top < box.top - tol || r.right > box.right + tol || r.bottom > box.bottom + tol) {
        const what = el.tagName + (el.textContent ? ' "' + el.textContent.slice(0, 40) + '"' : '');
        problems.push(what + ' outside the canvas [' + [r.left - box.left, r.top - box.top, r.right - box.left, r.bottom - box.top].map(Math.round) + '] of ' + Math.round(box.width) + 'x' + Math.round(box.height));
      }
      if (el.tagName === 'circle' && el.getAttribute('r') === '13' && /#C80000|rgb\(200,\s*0,\s*0\)/i.test(el.getAttribute('stroke') || '')) rings++;
    }
    result[wrap.dataset.name] = {problems: problems.slice(0, 5), count: problems.length, rings};
  }
  const out = document.createElement('pre');
  out.id = 'check-result';
  out.textContent = JSON.stringify(result);
  document.body.appendChild(out);
});
</script>
"""


def result_of(dom):
    m = re.search(r'<pre id="check-result">(.*?)</pre>', dom, re.S)
    if not m:
        sys.exit("check_report: the measuring script left no result (did the page load?)")
    return json.loads(html.unescape(m.group(1)))


def main():
    args = sys.argv[1:]
    shots = None
    if "--screenshots" in args:
        i = args.index("--screenshots")
        shots = args[i + 1]
        del args[i : i + 2]
    if len(args) != 1:
        sys.exit(__doc__)
    report = os.path.abspath(args[0])
    index = os.path.join(report, "index.html")
    if not os.path.isfile(index):
        sys.exit(f"check_report: {index} does not exist")
    failures = []

    # 1. The page as a reader sees it.
    with open(index, encoding="utf-8") as f:
        page = f.read()
    figdir = os.path.join(report, "figures")
    smallest = {}
    for n in os.listdir(figdir):
        if n.endswith(".svg"):
            with open(os.path.join(figdir, n), encoding="utf-8") as f:
                sizes = [float(x) for x in re.findall(r'font-size="([0-9.]+)"', f.read())]
            if sizes:
                smallest[n] = min(sizes)
    measure = MEASURE_INDEX.replace(
        "<script>", "<script>\nconst SMALLEST_FONT = " + json.dumps(smallest) + ";", 1
    )
    with tempfile.NamedTemporaryFile(
        "w", suffix=".html", dir=report, delete=False, encoding="utf-8"
    ) as f:
        f.write(page.replace("</body>", measure + "</body>"))
        check_page = f.name
    try:
        dom = run_chromium(["--window-size=1280,900", "--dump-dom", "file://" + check_page])
    finally:
        os.unlink(check_page)
    res = result_of(dom)
    print(f"index.html: {res['figures']} figures checked")
    failures += ["index.html: " + p for p in res["problems"]]

    # 2. Every SVG, inlined into one page and measured element by element.
    names = sorted(n for n in os.listdir(figdir) if n.endswith(".svg"))
    parts = []
    for n in names:
        with open(os.path.join(figdir, n), encoding="utf-8") as f:
            svg = f.read()
        svg = re.sub(r"^<\?xml[^>]*>", "", svg.strip())
        parts.append(f'<div class="svg" data-name="{html.escape(n)}" style="margin:20px">{svg}</div>')
    with tempfile.NamedTemporaryFile(
        "w", suffix=".html", dir=report, delete=False, encoding="utf-8"
    ) as f:
        f.write("<!DOCTYPE html><html><body style='margin:0'>" + "".join(parts) + MEASURE_SVGS + "</body></html>")
        svg_page = f.name
    try:
        dom = run_chromium(["--window-size=4000,1000", "--dump-dom", "file://" + svg_page])
    finally:
        os.unlink(svg_page)
    res = result_of(dom)
    print(f"figures/: {len(res)} SVG files checked element by element")
    for name, r in sorted(res.items()):
        for p in r["problems"]:
            failures.append(f"{name}: {p}")
        if r["count"] > len(r["problems"]):
            failures.append(f"{name}: … {r['count'] - len(r['problems'])} more elements outside")
    fig3 = res.get("knuth-fig-3.svg")
    if fig3 is None:
        failures.append("knuth-fig-3.svg missing")
    elif fig3["rings"] != 5:
        failures.append(f"knuth-fig-3.svg: {fig3['rings']} deep-cutoff rings drawn, expected 5")

    if shots:
        os.makedirs(shots, exist_ok=True)
        for out, url, size in [
            ("report-top.png", "file://" + index, "1280,1400"),
            ("knuth-fig-3.png", "file://" + os.path.join(figdir, "knuth-fig-3.svg"), None),
            ("fuller-fig-5-1.png", "file://" + os.path.join(figdir, "fuller-fig-5-1.svg"), None),
        ]:
            if size is None:
                with open(url[len("file://"):], encoding="utf-8") as f:
                    head = f.read(400)
                w = re.search(r'width="(\d+)"', head).group(1)
                h = re.search(r'height="(\d+)"', head).group(1)
                size = f"{w},{h}"
            run_chromium([f"--window-size={size}", f"--screenshot={os.path.join(shots, out)}", url])
            print(f"screenshot {os.path.join(shots, out)}")

    if failures:
        print("\n".join("FAIL " + f for f in failures))
        sys.exit(1)
    print("browser check passed: every figure fits its container and its canvas")


if __name__ == "__main__":
    main()
