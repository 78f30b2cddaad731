"""Farmer on several servers, on this machine: PostgreSQL, HAProxy and three ``farmer-server``.

    python -m tools.cluster                      # start everything; Ctrl-C stops everything
    python -m tools.cluster --port 8760 --lease-seconds 5

Starts a PostgreSQL cluster of its own in a temporary folder (Debian's binaries; as the
``postgres`` user when run as root, never as root), three servers sharing their tables in it
(``--store``, ``--trusted-proxy 127.0.0.1``), and HAProxy with the shipped
``assets/cluster/haproxy.cfg`` in front of them, all on loopback. Prints the page's address and
each server's process id: kill one (``kill -9 PID``) and watch its tables come back on another.
The end-to-end tests (``make cluster-test``) start the same :class:`Cluster`.
"""

from __future__ import annotations

import argparse
import contextlib
import os
import re
import shutil
import signal
import socket
import subprocess
import sys
import tempfile
import time
from collections.abc import Iterator, Sequence
from pathlib import Path
from types import TracebackType

import psycopg

ROOT = Path(__file__).resolve().parent.parent
HAPROXY_CFG = ROOT / "assets" / "cluster" / "haproxy.cfg"
"""The shipped proxy configuration (its addresses come from environment variables)."""
HAPROXY = "/usr/sbin/haproxy"
POSTGRES_BINS = sorted(Path("/usr/lib/postgresql").glob("*/bin"), key=lambda p: int(p.parent.name)
                       if p.parent.name.isdigit() else 0)
"""Debian's PostgreSQL binaries, newest last."""
SERVERS = 3
"""The servers the shipped configuration names."""
READY_SECONDS = 30.0


def free_port() -> int:
    """A loopback port nothing listens on now."""
    with socket.socket() as probe:
        probe.bind(("127.0.0.1", 0))
        return int(probe.getsockname()[1])


def wait_for_port(port: int, limit: float = READY_SECONDS) -> None:
    """Wait until something accepts connections on loopback ``port``."""
    end = time.monotonic() + limit
    while True:
        with contextlib.suppress(OSError), socket.create_connection(("127.0.0.1", port), timeout=0.5):
            return
        if time.monotonic() > end:
            raise TimeoutError(f"nothing listens on port {port}")
        time.sleep(0.05)


def missing() -> list[str]:
    """The Debian packages this needs and lacks (``haproxy``, ``postgresql``)."""
    lacking = []
    if not Path(HAPROXY).exists():
        lacking.append("haproxy")
    if not POSTGRES_BINS:
        lacking.append("postgresql")
    return lacking


def _as_postgres(command: list[str]) -> list[str]:
    """``command`` run as the ``postgres`` user when this runs as root (PostgreSQL refuses root)."""
    return ["runuser", "-u", "postgres", "--", *command] if os.geteuid() == 0 else command


class Postgres:
    """A PostgreSQL cluster of its own in ``folder``, on loopback ``port``, with a ``farmer`` database."""

    def __init__(self, folder: Path, port: int) -> None:
        """A cluster to be made in ``folder``; nothing runs before :meth:`start`."""
        self.folder = folder
        self.port = port
        self.bin = POSTGRES_BINS[-1]
        self.data = folder / "data"

    @property
    def url(self) -> str:
        """Where the servers reach it."""
        return f"postgresql://postgres@127.0.0.1:{self.port}/farmer"

    def _run(self, *command: str) -> None:
        subprocess.run(_as_postgres(list(command)), check=True, cwd="/", stdout=subprocess.DEVNULL,
                       stderr=subprocess.PIPE)

    def start(self) -> None:
        """Make the cluster, start it, and make the database."""
        self.folder.mkdir(parents=True, exist_ok=True)
        if os.geteuid() == 0:
            shutil.chown(self.folder, "postgres", "postgres")
        self._run(str(self.bin / "initdb"), "-D", str(self.data), "-U", "postgres", "--auth=trust",
                  "--no-sync", "-E", "UTF8", "--locale=C")
        self.resume()
        self._run(str(self.bin / "createdb"), "-h", "127.0.0.1", "-p", str(self.port), "-U", "postgres",
                  "farmer")

    def resume(self) -> None:
        """Start the cluster made (again, after :meth:`stop`)."""
        self._run(str(self.bin / "pg_ctl"), "-D", str(self.data), "-l", str(self.folder / "log"), "-w",
                  "-o", f"-p {self.port} -k {self.folder} -c listen_addresses=127.0.0.1 -c fsync=off"
                        " -c max_connections=200",
                  "start")

    def stop(self) -> None:
        """Stop the cluster (fast: the connected servers are cut off)."""
        if (self.data / "postmaster.pid").exists():
            with contextlib.suppress(subprocess.CalledProcessError):
                self._run(str(self.bin / "pg_ctl"), "-D", str(self.data), "-m", "fast", "-w", "stop")


