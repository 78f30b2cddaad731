"""Three servers behind HAProxy sharing their tables in PostgreSQL, played through the proxy by
bots (the window's own link), with a spectator; the table's server is killed, or paused past its
lease, in the middle of a deal.

What must hold: every seat comes back through the proxy within the lease time + 2 s; no chip is
lost or doubled (the interrupted deal is dealt again from the last deal boundary, and every
member is sent that deal's start again); a paused server, resumed, lets the table go and writes
nothing more to it; a table another live server runs is handed over.
"""

from __future__ import annotations

import asyncio
import signal
import urllib.error
import urllib.request
from collections.abc import Iterator
from dataclasses import dataclass, field

import pytest
from cluster_parts import LEASE_SECONDS, running_cluster

from game.net.bot import Bot
from game.net.codes import CloseCode
from game.net.protocol import Closed, TableList, Update, Welcome
from game.rules.events import DealStarted
from game.rules.phase import Phase
from tools.cluster import Cluster, ServerProcess

pytestmark = pytest.mark.cluster

SEATS = 6
CHIPS = 100


@pytest.fixture
def cluster() -> Iterator[Cluster]:
    """PostgreSQL, three servers and HAProxy, fresh for the test."""
    with running_cluster() as running:
        yield running


@dataclass
class Seated:
    """A table played through the proxy: four people (bots), the AI's two seats, a spectator."""

    code: str
    people: list[Bot]
    spectator: Bot
    tasks: list[asyncio.Task[None]] = field(default_factory=list)

    @property
    def everyone(self) -> list[Bot]:
        return [*self.people, self.spectator]

    async def close(self) -> None:
        for bot in self.everyone:
            await bot.close()
        await asyncio.gather(*self.tasks, return_exceptions=True)


async def until(check: object, limit: float, what: str) -> None:
    """Wait until ``check()`` holds, for at most ``limit`` seconds."""
    assert callable(check)
    loop = asyncio.get_running_loop()
    end = loop.time() + limit
    while not check():
        assert loop.time() < end, f"timed out waiting for {what}"
        await asyncio.sleep(0.02)


async def seat_a_table(cluster: Cluster) -> Seated:
    """Open a table through the proxy, seat four bots and a spectator, start it."""
    people = [Bot(cluster.url, name, think=0.02) for name in ("Ann", "Bob", "Cy", "Di")]
    spectator = Bot(cluster.url, "Eve")
    seated = Seated("", people, spectator)
    seated.tasks = [asyncio.create_task(bot.run()) for bot in seated.everyone]
    host = people[0]
    host.create({"seats": SEATS, "deals": 60, "pause_seconds": 1, "chips": CHIPS})
    await asyncio.wait_for(host.welcomed.wait(), 10)
    code = host.link.table
    assert code is not None
    seated.code = code
    for bot in people[1:]:
        bot.join(code)
        await asyncio.wait_for(bot.welcomed.wait(), 15)
    spectator.watch(code)
    await asyncio.wait_for(spectator.welcomed.wait(), 15)
    # The host's first connection (no code yet) may have been to another server: it is back.
    await until(lambda: host.link.connected and host.link.table == code, 15, "the host seated")
    host.start()
    return seated


def welcomes(bot: Bot) -> int:
    return sum(isinstance(m, Welcome) for m in bot.messages)


def mid_deal(bot: Bot, after: int) -> bool:
    """Whether ``bot``'s view is in the middle of a deal numbered above ``after``."""
    view = bot.view
    return view is not None and view.deal_no > after and view.phase in (Phase.AUCTION, Phase.PLAY)


def chips_between(bot: Bot) -> dict[int, tuple[int, ...]]:
    """Every seat's chips after each deal settled, as ``bot`` was sent them."""
    seen: dict[int, tuple[int, ...]] = {}
    for message in bot.messages:
        if isinstance(message, Update) and message.view.phase is Phase.BETWEEN:
            seen[message.view.deal_no] = message.view.chips
    return seen


def first_sync_after(bot: Bot, start: int) -> Update:
    """The first whole state ``bot`` was sent from its message ``start`` on."""
    return next(m for m in bot.messages[start:] if isinstance(m, Update) and m.sync)


