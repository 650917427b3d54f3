#!/usr/bin/env python3
"""A tiny CCP engine (the CCERL dialect, docs/protocol.md) for
tests/match_test.py: the toy engine's strategy on the board CCP sends.

`position cells <COMPACT121> player <p> ply <n>` is turned into a SPEC §8
position line by itself (cell i of the text is the library's cell i;
player 0 is seat W, player 1 seat K; round = ply // 2) and read by the
Python binding; `bestmove` names the path by cell indices.
"""
import os
import sys

sys.path.insert(0, os.path.dirname(os.path.abspath(__file__)))
import sternhalma as sh  # noqa: E402
import toy_engine  # noqa: E402

TABLE = os.environ.get("CCP_TABLE", "ccerl-2")


def position_of(cells, player, ply):
    w = [sh.cell_name(i) for i, c in enumerate(cells) if c == "0"]
    k = [sh.cell_name(i) for i, c in enumerate(cells) if c == "1"]
    seat = "W" if player == 0 else "K"
    return sh.Position(f"{TABLE} {seat} W:{','.join(w)} K:{','.join(k)} {ply // 2}")


def main():
    pos = None
    for line in sys.stdin:
        words = line.split()
        if not words:
            continue
        if words[0] == "ccp":
            print("id name tiny-ccp")
            print("id author the sternhalma tests")
            print("ccpok", flush=True)
        elif words[0] == "isready":
            print("readyok", flush=True)
        elif words[0] == "position":
            if words[1] == "startpos":
                pos = sh.Position(TABLE)
            else:
                pos = position_of(words[2], int(words[4]), int(words[6]))
        elif words[0] == "go":
            game = sh.Game.from_position(pos)
            move = toy_engine.choose(game)
            path = game.position.format_move(move)
            print("bestmove", "-".join(str(sh.parse_cell(c)) for c in path.split("-")), flush=True)
        elif words[0] == "quit":
            break


if __name__ == "__main__":
    main()
