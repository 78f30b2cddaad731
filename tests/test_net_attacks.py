"""A stranger attacking the host over real sockets on 127.0.0.1: a table that would hold the loop,
tables and connections opened to use up the slots, garbage that would slow the honest players,
a folder that cannot be written, bad saved files, private tables and seats, guessed codes."""

from __future__ import annotations

import asyncio
import json
import os
import time
from pathlib import Path

import pytest
from helpers.sockets import ask, closed_code, create, read_until, until
from websockets.asyncio.client import ClientConnection, connect

from game.net.client import open_connection
from game.net.codes import CloseCode
from game.net.protocol import (
    MAX_WRONG_CODES_PER_MINUTE,
    opening_message,
)
from game.net.server import Server, ServerConfig
from game.net.table import WATCH_PACE_SECONDS

# ---------------------------------------------------------------- the loop


def test_an_ai_only_table_with_a_spectator_never_holds_the_loop_and_plays_at_a_watchable_pace() -> None:
    async def main() -> None:
        server = Server(ServerConfig(port=0))
        url = f"ws://127.0.0.1:{await server.start()}"
        # The attack: ten AI seats, no limit of deals, the most chips, no pause; a watcher; the host leaves.
        host, code = await create(url, {"seats": 10, "deals": None, "minutes": 1, "chips": 10000,
                                         "pause_seconds": 0, "ai": "expert"})
        watcher = await open_connection(url)
        await ask(watcher, opening_message("watch", table=code), "welcome")
        await host.send(json.dumps({"type": "start"}))
        await host.send(json.dumps({"type": "leave"}))
        sizes: list[int] = []
        events = [0]

        async def watch() -> None:
            async for data in watcher:
                sizes.append(len(data))
                msg = json.loads(data)
                if msg["type"] == "update":
                    events[0] += len(msg["events"])

        reading = asyncio.create_task(watch())
        # An honest table beside it: its pings are answered at once all along.
        honest, _code = await create(url, {"seats": 3})
        worst = 0.0
        loop = asyncio.get_running_loop()
        for i in range(20):
            sent = loop.time()
            await honest.send(json.dumps({"type": "ping", "ref": i}))
            await read_until(honest, lambda m: m["type"] == "pong")
            worst = max(worst, loop.time() - sent)
            await asyncio.sleep(0.15)
        seconds = 20 * 0.15
        assert worst < 0.1, f"a ping waited {worst * 1000:.0f} ms"
        # Watchable: about one AI move per pace (each move a few events), never a whole game at once.
        moves_possible = seconds / WATCH_PACE_SECONDS + 2
        assert 0 < events[0] <= moves_possible * 12
        assert max(sizes) < 64 * 1024
        reading.cancel()
        for ws in (watcher, honest):
            await ws.close()
        await server.close()

    asyncio.run(asyncio.wait_for(main(), 60))


def test_a_table_nobody_watches_finishes_its_deal_without_holding_the_loop() -> None:
    async def main() -> None:
        server = Server(ServerConfig(port=0))
        url = f"ws://127.0.0.1:{await server.start()}"
        tables = []
        for _ in range(5):
            host, code = await create(url, {"seats": 10, "deals": 100, "chips": 10000, "pause_seconds": 0})
            await host.send(json.dumps({"type": "start"}))
            await host.close()  # away: the AI plays the deal in progress for them
            tables.append(code)
        honest, _code = await create(url, {"seats": 3})
        loop = asyncio.get_running_loop()
        worst = 0.0
        for i in range(15):
            sent = loop.time()
            await honest.send(json.dumps({"type": "ping", "ref": i}))
            await read_until(honest, lambda m: m["type"] == "pong")
            worst = max(worst, loop.time() - sent)
            await asyncio.sleep(0.05)
        assert worst < 0.1, f"a ping waited {worst * 1000:.0f} ms"
        await honest.close()
        await server.close()

    asyncio.run(asyncio.wait_for(main(), 60))


# ---------------------------------------------------------------- slots


def test_tables_opened_and_abandoned_cannot_fill_the_server() -> None:
    async def main() -> None:
        config = ServerConfig(port=0, max_tables=200, tables_per_address=10, lobby_linger_seconds=2.0)
        server = Server(config)
        url = f"ws://127.0.0.1:{await server.start()}"
        refused = 0
        for _ in range(60):
            ws = await connect(url, compression=None, proxy=None)
            answer = await ask(ws, opening_message("create", name="X", settings={}), "welcome")
            refused += answer["type"] == "error" and answer["code"] == "server_full"
            await ws.close()
        assert len(server.tables) <= config.tables_per_address and refused >= 50
        # Another address is not held back by this one.
        other, _code = await create(url, {}, local_addr=("127.0.0.2", 0))
        # And the abandoned tables go soon, so this address may open a table again.
        await until(lambda: len(server.tables) <= 1, config.lobby_linger_seconds + 5)
        again, _code = await create(url, {})
        for ws in (other, again):
            await ws.close()
        await server.close()

    asyncio.run(asyncio.wait_for(main(), 60))


