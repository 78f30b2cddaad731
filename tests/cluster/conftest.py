"""The cluster tests' setup: a real PostgreSQL (as its own user, never root), and for the
end-to-end tests HAProxy and three ``farmer-server`` processes, all on loopback (tools/cluster.py).
Every test here is marked ``cluster``: ``make cluster-test`` runs them, ``make test`` leaves them out."""

from __future__ import annotations

import os
import shutil
import tempfile
from collections.abc import Iterator
from pathlib import Path

import pytest

from tools.cluster import Cluster, Postgres, free_port

HERE = Path(__file__).resolve().parent
LEASE_SECONDS = 3.0
"""The servers' leases in these tests: short, so that a takeover takes seconds."""


def pytest_collection_modifyitems(items: list[pytest.Item]) -> None:
    """Everything in tests/cluster starts real components: marked ``cluster``."""
    for item in items:
        if HERE in Path(str(item.fspath)).resolve().parents:
            item.add_marker(pytest.mark.cluster)


def _folder() -> Path:
    folder = Path(tempfile.mkdtemp(prefix="farmer-cluster-test-"))
    if os.geteuid() == 0:
        folder.chmod(0o755)  # the postgres user makes its cluster inside
    return folder


@pytest.fixture(scope="session")
def postgres() -> Iterator[Postgres]:
    """One PostgreSQL for the run's store tests (its ``farmer`` database)."""
    folder = _folder()
    database = Postgres(folder / "postgres", free_port())
    try:
        database.start()
        yield database
    finally:
        database.stop()
        shutil.rmtree(folder, ignore_errors=True)


@pytest.fixture
def cluster() -> Iterator[Cluster]:
    """PostgreSQL, three servers (leases of :data:`LEASE_SECONDS`, seeds allowed) and HAProxy,
    fresh for the test, stopped after it."""
    folder = _folder()
    try:
        with Cluster(folder, lease_seconds=LEASE_SECONDS, flags=["--allow-seed"]) as running:
            yield running
    finally:
        shutil.rmtree(folder, ignore_errors=True)