async def everyone_back(seated: Seated, before: dict[int, int], limit: float) -> float:
    """Wait until every member was welcomed again (each seat taken back with its token); seconds taken."""
    loop = asyncio.get_running_loop()
    began = loop.time()
    await until(lambda: all(welcomes(b) > before[id(b)] for b in seated.everyone), limit, "every seat back")
    return loop.time() - began


def restarts(bot: Bot, mark: int) -> list[DealStarted]:
    """The deals ``bot`` was told started from its message ``mark`` on."""
    return [e for m in bot.messages[mark:] if isinstance(m, Update) for e in m.events
            if isinstance(e, DealStarted)]


async def check_the_deal_dealt_again(seated: Seated, marks: dict[int, int], interrupted: int,
                                     settled: dict[int, tuple[int, ...]]) -> None:
    """Every member is sent the interrupted deal's start again, from the chips of the deal before."""
    await until(lambda: all(restarts(b, marks[id(b)]) for b in seated.everyone), 15, "the deal dealt again")
    for bot in seated.everyone:
        sync = first_sync_after(bot, marks[id(bot)])
        view = sync.view
        # Chips conserved: no chip lost or doubled, whatever the kill interrupted.
        assert sum(view.chips) + view.farm == SEATS * CHIPS
        if view.phase is Phase.BETWEEN:
            # Taken up before the interrupted deal: the chips the deal before left.
            assert view.deal_no == interrupted - 1
            assert view.chips == settled[interrupted - 1]
        again = restarts(bot, marks[id(bot)])
        assert again[0].deal == interrupted, (bot.name, again[:1], interrupted)
        assert sync.history is not None and sync.history[-1] == settled[interrupted - 1]
        # Told in words on every screen: the sync says which deal is dealt again.
        assert sync.redealt == interrupted, (bot.name, sync.redealt, interrupted)


def test_a_tables_server_killed_mid_deal_every_seat_is_back_within_the_lease(cluster: Cluster) -> None:
    async def main() -> None:
        seated = await seat_a_table(cluster)
        try:
            host = seated.people[0]
            await until(lambda: mid_deal(host, 1), 60, "a second deal under way")
            owner, epoch = cluster.owner_of(seated.code)
            assert owner is not None
            interrupted = host.view.deal_no if host.view is not None else -1
            settled = chips_between(host)
            before = {id(b): welcomes(b) for b in seated.everyone}
            marks = {id(b): len(b.messages) for b in seated.everyone}
            owner.signal(signal.SIGKILL)
            taken = await everyone_back(seated, before, LEASE_SECONDS + 2.0)
            print(f"every seat back {taken:.2f} s after the kill (lease {LEASE_SECONDS:g} s)")
            now_owner, now_epoch = cluster.owner_of(seated.code)
            assert now_owner is not None and now_owner is not owner
            assert now_epoch == epoch + 1
            await until(lambda: all(any(isinstance(m, Update) and m.sync for m in b.messages[marks[id(b)]:])
                                    for b in seated.everyone), 5, "every member's whole state")
            await check_the_deal_dealt_again(seated, marks, interrupted, settled)
            # The game goes on there: another deal is settled, chips still whole.
            await until(lambda: host.view is not None and host.view.deal_no > interrupted, 60,
                        "the next deal")
            assert host.view is not None and sum(host.view.chips) + host.view.farm == SEATS * CHIPS
        finally:
            await seated.close()

    asyncio.run(main())


