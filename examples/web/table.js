// table.js — a browser table for any preset and any mix of people and
// computer seats. It draws and asks; every rule comes from the library:
// which marbles move, where they may go and by which route, whether a move
// puts a seat out, passes, arrivals, places, clocks, the end, the record.
// The page only converts (cells to points on the screen) and shows.
//
// URL parameters: ?preset=classic-3&seats=person,hard,easy (one per played
// seat, in seat order) &hop=160 (ms per hop of a travelling marble)
// &seed=1 (computer players' seeds are seed + seat).
import * as sh from 'sternhalma';

// sternhalma.wasm from beside the package's browser entry (the import map's target).
await sh.init();

const $ = (id) => document.getElementById(id);
const SVG = 'http://www.w3.org/2000/svg';
// Levels offered for computer seats: those the library accepts.
const levels = ['easy', 'normal', 'hard', 'expert'].filter((level) => {
  try { sh.Player.create(level).dispose(); return true; } catch { return false; }
});

// URL parameters are anyone's input: each is checked, and one that is not
// valid keeps its default and is named in the page's message, so a bad link
// still opens a table.
const params = new URLSearchParams(location.search);
const urlProblems = [];
const shownParam = (name, raw) => `?${name}=${raw.length > 40 ? `${raw.slice(0, 40)}…` : raw}`;
function urlNumber(name, fallback, ok, what) {
  const raw = params.get(name);
  if (raw === null) return fallback;
  const n = raw.trim() === '' ? NaN : Number(raw);
  if (ok(n)) return n;
  urlProblems.push(`${shownParam(name, raw)} is not ${what}`);
  return fallback;
}
const hopMs = urlNumber('hop', 160, (n) => Number.isFinite(n) && n >= 0 && n <= 10000,
  'a number of milliseconds from 0 to 10000');
const baseSeed = urlNumber('seed', 1, (n) => Number.isSafeInteger(n) && n >= 0 && n <= 2 ** 52,
  'a whole number from 0 to 2^52');
function urlPreset() {
  const raw = params.get('preset');
  if (raw === null || sh.presets().includes(raw)) return raw ?? 'classic-2';
  urlProblems.push(`${shownParam('preset', raw)} is not a table of the library`);
  return 'classic-2';
}
// One kind per played seat, in seat order: 'person' or a level.
function urlSeats(rules) {
  const raw = params.get('seats');
  if (raw === null) return null;
  const kinds = Array(6).fill(null);
  raw.split(',').slice(0, rules.seats.length).forEach((k, i) => {
    if (k === 'person' || levels.includes(k)) kinds[rules.seats[i]] = k;
    else urlProblems.push(`${shownParam('seats', raw)}: ${k.slice(0, 20) || "''"} is not person or ${levels.join(', ')}`);
  });
  return kinds;
}

const t = {
  rules: null, game: null,
  kinds: [], // per point: 'person', a level, or null (not played)
  players: [], // per point: a Player for computer seats
  turn: 0, // rotation (sixths) that puts the viewer's home at the bottom
  at: [], // per cell: [x, y] on the screen
  selected: null, dests: [], busy: false, turnStart: 0,
  moveMs: [], // how long each computer choice took (ms)
  seenEvents: 0,
};

// ---- setup ---------------------------------------------------------------------------

function seatControls(id, kinds = null) {
  const rules = sh.Rules.create(id);
  try {
    const box = $('seats');
    box.replaceChildren();
    for (const s of rules.seats) {
      const label = document.createElement('label');
      label.textContent = `${title(rules.seatName(s))} `;
      const select = document.createElement('select');
      select.dataset.seat = s;
      for (const k of ['person', ...levels]) select.add(new Option(k, k));
      select.value = kinds?.[s] ?? (s === rules.seats[0] ? 'person' : 'normal');
      label.append(select);
      box.append(label);
    }
  } finally {
    rules.dispose();
  }
}

function readSetup() {
  const kinds = Array(6).fill(null);
  for (const select of $('seats').querySelectorAll('select')) kinds[Number(select.dataset.seat)] = select.value;
  return kinds;
}

function start(game, kinds) {
  for (const p of t.players) p?.dispose();
  t.game?.dispose();
  t.rules?.dispose();
  t.game = game;
  t.rules = game.position.rules;
  t.kinds = kinds;
  // A searching level gets a wall-clock budget so that a move stays under 50 ms.
  t.players = kinds.map((k, s) => (k && k !== 'person'
    ? sh.Player.create(k, baseSeed + s, k === 'expert' ? { timeMs: 30 } : undefined) : null));
  // The viewer: the first person, else the first seat. Their home goes at the bottom.
  const viewer = t.rules.seats.find((s) => kinds[s] === 'person') ?? t.rules.seats[0];
  const bottom = sh.tipCell(0);
  t.turn = [0, 1, 2, 3, 4, 5].find((k) => sh.rotate(sh.tipCell(viewer), k) === bottom);
  t.viewer = viewer;
  t.at = [];
  for (let c = 0; c < sh.NUM_CELLS; ++c) {
    const [x, y] = sh.xy(sh.rotate(c, t.turn));
    t.at.push([x, -y]);
  }
  t.selected = null;
  t.dests = [];
  t.seenEvents = 0;
  $('log').replaceChildren();
  t.turnStart = performance.now();
  message('');
  update();
  next();
}

