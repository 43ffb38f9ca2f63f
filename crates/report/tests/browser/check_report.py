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
  * every figure's text is at least MIN_TEXT_PX pixels high as index.html
    shows it at that window: its font size times the scale at which the
    page fits the SVG into its container (full size for a figure the page
    does not show);
  * no two texts of a figure overlap (tick labels of one axis, titles, axis
    names, legend entries, node values);
  * no legend covers data: the rectangle around a legend's entries (each a
    small glyph with its text to the right) holds no data mark — no marker,
    no point or segment of a line, band or error bar, no tree node or edge;
  * knuth-fig-3.svg: the five rings of the deep-cutoff branches are there
    and visible.
With --screenshots, PNG screenshots of the top of the report and of two
figures are written for the README.

Chromium runs with --headless --dump-dom on a check page written next to
the report; an injected script measures the layout after the load event
and writes its findings into the DOM, which --dump-dom prints. The SVGs
carry no markup of their roles (plotters writes bare elements), so the
legend and the data are told apart by geometry, as a reader tells them.
"""

import html
import json
import math
import os
import re
import shutil
import subprocess
import sys
import tempfile

TIMEOUT = 120

# The smallest text a reader is asked to read, in CSS pixels of the page as
# shown (journal figure guides ask for 6-8 pt at print size, 8-11 px).
MIN_TEXT_PX = 9.0

# Two texts overlap when their boxes share more than this many pixels in
# both directions. Chromium's box of an SVG text spans the font's full
# ascent and descent, so lines set at 1.2 times their size already touch;
# half a pixel keeps touching boxes apart from overlapping glyphs.
OVERLAP_PX = 0.5

# A legend entry: a glyph no larger than 30 px each way whose pieces lie
# within GLYPH_PX left of its text, the text starting at most 16 px right of
# the glyph (plot.rs: 22 px stubs, text 8 px on; treeplot.rs: discs, 6-7 px).
GLYPH_PX = 34

# Tolerance of the canvas check, in pixels (anti-aliased strokes).
CANVAS_TOL_PX = 1.5


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
  // Folded parts are measured as a reader who opens them sees them.
  for (const d of document.querySelectorAll('details')) d.open = true;
  const problems = [];
  const scales = {};
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
    // The image's content box (inside its border) over its own width.
    const scale = img.clientWidth / img.naturalWidth;
    const base = name.split('/').pop();
    scales[base] = Math.min(scales[base] === undefined ? Infinity : scales[base], scale);
  }
  if (document.documentElement.scrollWidth > window.innerWidth + 1) {
    problems.push('the page scrolls sideways (' + document.documentElement.scrollWidth + ' > ' + window.innerWidth + ')');
  }
  const out = document.createElement('pre');
  out.id = 'check-result';
  out.textContent = JSON.stringify({figures: figs.length, problems, scales});
  document.body.appendChild(out);
});
</script>
"""

