// The browser test: the page served by serve.js in headless chromium. Every
// expectation is computed by the same library in Node, from the position the
// page shows (body[data-position]): the page must agree with the library.
import { test, before, after } from 'node:test';
import assert from 'node:assert/strict';
import { mkdirSync, mkdtempSync, readFileSync, readdirSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import * as sh from 'sternhalma';
import { open } from './browser.js';

let env;
before(async () => { env = await open(); });
after(async () => { await env?.close(); });

const shots = process.env.SCREENSHOT_DIR ?? fileURLToPath(new URL('../../../build/web/', import.meta.url));

async function table(query) {
  const page = await env.browser.newPage();
  const errors = [];
  page.on('pageerror', (e) => errors.push(e.message));
  page.errors = errors;
  await page.setViewport({ width: 1100, height: 720 });
  await page.goto(`${env.base}?${query}`);
  await page.waitForSelector('body[data-ready="1"]', { timeout: 20000 });
  await idle(page);
  return page;
}
const idle = (page, timeout = 20000) => page.waitForSelector('body[data-busy="0"]', { timeout });
const shown = (page) => page.$eval('body', (b) => b.dataset.position);
const lit = (page) => page.$$eval('circle.hole.lit', (els) => els.map((e) => Number(e.dataset.cell)));
const seatTitle = (r, s) => { const n = r.seatName(s); return n[0].toUpperCase() + n.slice(1); };

// The picked marble's destinations drawn as putting a seat out, and those
// the library's puts_out names (sorted cells).
const outsShown = (page) => page.$$eval('circle.hole.lit.puts-out',
  (els) => els.map((e) => Number(e.dataset.cell)).sort((a, b) => a - b));
const outsOf = (g, from) => g.legalMoves().filter((x) => x.from === from && g.putsOut(x) !== sh.OutReason.NONE)
  .map((x) => x.to).sort((a, b) => a - b);

// Loads a record through the page's record box, as a person would.
async function loadRecord(page, text) {
  await page.$eval('#record', (e, t) => { e.value = t; }, text);
  await page.$eval('#record-box', (e) => { e.open = true; });
  await page.click('#load-text');
}

// Clicks a move: the marble, then the destination (hovering it first).
async function clickMove(page, m) {
  await page.click(`circle.marble[data-cell="${m.from}"]`);
  await page.hover(`circle.hole.lit[data-cell="${m.to}"]`);
  await page.click(`circle.hole.lit[data-cell="${m.to}"]`);
}

test('a clicked marble lights exactly the library\'s destinations, and the route shows', async () => {
  const page = await table('preset=classic-3&seats=person,hard,easy&hop=0');
  const p = sh.Position.parse(await shown(page));
  try {
    assert.equal(p.toMove, 0);
    let checked = 0;
    for (const c of p.pieces(0)) {
      await page.click(`circle.marble[data-cell="${c}"]`);
      assert.deepEqual((await lit(page)).sort((a, b) => a - b), p.destinations(c), `marble ${sh.cellName(c)}`);
      for (const to of p.destinations(c)) {
        await page.hover(`circle.hole.lit[data-cell="${to}"]`);
        const points = await page.$eval('#route polyline', (e) => e.getAttribute('points').split(' ').length);
        assert.equal(points, p.canonicalPath({ from: c, to }).length);
        ++checked;
      }
    }
    assert.ok(checked > 0);
    // Foreign points are greyed: the library's closed cells, and only those.
    const grey = await page.$$eval('circle.hole.foreign', (els) => els.map((e) => Number(e.dataset.cell)));
    assert.deepEqual(grey.sort((a, b) => a - b), p.closedCells(0));
    // The viewer's home is at the bottom: the lowest hole is white's tip.
    const lowest = await page.$$eval('circle.hole', (els) =>
      Number(els.reduce((a, b) => (Number(b.getAttribute('cy')) > Number(a.getAttribute('cy')) ? b : a)).dataset.cell));
    assert.equal(lowest, sh.tipCell(0));
  } finally {
    p.dispose();
  }
  assert.deepEqual(page.errors, []);
  await page.close();
});

test('a two-jump chain played by clicks travels its route and gives the library\'s board', async () => {
  const page = await table('preset=classic-2&seats=person,person&hop=5');
  let played = null;
  for (let ply = 0; ply < 16 && !played; ++ply) {
    const p = sh.Position.parse(await shown(page));
    try {
      const moves = p.legalMoves();
      const chain = moves.find((m) => p.canonicalPath(m).length === 3 && sh.cellDistance(m.from, p.canonicalPath(m)[1]) === 2);
      const m = chain ?? moves[ply % moves.length];
      await clickMove(page, m);
      await idle(page);
      const expected = p.copy().play(m);
      assert.equal(await shown(page), expected.text, `after ${p.formatMove(m)}`);
      const cells = await page.$$eval('circle.marble', (els) => els.map((e) => Number(e.dataset.cell)));
      assert.ok(cells.includes(m.to) && !cells.includes(m.from));
      expected.dispose();
      if (chain) played = p.formatMove(m);
    } finally {
      p.dispose();
    }
  }
  assert.ok(played, 'a two-jump chain came up and was played');
  assert.deepEqual(page.errors, []);
  await page.close();
});

test('two computer seats finish a game; the places line is the library\'s; save and load the record', async () => {
  const page = await table('preset=classic-2&seats=hard,hard&hop=0');
  await page.waitForSelector('body[data-over="1"]', { timeout: 120000 });
  const downloads = mkdtempSync(join(tmpdir(), 'sternhalma-dl-'));
  const cdp = await env.browser.target().createCDPSession();
  await cdp.send('Browser.setDownloadBehavior', { behavior: 'allow', downloadPath: downloads });
  await page.click('#save');
  let files = [];
  for (let i = 0; i < 50 && !files.some((f) => f.endsWith('.txt')); ++i) {
    await new Promise((r) => setTimeout(r, 100));
    files = readdirSync(downloads);
  }
  const record = readFileSync(join(downloads, files.find((f) => f.endsWith('.txt'))), 'utf8');
  rmSync(downloads, { recursive: true, force: true });
  assert.equal(record.trim(), (await page.$eval('#record', (e) => e.value)).trim());

  const g = sh.Game.fromRecord(record);
  const r = sh.Rules.create('classic-2');
  try {
    assert.ok(g.isOver);
    assert.equal(await shown(page), g.position.text);
    const places = g.places.map((n, s) => [n, s]).filter(([n]) => n > 0).sort((a, b) => a[0] - b[0] || a[1] - b[1]);
    assert.ok(places.length === 2);
    assert.equal(await page.$eval('#places', (e) => e.textContent),
      `Places: ${places.map(([n, s]) => `${n} ${seatTitle(r, s)}`).join(' · ')}`);
    assert.match(await page.$eval('#status', (e) => e.textContent), new RegExp(`^Game over \\(${g.endReason}`));
    const log = await page.$$eval('#log li', (els) => els.map((e) => e.textContent));
    assert.deepEqual(log, g.events.map((_, i) => g.eventText(i)));
  } finally {
    g.dispose();
    r.dispose();
  }
  const ms = (await page.evaluate(() => window.table.t.moveMs)).sort((a, b) => a - b);
  console.log(`computer moves in the page (hard): ${ms.length}, median ${ms[ms.length >> 1].toFixed(1)} ms, max ${ms.at(-1).toFixed(1)} ms`);

  // Loading the record (into a fresh table) shows the same finished game.
  const again = await table('preset=classic-3&seats=person,person,person&hop=0');
  await loadRecord(again, record);
  await idle(again);
  assert.equal(await shown(again), await shown(page));
  assert.equal(await again.$eval('#places', (e) => e.textContent), await page.$eval('#places', (e) => e.textContent));
  assert.deepEqual([...page.errors, ...again.errors], []);
  await again.close();
  await page.close();
});

test('expert seats play within their time budget; their record replays to the board shown', async () => {
  const page = await table('preset=classic-2&seats=expert,expert&hop=0');
  await page.waitForFunction(() => window.table.t.moveMs.length >= 12, { timeout: 120000 });
  const ms = (await page.evaluate(() => window.table.t.moveMs.slice(0, 12))).sort((a, b) => a - b);
  console.log(`expert moves in the page (30 ms budget): ${ms.length}, median ${ms[ms.length >> 1].toFixed(1)} ms, max ${ms.at(-1).toFixed(1)} ms`);
  const [record, text] = await page.evaluate(() => {
    const g = window.table.t.game;
    return [g.record(0), g.position.text];
  });
  await page.goto('about:blank');
  const g = sh.Game.fromRecord(record);
  assert.ok(g.turns >= 12);
  assert.equal(g.position.text, text);
  g.dispose();
  assert.deepEqual(page.errors, []);
  await page.close();
});

test('undo against a computer takes back its reply and the person\'s move', async () => {
  const page = await table('preset=classic-2&seats=person,normal&hop=0');
  const start = await shown(page);
  const p = sh.Position.parse(start);
  await clickMove(page, p.legalMoves()[0]);
  p.dispose();
  await page.waitForFunction(() => window.table.t.game.turns === 2 && document.body.dataset.busy === '0');
  await page.click('#undo');
  await idle(page);
  assert.equal(await shown(page), start);
  assert.deepEqual(page.errors, []);
  await page.close();
});

test('an eliminating move asks for confirmation; cancel changes nothing, confirm plays it', async () => {
  // A record that reaches a white turn after its exit deadline where a
  // marble can step back into its home camp (SPEC §4 rule 7): that move puts
  // white out, and the library marks it.
  const g = sh.Game.create('classic-2');
  const white = sh.Player.create('easy', 1);
  const black = sh.Player.create('normal', 3);
  try {
    while (!g.isOver && !(g.toMove === 0 && g.seat(0).movesMade >= 30 && g.legalMoves().some((x) => g.eliminates(x))))
      g.apply((g.toMove === 0 ? white : black).choose(g));
    const record = g.record(10);
    const bad = g.legalMoves().find((x) => g.eliminates(x));
    assert.ok(bad, 'white has an eliminating move');
    const page = await table('preset=classic-2&seats=person,person&hop=0');
    await loadRecord(page, record);
    await idle(page);
    const before = await shown(page);
    await page.click(`circle.marble[data-cell="${bad.from}"]`);
    assert.deepEqual(await outsShown(page), outsOf(g, bad.from));
    await clickMove(page, bad);
    await page.waitForSelector('#confirm[open]');
    await page.click('#confirm-cancel');
    await page.waitForSelector('#confirm:not([open])');
    await idle(page);
    assert.equal(await shown(page), before);
    await clickMove(page, bad);
    await page.waitForSelector('#confirm[open]');
    await page.click('#confirm-ok');
    await page.waitForSelector('#confirm:not([open])');
    await page.waitForFunction((n) => window.table.t.game.turns > n && document.body.dataset.busy === '0', {}, g.turns);
    g.apply(bad);
    assert.equal(await shown(page), g.position.text);
    assert.equal(await page.$eval('body', (b) => b.dataset.over), g.isOver ? '1' : '0');
    assert.deepEqual(page.errors, []);
    await page.close();
  } finally {
    white.dispose();
    black.dispose();
    g.dispose();
  }
});

test('a deadline move that leaves a movable marble at home asks too, and says why', async () => {
  // A record that reaches white's 30th move with marbles still at home that
  // can move (white plays the first legal move each time): every move then
  // puts white out by the exit deadline (SPEC §4 rule 7), and the library
  // says so before it is played.
  const g = sh.Game.create('classic-2');
  const black = sh.Player.create('normal', 3);
  try {
    while (!g.isOver && !(g.toMove === 0 && g.seat(0).movesMade === 29))
      g.apply(g.toMove === 0 ? g.legalMoves()[0] : black.choose(g));
    const late = g.legalMoves().find((x) => g.putsOut(x) === sh.OutReason.DEADLINE);
    assert.ok(late, "white's deadline move leaves a movable marble at home");
    assert.equal(g.eliminates(late), false);
    const page = await table('preset=classic-2&seats=person,person&hop=0');
    await loadRecord(page, g.record(10));
    await idle(page);
    const before = await shown(page);
    await page.click(`circle.marble[data-cell="${late.from}"]`);
    assert.deepEqual(await outsShown(page), outsOf(g, late.from));
    await clickMove(page, late);
    await page.waitForSelector('#confirm[open]');
    const text = g.position.formatMove(late);
    assert.equal(await page.$eval('#confirm-text', (e) => e.textContent),
      `${text} is White's last move before the exit deadline and leaves a marble at home that could still move: `
      + 'it puts White out of the game. Play it?');
    await page.click('#confirm-cancel');
    await page.waitForSelector('#confirm:not([open])');
    await idle(page);
    assert.equal(await shown(page), before);
    assert.deepEqual(page.errors, []);
    await page.close();
  } finally {
    black.dispose();
    g.dispose();
  }
});

// White's move that lowers its goal distance most (the longest route on a tie).
function forward(p) {
  let best = null, key = null;
  for (const m of p.legalMoves()) {
    const q = p.copy().play(m);
    const k = [q.goalDistance(0), -p.canonicalPath(m).length];
    q.dispose();
    if (!key || k[0] < key[0] || (k[0] === key[0] && k[1] < key[1])) [best, key] = [m, k];
  }
  return best;
}

test('a screenshot of a three-player table in play', async () => {
  const page = await table('preset=classic-3&seats=person,hard,normal&hop=0');
  for (let i = 0; i < 7; ++i) {
    const p = sh.Position.parse(await shown(page));
    const m = forward(p);
    p.dispose();
    await clickMove(page, m);
    await page.waitForFunction((n) => window.table.t.game.turns === n && document.body.dataset.busy === '0', {}, 3 * (i + 1));
  }
  const p = sh.Position.parse(await shown(page));
  const m = forward(p);
  p.dispose();
  await page.click(`circle.marble[data-cell="${m.from}"]`);
  await page.hover(`circle.hole.lit[data-cell="${m.to}"]`);
  mkdirSync(shots, { recursive: true });
  await page.screenshot({ path: join(shots, 'table.png') });
  console.log(`screenshot: ${join(shots, 'table.png')}`);
  assert.deepEqual(page.errors, []);
  await page.close();
});

test('bad URL parameters keep their defaults, are named in the message, and the table still opens', async () => {
  const page = await table('preset=no-such-table&seats=person,wizard&seed=abc&hop=-5');
  assert.deepEqual(page.errors, []);
  const state = await page.evaluate(() => ({
    preset: document.getElementById('preset').value,
    seats: [...document.querySelectorAll('#seats select')].map((s) => [Number(s.dataset.seat), s.value]),
    message: document.getElementById('message').textContent,
    id: window.table.t.rules.id,
  }));
  assert.equal(state.preset, 'classic-2');
  assert.equal(state.id, 'classic-2');
  // 'wizard' is no level: K keeps its default.
  assert.deepEqual(state.seats, [[0, 'person'], [3, 'normal']]);
  assert.equal(state.message, 'Left at their defaults: ?hop=-5 is not a number of milliseconds from 0 to 10000; '
    + '?seed=abc is not a whole number from 0 to 2^52; ?preset=no-such-table is not a table of the library; '
    + '?seats=person,wizard: wizard is not person or easy, normal, hard, expert.');
  await page.close();
});