function newGame(event) {
  event?.preventDefault();
  const id = $('preset').value;
  const kinds = readSetup();
  const game = sh.Game.create(id);
  try {
    const reserve = Number($('reserve').value), increment = Number($('increment').value);
    if (reserve > 0) game.setClock(Math.round(reserve * 60000), Math.round(increment * 1000));
  } catch (e) {
    game.dispose();
    message(e.message);
    return;
  }
  start(game, kinds);
}

// ---- what the library says about the board -------------------------------------------

const title = (s) => s.charAt(0).toUpperCase() + s.slice(1);
const seatName = (s) => title(t.rules.seatName(s));

// A seat's goal: the point that is neither its own nor foreign to it (the
// library's foreign cells), drawn as the table's camp size.
function goalCells(seat) {
  const foreign = new Set(sh.foreignCells(seat));
  const goal = [0, 1, 2, 3, 4, 5].find((p) => p !== seat && !foreign.has(sh.tipCell(p)));
  return goal === undefined ? [] : sh.campCells(goal, Number(t.rules.getOption('marbles')));
}

// Whose marbles the table shows choices for: the seat to move (its partner's
// marbles in some team games), else the viewer.
function shownSeat() { return t.game.marblesOf ?? t.viewer; }
const personToMove = () => !t.game.isOver && t.kinds[t.game.toMove] === 'person';

// ---- drawing ------------------------------------------------------------------------------

function el(name, attrs) {
  const e = document.createElementNS(SVG, name);
  for (const [k, v] of Object.entries(attrs)) e.setAttribute(k, v);
  return e;
}

function draw() {
  const svg = $('board');
  const xs = t.at.map((p) => p[0]), ys = t.at.map((p) => p[1]);
  const pad = 0.8;
  svg.setAttribute('viewBox', [Math.min(...xs) - pad, Math.min(...ys) - pad,
    Math.max(...xs) - Math.min(...xs) + 2 * pad, Math.max(...ys) - Math.min(...ys) + 2 * pad].join(' '));
  const seat = shownSeat();
  const closed = new Set(t.game.position.closedCells(seat));
  const goal = new Set(goalCells(seat));
  const lit = new Set(t.dests);
  // Destinations whose move puts a seat out (the library's puts_out) are
  // drawn apart, so a person sees it before choosing; play() still asks.
  const outs = new Set(t.selected === null ? []
    : t.dests.filter((c) => t.game.putsOut({ from: t.selected, to: c }) !== sh.OutReason.NONE));
  const holes = el('g', { id: 'holes' });
  for (let c = 0; c < sh.NUM_CELLS; ++c) {
    const cls = ['hole'];
    if (closed.has(c)) cls.push('foreign');
    if (goal.has(c)) cls.push('goal');
    if (lit.has(c)) cls.push('lit');
    if (outs.has(c)) cls.push('puts-out');
    holes.append(el('circle', { class: cls.join(' '), cx: t.at[c][0], cy: t.at[c][1], r: 0.3, 'data-cell': c }));
  }
  const marbles = el('g', { id: 'marbles' });
  const packed = t.game.position.pack();
  const mover = personToMove() ? t.game.marblesOf : null;
  for (let c = 0; c < sh.NUM_CELLS; ++c) {
    if (packed[c] === sh.PACKED_EMPTY) continue;
    const owner = packed[c] & 0x0f, king = (packed[c] & sh.PACKED_KING) !== 0;
    const cls = ['marble', `seat-${owner}`];
    if (owner === mover) cls.push('mine');
    if (king) cls.push('king');
    if (c === t.selected) cls.push('selected');
    marbles.append(el('circle', { class: cls.join(' '), cx: t.at[c][0], cy: t.at[c][1], r: 0.42,
      'data-cell': c, 'data-seat': owner }));
  }
  svg.replaceChildren(holes, el('g', { id: 'route' }), marbles);
}

function showRoute(to) {
  const g = $('route');
  g.replaceChildren();
  if (t.selected === null || to === null) return;
  const path = t.game.position.canonicalPath({ from: t.selected, to });
  g.append(el('polyline', { class: 'route', points: path.map((c) => t.at[c].join(',')).join(' ') }));
}