# Dumps every drawn element of every inlined SVG: its box relative to the
# SVG's canvas, and for texts the rendered font size (font size times the
# scale of the element's transform), for shapes the attributes that say
# what they are. The SVGs are inlined at their own size, so a user unit is
# a CSS pixel and attribute coordinates are canvas coordinates.
MEASURE_SVGS = r"""
<script>
window.addEventListener('load', () => {
  const result = {};
  for (const wrap of document.querySelectorAll('div.svg')) {
    const svg = wrap.querySelector('svg');
    const box = svg.getBoundingClientRect();
    const root = svg.getScreenCTM();
    const els = [];
    for (const el of svg.querySelectorAll('text, circle, path, line, rect, polygon, polyline')) {
      const r = el.getBoundingClientRect();
      if (r.width === 0 && r.height === 0) continue;
      const e = {
        tag: el.tagName,
        box: [r.left - box.left, r.top - box.top, r.right - box.left, r.bottom - box.top],
      };
      const style = getComputedStyle(el);
      if (el.tagName === 'text') {
        const m = el.getScreenCTM();
        const scale = Math.hypot(m.a, m.b) / Math.hypot(root.a, root.b);
        e.text = el.textContent;
        e.size = parseFloat(style.fontSize) * scale;
        e.anchor = el.getAttribute('text-anchor') || 'start';
        e.rotated = Math.abs(m.b) > 1e-6;
      } else {
        for (const a of ['r', 'cx', 'cy', 'x1', 'y1', 'x2', 'y2', 'points']) {
          const v = el.getAttribute(a);
          if (v !== null) e[a] = v;
        }
        e.stroke = style.stroke;
        e.fill = style.fill;
        e.strokeWidth = parseFloat(style.strokeWidth);
        e.opacity = parseFloat(style.opacity) * parseFloat(style.strokeOpacity);
      }
      els.push(e);
    }
    result[wrap.dataset.name] = {width: box.width, height: box.height, elements: els};
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


# ---------------------------------------------------------------------------
# Geometry of one figure, from the dump of its elements.


def quote(text, n=40):
    text = " ".join(text.split())
    return '"' + (text if len(text) <= n else text[: n - 1] + "…") + '"'


def rgb(color):
    """(r, g, b) of a computed CSS colour, None for 'none'/transparent."""
    m = re.match(r"rgba?\(([\d.]+),\s*([\d.]+),\s*([\d.]+)(?:,\s*([\d.]+))?\)", color or "")
    if not m or (m.group(4) is not None and float(m.group(4)) == 0):
        return None
    return tuple(float(m.group(i)) for i in (1, 2, 3))


def overlap(a, b):
    """Overlap of two boxes [left, top, right, bottom] in x and in y."""
    return min(a[2], b[2]) - max(a[0], b[0]), min(a[3], b[3]) - max(a[1], b[1])


def centre(b):
    return (b[0] + b[2]) / 2, (b[1] + b[3]) / 2


def points_of(e):
    """The vertices of a line, polyline or polygon in canvas coordinates."""
    if e["tag"] == "line":
        return [(float(e["x1"]), float(e["y1"])), (float(e["x2"]), float(e["y2"]))]
    nums = [float(v) for v in re.split(r"[\s,]+", e.get("points", "").strip()) if v]
    pts = list(zip(nums[0::2], nums[1::2]))
    if e["tag"] == "polygon" and pts:
        pts.append(pts[0])
    return pts


def segment_hits_box(p, q, b):
    """Whether the segment pq meets the box (Liang-Barsky clipping)."""
    t0, t1 = 0.0, 1.0
    dx, dy = q[0] - p[0], q[1] - p[1]
    for d, lo, hi, v in ((dx, b[0], b[2], p[0]), (dy, b[1], b[3], p[1])):
        if d == 0:
            if v < lo or v > hi:
                return False
            continue
        a, c = (lo - v) / d, (hi - v) / d
        t0, t1 = max(t0, min(a, c)), min(t1, max(a, c))
        if t0 > t1:
            return False
    return True


def is_mesh(e):
    """A grid line, axis or tick mark: an axis-parallel straight line in a
    neutral grey or black no wider than 1 px, or faded."""
    if e["tag"] not in ("line", "polyline"):
        return False
    c = rgb(e["stroke"])
    if c is None or max(c) - min(c) > 1:
        return False
    pts = points_of(e)
    straight = len(pts) == 2 and (pts[0][0] == pts[1][0] or pts[0][1] == pts[1][1])
    return straight and (e["strokeWidth"] <= 1 or e["opacity"] < 1)


def in_circle(fig, box):
    """Whether a box's centre lies inside one of the figure's circles (the
    value printed on a tree node)."""
    x, y = centre(box)
    return any(
        math.hypot(x - float(c["cx"]), y - float(c["cy"])) < float(c["r"])
        for c in fig["elements"]
        if c["tag"] == "circle"
    )


def legends(fig):
    """The legend boxes of a figure: each a cluster of entries, an entry
    being a small glyph (marker, line stub, swatch, ring) with a
    left-aligned text starting just right of it, at the same height, and the
    text's wrapped continuation lines below. Returns (boxes, ids of the
    elements that make them up)."""
    els = fig["elements"]
    texts = [i for i, e in enumerate(els) if e["tag"] == "text" and e["text"].strip()]

    glyphs = [
        i for i, e in enumerate(els)
        if e["tag"] != "text"
        and e["box"][2] - e["box"][0] <= 30
        and e["box"][3] - e["box"][1] <= 30
    ]
    entries = []
    for t in texts:
        tb = els[t]["box"]
        if els[t]["anchor"] != "start" or els[t]["rotated"] or in_circle(fig, tb):
            continue
        ty = centre(tb)[1]
        mine = [
            g for g in glyphs
            if -2 <= tb[0] - els[g]["box"][2] <= 16
            and abs(centre(els[g]["box"])[1] - ty) <= max(8, els[t]["size"] * 0.7)
        ]
        if not mine:
            continue
        # The glyph's pieces (the dashes of a stub, an error bar's caps)
        # lie within GLYPH_PX left of the text.
        mine = [
            g for g in glyphs
            if els[g]["box"][0] >= tb[0] - GLYPH_PX and els[g]["box"][2] <= tb[0] + 2
            and els[g]["box"][1] >= ty - 15 and els[g]["box"][3] <= ty + 15
        ]
        members = [t] + mine
        # Continuation lines: left-aligned with the text, each within 1.5
        # lines below the last.
        last = tb
        for u in sorted(texts, key=lambda i: els[i]["box"][1]):
            ub = els[u]["box"]
            if u != t and abs(ub[0] - tb[0]) <= 1 and 0 < ub[1] - last[1] <= 1.5 * els[t]["size"] + 2:
                members.append(u)
                last = ub
        entries.append(members)
    # Entries within 40 px of each other form one legend.
    boxes = []
    for members in entries:
        b = [
            min(els[i]["box"][0] for i in members), min(els[i]["box"][1] for i in members),
            max(els[i]["box"][2] for i in members), max(els[i]["box"][3] for i in members),
        ]
        boxes.append((b, set(members)))
    merged = True
    while merged:
        merged = False
        for i in range(len(boxes)):
            for j in range(i + 1, len(boxes)):
                dx, dy = overlap(boxes[i][0], boxes[j][0])
                if dx > -40 and dy > -40:
                    a, b = boxes[i], boxes.pop(j)
                    boxes[i] = (
                        [min(a[0][0], b[0][0]), min(a[0][1], b[0][1]), max(a[0][2], b[0][2]), max(a[0][3], b[0][3])],
                        a[1] | b[1],
                    )
                    merged = True
                    break
            if merged:
                break
    return boxes


def data_hits(fig, box, legend_ids):
    """Data marks of the figure inside a legend box: every element that is
    not text, not the legend itself, not the background, not the mesh."""
    hits = []
    w, h = fig["width"], fig["height"]
    for i, e in enumerate(fig["elements"]):
        if i in legend_ids or e["tag"] == "text" or is_mesh(e):
            continue
        b = e["box"]
        if e["tag"] == "rect" and (b[2] - b[0]) >= 0.9 * w and (b[3] - b[1]) >= 0.9 * h:
            continue
        if e["tag"] == "circle":
            cx, cy, r = float(e["cx"]), float(e["cy"]), float(e["r"])
            nx, ny = min(max(cx, box[0]), box[2]), min(max(cy, box[1]), box[3])
            hit = math.hypot(cx - nx, cy - ny) < r
            what = f"marker at ({cx:.0f}, {cy:.0f})"
        elif e["tag"] in ("line", "polyline", "polygon"):
            pts = points_of(e)
            hit = any(segment_hits_box(p, q, box) for p, q in zip(pts, pts[1:]))
            what = f"{e['tag']} through [{b[0]:.0f}, {b[1]:.0f}, {b[2]:.0f}, {b[3]:.0f}]"
        else:
            dx, dy = overlap(b, box)
            hit = dx > 0 and dy > 0
            what = f"{e['tag']} at [{b[0]:.0f}, {b[1]:.0f}, {b[2]:.0f}, {b[3]:.0f}]"
        if hit:
            hits.append(what)
    return hits


def tick_groups(fig):
    """Ids of the texts set as an axis's tick labels: three or more of one
    size, centred on one baseline (x axis) or right-aligned on one edge
    (y axis), none of them printed on a tree node."""
    els = fig["elements"]
    ticks = set()
    for anchor, key in (("middle", lambda b: round(b[3])), ("end", lambda b: round(b[2]))):
        groups = {}
        for i, e in enumerate(els):
            if e["tag"] == "text" and e["text"].strip() and e["anchor"] == anchor and not e["rotated"]:
                groups.setdefault((key(e["box"]), round(e["size"], 1)), []).append(i)
        for members in groups.values():
            if len(members) >= 3 and not any(in_circle(fig, els[i]["box"]) for i in members):
                ticks.update(members)
    return ticks


def check_figure(fig, scale):
    """Every problem of one figure, as messages."""
    problems = []
    els = fig["elements"]
    w, h = fig["width"], fig["height"]

    outside = []
    for e in els:
        b = e["box"]
        if b[0] < -CANVAS_TOL_PX or b[1] < -CANVAS_TOL_PX or b[2] > w + CANVAS_TOL_PX or b[3] > h + CANVAS_TOL_PX:
            what = e["tag"] + (" " + quote(e["text"]) if e.get("text") else "")
            outside.append(f"{what} outside the canvas [{', '.join(str(round(v)) for v in b)}] of {round(w)}x{round(h)}")
    problems += outside[:5]
    if len(outside) > 5:
        problems.append(f"… {len(outside) - 5} more elements outside")

    texts = [e for e in els if e["tag"] == "text" and e["text"].strip()]
    shown = "as index.html shows it" if scale is not None else "at full size (index.html does not show it)"
    scale = 1.0 if scale is None else scale
    small = [e for e in texts if e["size"] * scale < MIN_TEXT_PX - 1e-6]
    if small:
        sizes = sorted({round(e["size"], 2) for e in small})
        worst = min(small, key=lambda e: e["size"])
        problems.append(
            f"{len(small)} of {len(texts)} texts under {MIN_TEXT_PX:g} px {shown} "
            f"(scale {scale:.3f}; font sizes {', '.join(f'{s:g}' for s in sizes)} render at "
            f"{', '.join(f'{s * scale:.1f}' for s in sizes)} px; e.g. {quote(worst['text'])})"
        )

    ticks = tick_groups(fig)
    ids = [i for i, e in enumerate(els) if e["tag"] == "text" and e["text"].strip()]
    clashes = []
    for k, i in enumerate(ids):
        for j in ids[k + 1 :]:
            dx, dy = overlap(els[i]["box"], els[j]["box"])
            if dx > OVERLAP_PX and dy > OVERLAP_PX:
                kind = "tick labels" if i in ticks and j in ticks else "texts"
                clashes.append(
                    f"{kind} {quote(els[i]['text'])} and {quote(els[j]['text'])} "
                    f"by {dx:.1f} x {dy:.1f} px"
                )
    if clashes:
        problems.append(
            f"{len(clashes)} overlapping pair(s) of texts (at full size): " + "; ".join(clashes[:4])
            + ("; …" if len(clashes) > 4 else "")
        )

    for box, members in legends(fig):
        hits = data_hits(fig, box, members)
        if hits:
            problems.append(
                f"the legend [{', '.join(str(round(v)) for v in box)}] covers {len(hits)} data "
                f"element(s), e.g. {'; '.join(hits[:3])}"
            )
    return problems


def deep_cutoff_rings(fig):
    return sum(
        1 for e in fig["elements"]
        if e["tag"] == "circle" and e.get("r") == "13" and rgb(e["stroke"]) == (200.0, 0.0, 0.0)
    )


def measure_svgs(figdir):
    """Every SVG under figdir, inlined into one page at its own size, and
    the dump of its elements by name."""
    names = sorted(n for n in os.listdir(figdir) if n.endswith(".svg"))
    parts = []
    for n in names:
        with open(os.path.join(figdir, n), encoding="utf-8") as f:
            svg = f.read()
        svg = re.sub(r"^<\?xml[^>]*>", "", svg.strip())
        parts.append(f'<div class="svg" data-name="{html.escape(n)}" style="margin:20px">{svg}</div>')
    with tempfile.NamedTemporaryFile(
        "w", suffix=".html", dir=figdir, delete=False, encoding="utf-8"
    ) as f:
        f.write("<!DOCTYPE html><html><body style='margin:0'>" + "".join(parts) + MEASURE_SVGS + "</body></html>")
        svg_page = f.name
    try:
        dom = run_chromium(["--window-size=4000,1000", "--dump-dom", "file://" + svg_page])
    finally:
        os.unlink(svg_page)
    return result_of(dom)


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
    measure = MEASURE_INDEX
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
    scales = res["scales"]

    # 2. Every SVG, inlined into one page and measured element by element.
    figdir = os.path.join(report, "figures")
    res = measure_svgs(figdir)
    print(f"figures/: {len(res)} SVG files checked element by element")
    for name, fig in sorted(res.items()):
        scale = scales.get(name)
        shown = f"shown at {scale:.3f}" if scale is not None else "not in index.html"
        texts = [e["size"] for e in fig["elements"] if e["tag"] == "text" and e["text"].strip()]
        smallest = min(texts) * (scale or 1.0) if texts else float("nan")
        print(f"  {name}: {round(fig['width'])}x{round(fig['height'])}, {shown}, smallest text {smallest:.1f} px")
        failures += [f"{name}: {p}" for p in check_figure(fig, scale)]
    fig3 = res.get("knuth-fig-3.svg")
    if fig3 is None:
        failures.append("knuth-fig-3.svg missing")
    elif deep_cutoff_rings(fig3) != 5:
        failures.append(f"knuth-fig-3.svg: {deep_cutoff_rings(fig3)} deep-cutoff rings drawn, expected 5")

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
    print(
        f"browser check passed: every figure fits its container and its canvas, its text is at "
        f"least {MIN_TEXT_PX:g} px as shown, no texts overlap, no legend covers data"
    )


if __name__ == "__main__":
    main()
