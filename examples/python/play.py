#!/usr/bin/env python3
"""Play a few moves of a preset through the Python binding and print the board.

    pip install ./capi/python
    python3 examples/python/play.py classic-3
"""
import sys

import sternhalma as sh

preset = sys.argv[1] if len(sys.argv) > 1 else "classic-2"
game = sh.Game(preset)
player = sh.Player("normal", seed=1)
print(f"sternhalma {sh.version()}, preset {preset}")
print(game.position.render())
for turn in range(6):
    if game.is_over:
        break
    move = player.choose(game)
    text = game.position.format_move(move)
    game.apply(move)
    print(f"move {turn + 1}: {text}")
    print(game.position.render())
print(game.record())
