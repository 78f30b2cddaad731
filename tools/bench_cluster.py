"""Benchmark of several servers behind HAProxy: 300 tables over three, beside one server alone with 100.

    python -m tools.bench_cluster                 # 20 s a setup
    python -m tools.bench_cluster --seconds 30 --think 0.5

Three setups, one after another in one run, each played by the bots of ``tools/load_net.py``
(3 people a table, 3 computer seats, each table's people from a loopback address of their own)
and measured as it measures: the round trip from an action sent to the update that answers it.

1. **alone**: one ``farmer-server`` (keeping nothing), 100 tables, connected to directly;
2. **proxy hop**: the same server through HAProxy (the shipped configuration, its three
   servers all that one), 100 tables: the difference from *alone* is what the hop adds;
3. **cluster**: three servers sharing their tables in PostgreSQL behind HAProxy, 300 tables
   (tools/cluster.py), each table handed to the server its code leads to.

Everything runs on this machine, the bots too, so the figures are this machine's, all of it
sharing its cores. Prints a line a setup and the hop's added p50 and p99.
"""

from __future__ import annotations

import argparse
import asyncio
import json
import os
import resource
import shutil
import subprocess
import sys
import tempfile
import time
from collections.abc import Sequence
from dataclasses import dataclass
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent.parent))  # run as a script from anywhere

from tools.cluster import SERVERS, Cluster, Proxy, ServerProcess, free_port, missing
from tools.load_net import load, percentile

WARM_UP_SECONDS = 5.0
"""How long each setup is played before it is measured."""
TABLES_PER_PLAYER = 100
"""Tables one process of bots plays (as ``tools/load_net.py`` plays them)."""
SERVER_FLAGS = ("--max-tables", "2000", "--max-clients", "20000", "--tables-per-address", "10")


@dataclass(frozen=True, slots=True)
class Row:
    """One setup's figures."""

    name: str
    tables: int
    rtts: list[float]
    games: int
    load: float
    """The machine's load average over the last minute, at the end."""
    bots_cores: float
    """CPU the bots' processes took, in cores (CPU seconds a second)."""
    servers_cores: float
    """CPU the servers took, in cores."""

    def line(self) -> str:
        """The setup as a printed line (milliseconds), with the machine's load after it."""
        ms = [1000 * percentile(self.rtts, q) for q in (0.5, 0.99, 1.0)]
        return (f"{self.name:<11} {self.tables:>4} tables  {len(self.rtts):>6} actions  "
                f"p50 {ms[0]:6.1f} ms  p99 {ms[1]:6.1f} ms  max {ms[2]:7.1f} ms  "
                f"(servers {self.servers_cores:.2f} cores, bots {self.bots_cores:.2f}; "
                f"load average {self.load:.1f})")


def cpu_seconds(pid: int) -> float:
    """CPU seconds process ``pid`` has used so far (user and system, from /proc)."""
    fields = Path(f"/proc/{pid}/stat").read_text().rpartition(")")[2].split()
    return (int(fields[11]) + int(fields[12])) / os.sysconf("SC_CLK_TCK")


def measure(name: str, url: str, tables: int, servers: Sequence[ServerProcess],
            args: argparse.Namespace) -> Row:
    """One setup played and measured: the bots' round trips, and the CPU servers and bots took."""
    began = time.monotonic()
    server_cpu = sum(cpu_seconds(s.pid) for s in servers)
    children = resource.getrusage(resource.RUSAGE_CHILDREN)
    rtts, games = play(url, tables, args)
    wall = time.monotonic() - began
    after = resource.getrusage(resource.RUSAGE_CHILDREN)
    bots = (after.ru_utime + after.ru_stime - children.ru_utime - children.ru_stime) / wall
    served = (sum(cpu_seconds(s.pid) for s in servers) - server_cpu) / wall
    return Row(name, tables, rtts, games, os.getloadavg()[0], bots, served)


def play(url: str, tables: int, args: argparse.Namespace) -> tuple[list[float], int]:
    """``tables`` tables of bots at ``url`` for ``args.seconds``, played by one process of bots for
    each :data:`TABLES_PER_PLAYER` tables (one process's loop would otherwise be what is measured):
    the round trips and the games over."""
    players = [subprocess.Popen(
        [sys.executable, "-m", "tools.bench_cluster", "--play", url,
         "--tables", str(min(TABLES_PER_PLAYER, tables - first)), "--first", str(first),
         "--people", str(args.people), "--seats", str(args.seats), "--level", args.level,
         "--think", str(args.think), "--seconds", str(args.seconds)],
        stdout=subprocess.PIPE, text=True) for first in range(0, tables, TABLES_PER_PLAYER)]
    rtts: list[float] = []
    games = 0
    for player in players:
        out, _ = player.communicate(timeout=args.seconds + 120)
        doc = json.loads(out.strip().splitlines()[-1])
        rtts.extend(float(r) for r in doc["rtts"])
        games += int(doc["games"])
    return rtts, games


