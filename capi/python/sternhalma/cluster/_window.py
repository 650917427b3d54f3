"""Tasks submitted a window at a time: at most `window` futures are out at
once (twice the cluster's worker threads, within WINDOW_MIN..WINDOW_MAX,
counted again as tasks end, so that workers that join are used). The
scheduler holds a window, not a run of 100,000 tasks, and what came back
ahead of the game the coordinator waits for (results it must keep until
then) is at most a window of tasks; a stop cancels a window."""
from __future__ import annotations

from typing import Callable, Iterator, Sequence, Tuple

from ._limits import WINDOW_MAX, WINDOW_MIN


def _window(client) -> int:
    threads = sum(client.nthreads().values())
    return max(WINDOW_MIN, min(WINDOW_MAX, 2 * threads))


def completed(client, items: Sequence, submit: Callable) -> Iterator[Tuple[object, object]]:
    """Yields (item, future) as each task ends, in any order; `submit(item)`
    makes an item's future. Every future still out is cancelled when the
    caller stops iterating (a break, an exception)."""
    import distributed
    ac = distributed.as_completed()
    out = {}
    nxt = 0

    def top_up():
        nonlocal nxt
        limit = _window(client)
        while nxt < len(items) and len(out) < limit:
            f = submit(items[nxt])
            out[f.key] = (items[nxt], f)
            ac.add(f)
            nxt += 1

    try:
        top_up()
        for f in ac:
            item, _ = out.pop(f.key)
            yield item, f
            top_up()
    finally:
        if out:
            client.cancel([f for _, f in out.values()])