def test_a_server_paused_past_its_lease_lets_the_table_go_and_writes_nothing(cluster: Cluster) -> None:
    async def main() -> None:
        seated = await seat_a_table(cluster)
        try:
            host = seated.people[0]
            await until(lambda: mid_deal(host, 1), 60, "a second deal under way")
            paused, epoch = cluster.owner_of(seated.code)
            assert paused is not None
            interrupted = host.view.deal_no if host.view is not None else -1
            settled = chips_between(host)
            before = {id(b): welcomes(b) for b in seated.everyone}
            marks = {id(b): len(b.messages) for b in seated.everyone}
            paused.signal(signal.SIGSTOP)
            try:
                await everyone_back(seated, before, LEASE_SECONDS + 2.0)
                taker, taken_epoch = cluster.owner_of(seated.code)
                assert taker is not None and taker is not paused and taken_epoch == epoch + 1
                await check_the_deal_dealt_again(seated, marks, interrupted, settled)
                # Play on at the new server past a deal boundary (a save under the new epoch).
                await until(lambda: host.view is not None and host.view.deal_no > interrupted, 60,
                            "a deal there")
            finally:
                paused.signal(signal.SIGCONT)
            # Resumed, the paused server finds its hold lapsed and lets the table go, writing nothing.
            assert paused.log is not None
            await until(lambda: f"table {seated.code} no longer runs here" in paused.log.read_text()
                        if paused.log else False, 2 * LEASE_SECONDS, "the paused server letting go")
            assert cluster.owner_of(seated.code) == (taker, taken_epoch)
            closed = [m for b in seated.everyone for m in b.messages[marks[id(b)]:]
                      if isinstance(m, Closed) and m.code == CloseCode.MOVED]
            assert not [m for m in closed if "lapsed" in m.reason], "someone heard from the paused server"
            deal = host.view.deal_no if host.view is not None else -1
            await until(lambda: host.view is not None and host.view.deal_no > deal, 60, "play going on")
            assert host.view is not None and sum(host.view.chips) + host.view.farm == SEATS * CHIPS
        finally:
            await seated.close()

    asyncio.run(main())


async def open_and_join(cluster: Cluster, server: ServerProcess) -> bool:
    """A table opened on ``server`` directly (as a window sent past the proxy would), then joined
    through the proxy (on the server its code leads to); whether it was handed over between them.
    Both end seated at one server."""
    host, guest = Bot(f"ws://127.0.0.1:{server.port}", "Ann"), Bot(cluster.url, "Bob")
    tasks = [asyncio.create_task(b.run()) for b in (host, guest)]
    try:
        host.create({"seats": 3})
        await asyncio.wait_for(host.welcomed.wait(), 10)
        host.link.url = cluster.url  # from now on, through the proxy as every client
        code = host.link.table
        assert code is not None
        await until(lambda: cluster.owner_of(code)[0] is not None, 5, "the table's row")
        made_on = cluster.owner_of(code)[0]
        assert made_on is server
        guest.join(code)
        await asyncio.wait_for(guest.welcomed.wait(), 10)
        handed = cluster.owner_of(code)[0] is not made_on
        if handed:
            # The host was sent on (4005) and took its seat back there with its token.
            await until(lambda: welcomes(host) == 2 and host.link.connected, 10, "the host back")
            assert any(isinstance(m, Closed) and m.code == CloseCode.MOVED for m in host.messages)

        def both_here() -> bool:
            info = host.table
            return info is not None and sum(s.connected for s in info.seats) == 2

        await until(both_here, 10, "both seated at one server")
        return handed
    finally:
        for bot in (host, guest):
            await bot.close()
        await asyncio.gather(*tasks, return_exceptions=True)


def test_a_table_not_started_is_handed_over_at_once_to_the_server_its_people_reach(cluster: Cluster) -> None:
    async def main() -> int:
        # A table's random code leads to one of the three: made on another, it is handed over. A
        # code leads back to the server it was made on one time in three, so all three tables of a
        # round may stay put (one round in about 27): another round then opens three more.
        handed = 0
        for _round in range(3):
            handed += sum([await open_and_join(cluster, server) for server in cluster.servers])
            if handed:
                break
        return handed

    assert asyncio.run(main()) >= 1


