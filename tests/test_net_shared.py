"""A server sharing its tables with others, against an in-memory shared store (no database):
a table lost to another server, asked for by another, or whose lease may have lapsed is let go
and its people sent on (4005) to reconnect with their tokens; a table the store holds is taken
up when its people come; psycopg is imported only by a server given ``--store``."""

from __future__ import annotations

import asyncio
import json
import signal
import subprocess
import sys
import time
from collections.abc import Callable
from pathlib import Path

import pytest
from helpers.sockets import ask, closed_code, create, read_until

from game.net.admission import ServerConfig
from game.net.cli import config_of, parse_args
from game.net.client import open_connection
from game.net.codes import CloseCode
from game.net.protocol import opening_message
from game.net.server import Server
from game.net.store import Busy, Claimed, StoreEvents
from game.net.table import HostedTable
from tools import cluster

ROOT = Path(__file__).resolve().parent.parent


class MemoryStore:
    """A shared store in memory: rows of saved tables, this server's leases, what it was asked."""

    name = "here"
    lease_seconds = 5.0

    def __init__(self) -> None:
        """Nothing kept."""
        self.rows: dict[str, str] = {}
        self.held: set[str] = set()
        self.owners: dict[str, str] = {}
        """Tables another server holds (Busy)."""
        self.valid = True
        self.released: list[str] = []
        self.asked: list[tuple[str, str]] = []
        self.events: StoreEvents | None = None

    async def open(self, events: StoreEvents) -> None:
        self.events = events

    async def close(self) -> None:
        self.released.extend(self.held)
        self.held.clear()

    @property
    def reachable(self) -> bool:
        return True

    def holds(self, code: str, now: float) -> bool:
        return code in self.held and self.valid

    def opened(self, code: str, address: str) -> None:
        self.held.add(code)

    def save(self, table: HostedTable) -> str | None:
        if table.code not in self.held:
            return "not held"
        self.rows[table.code] = json.dumps(table.to_json())
        asyncio.get_running_loop().call_soon(self._answer, table.code)
        return None

    def _answer(self, code: str) -> None:
        if self.events is not None:
            self.events.saved(code, None)

    def delete(self, code: str) -> None:
        self.rows.pop(code, None)
        self.held.discard(code)

    def load_all(self, now: float, save: Callable[[HostedTable], None] | None = None) -> list[HostedTable]:
        return []

    def let_go(self, code: str) -> None:
        self.held.discard(code)
        self.released.append(code)

    def forget(self, code: str) -> None:
        self.held.discard(code)

    async def claim(
        self, code: str, now: float, save: Callable[[HostedTable], None]
    ) -> Claimed | Busy | None:
        if code in self.owners:
            return Busy(self.owners[code])
        if code not in self.rows:
            return None
        self.held.add(code)
        return Claimed(HostedTable.from_json(json.loads(self.rows[code]), now, save))

    async def ask_for(self, owner: str, code: str) -> None:
        self.asked.append((owner, code))

    async def public_tables(self) -> list[dict[str, object]]:
        return [{"code": "ELSEWHRE", "rules": "foster", "seats": 3, "open_seats": 2, "started": False,
                 "over": False}]

    async def tables_opened_by(self, address: str) -> int:
        return 10 if address == "127.0.0.9" else 0


async def serving(store: MemoryStore, **config: object) -> tuple[Server, str]:
    server = Server(ServerConfig(port=0, **config), shared=store)  # type: ignore[arg-type]
    return server, f"ws://127.0.0.1:{await server.start()}"


def test_a_table_lost_to_another_server_sends_its_people_on_with_4005() -> None:
    async def main() -> None:
        store = MemoryStore()
        server, url = await serving(store)
        host, code = await create(url, {"seats": 3})
        assert code in store.held and code in store.rows
        store.events.lost(code)  # type: ignore[union-attr]
        assert await closed_code(host) == CloseCode.MOVED
        assert code not in server.tables
        assert code in store.rows, "a table lost is not deleted: its new server runs it"
        await server.close()

    asyncio.run(main())


def test_a_table_not_started_asked_for_is_saved_released_and_its_people_sent_on() -> None:
    async def main() -> None:
        store = MemoryStore()
        server, url = await serving(store)
        host, code = await create(url, {"seats": 3})
        store.events.hand_off(code)  # type: ignore[union-attr]
        assert await closed_code(host) == CloseCode.MOVED
        assert store.released == [code]
        assert code not in server.tables
        assert json.loads(store.rows[code])["seats"][0]["name"] == "Anne"
        await server.close()

    asyncio.run(main())


def test_a_table_asked_for_mid_deal_is_handed_over_at_the_deals_end() -> None:
    async def main() -> None:
        store = MemoryStore()
        server, url = await serving(store)
        host, code = await create(url, {"seats": 3, "turn_seconds": 60})
        await host.send(json.dumps({"type": "start"}))
        await read_until(host, lambda m: m["type"] == "update" and m["view"]["phase"] in ("auction", "play"))
        table = server.tables[code]
        assert table.match is not None and table.match.game.mid_deal
        store.events.hand_off(code)  # type: ignore[union-attr]
        await asyncio.sleep(0.2)
        assert store.released == [] and code in server.tables, "handed over in the middle of a deal"
        # The host gives the seat up: the computer finishes the deal, then the table goes.
        await host.send(json.dumps({"type": "leave"}))
        for _ in range(200):
            if store.released:
                break
            await asyncio.sleep(0.05)
        assert store.released == [code]
        saved = json.loads(store.rows[code])
        assert saved["in_deal"] is False and saved["game"]["log"], "saved at the deal's end"
        await server.close()

    asyncio.run(main())