def test_idle_connections_are_closed_and_do_not_keep_out_the_honest() -> None:
    async def main() -> None:
        server = Server(ServerConfig(port=0, max_clients=100, placeless_seconds=1.0))
        url = f"ws://127.0.0.1:{await server.start()}"

        async def idler() -> ClientConnection | None:
            try:
                ws = await open_connection(url)
                await ws.send(json.dumps(opening_message("list")))
            except Exception:  # dropped in its handshake: opened faster than one address may
                return None
            return ws

        opened = await asyncio.gather(*(idler() for _ in range(150)))
        idle = [ws for ws in opened if ws is not None]
        assert len(idle) <= ServerConfig().connect_burst
        # The oldest gave way to the newest: never more without a place than one address may hold.
        placeless = [c for c in server.connections if c.table is None and c.closing is None]
        assert len(placeless) <= ServerConfig().max_placeless_per_address
        honest, _code = await create(url, {}, local_addr=("127.0.0.3", 0))
        started = time.monotonic()
        limit = server.config.placeless_seconds + 3
        await until(lambda: all(c.table is not None for c in server.connections), limit)
        assert time.monotonic() - started < limit
        codes = await asyncio.gather(*(closed_code(ws, 2) for ws in idle))
        assert all(code in (1008, 1013) for code in codes), codes
        pong = await ask(honest, {"type": "ping"}, "pong")
        assert pong["type"] == "pong"
        await honest.close()
        await server.close()

    asyncio.run(asyncio.wait_for(main(), 60))


def test_one_address_may_hold_only_so_many_connections() -> None:
    async def main() -> None:
        server = Server(ServerConfig(port=0, max_per_address=5))
        url = f"ws://127.0.0.1:{await server.start()}"
        held = [await open_connection(url) for _ in range(5)]
        sixth = await open_connection(url)
        assert await closed_code(sixth) == 1013
        other = await connect(url, compression=None, proxy=None, local_addr=("127.0.0.2", 0))
        answer = await ask(other, opening_message("list"), "tables")
        assert answer["type"] == "tables"
        for ws in [*held, other]:
            await ws.close()
        await server.close()

    asyncio.run(asyncio.wait_for(main(), 30))


def test_below_the_file_limit_the_server_refuses_cleanly_and_says_so_once(tmp_path: Path) -> None:
    import resource
    import socket
    import subprocess
    import sys

    def low_limit() -> None:
        resource.setrlimit(resource.RLIMIT_NOFILE, (160, 160))

    log = tmp_path / "log.txt"
    with log.open("w") as out:
        proc = subprocess.Popen(
            [sys.executable, "-m", "game.net.server", "--port", "0", "--no-save"],
            stdout=subprocess.PIPE, stderr=out, text=True, preexec_fn=low_limit,
        )
    try:
        assert proc.stdout is not None
        line = proc.stdout.readline()
        port = int(line.split("ws://127.0.0.1:")[1].split(" ")[0])
        flood = []
        for i in range(400):
            s = socket.socket()
            try:
                # From ten addresses: under each one's rate of new connections, over the file limit.
                s.bind((f"127.0.3.{1 + i % 10}", 0))
                s.connect(("127.0.0.1", port))
            except OSError:
                s.close()
                break
            flood.append(s)
        time.sleep(1.0)
        for s in flood:
            s.close()

        async def honest() -> str:
            ws = await open_connection(f"ws://127.0.0.1:{port}")
            answer = await ask(ws, opening_message("list"), "tables")
            await ws.close()
            return str(answer["type"])

        deadline = time.monotonic() + 15
        while True:
            try:
                assert asyncio.run(honest()) == "tables"
                break
            except Exception:  # dropped while the flood's sockets are still going
                assert time.monotonic() < deadline
                time.sleep(0.2)
        assert proc.poll() is None
    finally:
        proc.terminate()
        proc.wait(10)
    text = log.read_text()
    assert text.count("ulimit -n") == 1
    assert text.count("out of system resource") <= 1 and "Traceback" not in text


# ---------------------------------------------------------------- saving