async def created_through_the_proxy(cluster: Cluster) -> tuple[ServerProcess | None, ServerProcess | None]:
    """A table opened through the proxy and joined through it: the server it was made on, and the
    one it runs on after the join."""
    host, guest = Bot(cluster.url, "Ann"), Bot(cluster.url, "Bob")
    tasks = [asyncio.create_task(b.run()) for b in (host, guest)]
    try:
        host.create({"seats": 3})
        await asyncio.wait_for(host.welcomed.wait(), 10)
        code = host.link.table
        assert code is not None
        await until(lambda: cluster.owner_of(code)[0] is not None, 5, "the table's row")
        made_on = cluster.owner_of(code)[0]
        guest.join(code)
        await asyncio.wait_for(guest.welcomed.wait(), 10)
        assert welcomes(host) == 1 and not any(isinstance(m, Closed) for m in host.messages)
        return made_on, cluster.owner_of(code)[0]
    finally:
        for bot in (host, guest):
            await bot.close()
        await asyncio.gather(*tasks, return_exceptions=True)


def test_a_table_opened_through_the_proxy_is_made_where_its_code_leads(cluster: Cluster) -> None:
    async def main() -> list[tuple[ServerProcess | None, ServerProcess | None]]:
        return [await created_through_the_proxy(cluster) for _ in range(10)]

    placed = asyncio.run(main())
    # The creator's URL proposed the code: nothing to hand over when the guest comes.
    assert all(made is ran and made is not None for made, ran in placed)
    assert len({id(made) for made, _ in placed}) > 1, "every table on one server"


def healthy(port: int) -> int:
    """A server's ``/healthz`` status (0: no answer)."""
    try:
        with urllib.request.urlopen(f"http://127.0.0.1:{port}/healthz", timeout=2) as answer:
            return int(answer.status)
    except urllib.error.HTTPError as exc:
        return int(exc.code)
    except OSError:
        return 0


def test_with_postgresql_down_the_servers_stop_and_say_so_then_the_table_resumes(cluster: Cluster) -> None:
    async def main() -> None:
        seated = await seat_a_table(cluster)
        try:
            host = seated.people[0]
            await until(lambda: mid_deal(host, 0), 60, "a deal under way")
            loop = asyncio.get_running_loop()
            await loop.run_in_executor(None, cluster.postgres.stop)
            # No server can be sure of its leases: each stops running its tables, and says so.
            await until(lambda: all(healthy(s.port) == 503 for s in cluster.servers), 3 * LEASE_SECONDS,
                        "every server unhealthy")
            await until(lambda: all(not b.link.connected for b in seated.everyone), 3 * LEASE_SECONDS,
                        "the table's people cut off")
            before = {id(b): welcomes(b) for b in seated.everyone}
            await loop.run_in_executor(None, cluster.postgres.resume)
            await everyone_back(seated, before, 6 * LEASE_SECONDS)
            await until(lambda: host.view is not None and any(
                isinstance(m, Update) and m.sync for m in host.messages[-50:]), 5, "the whole state")
            assert host.view is not None and sum(host.view.chips) + host.view.farm == SEATS * CHIPS
            deal = host.view.deal_no
            await until(lambda: host.view is not None and host.view.deal_no > deal, 60, "play going on")
        finally:
            await seated.close()

    asyncio.run(main())


def test_a_server_back_after_a_kill_gets_its_tables_handed_back_at_a_deals_end(cluster: Cluster) -> None:
    async def main() -> None:
        seated = await seat_a_table(cluster)
        try:
            host = seated.people[0]
            await until(lambda: mid_deal(host, 0), 60, "a deal under way")
            first, _ = cluster.owner_of(seated.code)
            assert first is not None and first.log is not None
            before = {id(b): welcomes(b) for b in seated.everyone}
            first.signal(signal.SIGKILL)
            await everyone_back(seated, before, LEASE_SECONDS + 2.0)
            taker, taken_epoch = cluster.owner_of(seated.code)
            assert taker is not None and taker is not first
            # The server comes back on its port: the proxy's hash leads the table's code to it again.
            loop = asyncio.get_running_loop()
            first.proc = None
            await loop.run_in_executor(None, first.start, first.log)
            await until(lambda: healthy(first.port) == 200, 10, "the server back")
            await asyncio.sleep(3.0)  # the proxy's checks see it up (rise 2, every second)
            marks = {id(b): len(b.messages) for b in seated.everyone}
            before = {id(b): welcomes(b) for b in seated.everyone}
            late = Bot(cluster.url, "Late")  # someone new comes through the proxy: to the server back
            late_task = asyncio.create_task(late.run())
            try:
                late.watch(seated.code)
                await asyncio.wait_for(late.welcomed.wait(), 60)
                assert cluster.owner_of(seated.code) == (first, taken_epoch + 1)
                await everyone_back(seated, before, 10)
                for bot in seated.everyone:
                    moved = [m for m in bot.messages[marks[id(bot)]:] if isinstance(m, Closed)]
                    assert moved and moved[0].code == CloseCode.MOVED, (bot.name, moved[:1])
                    sync = first_sync_after(bot, marks[id(bot)])
                    # Handed over between deals: nothing dealt again, nothing lost.
                    assert sync.redealt is None
                    assert sync.view.phase is not Phase.AUCTION and sync.view.phase is not Phase.PLAY
                    assert sum(sync.view.chips) + sync.view.farm == SEATS * CHIPS
            finally:
                await late.close()
                await asyncio.gather(late_task, return_exceptions=True)
        finally:
            await seated.close()

    asyncio.run(main())


