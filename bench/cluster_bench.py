#!/usr/bin/python3
"""Games per second of `python3 -m sternhalma.cluster match` on a scheduler and
1, then 2, dask-worker processes on 127.0.0.1, against `sternhalma match` on
one machine (--concurrency 1 and 2). Wall time of the whole run (connecting,
the tasks, the summary) and the CPU time of the workers and the programs
they ran (/proc: utime + stime + their waited-for children), medians of
ROUNDS runs.

  STERNHALMA_LIB=build/capi/libsternhalma.so PYTHONPATH=capi/python \\
    /usr/bin/python3 bench/cluster_bench.py build/cli/sternhalma [GAMES] [ROUNDS]
"""
import os
import signal
import socket
import statistics
import subprocess
import sys
import time

EXE = os.path.abspath(sys.argv[1])
GAMES = int(sys.argv[2]) if len(sys.argv) > 2 else 8
ROUNDS = int(sys.argv[3]) if len(sys.argv) > 3 else 3
MATCH = ["--preset", "classic-2", "--players", "hard,expert", "--games", str(GAMES),
         "--budget-nodes", "2000", "--seed", "1"]
ENV = dict(os.environ, STERNHALMA_CLI=EXE)
TICK = os.sysconf("SC_CLK_TCK")


def cpu(pid):
    with open(f"/proc/{pid}/stat") as f:
        fields = f.read().rsplit(")", 1)[1].split()
    return sum(int(x) for x in fields[11:15]) / TICK  # utime stime cutime cstime


def port():
    with socket.socket() as s:
        s.bind(("127.0.0.1", 0))
        return s.getsockname()[1]


def timed(argv):
    t0 = time.monotonic()
    p = subprocess.run(argv, env=ENV, capture_output=True, text=True, timeout=600)
    if p.returncode:
        sys.exit(p.stderr)
    return time.monotonic() - t0


def main():
    rows = []
    for conc in (1, 2):
        walls = [timed([EXE, "match", *MATCH, "--concurrency", str(conc)]) for _ in range(ROUNDS)]
        rows.append((f"sternhalma match --concurrency {conc}", walls, None))
    for n in (1, 2):
        addr = f"tcp://127.0.0.1:{port()}"
        procs = [subprocess.Popen(["dask-scheduler", "--host", "127.0.0.1", "--port",
                                   addr.rsplit(":", 1)[1], "--no-dashboard"], env=ENV,
                                  stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL,
                                  start_new_session=True)]
        try:
            time.sleep(2)
            workers = [subprocess.Popen(["dask-worker", addr, "--nworkers", "1", "--nthreads",
                                         "1", "--no-nanny", "--no-dashboard", "--host",
                                         "127.0.0.1"], env=ENV, stdout=subprocess.DEVNULL,
                                        stderr=subprocess.DEVNULL, start_new_session=True)
                       for _ in range(n)]
            procs += workers
            subprocess.run([sys.executable, "-c", "import distributed, sys; "
                            f"distributed.Client('{addr}').wait_for_workers({n}, timeout=60)"],
                           check=True, timeout=90)
            walls, cpus = [], []
            for _ in range(ROUNDS):
                before = sum(cpu(w.pid) for w in workers)
                walls.append(timed([sys.executable, "-m", "sternhalma.cluster", "match",
                                    "--scheduler", addr, "--task-games", "2", *MATCH]))
                cpus.append(sum(cpu(w.pid) for w in workers) - before)
            rows.append((f"sternhalma.cluster match, {n} worker(s)", walls, cpus))
        finally:
            for p in procs:
                os.killpg(p.pid, signal.SIGKILL)
                p.wait()
    print(f"{GAMES} games classic-2 hard vs expert, 2000 nodes/move, {ROUNDS} rounds, medians")
    for name, walls, cpus in rows:
        w = statistics.median(walls)
        extra = f", workers' CPU {statistics.median(cpus):.2f} s" if cpus else ""
        print(f"{name:45s} wall {w:6.2f} s ({min(walls):.2f}-{max(walls):.2f})"
              f" = {GAMES / w:5.2f} games/s{extra}")


if __name__ == "__main__":
    main()