def test_a_failed_save_is_told_to_the_table_retried_and_its_temporary_file_cleaned(tmp_path: Path) -> None:
    async def main() -> None:
        (tmp_path / "OLDCRASH.tmp").write_text("half a file")
        server = Server(ServerConfig(port=0, data_dir=tmp_path, save_retry_seconds=0.5))
        assert not (tmp_path / "OLDCRASH.tmp").exists()
        url = f"ws://127.0.0.1:{await server.start()}"
        host, code = await create(url, {"seats": 3})
        saved = tmp_path / f"{code}.json"
        assert saved.exists()
        # The folder fails (the temporary file's place is taken): the next save cannot be written.
        blocker = tmp_path / f"{code}.tmp"
        blocker.mkdir()
        guest = await open_connection(url)
        await ask(guest, opening_message("join", table=code, name="Bea"), "welcome")
        said = await read_until(host, lambda m: m["type"] == "table" and m["table"]["unsaved"])
        assert "message" not in said and "Bea" in json.dumps(said)
        assert "Bea" not in saved.read_text()
        # The server keeps serving, and saves the table as soon as it can.
        pong = await ask(host, {"type": "ping"}, "pong")
        assert pong["type"] == "pong"
        blocker.rmdir()
        await until(lambda: "Bea" in saved.read_text(), 15)
        assert not (await read_until(host, lambda m: m["type"] == "table"))["table"]["unsaved"]
        assert not list(tmp_path.glob("*.tmp"))
        for ws in (host, guest):
            await ws.close()
        await server.close()

    asyncio.run(asyncio.wait_for(main(), 40))


def good_saved_table(folder: Path) -> str:
    """A started table saved in ``folder`` by a real server; its code."""

    async def main() -> str:
        server = Server(ServerConfig(port=0, data_dir=folder))
        url = f"ws://127.0.0.1:{await server.start()}"
        host, code = await create(url, {"seats": 3, "pause_seconds": 60})
        await host.send(json.dumps({"type": "start"}))
        await read_until(host, lambda m: m["type"] == "update")
        await server.close()
        return code

    return asyncio.run(asyncio.wait_for(main(), 20))


def test_bad_saved_files_are_set_aside_and_the_good_one_resumes(tmp_path: Path,
                                                                  caplog: pytest.LogCaptureFixture) -> None:
    code = good_saved_table(tmp_path)
    good = json.loads((tmp_path / f"{code}.json").read_text())
    bad: dict[str, str] = {
        "DEEPDEEP": "[" * 100_000 + "]" * 100_000,
        "NULLNULL": "null",
        "TWICEKEY": json.dumps(good)[:-1] + ', "code": "TWICEKEY"}',
        "HUGENUMB": json.dumps({**good, "code": "HUGENUMB"})[:-1] + ', "more": ' + "9" * 5000 + "}",
    }
    for name, text in bad.items():
        (tmp_path / f"{name}.json").write_text(text)
    stuck = json.loads(json.dumps(good))
    stuck["code"] = "EMPTYLOG"
    stuck["game"]["log"] = [{}]
    (tmp_path / "EMPTYLOG.json").write_text(json.dumps(stuck))
    os.symlink("/dev/zero", tmp_path / "DEVZEROO.json")
    os.symlink("LOOPLOOP.json", tmp_path / "LOOPLOOP.json")  # a symlink loop
    (tmp_path / "AFOLDER_.json").mkdir()
    os.mkfifo(tmp_path / "FIFOFIFO.json")
    with (tmp_path / "TOOLARGE.json").open("wb") as f:
        f.truncate(17 * 1024 * 1024)

    async def main() -> None:
        server = Server(ServerConfig(port=0, data_dir=tmp_path))
        url = f"ws://127.0.0.1:{await asyncio.wait_for(server.start(), 10)}"
        assert list(server.tables) == [code]
        ws = await open_connection(url)
        answer = await ask(ws, opening_message("watch", table=code), "welcome")
        assert answer["type"] == "welcome"
        await ws.close()
        await server.close()

    asyncio.run(asyncio.wait_for(main(), 30))
    for name in [*bad, "EMPTYLOG", "DEVZEROO", "LOOPLOOP", "AFOLDER_", "FIFOFIFO", "TOOLARGE"]:
        assert (tmp_path / f"{name}.bad").exists() or (tmp_path / f"{name}.bad").is_symlink(), name
        assert not os.path.lexists(tmp_path / f"{name}.json"), name
        # Each said in one line of the log.
        said = [r for r in caplog.records if f"{name}.json" in r.getMessage()]
        assert len(said) == 1 and said[0].levelname == "ERROR", (name, [r.getMessage() for r in said])


# ---------------------------------------------------------------- private tables, seats and codes


