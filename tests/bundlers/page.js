// page.js — what each test app does with the package, whichever bundler built
// it: once `ready` (its init()) resolves, a perft and a destination query read
// from the page's URL (?perft=ID&depth=D&position=TEXT&from=CELL), their
// results, or the error, written into #result as JSON for the test to read.
export function run(sh, ready) {
  const out = document.getElementById('result');
  ready.then(() => {
    const q = new URLSearchParams(location.search);
    const start = sh.Position.parse(q.get('perft'));
    const game = sh.Game.fromPosition(sh.Position.parse(q.get('position')));
    try {
      out.textContent = JSON.stringify({
        version: sh.version(),
        perft: start.perft(Number(q.get('depth'))),
        // The game's position view: read twice, one handle.
        destinations: game.position.destinations(q.get('from')).map((c) => sh.cellName(c)),
        oneView: game.position === game.position,
      });
    } finally {
      start.dispose();
      game.dispose();
    }
  }).catch((e) => {
    out.textContent = JSON.stringify({ error: `${e.name}: ${e.message}` });
  });
}