#: How long a server stopped cleanly is given to write what waits, release its leases and exit
#: (its own waits add up to about 7 s: the last writes 5 s, the connections' closing 2 s) on a
#: machine busy with other servers, the proxy and the database.
STOP_SECONDS = 20.0


class ServerProcess:
    """One ``farmer-server`` sharing the store at ``store`` (None: keeping nothing), on loopback ``port``."""

    def __init__(self, port: int, store: str | None, lease_seconds: float, flags: Sequence[str] = ()) -> None:
        """A server to start on ``port``."""
        self.port = port
        self.store = store
        self.lease_seconds = lease_seconds
        self.flags = list(flags)
        self.proc: subprocess.Popen[bytes] | None = None
        self.log: Path | None = None
        self.killed = False
        """Whether :meth:`stop` had to kill it (it did not stop cleanly in time)."""

    @property
    def pid(self) -> int:
        """Its process id."""
        assert self.proc is not None
        return self.proc.pid

    def start(self, log: Path) -> None:
        """Start it (its output goes to ``log``) and wait until it listens."""
        self.log = log
        keeping = ["--no-save"] if self.store is None else [
            "--store", self.store, "--lease-seconds", str(self.lease_seconds)]
        with log.open("ab") as out:
            self.proc = subprocess.Popen(
                [sys.executable, "-m", "game.net.server", "--port", str(self.port), *keeping,
                 "--trusted-proxy", "127.0.0.1", *self.flags],
                cwd=ROOT, stdout=out, stderr=subprocess.STDOUT, start_new_session=True,
            )
        wait_for_port(self.port)

    @property
    def name(self) -> str | None:
        """Its name among the servers (from its log), once started."""
        if self.log is None or not self.log.exists():
            return None
        # The last named: a server started again on its port has a new name.
        found = re.findall(r"as server (\S+) \(leases", self.log.read_text(errors="replace"))
        return found[-1] if found else None

    def signal(self, sig: int) -> None:
        """Send ``sig`` (SIGKILL, SIGSTOP, SIGCONT...)."""
        if self.proc is not None and self.proc.poll() is None:
            os.kill(self.proc.pid, sig)

    def stop(self) -> None:
        """Stop it cleanly (it releases its tables), or kill it after :data:`STOP_SECONDS`
        (:attr:`killed` then tells so)."""
        proc = self.proc
        if proc is None or proc.poll() is not None:
            return
        with contextlib.suppress(ProcessLookupError):
            os.kill(proc.pid, signal.SIGCONT)
            # SIGTERM, as a service manager stops it: SIGINT would be ignored by a server started
            # from a shell's background job (which starts its commands with SIGINT ignored).
            proc.send_signal(signal.SIGTERM)
        try:
            proc.wait(STOP_SECONDS)
        except subprocess.TimeoutExpired:
            self.killed = True
            # Where it hangs goes to its log before it is killed (the server dumps its threads' stacks
            # on SIGUSR1): what a test that finds it killed shows.
            with contextlib.suppress(ProcessLookupError):
                proc.send_signal(signal.SIGUSR1)
            time.sleep(1.0)
            proc.kill()
            proc.wait(5)

    def log_tail(self, lines: int = 60) -> str:
        """The last ``lines`` lines of its log (empty before it started)."""
        if self.log is None or not self.log.exists():
            return ""
        return "\n".join(self.log.read_text(errors="replace").splitlines()[-lines:])


class Proxy:
    """HAProxy with the shipped configuration: players at ``port``, the servers at ``servers``."""

    def __init__(self, port: int, servers: Sequence[int]) -> None:
        """A proxy to start; the shipped configuration names :data:`SERVERS` servers."""
        assert len(servers) == SERVERS
        self.port = port
        self.servers = list(servers)
        self.proc: subprocess.Popen[bytes] | None = None

    def start(self, log: Path) -> None:
        """Start it in the foreground (``-db``) and wait until it listens."""
        env = {**os.environ, "FARMER_BIND": f"127.0.0.1:{self.port}"}
        for i, port in enumerate(self.servers, 1):
            env[f"FARMER_SERVER{i}"] = f"127.0.0.1:{port}"
        with log.open("ab") as out:
            self.proc = subprocess.Popen([HAPROXY, "-db", "-f", str(HAPROXY_CFG)], env=env, stdout=out,
                                         stderr=subprocess.STDOUT, start_new_session=True)
        wait_for_port(self.port)

    def stop(self) -> None:
        """Stop it."""
        if self.proc is not None and self.proc.poll() is None:
            self.proc.terminate()
            try:
                self.proc.wait(10)
            except subprocess.TimeoutExpired:
                self.proc.kill()
                self.proc.wait(5)