def test_only_public_tables_are_listed_and_the_host_removes_a_seat_before_the_start() -> None:
    async def main() -> None:
        server = Server(ServerConfig(port=0))
        url = f"ws://127.0.0.1:{await server.start()}"
        private_host, private = await create(url, {"seats": 5})
        public_host, public = await create(url, {"seats": 4, "public": True})
        lister = await open_connection(url)
        listed = await ask(lister, opening_message("list"), "tables")
        assert [t["code"] for t in listed["tables"]] == [public]
        squatter = await open_connection(url)
        welcome = await ask(squatter, opening_message("join", table=private, name="Anne"), "welcome")
        seat = welcome["seat"]
        # Only the host may remove; it frees the seat and the squatter is told to stay away.
        refused = await ask(squatter, {"type": "remove", "seat": 0}, "nothing")
        assert refused["code"] == "not_host"
        await private_host.send(json.dumps({"type": "remove", "seat": seat}))
        info = await read_until(
            private_host, lambda m: m["type"] == "table" and not m["table"]["seats"][seat]["person"]
        )
        assert info["table"]["seats"][seat]["name"] == f"AI {seat + 1}"
        assert await closed_code(squatter) == CloseCode.REMOVED
        own = await ask(private_host, {"type": "remove", "seat": 0}, "nothing")
        assert own["code"] == "not_now"
        await private_host.send(json.dumps({"type": "start"}))
        late = await ask(private_host, {"type": "remove", "seat": 1}, "nothing")
        assert late["code"] == "started"
        for ws in (private_host, public_host, lister):
            await ws.close()
        await server.close()

    asyncio.run(asyncio.wait_for(main(), 30))


def test_guessing_codes_is_slowed_to_a_crawl() -> None:
    async def main() -> None:
        server = Server(ServerConfig(port=0))
        url = f"ws://127.0.0.1:{await server.start()}"
        host, code = await create(url, {})
        assert len(code) == 8
        answers = []
        for i in range(MAX_WRONG_CODES_PER_MINUTE + 5):
            ws = await open_connection(url)
            answer = await ask(ws, opening_message("watch", table=f"WRONG{i:03d}"), "welcome")
            answers.append(answer["code"])
            await ws.close()
        assert answers[:MAX_WRONG_CODES_PER_MINUTE] == ["no_table"] * MAX_WRONG_CODES_PER_MINUTE
        assert set(answers[MAX_WRONG_CODES_PER_MINUTE:]) == {"too_fast"}
        # Even the right code waits now: a guesser cannot tell a hit.
        ws = await open_connection(url)
        assert (await ask(ws, opening_message("watch", table=code), "welcome"))["code"] == "too_fast"
        await ws.close()
        await host.close()
        await server.close()

    asyncio.run(asyncio.wait_for(main(), 30))


@pytest.mark.parametrize("version", ["1.0", "true", '"1"', "2"])
def test_the_version_must_be_exactly_the_whole_number_1(version: str) -> None:
    from game.net.client_messages import parse_client_message
    from game.net.protocol import ProtocolError

    with pytest.raises(ProtocolError) as caught:
        parse_client_message('{"type": "list", "version": ' + version + "}")
    assert caught.value.code.value == "version"


def test_duplicate_keys_and_deep_nesting_are_refused() -> None:
    from game.net.client_messages import parse_client_message
    from game.net.protocol import ProtocolError

    for text in ('{"type": "list", "version": 1, "version": 1}', "[" * 1000 + "]" * 1000,
                 '{"type": "ping", "ref": ' + "9" * 1000 + "}"):
        with pytest.raises(ProtocolError) as caught:
            parse_client_message(text)
        assert caught.value.code.value == "bad_json"


# ---------------------------------------------------------------- a hostile server


@pytest.mark.parametrize("frame", [
    "[" * 100_000 + "]" * 100_000,
    '{"type": "update", "seq": 1, "events": [], "view": ' + "[" * 5000 + "]" * 5000 + "}",
    '{"type": "tables", "tables": 7}',
    '{"type": "welcome", "table": {"a": 1}, "seat": [], "token": 5, "host": 1}',
    '{"type": "pong", "ref": ' + "9" * 5000 + "}",
    b"\x00\x01binary",
])
def test_the_client_survives_any_frame_a_hostile_server_sends(frame: str | bytes) -> None:
    from websockets.asyncio.server import ServerConnection, serve

    from game.net.client import Client
    from game.net.protocol import Closed, Error

    async def hostile(ws: ServerConnection) -> None:
        await ws.recv()
        await ws.send(frame)
        await asyncio.sleep(1)

    async def main() -> None:
        async with serve(hostile, "127.0.0.1", 0, max_size=None) as srv:
            port = next(iter(srv.sockets)).getsockname()[1]
            with Client(f"ws://127.0.0.1:{port}", reconnect_seconds=1.0) as client:
                client.list_tables()
                seen: list[object] = []
                loop = asyncio.get_running_loop()
                end = loop.time() + 10
                while not any(isinstance(m, Closed) for m in seen):
                    assert loop.time() < end, seen
                    seen.extend(client.poll())
                    await asyncio.sleep(0.02)
                closed = next(m for m in seen if isinstance(m, Closed))
                assert closed.reason.startswith("the connection was closed: ") and not closed.retrying
                assert not any(isinstance(m, Error) for m in seen)

    asyncio.run(asyncio.wait_for(main(), 30))
