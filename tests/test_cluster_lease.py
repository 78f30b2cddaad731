"""The lease in a real PostgreSQL, over many interleavings (a property test): two servers never
run one table, a released lease is never renewed, a save under an epoch no longer current is
refused and changes nothing.

Three stores (three servers, one loop) take, renew, save, release and forget tables, and time
passes, in orders Hypothesis chooses; no store runs anything by itself (its writes are flushed
and its leases renewed only when a step says so), so a step may leave a store's writes waiting
or its leases unrenewed as a paused or slow server would.
"""

from __future__ import annotations

import asyncio
import itertools
import time
from collections.abc import Iterator
from typing import Any

import psycopg
import pytest
from cluster_parts import running_postgres
from hypothesis import settings
from hypothesis import strategies as st
from hypothesis.stateful import RuleBasedStateMachine, invariant, rule

from game.net.pgstore import PgStore
from game.net.protocol import Settings
from game.net.store import Busy, Claimed
from game.net.table import HostedTable
from tools.cluster import Postgres

pytestmark = pytest.mark.cluster


@pytest.fixture(scope="module")
def postgres() -> Iterator[Postgres]:
    """One PostgreSQL for these tests."""
    with running_postgres() as database:
        yield database

LEASE = 0.6
"""The stores' leases here (seconds): a step of waiting may let one lapse."""
CODES = ("LEASEAAA", "LEASEBBB")
SERVERS = 3


class Events:
    """What a store tells its server, noted."""

    def __init__(self) -> None:
        """Nothing yet."""
        self.lost_codes: list[str] = []
        self.saves: list[tuple[str, str | None]] = []

    def saved(self, code: str, failed: str | None) -> None:
        """A save was written, or why not."""
        self.saves.append((code, failed))

    def lost(self, code: str) -> None:
        """A table was lost."""
        self.lost_codes.append(code)

    def hand_off(self, code: str) -> None:
        """Asked for a table (nothing to do here)."""


def table(code: str, marker: int) -> HostedTable:
    """A table whose saved state carries ``marker`` (its first seat's name)."""
    made = HostedTable(code, Settings(seats=3), 0.0)
    made.seats[0].name = f"M{marker}"
    return made


