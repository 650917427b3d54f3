#!/usr/bin/env python3
"""An SHP engine that breaks the rules on purpose, for tests/match_test.py.

  faulty_engine.py MODE [AFTER]

It plays its first AFTER moves of every game (default 0) properly (the toy engine's
choice), then misbehaves by MODE:
  illegal   bestmove of a move no table allows (m1-m1)
  garbage   bestmove of a text that is no move
  pass      bestmove pass while it has moves
  crash     exits with status 3 at the go, a line on stderr before
  hang      never answers the go (reads on, sends nothing)
  flood     writes 2 MiB to stderr at the go
  idleflood writes 2 MiB to stderr at newgame, before it is asked anything
  longline  sends a line of 100 000 bytes
  silent    never answers shp (the handshake)
  resign    bestmove resign
"""
import os
import sys

sys.path.insert(0, os.path.dirname(os.path.abspath(__file__)))
import toy_engine  # noqa: E402


def main():
    mode = sys.argv[1]
    after = int(sys.argv[2]) if len(sys.argv) > 2 else 0
    tables, game, played = {}, None, 0
    for line in sys.stdin:
        words = line.split()
        if not words:
            continue
        if words[0] == "shp":
            if mode == "silent":
                continue
            print("id name faulty", mode)
            print("shpok", flush=True)
        elif words[0] == "newgame":
            played = 0
            if mode == "idleflood":
                for _ in range(2048):
                    sys.stderr.write("z" * 1023 + "\n")
                sys.stderr.flush()
        elif words[0] == "isready":
            print("readyok", flush=True)
        elif words[0] == "table":
            import sternhalma as sh
            rules = sh.Rules(words[1]).set_options(" ".join(words[2:]))
            tables[rules.id] = rules
        elif words[0] == "position":
            game = toy_engine.game_of(words, tables)
        elif words[0] == "go":
            if played < after:
                played += 1
                print("bestmove", game.position.format_move(toy_engine.choose(game)), flush=True)
                continue
            if mode == "illegal":
                print("bestmove m1-m1", flush=True)
            elif mode == "garbage":
                print("bestmove x", flush=True)
            elif mode == "pass":
                print("bestmove pass", flush=True)
            elif mode == "crash":
                sys.stderr.write("faulty: crashing on purpose\n")
                sys.exit(3)
            elif mode == "hang":
                continue
            elif mode == "flood":
                chunk = "x" * 1023 + "\n"
                for _ in range(2048):
                    sys.stderr.write(chunk)
                sys.stderr.flush()
                print("bestmove", game.position.format_move(toy_engine.choose(game)), flush=True)
            elif mode == "longline":
                print("info string " + "y" * 100000, flush=True)
                print("bestmove", game.position.format_move(toy_engine.choose(game)), flush=True)
            elif mode == "resign":
                print("bestmove resign", flush=True)
        elif words[0] == "quit":
            break


if __name__ == "__main__":
    main()