function fmtClock(ms) {
  const s = Math.max(0, Math.ceil(ms / 1000));
  return `${Math.floor(s / 60)}:${String(s % 60).padStart(2, '0')}`;
}

function status() {
  const g = t.game;
  const parts = [];
  if (g.isOver) {
    parts.push(`Game over (${g.endReason}${g.isDraw ? ', a draw' : ''})`);
  } else {
    const s = g.toMove;
    parts.push(`${seatName(s)} to move${t.kinds[s] === 'person' ? '' : ` (computer, ${t.kinds[s]})`}`);
    parts.push(`turn ${g.turns + 1}`);
    const deadline = Number(t.rules.getOption('deadline'));
    const info = g.seat(s);
    const home = new Set(sh.campCells(s, Number(t.rules.getOption('marbles'))));
    if (deadline > 0 && info.movesMade < deadline && t.game.position.pieces(s).some((c) => home.has(c)))
      parts.push(`leave home within ${deadline - info.movesMade} moves`);
  }
  $('status').textContent = parts.join(' · ');
  document.body.dataset.over = g.isOver ? '1' : '0';

  const clocks = [];
  const running = g.isOver ? null : g.toMove;
  for (const s of t.rules.seats) {
    const info = g.seat(s);
    if (info.reserveMs === 0 && !clockSet()) continue;
    const left = info.reserveMs - (s === running ? performance.now() - t.turnStart : 0);
    clocks.push(`${seatName(s)} ${fmtClock(left)}`);
  }
  $('clocks').textContent = clocks.length ? `Clocks: ${clocks.join(' · ')}` : '';

  const places = g.places.map((p, s) => [p, s]).filter(([p]) => p > 0).sort((a, b) => a[0] - b[0] || a[1] - b[1]);
  $('places').textContent = places.length ? `Places: ${places.map(([p, s]) => `${p} ${seatName(s)}`).join(' · ')}` : '';
}

const clockSet = () => t.rules.seats.some((s) => t.game.seat(s).reserveMs > 0);

function log() {
  const n = t.game.events.length;
  const list = $('log');
  while (list.children.length > n) list.lastChild.remove(); // after an undo
  for (let i = list.children.length; i < n; ++i) {
    const li = document.createElement('li');
    li.textContent = t.game.eventText(i);
    list.append(li);
  }
  list.scrollTop = list.scrollHeight;
}

function update() {
  draw();
  status();
  log();
  const computers = t.kinds.some((k) => k && k !== 'person');
  $('undo').disabled = t.busy || !computers || t.game.actions === 0;
  $('resign').disabled = t.busy || t.game.isOver || !t.kinds.includes('person');
  document.body.dataset.position = t.game.position.text;
  document.body.dataset.busy = t.busy ? '1' : '0';
}

function message(text) { $('message').textContent = text; }

// ---- playing -------------------------------------------------------------------------------

const sleep = (ms) => new Promise((resolve) => setTimeout(resolve, ms));

// Asks in the page's own dialog; resolves once, from this opening's buttons
// (or Esc), so a quick second question cannot take the first one's answer.
function confirmMove(text) {
  const dialog = $('confirm'), ok = $('confirm-ok'), cancel = $('confirm-cancel');
  $('confirm-text').textContent = text;
  return new Promise((resolve) => {
    const done = (answer) => {
      ok.removeEventListener('click', yes);
      cancel.removeEventListener('click', no);
      dialog.removeEventListener('cancel', esc);
      dialog.close();
      resolve(answer);
    };
    const yes = () => done(true), no = () => done(false);
    const esc = (e) => { e.preventDefault(); done(false); };
    ok.addEventListener('click', yes);
    cancel.addEventListener('click', no);
    dialog.addEventListener('cancel', esc);
    dialog.showModal();
  });
}

// Plays a move: asks before a person's move that puts a seat out (the
// library says which, and why), sends the marble along its route hop by hop,
// then hands the move to the game.
async function play(move, byPerson) {
  const elapsed = Math.round(performance.now() - t.turnStart);
  const text = t.game.position.formatMove(move);
  const out = byPerson ? t.game.putsOut(move) : sh.OutReason.NONE;
  if (out !== sh.OutReason.NONE) {
    const who = seatName(t.game.marblesOf);  // whose marble: a partner's when moving for it
    const why = out === sh.OutReason.DEADLINE
      ? `is ${who}'s last move before the exit deadline and leaves a marble at home that could still move`
      : `brings a marble back into ${who}'s home camp after the exit deadline`;
    const ok = await confirmMove(`${text} ${why}: it puts ${who} out of the game. Play it?`);
    if (!ok) return;
  }
  t.busy = true;
  t.selected = null;
  t.dests = [];
  draw();
  document.body.dataset.busy = '1';
  const marble = $('marbles').querySelector(`[data-cell="${move.from}"]`);
  for (const c of t.game.position.canonicalPath(move).slice(1)) {
    await sleep(hopMs);
    marble?.setAttribute('cx', t.at[c][0]);
    marble?.setAttribute('cy', t.at[c][1]);
  }
  await sleep(hopMs);
  try {
    t.game.apply(move, elapsed);
    message('');
  } catch (e) {
    message(e.message);
  }
  t.turnStart = performance.now();
  t.busy = false;
  update();
  next();
}