class Cluster:
    """PostgreSQL, three servers and HAProxy on loopback; a context manager that stops them all."""

    def __init__(self, folder: Path, port: int | None = None, lease_seconds: float = 10.0,
                 flags: Sequence[str] = ()) -> None:
        """Everything to start in ``folder``; players connect at ``port`` (None: a free one)."""
        self.folder = folder
        self.postgres = Postgres(folder / "postgres", free_port())
        self.servers = [ServerProcess(free_port(), self.postgres.url, lease_seconds, flags)
                        for _ in range(SERVERS)]
        self.proxy = Proxy(port or free_port(), [s.port for s in self.servers])

    @property
    def url(self) -> str:
        """The WebSocket address players connect to (through the proxy)."""
        return f"ws://127.0.0.1:{self.proxy.port}"

    @property
    def page(self) -> str:
        """The page for phones, through the proxy."""
        return f"http://127.0.0.1:{self.proxy.port}/"

    def owner_of(self, code: str) -> tuple[ServerProcess | None, int]:
        """The server running table ``code`` (None: none, or released) and its lease's epoch."""
        with psycopg.connect(self.postgres.url) as conn:
            row = conn.execute("SELECT owner, epoch FROM farmer_tables WHERE code = %s", (code,)).fetchone()
        if row is None:
            return None, 0
        owner = next((s for s in self.servers if row[0] is not None and s.name == row[0]), None)
        return owner, int(row[1])

    def start(self) -> None:
        """Start PostgreSQL, the servers, then the proxy."""
        self.folder.mkdir(parents=True, exist_ok=True)
        self.postgres.start()
        for i, server in enumerate(self.servers, 1):
            server.start(self.folder / f"server{i}.log")
        self.proxy.start(self.folder / "haproxy.log")

    def stop(self) -> None:
        """Stop everything that runs, the proxy first."""
        self.proxy.stop()
        for server in self.servers:
            server.stop()
        self.postgres.stop()

    def __enter__(self) -> Cluster:
        try:
            self.start()
        except BaseException:
            self.stop()
            raise
        return self

    def __exit__(self, kind: type[BaseException] | None, error: BaseException | None,
                 trace: TracebackType | None) -> None:
        self.stop()


@contextlib.contextmanager
def cluster_in_temp(port: int | None = None, lease_seconds: float = 10.0,
                    flags: Sequence[str] = ()) -> Iterator[Cluster]:
    """A :class:`Cluster` in a temporary folder (removed afterwards)."""
    folder = Path(tempfile.mkdtemp(prefix="farmer-cluster-"))
    if os.geteuid() == 0:
        folder.chmod(0o755)  # the postgres user must reach its own folder inside
    try:
        with Cluster(folder, port, lease_seconds, flags) as cluster:
            yield cluster
    finally:
        shutil.rmtree(folder, ignore_errors=True)


def main(argv: Sequence[str] | None = None) -> int:
    """Start a cluster, print where it is, run until Ctrl-C."""
    parser = argparse.ArgumentParser(prog="cluster", description=__doc__.splitlines()[0])
    parser.add_argument("--port", type=int, default=8760, help="where players connect (8760)")
    parser.add_argument("--lease-seconds", type=float, default=10.0, help="the servers' leases (10)")
    args = parser.parse_args(argv)
    lacking = missing()
    if lacking:
        print(f"cluster: needs {' and '.join(lacking)}: sudo apt-get install {' '.join(lacking)}",
              file=sys.stderr)
        return 1
    with cluster_in_temp(args.port, args.lease_seconds) as cluster:
        print(f"cluster: PostgreSQL at {cluster.postgres.url}")
        for i, server in enumerate(cluster.servers, 1):
            print(f"cluster: server {i} on port {server.port}, process {server.pid} (log: {server.log})")
        print(f"cluster: HAProxy at {cluster.url} — the page: {cluster.page}")
        print(f"cluster: play: farmer --join 127.0.0.1:{cluster.proxy.port} --name Anne (or the menu's "
              "network tables at that address); Ctrl-C stops everything", flush=True)
        with contextlib.suppress(KeyboardInterrupt):
            while True:
                time.sleep(3600)
    return 0


if __name__ == "__main__":
    sys.exit(main())
