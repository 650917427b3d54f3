"""python3 -m sternhalma.cluster {match|selfplay} [options] (see __init__.py)."""
import sys

USAGE = """usage: python3 -m sternhalma.cluster match (--scheduler tcp://HOST:PORT | --local N)
        [--cli PROGRAM] [--task-games K] [--connect-timeout S] [--task-timeout S]
        [the options of sternhalma match: --preset ID --players P1,P2 --games N --seed S ...]
       python3 -m sternhalma.cluster selfplay (--scheduler tcp://HOST:PORT | --local N)
        --preset ID --players P1,P2[,...] --games N --out DIR [--seed S]
        [--shard-games K] [--budget-nodes K] [--policy MODULE:FUNCTION] [--reward rank|win]
        [--max-turns T] [--connect-timeout S] [--task-timeout S]"""


def main(argv) -> int:
    from ._errors import ClusterError
    if not argv or argv[0] in ("-h", "--help", "help"):
        print(USAGE)
        return 0 if argv else 2
    try:
        if argv[0] == "match":
            from ._args import parse_match_args
            from ._match import run_match
            return run_match(parse_match_args(argv[1:]))
        if argv[0] == "selfplay":
            from ._selfplay import parse_selfplay_args, run_selfplay
            return run_selfplay(parse_selfplay_args(argv[1:]))
    except ClusterError as e:
        print(f"error: {e}", file=sys.stderr)
        if e.code == 2:
            print(USAGE, file=sys.stderr)
        return e.code
    print(f"error: sternhalma.cluster: unknown command {argv[0]!r} (match, selfplay)",
          file=sys.stderr)
    print(USAGE, file=sys.stderr)
    return 2


if __name__ == "__main__":
    sys.exit(main(sys.argv[1:]))