def warm_up(url: str, tables: int, args: argparse.Namespace) -> None:
    """A first short run, not measured: a fresh server's first tables pay for what it loads once."""
    play(url, tables, argparse.Namespace(**{**vars(args), "seconds": WARM_UP_SECONDS}))


def play_here(args: argparse.Namespace) -> int:
    """``--play URL``: play ``args.tables`` tables (addresses from table ``args.first`` on) and
    print the round trips and games over as one JSON line."""
    rtts, games = asyncio.run(load(args.play, args.tables, args.people, args.seats, args.level, args.think,
                                   args.seconds, first=args.first))
    print(json.dumps({"rtts": [round(r, 6) for r in rtts], "games": games}), flush=True)
    return 0


def alone_and_behind_proxy(folder: Path, args: argparse.Namespace) -> list[Row]:
    """One server: 100 tables directly, then 100 through HAProxy."""
    server = ServerProcess(free_port(), None, 10.0, [*SERVER_FLAGS, "--quiet"])
    proxy = Proxy(free_port(), [server.port] * SERVERS)
    try:
        server.start(folder / "alone.log")
        warm_up(f"ws://127.0.0.1:{server.port}", args.alone, args)
        rows = [measure("alone", f"ws://127.0.0.1:{server.port}", args.alone, [server], args)]
        proxy.start(folder / "haproxy-hop.log")
        rows.append(measure("proxy hop", f"ws://127.0.0.1:{proxy.port}", args.alone, [server], args))
        return rows
    finally:
        proxy.stop()
        server.stop()


def in_cluster(folder: Path, args: argparse.Namespace) -> Row:
    """Three servers sharing PostgreSQL behind HAProxy: ``args.tables`` tables."""
    with Cluster(folder / "cluster", lease_seconds=10.0, flags=SERVER_FLAGS) as cluster:
        warm_up(cluster.url, args.tables, args)
        return measure("cluster", cluster.url, args.tables, cluster.servers, args)


def main(argv: Sequence[str] | None = None) -> int:
    """Run the three setups; prints a line each, then the proxy hop's cost."""
    parser = argparse.ArgumentParser(prog="bench_cluster", description=__doc__.splitlines()[0])
    parser.add_argument("--tables", type=int, default=300, help="tables over the three servers (300)")
    parser.add_argument("--alone", type=int, default=100, help="tables on the server alone (100)")
    parser.add_argument("--people", type=int, default=3, help="bot clients per table (3)")
    parser.add_argument("--seats", type=int, default=6, help="seats per table; the AI plays the rest (6)")
    parser.add_argument("--level", default="normal", help="the AI level of the other seats (normal)")
    parser.add_argument("--think", type=float, default=0.5, help="seconds a bot waits before a move (0.5)")
    parser.add_argument("--seconds", type=float, default=20.0, help="seconds each setup plays (20)")
    parser.add_argument("--play", metavar="URL", help=argparse.SUPPRESS)
    parser.add_argument("--first", type=int, default=0, help=argparse.SUPPRESS)
    args = parser.parse_args(argv)
    if args.play:
        return play_here(args)
    lacking = missing()
    if lacking:
        print(f"bench_cluster: needs {' and '.join(lacking)}: sudo apt-get install {' '.join(lacking)}",
              file=sys.stderr)
        return 1
    folder = Path(tempfile.mkdtemp(prefix="farmer-bench-cluster-"))
    if os.geteuid() == 0:
        folder.chmod(0o755)  # PostgreSQL's own user makes its cluster inside
    try:
        rows = alone_and_behind_proxy(folder, args)
        for row in rows:
            print(row.line(), flush=True)
        row = in_cluster(folder, args)
        print(row.line(), flush=True)
    finally:
        shutil.rmtree(folder, ignore_errors=True)
    alone, hop = rows
    added = [1000 * (percentile(hop.rtts, q) - percentile(alone.rtts, q)) for q in (0.5, 0.99)]
    print(f"the proxy hop adds p50 {added[0]:+.1f} ms, p99 {added[1]:+.1f} ms", flush=True)
    return 0


if __name__ == "__main__":
    sys.exit(main())
