// The explorer in a real browser: Debian's chromium, driven headless by
// playwright-core (which never downloads a browser of its own).
//
//   node test.mjs PAGE.html SCREENSHOT.png
//
// PAGE is `alphabeta explore --named` (the page `reproduce` writes). The
// test picks Knuth & Moore's pi tree, F1 beside F2, steps with the keyboard
// to the end, and reads the page: F2 examines 31 bottom positions with
// three deep cutoffs pruning five branches, F1 36 with none (Knuth & Moore
// Figs 2-3). Every procedure's counters at its last step must equal the
// search's own. A page with broken data and a malformed typed tree must
// show a message, never a blank page. No request may leave the file.
import { chromium } from 'playwright-core';
import { readFileSync, writeFileSync, mkdtempSync } from 'node:fs';
import { resolve, join } from 'node:path';
import { tmpdir } from 'node:os';

const [pagePath, shotPath] = process.argv.slice(2);
if (!pagePath || !shotPath) {
  console.error('usage: node test.mjs PAGE.html SCREENSHOT.png');
  process.exit(2);
}
const url = 'file://' + resolve(pagePath);
let failures = 0;
function check(what, ok, detail = '') {
  console.log(`${ok ? 'ok  ' : 'FAIL'} ${what}${detail ? ' — ' + detail : ''}`);
  if (!ok) failures++;
}