def test_a_table_whose_lease_may_have_lapsed_is_let_go_before_anything_more_is_played() -> None:
    async def main() -> None:
        store = MemoryStore()
        server, url = await serving(store)
        host, code = await create(url, {"seats": 3})
        saved = store.rows[code]
        store.valid = False  # not renewed in time, by this server's own clock
        await host.send(json.dumps({"type": "start"}))
        assert await closed_code(host) == CloseCode.MOVED
        assert code not in server.tables
        assert store.rows[code] == saved, "played on, and saved, past the lease"
        await server.close()

    asyncio.run(main())


def test_a_table_the_store_holds_is_taken_up_when_its_people_come_one_held_elsewhere_asked_for() -> None:
    async def main() -> None:
        first = MemoryStore()
        server, url = await serving(first)
        _host, code = await create(url, {"seats": 3})
        await server.close()
        # Another server sharing the same rows: someone comes for the table there.
        second = MemoryStore()
        second.rows = dict(first.rows)
        other, url2 = await serving(second)
        ws = await open_connection(url2)
        joined = await ask(ws, opening_message("watch", table=code), "welcome")
        assert joined["type"] == "welcome" and code in other.tables and code in second.held
        # A table another live server holds: its owner is asked, and the connection waits.
        second.owners["BUSYCODE"] = "there"
        waiting = await open_connection(url2)
        await waiting.send(json.dumps(opening_message("watch", table="BUSYCODE")))
        await asyncio.sleep(0.3)
        assert second.asked == [("there", "BUSYCODE")]
        await other.close()

    asyncio.run(main())


def test_the_list_and_the_tables_per_address_come_from_the_shared_store() -> None:
    async def main() -> None:
        store = MemoryStore()
        server, url = await serving(store, tables_per_address=10)
        ws = await open_connection(url)
        listed = await ask(ws, opening_message("list"), "tables")
        assert [t["code"] for t in listed["tables"]] == ["ELSEWHRE"]
        crowded = await open_connection(url, local_host="127.0.0.9")
        refused = await ask(crowded, opening_message("create", name="Zed", settings={"seats": 3}), "welcome")
        assert refused["type"] == "error" and refused["code"] == "server_full"
        await server.close()

    asyncio.run(main())


def test_the_command_line_chooses_the_shared_store_and_its_lease() -> None:
    config = config_of(parse_args(["--store", "postgresql://farmer@db/farmer", "--lease-seconds", "4"]), None)
    assert config.store_url == "postgresql://farmer@db/farmer"
    assert (config.lease_seconds, config.data_dir) == (4.0, None)
    for wrong in (["--store", "mysql://x"], ["--store", "postgresql://x", "--no-save"],
                  ["--store", "postgresql://x", "--data-dir", "/tmp/x"], ["--lease-seconds", "0.1"]):
        with pytest.raises(SystemExit):
            parse_args(wrong)


def test_psycopg_is_imported_only_by_a_server_given_a_store() -> None:
    code = ("import sys, asyncio\n"
            "from game.net.server import Server, ServerConfig\n"
            "async def main():\n"
            "    s = Server(ServerConfig(port=0))\n"
            "    await s.start()\n"
            "    await s.close()\n"
            "asyncio.run(main())\n"
            "print('psycopg' in sys.modules)")
    out = subprocess.run([sys.executable, "-c", code], cwd=ROOT, capture_output=True, text=True, timeout=60)
    assert out.stdout.strip() == "False", out.stderr


def _listening_server(tmp_path: Path) -> subprocess.Popen[str]:
    """A ``farmer-server`` process saving in ``tmp_path``, once it says it listens."""
    proc = subprocess.Popen(
        [sys.executable, "-m", "game.net.server", "--port", "0", "--data-dir", str(tmp_path)],
        stdout=subprocess.PIPE, stderr=subprocess.PIPE, text=True, cwd=ROOT,
    )
    assert proc.stdout is not None and proc.stderr is not None
    assert "listening on" in proc.stdout.readline()
    return proc


def test_sigterm_stops_the_server_cleanly_as_ctrl_c_does(tmp_path: Path) -> None:
    """A service manager's stop (SIGTERM) is a clean stop: a shared store's leases are released."""
    proc = _listening_server(tmp_path)
    proc.terminate()
    assert proc.wait(10) == 0
    assert proc.stderr is not None and "stopped after" in proc.stderr.read()


def test_sigusr1_writes_where_every_thread_is_and_the_server_carries_on(tmp_path: Path) -> None:
    """What a hang is read by: the stacks go to stderr (the log), and the server still stops cleanly."""
    proc = _listening_server(tmp_path)
    proc.send_signal(signal.SIGUSR1)
    time.sleep(0.5)
    assert proc.poll() is None, "SIGUSR1 stopped the server"
    proc.terminate()
    assert proc.wait(10) == 0
    assert proc.stderr is not None
    err = proc.stderr.read()
    assert "Current thread" in err and "run_forever" in err
    assert "stopped after" in err


def test_the_cluster_harness_stops_a_server_cleanly_even_one_started_with_sigint_ignored(
        tmp_path: Path) -> None:
    """A shell's background job starts its commands with SIGINT ignored (``make cluster-test &``):
    the harness's clean stop must still stop the server cleanly, not wait and kill it."""
    server = cluster.ServerProcess(cluster.free_port(), None, 3.0)
    saved = signal.signal(signal.SIGINT, signal.SIG_IGN)  # inherited by the server, as from a shell
    try:
        server.start(tmp_path / "server.log")
    finally:
        signal.signal(signal.SIGINT, saved)
    try:
        started = time.monotonic()
        server.stop()
        assert not server.killed, server.log_tail()
        assert time.monotonic() - started < cluster.STOP_SECONDS
        assert "stopped after" in server.log_tail()
    finally:
        if server.proc is not None and server.proc.poll() is None:
            server.proc.kill()