def test_a_server_stopped_cleanly_releases_its_tables_for_another_at_once(cluster: Cluster) -> None:
    async def main() -> None:
        seated = await seat_a_table(cluster)
        try:
            host = seated.people[0]
            await until(lambda: mid_deal(host, 0), 60, "a deal under way")
            owner, epoch = cluster.owner_of(seated.code)
            assert owner is not None
            before = {id(b): welcomes(b) for b in seated.everyone}
            await asyncio.get_running_loop().run_in_executor(None, owner.stop)
            assert not owner.killed, f"the server did not stop cleanly in time; its log:\n{owner.log_tail()}"
            # Released, not left to lapse: whoever comes next takes it without waiting for the lease.
            assert cluster.owner_of(seated.code)[0] is not owner
            await everyone_back(seated, before, LEASE_SECONDS + 2.0)
            assert cluster.owner_of(seated.code)[1] == epoch + 1
            assert owner.log is not None and "stopped after" in owner.log.read_text()
        finally:
            await seated.close()

    asyncio.run(main())


def test_the_tables_per_address_are_counted_on_every_server_by_the_address_the_proxy_says(
        cluster: Cluster) -> None:
    async def open_one(address: str) -> tuple[Bot, asyncio.Task[None]]:
        bot = Bot(cluster.url, "Ann", local_host=address)
        task = asyncio.create_task(bot.run())
        bot.create({"seats": 3, "public": True})
        await until(lambda: bot.welcomed.is_set() or bool(bot.errors), 10, "an answer")
        return bot, task

    async def main() -> None:
        opened = [await open_one("127.0.0.9") for _ in range(10)]
        try:
            owners = {id(cluster.owner_of(b.link.table or "")[0]) for b, _ in opened}
            assert all(b.welcomed.is_set() for b, _ in opened)
            assert len(owners) > 1, "the ten tables all on one server"
            # The eleventh from that address is refused, whichever server it reaches...
            refused, task = await open_one("127.0.0.9")
            opened.append((refused, task))
            assert not refused.welcomed.is_set() and refused.errors[0].code == "server_full"
            # ...while another address behind the same proxy opens its own.
            other, task = await open_one("127.0.0.10")
            opened.append((other, task))
            assert other.welcomed.is_set()
            # The list shows every server's public tables.
            lister = Bot(cluster.url, "Lou")
            listed: list[object] = []
            lister.link.on_message = lambda m: listed.append(m)
            lister_task = asyncio.create_task(lister.link.run())
            lister.link.send({"type": "list", "version": 1})
            await until(lambda: any(isinstance(m, TableList) for m in listed), 10, "the list")
            table_list = next(m for m in listed if isinstance(m, TableList))
            codes = {str(t.get("code")) for t in table_list.tables}
            assert {b.link.table for b, _ in opened if b.link.table} <= codes
            await lister.link.close()
            await asyncio.gather(lister_task, return_exceptions=True)
        finally:
            for bot, _ in opened:
                await bot.close()
            await asyncio.gather(*(t for _, t in opened), return_exceptions=True)

    asyncio.run(main())