const browser = await chromium.launch({
  executablePath: process.env.CHROMIUM || '/usr/bin/chromium',
  args: ['--no-sandbox'],
});
try {
  const context = await browser.newContext({ viewport: { width: 1440, height: 1000 }, deviceScaleFactor: 1 });
  const outside = [];
  await context.route('**/*', (route) => {
    const u = route.request().url();
    if (u.startsWith('file:') || u.startsWith('data:')) return route.continue();
    outside.push(u);
    return route.abort();
  });
  const page = await context.newPage();
  const errors = [];
  page.on('pageerror', (e) => errors.push(e.message));
  page.on('console', (m) => { if (m.type() === 'error') errors.push(m.text()); });

  await page.goto(url);
  await page.waitForSelector('#pane-a svg.tree');

  // The pi tree, F1 against F2, chosen with the controls.
  const piIndex = await page.$$eval('#tree-select option', (os) => os.findIndex((o) => o.textContent.startsWith('pi:')));
  check('the named trees include pi', piIndex >= 0);
  await page.selectOption('#tree-select', String(piIndex));
  await page.selectOption('#proc-a', 'f1');
  if (!(await page.isChecked('#compare'))) await page.check('#compare');
  await page.selectOption('#proc-b', 'f2');
  await page.waitForSelector('#pane-b[data-procedure=f2]');

  // Step with the keyboard to the end of both searches.
  await page.focus('#forward');
  await page.keyboard.press('Home');
  const total = Number((await page.textContent('#step-no')).split('/')[1]);
  const f2Steps = await page.evaluate(() => JSON.parse(document.getElementById('explorer-data').textContent)
    .trees.find((t) => t.id === 'pi').runs.find((r) => r.name === 'f2').steps.length);
  for (let i = 0; i < f2Steps; i++) await page.keyboard.press('ArrowRight');
  const counter = (pane, k) => page.textContent(`#pane-${pane} [data-counter=${k}]`).then(Number);
  check('F2 reaches its last step with the arrow key', (await page.getAttribute('#pane-b .check', 'data-match')) === 'yes');
  check('F2 examines 31 bottom positions', (await counter('b', 'bottom')) === 31, String(await counter('b', 'bottom')));
  check('F2 makes 3 deep cutoffs', (await counter('b', 'deep')) === 3);
  check('F2 deep cutoffs prune 5 branches', (await counter('b', 'deepPruned')) === 5);
  const deepEdges = await page.$$eval('#pane-b svg line.edge.pruned.deep', (es) => es.length);
  const deepBadges = await page.$$eval('#pane-b svg g.cut.deep', (es) => es.map((e) => e.getAttribute('data-node')));
  check('5 branches drawn as pruned by deep cutoffs', deepEdges === 5, String(deepEdges));
  check('3 positions marked with a deep cutoff', deepBadges.length === 3, deepBadges.join(' '));
  await page.keyboard.press('End');
  check('the step counter ends at the longer search', (await page.textContent('#step-no')).trim() === `step ${total} / ${total}`);
  check('F1 examines 36 bottom positions', (await counter('a', 'bottom')) === 36, String(await counter('a', 'bottom')));
  check('F1 makes no deep cutoff', (await counter('a', 'deep')) === 0);
  check('F1 counters equal the search', (await page.getAttribute('#pane-a .check', 'data-match')) === 'yes');
  check('the root value is 2', (await page.textContent('#pane-b h2 .result')).startsWith('value 2'));
  await page.check('#types');
  const critical = await page.$$eval('#pane-b svg g.node.critical', (es) => es.length);
  check('critical positions marked on request', critical > 0, String(critical));
  await page.uncheck('#types');
  // The picture: both trees and their counters.
  await page.setViewportSize({ width: 1440, height: 1600 });
  const bottom = await page.$eval('#pane-b', (e) => e.getBoundingClientRect().bottom + window.scrollY);
  await page.screenshot({ path: shotPath, clip: { x: 0, y: 0, width: 1440, height: Math.ceil(bottom) + 12 } });
  console.log(`screenshot: ${shotPath}`);

  // Every procedure of every tree ends on the search's own counters.
  const trees = await page.$$eval('#tree-select option', (os) => os.map((o) => o.value));
  let runs = 0;
  for (const t of trees) {
    await page.selectOption('#tree-select', t);
    const procs = await page.$$eval('#proc-a option', (os) => os.map((o) => o.value));
    for (const p of procs) {
      await page.selectOption('#proc-a', p);
      await page.keyboard.press('End');
      const match = await page.getAttribute('#pane-a .check', 'data-match');
      if (match !== 'yes') check(`tree ${t}, ${p}: counters at the last step`, false, String(match));
      runs++;
    }
  }
  check(`all ${runs} recorded searches end on the search's counters`, runs > 0 && failures === 0);

  // A malformed tree typed in the page gets a message with its place.
  await page.fill('#typed-text', '((3 12 8) (2 4');
  await page.click('#typed-check');
  const typed = await page.textContent('#typed-out');
  check('a malformed typed tree is explained', /missing "\)"/.test(typed) && (await page.getAttribute('#typed-out', 'class')) === 'bad', typed);
  await page.fill('#typed-text', '((3 12 8) (2 4 6))');
  await page.click('#typed-check');
  check('a typed tree gets its command', (await page.textContent('#typed-out')).includes("alphabeta explore '((3 12 8) (2 4 6))'"));

  check('no script error', errors.length === 0, errors.join('; '));
  check('no request left the file', outside.length === 0, outside.join(' '));

  // Broken embedded data: a message, never a blank page.
  const html = readFileSync(pagePath, 'utf8');
  const dir = mkdtempSync(join(tmpdir(), 'explorer-'));
  const broken = {
    'truncated JSON': html.replace(/("runs":\[)/, '$1{"oops"'),
    'another format': html.replace('"format":1', '"format":99'),
    'a step off the tree': html.replace(/\["e",0,/, '["e",999999,'),
  };
  for (const [what, text] of Object.entries(broken)) {
    check(`the page was altered (${what})`, text !== html);
    const file = join(dir, 'broken.html');
    writeFileSync(file, text);
    const p = await context.newPage();
    await p.goto('file://' + file);
    const message = await p.textContent('#error').catch(() => null);
    check(`broken data (${what}) shows a message`, !!message && message.includes('cannot be read'), message || 'no #error');
    await p.close();
  }
} finally {
  await browser.close();
}
console.log(failures === 0 ? 'browser test passed' : `browser test: ${failures} failure(s)`);
process.exit(failures === 0 ? 0 : 1);
