"""The cluster tests' parts: a real PostgreSQL (as its own user, never root), and for the
end-to-end tests HAProxy and three ``farmer-server`` processes, all on loopback (tools/cluster.py).
The tests that use them (``tests/test_cluster_*.py``) are marked ``cluster``: ``make cluster-test``
runs them, ``make test`` leaves them out."""

from __future__ import annotations

import contextlib
import os
import shutil
import tempfile
from collections.abc import Iterator
from pathlib import Path

from tools.cluster import Cluster, Postgres, free_port

LEASE_SECONDS = 3.0
"""The servers' leases in these tests: short, so that a takeover takes seconds."""


def _folder() -> Path:
    folder = Path(tempfile.mkdtemp(prefix="farmer-cluster-test-"))
    if os.geteuid() == 0:
        folder.chmod(0o755)  # the postgres user makes its cluster inside
    return folder


@contextlib.contextmanager
def running_postgres() -> Iterator[Postgres]:
    """One PostgreSQL for the run's store tests (its ``farmer`` database)."""
    folder = _folder()
    database = Postgres(folder / "postgres", free_port())
    try:
        database.start()
        yield database
    finally:
        database.stop()
        shutil.rmtree(folder, ignore_errors=True)


@contextlib.contextmanager
def running_cluster() -> Iterator[Cluster]:
    """PostgreSQL, three servers (leases of :data:`LEASE_SECONDS`, seeds allowed) and HAProxy,
    fresh for the test, stopped after it."""
    folder = _folder()
    try:
        with Cluster(folder, lease_seconds=LEASE_SECONDS, flags=["--allow-seed"]) as running:
            yield running
    finally:
        shutil.rmtree(folder, ignore_errors=True)
