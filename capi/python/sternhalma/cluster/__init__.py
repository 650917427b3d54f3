"""sternhalma.cluster — matches and self-play spread over a Dask cluster::

    python3 -m sternhalma.cluster match --scheduler tcp://HOST:8786 [options of sternhalma match]
    python3 -m sternhalma.cluster match --local 4 --preset classic-2 --players hard,expert ...
    python3 -m sternhalma.cluster selfplay --local 2 --preset table-2 --players normal,hard \\
        --games 64 --out DIR

A match's games are split into tasks of --task-games games, each run on a
worker by `sternhalma match` with the same options and its own
--games-range; the coordinator takes the games in schedule order into one
MatchStats, writes the JSONL and records and prints the summary of
`sternhalma match`, and cancels what is left when the SPRT decides.
Self-play writes one .npz shard per task (_selfplay.py). Dask comes from
Debian's python3-distributed (run /usr/bin/python3); every worker needs
this package, libsternhalma and the `sternhalma` program (--cli or
$STERNHALMA_CLI names it), and any engine and --openings file at the same
path.
"""
from ._errors import ClusterError, WorkerError

__all__ = ["ClusterError", "WorkerError"]
