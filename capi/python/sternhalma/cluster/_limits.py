"""Every ceiling and timeout of the cluster runner, in one place (the usage
text, README and tests/README refer to them by name)."""

# A match's size is bounded by `sternhalma match` itself (--games at most
# 1,000,000); these bound what the coordinator adds.
MAX_TASK_GAMES = 10_000        # --task-games: games per Dask task
DEFAULT_TASK_GAMES = 4
MAX_LOCAL_WORKERS = 64         # --local N
MAX_CONNECT_SECONDS = 600      # --connect-timeout
DEFAULT_CONNECT_SECONDS = 10
# A task (k games on one worker) that has not ended after this long is a
# failure of the run; --task-timeout raises or lowers it.
DEFAULT_TASK_SECONDS = 3600
MAX_TASK_SECONDS = 7 * 24 * 3600
# What a task keeps of the match program's stderr for an error message.
MAX_ERROR_BYTES = 4000
# The JSONL a task sends back: its games' lines and records. A line is a few
# hundred bytes and a record a few kilobytes; the whole is capped so that a
# runaway program cannot fill the coordinator's memory.
MAX_TASK_RESULT_BYTES = 256 << 20

# A --resume file's size (cli/match_limits.h kMaxJsonlBytes, the same ceiling).
MAX_RESUME_BYTES = 256 << 20

# Tasks out at once (_window.py): twice the worker threads, within these.
WINDOW_MIN = 8
WINDOW_MAX = 1024

# Self-play.
MAX_SELFPLAY_GAMES = 1_000_000  # --games
MAX_SHARD_GAMES = 1_000         # --shard-games: games per shard (one task)
DEFAULT_SHARD_GAMES = 8
# A self-play game that has not ended after this many steps is cut off
# (truncated, as the env's max_turns does); the presets end well within it.
MAX_SELFPLAY_TURNS = 10_000
# The steps (one observation, mask and action each) one shard may hold: at
# float32 a step is 12 x 121 x 4 + 14,641 bytes (about 20 kB), so a shard
# stays within about 400 MB in memory; a shard that would hold more is an
# error that asks for a smaller --shard-games.
MAX_SHARD_STEPS = 20_000