// The computer's turn, if it is one.
function next() {
  if (t.game.isOver) return;
  const s = t.game.toMove;
  if (t.kinds[s] === 'person') return;
  t.busy = true;
  document.body.dataset.busy = '1';
  setTimeout(() => {
    if (t.game.isOver || t.game.toMove !== s) { t.busy = false; update(); return; }
    const t0 = performance.now();
    const move = t.players[s].choose(t.game);
    t.moveMs.push(performance.now() - t0);
    play(move, false);
  }, hopMs);
}

function clickBoard(event) {
  if (t.busy || !personToMove()) return;
  const target = event.target.closest('[data-cell]');
  if (!target) return;
  const c = Number(target.dataset.cell);
  if (t.selected !== null && t.dests.includes(c)) {
    play({ from: t.selected, to: c }, true);
    return;
  }
  if (target.classList.contains('marble') && Number(target.dataset.seat) === t.game.marblesOf) {
    t.selected = c;
    t.dests = t.game.position.destinations(c);
  } else {
    t.selected = null;
    t.dests = [];
  }
  draw();
}

function hoverBoard(event) {
  const target = event.target.closest('.hole.lit');
  showRoute(target ? Number(target.dataset.cell) : null);
}

function undo() {
  if (t.busy) return;
  try {
    // Back to the last turn of a person (the computers' replies go too).
    do t.game.undo(1);
    while (t.game.actions > 0 && t.kinds[t.game.toMove] !== 'person');
    message('');
  } catch (e) {
    message(e.message);
  }
  t.selected = null;
  t.dests = [];
  t.turnStart = performance.now();
  update();
  next();
}

function resign() {
  if (t.busy || t.game.isOver) return;
  const s = personToMove() ? t.game.toMove : t.viewer;
  try {
    t.game.resign(s);
  } catch (e) {
    message(e.message);
  }
  update();
  next();
}

function save() {
  const text = t.game.record(10);
  $('record').value = text;
  const a = document.createElement('a');
  a.href = URL.createObjectURL(new Blob([text.endsWith('\n') ? text : `${text}\n`], { type: 'text/plain' }));
  a.download = `sternhalma-${t.rules.id}.txt`;
  a.click();
  setTimeout(() => URL.revokeObjectURL(a.href), 1000);
}

function load(text) {
  let game;
  try {
    game = sh.Game.fromRecord(text);
  } catch (e) {
    message(e.message);
    return;
  }
  const r = game.position.rules;
  const id = r.id;
  const kinds = Array(6).fill(null);
  const old = $('preset').value === id ? readSetup() : [];
  for (const s of r.seats) kinds[s] = old[s] ?? 'person';
  r.dispose();
  if ([...$('preset').options].some((o) => o.value === id)) $('preset').value = id;
  seatControls(id, kinds);
  start(game, kinds);
}

// ---- wiring -------------------------------------------------------------------------------

for (const id of sh.presets()) $('preset').add(new Option(id, id));
$('preset').value = urlPreset();
{
  const r = sh.Rules.create($('preset').value);
  const kinds = urlSeats(r);
  r.dispose();
  seatControls($('preset').value, kinds);
}
$('preset').addEventListener('change', () => seatControls($('preset').value));
$('setup').addEventListener('submit', newGame);
$('board').addEventListener('click', clickBoard);
$('board').addEventListener('mouseover', hoverBoard);
$('undo').addEventListener('click', undo);
$('resign').addEventListener('click', resign);
$('save').addEventListener('click', save);
$('load').addEventListener('change', async (e) => { const f = e.target.files[0]; if (f) load(await f.text()); });
$('load-text').addEventListener('click', () => load($('record').value));
// The clock of the seat to move runs on the screen; when it runs out the
// flag falls (the library decides what that does on this table).
setInterval(() => {
  if (!t.game || t.game.isOver || t.busy || !clockSet()) return;
  const s = t.game.toMove;
  if (t.game.seat(s).reserveMs - (performance.now() - t.turnStart) <= 0) {
    t.game.flag();
    t.turnStart = performance.now();
    update();
    next();
  } else {
    status();
  }
}, 250);

// For tests and the console: the state and the library.
window.table = { t, sh, load, newGame };
newGame();
if (urlProblems.length) message(`Left at their defaults: ${urlProblems.join('; ')}.`);
document.body.dataset.ready = '1';
