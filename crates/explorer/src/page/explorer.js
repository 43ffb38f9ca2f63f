// The alpha-beta explorer: replays the events the Rust procedures reported
// (embedded below as JSON by `alphabeta explore`). Nothing here searches a
// tree: every window, value and cutoff shown is one the Rust search
// reported; this script only draws them and counts them.
(function () {
  'use strict';
  var $ = function (id) { return document.getElementById(id); };
  var SVGNS = 'http://www.w3.org/2000/svg';
  var FORMAT = 1;

  function fail(message) {
    var box = $('message');
    var p = document.createElement('p');
    p.className = 'error';
    p.id = 'error';
    p.textContent = message;
    box.appendChild(p);
    var loading = $('loading');
    if (loading) loading.remove();
  }

  // ---- the data --------------------------------------------------------
  function isIndex(x, n) { return Number.isInteger(x) && x >= 0 && x < n; }

  function validate(d) {
    if (!d || typeof d !== 'object') throw new Error('it is not a JSON object');
    if (d.format !== FORMAT) throw new Error('it is in format ' + d.format + ', and this page reads format ' + FORMAT);
    if (!Array.isArray(d.trees) || d.trees.length === 0) throw new Error('it holds no tree');
    d.trees.forEach(function (t, ti) {
      var name = 'tree ' + (t && t.id ? t.id : ti + 1);
      if (!t || !t.nodes || !Array.isArray(t.nodes.parent) || t.nodes.parent.length === 0) throw new Error(name + ' has no positions');
      var n = t.nodes.parent.length;
      ['ply', 'leaf', 'exact', 'path', 'type'].forEach(function (k) {
        if (!Array.isArray(t.nodes[k]) || t.nodes[k].length !== n) throw new Error(name + ': nodes.' + k + ' does not list every position');
      });
      if (!Array.isArray(t.values) || !Array.isArray(t.neg) || t.neg.length !== t.values.length || t.values.length === 0) throw new Error(name + ': the value table is broken');
      var nv = t.values.length;
      for (var i = 0; i < n; i++) {
        var p = t.nodes.parent[i];
        if (i === 0 ? p !== -1 : !(isIndex(p, i))) throw new Error(name + ': position ' + i + ' has no valid parent');
        if (!isIndex(t.nodes.exact[i], nv) || !(t.nodes.leaf[i] === -1 || isIndex(t.nodes.leaf[i], nv))) throw new Error(name + ': position ' + i + ' has a value outside the table');
      }
      if (!Array.isArray(t.runs) || t.runs.length === 0) throw new Error(name + ' has no recorded search');
      t.runs.forEach(function (r) {
        if (!r || typeof r.name !== 'string' || !Array.isArray(r.steps) || !r.counters) throw new Error(name + ': a run is incomplete');
        r.steps.forEach(function (s, j) {
          var ok = Array.isArray(s) && isIndex(s[1], n);
          if (ok && s[0] === 'e') ok = isIndex(s[2], nv) && isIndex(s[3], nv) && 'bxsp'.indexOf(s[4]) >= 0;
          else if (ok && s[0] === 'r') ok = isIndex(s[2], nv);
          else if (ok && s[0] === 'c') ok = (s[2] === 'alpha' || s[2] === 'beta') && Array.isArray(s[4]) && s[4].every(function (c) { return isIndex(c, n); });
          else ok = false;
          if (!ok) throw new Error(name + ', ' + r.name + ': step ' + (j + 1) + ' is malformed');
        });
      });
    });
  }

  var D;
  try {
    D = JSON.parse($('explorer-data').textContent);
    validate(D);
  } catch (e) {
    fail('The data embedded in this page cannot be read (' + e.message + '). Write the page again with `alphabeta explore … --out FILE`.');
    return;
  }

  // ---- the tree: children and layout ------------------------------------
  function prepare(t) {
    if (t.prep) return t.prep;
    var N = t.nodes, n = N.parent.length, i;
    var children = [];
    for (i = 0; i < n; i++) children.push([]);
    for (i = 1; i < n; i++) children[N.parent[i]].push(i);
    var x = new Float64Array(n), leaves = 0, height = 0;
    for (i = 0; i < n; i++) {
      if (children[i].length === 0) x[i] = leaves++;
      if (N.ply[i] > height) height = N.ply[i];
    }
    for (i = n - 1; i >= 0; i--) {
      var c = children[i];
      if (c.length) x[i] = (x[c[0]] + x[c[c.length - 1]]) / 2;
    }
    // Leaf labels longer than three characters are written downwards.
    var longest = 1;
    for (i = 0; i < n; i++) {
      if (N.leaf[i] >= 0) longest = Math.max(longest, t.values[N.leaf[i]].length, t.values[t.neg[N.leaf[i]]].length);
    }
    t.prep = { n: n, children: children, x: x, leaves: leaves, height: height, longest: longest, vertical: longest > 3 };
    return t.prep;
  }

  // ---- replaying a run to a step ------------------------------------------
  function emptyCounters() {
    return { examined: 0, bottom: 0, expand: 0, settled: 0, alpha: 0, beta: 0, deep: 0, pruned: 0, deepPruned: 0, examinedPerLevel: [], bottomPerLevel: [] };
  }

  function bump(list, ply) {
    while (list.length <= ply) list.push(0);
    list[ply] += 1;
  }

  // The state after the first k steps: what each position has shown, the
  // open positions with their windows, the cutoffs, and the counters (one
  // position examined per entry, one bottom position per evaluation: the
  // rule `Stats` counts by).
  function replay(t, run, k) {
    var n = t.prep.n, ply = t.nodes.ply;
    var st = {
      seen: new Uint8Array(n), done: new Uint8Array(n), bottom: new Uint8Array(n),
      ret: new Int32Array(n).fill(-1), rel: new Int8Array(n),
      wa: new Int32Array(n).fill(-1), wb: new Int32Array(n).fill(-1),
      pruned: new Uint8Array(n), cuts: [], stack: [], c: emptyCounters(), last: null
    };
    var steps = run.steps, m = Math.min(k, steps.length);
    for (var j = 0; j < m; j++) {
      var s = steps[j], v = s[1], p = ply[v];
      if (s[0] === 'e') {
        st.stack.length = p;
        st.stack.push(v);
        st.seen[v] = 1;
        st.wa[v] = s[2];
        st.wb[v] = s[3];
        st.c.examined++;
        bump(st.c.examinedPerLevel, p);
        while (st.c.bottomPerLevel.length <= p) st.c.bottomPerLevel.push(0);
        if (s[4] === 'x') st.c.expand++;
        else if (s[4] === 's') st.c.settled++;
        else { st.c.bottom++; st.c.bottomPerLevel[p]++; st.bottom[v] = 1; }
      } else if (s[0] === 'r') {
        st.ret[v] = s[2];
        st.done[v] = 1;
        // A value outside the window is a bound (Knuth & Moore eq. (9));
        // a bottom position's value is exact.
        st.rel[v] = st.bottom[v] ? 0 : s[2] <= st.wa[v] ? -1 : s[2] >= st.wb[v] ? 1 : 0;
        st.stack.length = Math.min(st.stack.length, p);
      } else {
        var deep = s[3] === 1;
        st.cuts.push(s);
        s[4].forEach(function (c) { st.pruned[c] = deep ? 2 : 1; });
        if (s[2] === 'alpha') st.c.alpha++; else st.c.beta++;
        st.c.pruned += s[4].length;
        if (deep) { st.c.deep++; st.c.deepPruned += s[4].length; }
      }
    }
    st.last = m > 0 ? steps[m - 1] : null;
    st.finished = k >= steps.length;
    return st;
  }

  function sameCounters(a, b) {
    var keys = ['examined', 'bottom', 'expand', 'settled', 'alpha', 'beta', 'deep', 'pruned', 'deepPruned'];
    for (var i = 0; i < keys.length; i++) if (a[keys[i]] !== b[keys[i]]) return false;
    var lists = ['examinedPerLevel', 'bottomPerLevel'];
    for (i = 0; i < lists.length; i++) {
      var x = a[lists[i]], y = b[lists[i]];
      if (x.length !== y.length) return false;
      for (var j = 0; j < x.length; j++) if (x[j] !== y[j]) return false;
    }
    return true;
  }

  // ---- the page's state -------------------------------------------------
  var state = { tree: 0, a: null, b: null, compare: true, k: 0, view: 'max', types: false, exact: false, zoom: null, timer: null };
  var panes = [];

  function tree() { return D.trees[state.tree]; }
  function runByName(t, name) {
    for (var i = 0; i < t.runs.length; i++) if (t.runs[i].name === name) return t.runs[i];
    return null;
  }

  // A value index as shown: in Max's view a Min position's (odd ply)
  // negamax value is negated.
  function flip(t, ply) { return state.view === 'max' && ply % 2 === 1; }
  function label(t, vi, ply) { return t.values[flip(t, ply) ? t.neg[vi] : vi]; }
  function windowLabel(t, a, b, ply) {
    if (flip(t, ply)) return '(' + t.values[t.neg[b]] + ', ' + t.values[t.neg[a]] + ')';
    return '(' + t.values[a] + ', ' + t.values[b] + ')';
  }
  function returnedLabel(t, st, v) {
    var ply = t.nodes.ply[v], rel = st.rel[v];
    if (flip(t, ply)) rel = -rel;
    return (rel < 0 ? '≤ ' : rel > 0 ? '≥ ' : '') + label(t, st.ret[v], ply);
  }
  function side(ply) {
    if (state.view === 'max') return ply % 2 === 0 ? 'Max' : 'Min';
    return ply % 2 === 0 ? 'root player' : 'opponent';
  }
  function maxMin(ply) { return ply % 2 === 0 ? 'Max' : 'Min'; }
  function where(t, v) { return v === 0 ? 'the root' : t.nodes.path[v]; }

  // ---- drawing ----------------------------------------------------------
  var SP = 18, LH = 58, PADX = 50, PADY = 38;

  function el(name, attrs, parent) {
    var e = document.createElementNS(SVGNS, name);
    for (var k in attrs) e.setAttribute(k, attrs[k]);
    if (parent) parent.appendChild(e);
    return e;
  }

  function nodeXY(t, v) {
    return [PADX + t.prep.x[v] * SP + SP / 2, PADY + t.nodes.ply[v] * LH];
  }

  function buildSvg(pane) {
    var t = tree(), P = prepare(t), N = t.nodes, n = P.n;
    var W = PADX + P.leaves * SP + 30, H = PADY + P.height * LH + (P.vertical ? 30 + 7.3 * P.longest : 44);
    var svg = el('svg', { 'class': 'tree', viewBox: '0 0 ' + W + ' ' + H, role: 'img', 'aria-label': 'The tree searched by ' + pane.run.name });
    pane.W = W; pane.H = H;
    var levels = el('g', {}, svg);
    for (var p = 0; p <= P.height; p++) {
      var lt = el('text', { 'class': 'levelname', x: 6, y: PADY + p * LH + 4 }, levels);
      lt.textContent = maxMin(p) + ' ' + p;
    }
    var edges = el('g', {}, svg), marks = el('g', {}, svg), nodes = el('g', {}, svg);
    pane.badges = el('g', {}, svg);
    pane.windowLayer = el('g', {}, svg);
    pane.edge = new Array(n); pane.mark = new Array(n); pane.node = new Array(n);
    pane.ret = new Array(n); pane.leafText = new Array(n);
    for (var v = 0; v < n; v++) {
      var xy = nodeXY(t, v), x = xy[0], y = xy[1];
      if (v > 0) {
        var pxy = nodeXY(t, N.parent[v]);
        pane.edge[v] = el('line', { 'class': 'edge', x1: pxy[0], y1: pxy[1], x2: x, y2: y }, edges);
        var mx = (pxy[0] + x) / 2, my = (pxy[1] + y) / 2;
        pane.mark[v] = el('line', { 'class': 'mark', x1: mx - 4, y1: my - 6, x2: mx + 4, y2: my + 6, display: 'none' }, marks);
      }
      var g = el('g', { 'class': 'node' + (N.type[v] ? ' critical' : '') }, nodes);
      var title = el('title', {}, g);
      title.textContent = where(t, v) + ' — ' + maxMin(N.ply[v]) + ' to move' + (N.type[v] ? ', critical position of type ' + N.type[v] : '');
      if (N.ply[v] % 2 === 0) {
        el('rect', { 'class': 'crit', x: x - 10, y: y - 10, width: 20, height: 20, rx: 3 }, g);
        el('rect', { 'class': 'shape', x: x - 7, y: y - 7, width: 14, height: 14, rx: 2 }, g);
      } else {
        el('circle', { 'class': 'crit', cx: x, cy: y, r: 10.5 }, g);
        el('circle', { 'class': 'shape', cx: x, cy: y, r: 7.5 }, g);
      }
      var leaf = P.children[v].length === 0;
      if (leaf && N.leaf[v] >= 0) {
        pane.leafText[v] = P.vertical
          ? el('text', { 'class': 'leafval', x: x, y: y + 14, transform: 'rotate(90 ' + x + ' ' + (y + 14) + ')', 'dominant-baseline': 'middle' }, g)
          : el('text', { 'class': 'leafval', x: x, y: y + 22, 'text-anchor': 'middle' }, g);
      }
      if (!leaf) pane.ret[v] = el('text', { 'class': 'ret', x: x + 10, y: y - 9 }, g);
      var ex = el('text', { 'class': 'exactval', x: x - 10, y: y + (leaf ? 35 : 18), 'text-anchor': leaf ? 'start' : 'end' }, g);
      ex.textContent = '';
      pane.exactText = pane.exactText || new Array(n);
      pane.exactText[v] = ex;
      if (N.type[v]) {
        // Knuth's type (1, 2 or 3) inside the position; Hsu's refinement
        // (2.1, 3.2, …) in its tooltip.
        var tt = el('text', { 'class': 'type', x: x, y: y + 3.5, 'text-anchor': 'middle' }, g);
        tt.textContent = N.type[v].charAt(0);
      }
      pane.node[v] = g;
    }
    pane.svg = svg;
    return svg;
  }

  function applyZoom(pane) {
    var box = pane.box;
    var fit = Math.max(0.05, (box.clientWidth - 4) / pane.W);
    var z = state.zoom === null ? Math.min(1.3, Math.max(fit, 0.55)) : state.zoom === 'fit' ? fit : state.zoom;
    pane.z = z;
    pane.svg.setAttribute('width', Math.round(pane.W * z));
    pane.svg.setAttribute('height', Math.round(pane.H * z));
  }

  function renderPane(pane, k) {
    var t = tree(), N = t.nodes, P = t.prep, n = P.n, run = pane.run;
    var st = replay(t, run, k);
    var cur = st.last ? st.last[1] : -1;
    var open = new Uint8Array(n);
    st.stack.forEach(function (v) { open[v] = 1; });
    var faded = new Uint8Array(n);
    for (var v = 0; v < n; v++) {
      faded[v] = st.pruned[v] ? 1 : v > 0 ? faded[N.parent[v]] : 0;
      var cls = 'node' + (N.type[v] ? ' critical' : '');
      if (st.seen[v]) cls += ' seen';
      if (st.done[v]) cls += ' done';
      if (open[v]) cls += ' open';
      if (v === cur) cls += ' current';
      if (faded[v] && !st.seen[v]) cls += ' faded';
      if (pane.node[v].getAttribute('class') !== cls) pane.node[v].setAttribute('class', cls);
      if (v > 0) {
        var ecls = 'edge' + (st.seen[v] ? ' seen' : '') + (st.pruned[v] ? ' pruned' + (st.pruned[v] === 2 ? ' deep' : '') : '');
        if (pane.edge[v].getAttribute('class') !== ecls) pane.edge[v].setAttribute('class', ecls);
        var mcls = 'mark' + (st.pruned[v] === 2 ? ' deep' : '');
        pane.mark[v].setAttribute('class', mcls);
        pane.mark[v].setAttribute('display', st.pruned[v] ? 'inline' : 'none');
      }
      if (pane.leafText[v]) pane.leafText[v].textContent = label(t, N.leaf[v], N.ply[v]);
      if (pane.ret[v]) pane.ret[v].textContent = st.done[v] ? returnedLabel(t, st, v) : '';
      if (pane.ret[v]) pane.ret[v].setAttribute('class', 'ret' + (st.rel[v] ? ' bound' : ''));
      pane.exactText[v].textContent = pane.leafText[v] ? '' : label(t, N.exact[v], N.ply[v]);
    }
    pane.svg.setAttribute('class', 'tree' + (state.types ? ' types' : '') + (state.exact ? ' exact' : ''));
    // Cut badges: α or β beside each position that cut, violet when deep.
    while (pane.badges.firstChild) pane.badges.removeChild(pane.badges.firstChild);
    st.cuts.forEach(function (s) {
      var xy = nodeXY(t, s[1]), deep = s[3] === 1;
      var g = el('g', { 'class': 'cut' + (deep ? ' deep' : ''), 'data-node': N.path[s[1]] }, pane.badges);
      var tip = el('title', {}, g);
      tip.textContent = (deep ? 'deep ' : 'shallow ') + (s[2] === 'alpha' ? 'α' : 'β') + '-cutoff at ' + where(t, s[1]);
      if (deep) el('circle', { 'class': 'halo', cx: xy[0], cy: xy[1], r: 12 }, g);
      el('rect', { 'class': 'badge-bg' + (deep ? ' deep' : ''), x: xy[0] - 25, y: xy[1] + 3, width: 15, height: 15, rx: 7.5 }, g);
      var tx = el('text', { 'class': 'badge', x: xy[0] - 17.5, y: xy[1] + 14.5, 'text-anchor': 'middle' }, g);
      tx.textContent = s[2] === 'alpha' ? 'α' : 'β';
    });
    // The window of the position being examined.
    while (pane.windowLayer.firstChild) pane.windowLayer.removeChild(pane.windowLayer.firstChild);
    if (st.stack.length) {
      var top = st.stack[st.stack.length - 1], txy = nodeXY(t, top);
      var wl = windowLabel(t, st.wa[top], st.wb[top], N.ply[top]);
      var width = 8 + wl.length * 7;
      el('rect', { 'class': 'window-bg', x: txy[0] - width / 2, y: txy[1] - 33, width: width, height: 17, rx: 4 }, pane.windowLayer);
      var wt = el('text', { 'class': 'window', x: txy[0], y: txy[1] - 20, 'text-anchor': 'middle' }, pane.windowLayer);
      wt.textContent = wl;
    }
    pane.describe.innerHTML = describe(t, st, run);
    fillCounters(pane, t, st, run);
    fillStack(pane, t, st);
    if (cur >= 0 && state.follow !== false) keepInView(pane, cur);
    return st;
  }

  function keepInView(pane, v) {
    var xy = nodeXY(tree(), v), box = pane.box, z = pane.z;
    var x = xy[0] * z, y = xy[1] * z;
    if (x < box.scrollLeft + 30 || x > box.scrollLeft + box.clientWidth - 30) box.scrollLeft = x - box.clientWidth / 2;
    if (y < box.scrollTop + 30 || y > box.scrollTop + box.clientHeight - 30) box.scrollTop = y - box.clientHeight / 2;
  }

  function esc(s) {
    return String(s).replace(/[&<>"]/g, function (c) { return { '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;' }[c]; });
  }

  function describe(t, st, run) {
    var N = t.nodes, s = st.last;
    if (!s) return 'Press <b>step ▶</b> (or <kbd>→</kbd>): ' + esc(run.name) + ' starts by examining the root.';
    var v = s[1], ply = N.ply[v], who = '<b>' + esc(where(t, v)) + '</b> (' + side(ply) + ')';
    if (s[0] === 'e') {
      var text = '<span class="kind">Examine</span> ' + who + ' with window (α, β) = ' + esc(windowLabel(t, s[2], s[3], ply));
      if (s[4] === 'b') text += ': a bottom position, value <b>' + esc(label(t, s[5], ply)) + '</b>.';
      else if (s[4] === 'x') text += ': ' + s[5] + ' successor' + (s[5] === 1 ? '' : 's') + ' generated.';
      else if (s[4] === 's') text += ': settled without search (McCarthy\'s bounds).';
      else text += '.';
      return text;
    }
    if (s[0] === 'r') {
      var rel = st.rel[v];
      if (flip(t, ply)) rel = -rel;
      var r = '<b>' + esc(label(t, s[2], ply)) + '</b>';
      var what = rel < 0 ? ' — outside its window, so only an upper bound: the true value is at most this'
        : rel > 0 ? ' — outside its window, so only a lower bound: the true value is at least this' : '';
      if (v === 0) return '<span class="kind">The root returns</span> ' + r + what + '. ' + (st.finished ? 'The search is over.' : '');
      return who + ' <span class="kind">returns</span> ' + r + ' to ' + esc(where(t, N.parent[v])) + what + '.';
    }
    var deep = s[3] === 1, kind = s[2] === 'alpha' ? 'α' : 'β';
    var names = s[4].map(function (c) { return esc(N.path[c]); }).join(', ');
    var why = s[2] === 'alpha' ? 'a successor\'s value fell to α' : 'a successor\'s value reached β';
    var out = '<span class="' + s[2] + '">' + kind + '-cutoff</span> at ' + who + ': ' + why + ', so ' +
      (s[4].length ? names + (s[4].length === 1 ? ' is' : ' are') + ' pruned' : 'nothing is left to prune') + '. ';
    out += deep ? '<span class="deep">Deep:</span> the bound came from two or more levels up; the parent alone would not have cut (Knuth &amp; Moore §3).'
      : 'Shallow: the parent\'s own bound was enough.';
    return out;
  }

  var COUNTERS = [
    ['examined', 'positions examined'], ['bottom', 'bottom positions'], ['expand', 'move generations'],
    ['settled', 'settled by bounds'], ['alpha', 'α-cutoffs'], ['beta', 'β-cutoffs'], ['deep', 'deep cutoffs'],
    ['pruned', 'pruned branches'], ['deepPruned', '… by deep cutoffs']
  ];

  function fillCounters(pane, t, st, run) {
    var rows = '';
    COUNTERS.forEach(function (c) {
      if (c[0] === 'settled' && !run.counters.settled) return;
      rows += '<tr><td>' + c[1] + '</td><td class="n" data-counter="' + c[0] + '">' + st.c[c[0]] + '</td><td class="of">/ ' + run.counters[c[0]] + '</td></tr>';
    });
    pane.counters.innerHTML = rows;
    var levels = '<tr><th>level</th><th>examined</th><th>bottom</th></tr>';
    var L = run.counters.examinedPerLevel.length;
    for (var p = 0; p < L; p++) {
      levels += '<tr><th>' + p + ' ' + maxMin(p) + '</th><td data-level-examined="' + p + '">' + (st.c.examinedPerLevel[p] || 0) +
        '</td><td data-level-bottom="' + p + '">' + (st.c.bottomPerLevel[p] || 0) + '</td></tr>';
    }
    pane.levels.innerHTML = levels;
    var check = pane.check;
    if (st.finished) {
      var same = sameCounters(st.c, run.counters);
      check.className = 'check ' + (same ? 'ok' : 'bad');
      check.setAttribute('data-match', same ? 'yes' : 'no');
      check.textContent = same
        ? '✓ Finished: value ' + label(t, run.value, 0) + '; every counter equals alphabeta search -p ' + run.name + '.'
        : '✗ The replayed steps do not add up to the search\'s own counters — the page data is inconsistent.';
      pane.result.textContent = 'value ' + label(t, run.value, 0) + ' · ' + run.counters.bottom + ' bottom positions';
    } else {
      check.className = 'check';
      check.removeAttribute('data-match');
      check.textContent = '“/ n”: the count when the search ends (alphabeta search -p ' + run.name + ').';
      pane.result.textContent = '';
    }
  }

  function fillStack(pane, t, st) {
    var N = t.nodes, html = '';
    st.stack.forEach(function (v) {
      html += '<li><span class="who">' + esc(where(t, v)) + ' ' + maxMin(N.ply[v]) + '</span> ' + esc(windowLabel(t, st.wa[v], st.wb[v], N.ply[v])) + '</li>';
    });
    pane.stack.innerHTML = html || '<li class="who">none (not started, or finished)</li>';
  }

  function makePane(run, slot) {
    var sec = document.createElement('section');
    sec.className = 'pane';
    sec.id = 'pane-' + slot;
    sec.setAttribute('data-procedure', run.name);
    sec.innerHTML = '<h2><span class="name"></span><span class="desc"></span><span class="result"></span></h2>' +
      '<div class="tree-box" tabindex="0" aria-label="Tree (scrollable)"></div>' +
      '<div class="info"><div><h3>Step</h3><p class="now" aria-live="polite"></p></div>' +
      '<div><h3>Counters</h3><table class="counters"></table><p class="check"></p></div>' +
      '<div><h3>Per level</h3><table class="levels"></table></div>' +
      '<div><h3>Open positions and their windows</h3><ul class="stack"></ul></div></div>';
    sec.querySelector('.name').textContent = run.name;
    sec.querySelector('.desc').textContent = run.description;
    var pane = {
      run: run, el: sec, box: sec.querySelector('.tree-box'), describe: sec.querySelector('.now'),
      counters: sec.querySelector('.counters'), levels: sec.querySelector('.levels'), check: sec.querySelector('.check'),
      stack: sec.querySelector('.stack'), result: sec.querySelector('.result')
    };
    pane.box.appendChild(buildSvg(pane));
    return pane;
  }

  // ---- controls ----------------------------------------------------------
  function total() {
    var m = 0;
    panes.forEach(function (p) { m = Math.max(m, p.run.steps.length); });
    return m;
  }

  function render() {
    var T = total();
    if (state.k > T) state.k = T;
    panes.forEach(function (p) { renderPane(p, state.k); });
    $('scrub').max = T;
    $('scrub').value = state.k;
    $('step-no').textContent = 'step ' + state.k + ' / ' + T;
    $('play').textContent = state.timer ? 'pause' : 'play';
    $('play').classList.toggle('on', !!state.timer);
    saveHash();
  }

  function rebuild() {
    var t = tree();
    prepare(t);
    var main = $('panes');
    main.innerHTML = '';
    panes = [];
    var a = runByName(t, state.a) || t.runs[0];
    state.a = a.name;
    panes.push(makePane(a, 'a'));
    if (state.compare) {
      var b = runByName(t, state.b) || t.runs[Math.min(1, t.runs.length - 1)];
      state.b = b.name;
      panes.push(makePane(b, 'b'));
    }
    panes.forEach(function (p) { main.appendChild(p.el); applyZoom(p); });
    $('tree-title').textContent = t.title + (t.skipped && t.skipped.length
      ? ' (not shown: ' + t.skipped.map(function (x) { return x.name + ' — ' + x.reason; }).join('; ') + ')' : '');
    $('tree-command').textContent = t.command;
    fillProcedures();
    render();
  }

  function fillProcedures() {
    var t = tree();
    ['proc-a', 'proc-b'].forEach(function (id) {
      var sel = $(id), want = id === 'proc-a' ? state.a : state.b;
      sel.innerHTML = '';
      t.runs.forEach(function (r) {
        var o = document.createElement('option');
        o.value = r.name;
        o.textContent = r.name + ' — ' + r.description;
        if (r.name === want) o.selected = true;
        sel.appendChild(o);
      });
    });
    $('proc-b').disabled = !state.compare;
    $('compare').checked = state.compare;
  }

  function go(k) {
    state.k = Math.max(0, Math.min(total(), k));
    render();
  }

  function play(on) {
    if (state.timer) { clearInterval(state.timer); state.timer = null; }
    if (on) {
      if (state.k >= total()) state.k = 0;
      state.timer = setInterval(function () {
        if (state.k >= total()) { play(false); return; }
        go(state.k + 1);
      }, Number($('speed').value));
    }
    render();
  }

  function zoom(z) {
    state.zoom = z;
    panes.forEach(applyZoom);
  }

  // The address bar keeps the view: #tree=pi&a=f1&b=f2&step=end
  function readHash() {
    var h = {};
    location.hash.replace(/^#/, '').split('&').forEach(function (kv) {
      var i = kv.indexOf('=');
      if (i > 0) h[decodeURIComponent(kv.slice(0, i))] = decodeURIComponent(kv.slice(i + 1));
    });
    if (h.tree) D.trees.forEach(function (t, i) { if (t.id === h.tree) state.tree = i; });
    if (h.a) state.a = h.a;
    if (h.b === 'none') state.compare = false; else if (h.b) { state.b = h.b; state.compare = true; }
    if (h.view === 'negamax') state.view = 'negamax';
    if (h.types === '1') state.types = true;
    if (h.exact === '1') state.exact = true;
    return h.step;
  }

  function saveHash() {
    var parts = ['tree=' + encodeURIComponent(tree().id), 'a=' + encodeURIComponent(state.a),
      'b=' + (state.compare ? encodeURIComponent(state.b) : 'none'), 'step=' + state.k];
    if (state.view !== 'max') parts.push('view=' + state.view);
    if (state.types) parts.push('types=1');
    if (state.exact) parts.push('exact=1');
    try { history.replaceState(null, '', '#' + parts.join('&')); } catch (e) { /* a file: URL may refuse; the view still works */ }
  }

  // ---- a typed tree: checked, and the command that explores it -----------
  function checkTree(text) {
    var line = 1, col = 1, i = 0, depth = 0, done = false, prevOpen = false, leaves = 0;
    function err(msg) { return { error: 'line ' + line + ', column ' + col + ': ' + msg }; }
    while (i < text.length) {
      var c = text[i];
      if (c === '\n') { line++; col = 1; i++; continue; }
      if (c === ' ' || c === '\t' || c === '\r' || c === ',') { i++; col++; continue; }
      if (c === '#') { while (i < text.length && text[i] !== '\n') i++; continue; }
      if (done) return err('text after the end of the tree');
      if (c === '(') { depth++; prevOpen = true; i++; col++; continue; }
      if (c === ')') {
        if (depth === 0) return err('a ")" with no "(" before it');
        if (prevOpen) return err('an empty list "()": every position needs at least one successor or a value');
        depth--; i++; col++; prevOpen = false;
        if (depth === 0) done = true;
        continue;
      }
      var j = i;
      while (j < text.length && !/[\s,()#]/.test(text[j])) j++;
      var word = text.slice(i, j);
      if (!/^([+-]?\d{1,18}|[+-]?inf|-inf)$/.test(word)) return err('"' + word + '" is not a value (an integer, inf or -inf)');
      leaves++; prevOpen = false;
      col += j - i; i = j;
      if (depth === 0) done = true;
    }
    if (depth > 0) return err('missing ")" (' + depth + ' list' + (depth > 1 ? 's' : '') + ' left open)');
    if (!done) return { error: 'the text holds no tree' };
    return { leaves: leaves };
  }

  function typedCommand() {
    var text = $('typed-text').value, out = $('typed-out'), r = checkTree(text);
    if (r.error) {
      out.className = 'bad';
      out.textContent = 'Not a tree: ' + r.error + '.';
      return;
    }
    var oneLine = text.split('\n').map(function (l) { return l.replace(/#.*/, ''); }).join(' ').replace(/\s+/g, ' ').trim();
    out.className = '';
    out.textContent = 'A tree with ' + r.leaves + ' leaves (a syntax check only; the Rust parser decides). Explore it with:\n\n' +
      "  alphabeta explore '" + oneLine + "' --out my-tree.html\n\nthen open my-tree.html. (`alphabeta search '" + oneLine + "'` prints the counters.)";
  }

  // ---- start -------------------------------------------------------------
  try {
    var step = readHash();
    if (!D.trees[state.tree]) state.tree = 0;
    var first = D.trees[state.tree];
    if (!state.a || !runByName(first, state.a)) state.a = (D.compare && runByName(first, D.compare[0])) ? D.compare[0] : first.runs[0].name;
    if (!state.b || !runByName(first, state.b)) state.b = (D.compare && runByName(first, D.compare[1])) ? D.compare[1] : first.runs[Math.min(1, first.runs.length - 1)].name;
    var sel = $('tree-select');
    D.trees.forEach(function (t, i) {
      var o = document.createElement('option');
      o.value = i;
      o.textContent = t.title;
      sel.appendChild(o);
    });
    sel.value = state.tree;
    sel.disabled = D.trees.length < 2;
    document.querySelector('input[name=view][value=' + state.view + ']').checked = true;
    $('types').checked = state.types;
    $('exact').checked = state.exact;
    $('generator').textContent = D.generator || 'alphabeta explore';
    ['controls', 'legend', 'typed'].forEach(function (id) { $(id).hidden = false; });
    $('loading').remove();
    rebuild();
    if (step === 'end') go(total()); else if (step) go(parseInt(step, 10) || 0);

    sel.addEventListener('change', function () { state.tree = Number(sel.value); state.k = 0; rebuild(); });
    $('proc-a').addEventListener('change', function (e) { state.a = e.target.value; rebuild(); });
    $('proc-b').addEventListener('change', function (e) { state.b = e.target.value; rebuild(); });
    $('compare').addEventListener('change', function (e) { state.compare = e.target.checked; rebuild(); });
    $('first').addEventListener('click', function () { go(0); });
    $('back').addEventListener('click', function () { go(state.k - 1); });
    $('forward').addEventListener('click', function () { go(state.k + 1); });
    $('last').addEventListener('click', function () { go(total()); });
    $('play').addEventListener('click', function () { play(!state.timer); });
    $('speed').addEventListener('change', function () { if (state.timer) play(true); });
    $('scrub').addEventListener('input', function (e) { go(Number(e.target.value)); });
    document.querySelectorAll('input[name=view]').forEach(function (r) {
      r.addEventListener('change', function (e) { state.view = e.target.value; render(); });
    });
    $('types').addEventListener('change', function (e) { state.types = e.target.checked; render(); });
    $('exact').addEventListener('change', function (e) { state.exact = e.target.checked; render(); });
    $('zoom-in').addEventListener('click', function () { zoom((panes[0].z || 1) * 1.25); });
    $('zoom-out').addEventListener('click', function () { zoom((panes[0].z || 1) / 1.25); });
    $('zoom-fit').addEventListener('click', function () { zoom('fit'); });
    $('typed-check').addEventListener('click', typedCommand);
    window.addEventListener('resize', function () { panes.forEach(applyZoom); });
    document.addEventListener('keydown', function (e) {
      var tag = (e.target && e.target.tagName) || '';
      if (/^(TEXTAREA|SELECT)$/.test(tag) || (tag === 'INPUT' && e.target.type !== 'checkbox' && e.target.type !== 'radio')) return;
      if (e.altKey || e.ctrlKey || e.metaKey) return;
      var handled = true;
      switch (e.key) {
        case 'ArrowRight': go(state.k + 1); break;
        case 'ArrowLeft': go(state.k - 1); break;
        case 'Home': go(0); break;
        case 'End': go(total()); break;
        case ' ': if (tag === 'BUTTON') { handled = false; } else play(!state.timer); break;
        case '+': case '=': zoom((panes[0].z || 1) * 1.25); break;
        case '-': zoom((panes[0].z || 1) / 1.25); break;
        case 't': state.types = !state.types; $('types').checked = state.types; render(); break;
        default: handled = false;
      }
      if (handled) e.preventDefault();
    });
  } catch (e) {
    fail('The explorer could not start: ' + e.message);
  }
})();