class Leases(RuleBasedStateMachine):
    """Three servers' stores over two tables, stepped in any order."""

    url = ""

    def __init__(self) -> None:
        super().__init__()
        self.loop = asyncio.new_event_loop()
        self.stores = [PgStore(self.url, LEASE, name=f"server{i}") for i in range(SERVERS)]
        self.events = [Events() for _ in range(SERVERS)]
        self.released: set[tuple[str, str, int]] = set()
        """(server, code, epoch) of every lease let go."""
        self.markers = itertools.count(1)
        self.run(self._setup())

    def run(self, job: Any) -> Any:
        return self.loop.run_until_complete(job)

    async def _setup(self) -> None:
        for store, note in zip(self.stores, self.events, strict=True):
            await store.connect(note)
        ask = self.stores[0]._conns["ask"]
        await ask.execute("DELETE FROM farmer_tables WHERE code = ANY(%s)", (list(CODES),))
        # Each table made by server 0, as a create would.
        for code in CODES:
            self.stores[0].opened(code, "127.0.0.1")
            self.stores[0].save(table(code, 0))
        await self.stores[0].flush()

    def teardown(self) -> None:
        async def close() -> None:
            for store in self.stores:
                store._writes = asyncio.Queue()  # what waits is dropped, as a dead server's would be
                for conn in store._conns.values():
                    await conn.close()

        self.run(close())
        self.loop.close()

    def now(self) -> float:
        return self.loop.time()

    async def row(self, code: str) -> tuple[str | None, int, bool, str]:
        """The table's row: owner, epoch, whether its lease is live (the database's clock), state."""
        cur = await self.stores[0]._conns["ask"].execute(
            "SELECT owner, epoch, lease_until > now(), state FROM farmer_tables WHERE code = %s", (code,))
        found = await cur.fetchone()
        assert found is not None
        owner = None if found[0] is None else str(found[0])
        return owner, int(str(found[1])), bool(found[2]), str(found[3])

    # ------------------------------------------------------------------ steps

    @rule(server=st.integers(0, SERVERS - 1), code=st.sampled_from(CODES))
    def claim(self, server: int, code: str) -> None:
        store = self.stores[server]
        owner, epoch, live, _ = self.run(self.row(code))
        got = self.run(store.claim(code, self.now(), lambda t: None))
        if isinstance(got, Claimed):
            # Taken only from nobody, from itself, or from a lapsed lease.
            assert owner is None or owner == store.name or not live
            assert store.held[code] == epoch + 1
        else:
            assert isinstance(got, Busy)
            assert got.owner != store.name

    @rule(server=st.integers(0, SERVERS - 1))
    def renew(self, server: int) -> None:
        self.run(self.stores[server].renew())

    @rule(server=st.integers(0, SERVERS - 1), code=st.sampled_from(CODES))
    def save(self, server: int, code: str) -> None:
        store = self.stores[server]
        if code not in store.held:
            return
        before = self.run(self.row(code))
        epoch = store.held[code]
        marker = next(self.markers)
        store.save(table(code, marker))
        self.run(store.flush())
        after = self.run(self.row(code))
        written = f'"M{marker}"' in after[3]
        # Written only under the current epoch with a live lease; anything else changes nothing.
        current = before[0] == store.name and before[1] == epoch and before[2]
        if written:
            assert before[0] == store.name and before[1] == epoch and before[2]
        else:
            assert after[3] == before[3]
            assert not current or not after[2]

    @rule(server=st.integers(0, SERVERS - 1), code=st.sampled_from(CODES))
    def release(self, server: int, code: str) -> None:
        store = self.stores[server]
        epoch = store.held.get(code)
        if epoch is None:
            return
        store.let_go(code)
        self.run(store.flush())
        self.released.add((store.name, code, epoch))

    @rule(server=st.integers(0, SERVERS - 1), code=st.sampled_from(CODES))
    def save_late(self, server: int, code: str) -> None:
        """A save queued under an epoch already given up (a paused server's, written late)."""
        store = self.stores[server]
        gone = [e for (name, c, e) in self.released if name == store.name and c == code]
        if not gone or code in store.held:
            return
        before = self.run(self.row(code))
        store.held[code] = max(gone)
        store.save(table(code, next(self.markers)))
        store.held.pop(code, None)
        self.run(store.flush())
        assert self.run(self.row(code))[3] == before[3]

    @rule(server=st.integers(0, SERVERS - 1), code=st.sampled_from(CODES))
    def renew_late(self, server: int, code: str) -> None:
        """A renewal of a lease already let go (asked before the release, answered after it)."""
        store = self.stores[server]
        gone = [e for (name, c, e) in self.released if name == store.name and c == code]
        if not gone or code in store.held:
            return
        store.held[code] = max(gone)
        self.run(store.renew())
        assert code not in store.held, "a released lease was renewed"

    @rule(share=st.sampled_from([0.3, 0.6, 1.1]))
    def wait(self, share: float) -> None:
        time.sleep(LEASE * share)

    # ------------------------------------------------------------------ what always holds

    @invariant()
    def one_running_owner(self) -> None:
        for code in CODES:
            running = [s for s in self.stores if s.holds(code, self.now())]
            assert len(running) <= 1, f"{code} run by {[s.name for s in running]}"
            if running:
                # Whoever believes it runs the table holds it in the database too, lease live.
                owner, epoch, live, _ = self.run(self.row(code))
                assert (owner, epoch, live) == (running[0].name, running[0].held[code], True)

    @invariant()
    def released_never_renewed(self) -> None:
        for name, code, epoch in self.released:
            owner, current, _, _ = self.run(self.row(code))
            assert not (owner == name and current == epoch), f"{name} still holds {code} at epoch {epoch}"
            store = next(s for s in self.stores if s.name == name)
            assert store.held.get(code) != epoch


def test_the_lease_holds_over_many_interleavings(postgres: Postgres) -> None:
    Leases.url = postgres.url
    runner = Leases.TestCase
    runner.settings = settings(max_examples=40, stateful_step_count=20, deadline=None)
    runner().runTest()


def test_two_servers_claiming_at_once_one_wins(postgres: Postgres) -> None:
    async def main() -> list[object]:
        stores = [PgStore(postgres.url, 5.0, name=f"racer{i}") for i in range(8)]
        for store in stores:
            await store.connect(Events())
        try:
            await stores[0]._conns["ask"].execute("DELETE FROM farmer_tables WHERE code = 'RACECODE'")
            stores[0].opened("RACECODE", "127.0.0.1")
            stores[0].save(table("RACECODE", 0))
            await stores[0].flush()
            stores[0].let_go("RACECODE")
            await stores[0].flush()
            return list(await asyncio.gather(*(s.claim("RACECODE", 0.0, lambda t: None) for s in stores[1:])))
        finally:
            for store in stores:
                for conn in store._conns.values():
                    await conn.close()

    got = asyncio.run(main())
    assert sum(isinstance(g, Claimed) for g in got) == 1
    assert sum(isinstance(g, Busy) for g in got) == len(got) - 1


def test_the_schema_is_made_once_by_servers_starting_together(postgres: Postgres) -> None:
    async def main() -> None:
        stores = [PgStore(postgres.url, 5.0) for _ in range(4)]
        await asyncio.gather(*(s.connect(Events()) for s in stores))
        for store in stores:
            for conn in store._conns.values():
                await conn.close()

    asyncio.run(main())
    with psycopg.connect(postgres.url) as conn:
        assert conn.execute("SELECT count(*) FROM farmer_tables WHERE false").fetchone() == (0,)
