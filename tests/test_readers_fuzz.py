"""Fuzzing the readers of files anyone may have written: a deal log and a saved table.

Each starts from a good file and breaks it anywhere (a value replaced by any JSON value, a key
dropped, the text cut or garbled): the reader gives its format's own error and nothing else.
"""

from __future__ import annotations

import contextlib
import json
from pathlib import Path
from typing import Any

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from game.formats.deallog import LogError, check, loads, read_log
from game.formats.readfile import FileReadError, load_json, parse_json
from game.formats.savegame import SaveError
from game.net.protocol import Settings
from game.net.table import HostedTable

DATA = Path(__file__).parent / "data"
LOG_LINES = (DATA / "seeded_log.jsonl").read_text(encoding="utf-8").splitlines()[:6]

json_values = st.recursive(
    st.none() | st.booleans() | st.integers(-(2**70), 2**70) | st.floats(allow_nan=False)
    | st.text(max_size=12) | st.sampled_from(["ante", "10H", "foster", "farm", "6H", ""]),
    lambda inner: st.lists(inner, max_size=4) | st.dictionaries(st.text(max_size=8), inner, max_size=4),
    max_leaves=12,
)


def paths(value: Any, prefix: tuple[Any, ...] = ()) -> list[tuple[Any, ...]]:
    """Every place in a JSON value (as a path of keys and indexes)."""
    out = [prefix]
    if isinstance(value, dict):
        for key, item in value.items():
            out += paths(item, (*prefix, key))
    elif isinstance(value, list):
        for i, item in enumerate(value):
            out += paths(item, (*prefix, i))
    return out


@st.composite
def broken(draw: st.DrawFn, doc: Any) -> Any:
    """``doc`` with one to three places replaced by any JSON value, or dropped."""
    doc = json.loads(json.dumps(doc))
    for _ in range(draw(st.integers(1, 3))):
        where = draw(st.sampled_from(paths(doc)))
        if not where:
            doc = draw(json_values)
            continue
        parent = doc
        try:
            for step in where[:-1]:
                parent = parent[step]
        except (KeyError, IndexError, TypeError):
            continue
        if isinstance(parent, dict) and draw(st.booleans()) and draw(st.booleans()):
            parent.pop(where[-1], None)
        elif isinstance(parent, dict | list):
            try:
                parent[where[-1]] = draw(json_values)
            except (IndexError, TypeError):
                continue
    return doc


@settings(max_examples=300, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(st.data())
def test_a_broken_deal_log_gives_only_a_log_error(data: st.DataObject) -> None:
    records = [json.loads(line) for line in LOG_LINES]
    index = data.draw(st.integers(0, len(records) - 1))
    records[index] = data.draw(broken(records[index]))
    text = "\n".join(json.dumps(r) for r in records)
    with contextlib.suppress(LogError):
        check(loads(text))


@settings(max_examples=200, deadline=None)
@given(st.text(max_size=200), st.integers(0, len("\n".join(LOG_LINES))))
def test_a_garbled_deal_log_gives_only_a_log_error(junk: str, at: int) -> None:
    text = "\n".join(LOG_LINES)
    with contextlib.suppress(LogError):
        check(loads(text[:at] + junk + text[at:]))


@pytest.mark.parametrize("line", [
    "[" * 100_000 + "]" * 100_000,
    '{"deal": ' + "9" * 5000 + "}",
    '{"deal": 1, "deal": 1}',
    "null",
    LOG_LINES[0].replace('"reason": "ante"', '"reason": ["ante"]'),
])
def test_the_deal_log_attacks_are_log_errors(line: str, tmp_path: Path) -> None:
    with pytest.raises(LogError):
        check(loads(line))
    path = tmp_path / "log.jsonl"
    path.write_text(line)
    with pytest.raises(LogError):
        check(read_log(path))


def test_a_deal_log_that_is_a_device_or_a_fifo_is_refused_at_once(tmp_path: Path) -> None:
    import os

    os.symlink("/dev/zero", tmp_path / "zero.jsonl")
    os.mkfifo(tmp_path / "fifo.jsonl")
    for name in ("zero.jsonl", "fifo.jsonl"):
        with pytest.raises(LogError, match="not a regular file"):
            read_log(tmp_path / name)


class Silent:
    """A person's connection that reads nothing."""

    def send(self, text: str) -> None:
        """Drop ``text``."""

    def close(self, reason: str, code: int = 1000) -> None:
        """Nothing to close."""


def saved_table() -> dict[str, Any]:
    """A table saved in the middle of a game (after a few deals, the AI playing every seat)."""
    table = HostedTable("GOODCODE", Settings(seats=4, seed=3, pause_seconds=0), 0.0)
    table.join(Silent(), "Anne", None, 0.0, host=True)
    table.start(0.0)
    now = 0.0
    assert table.match is not None
    while len(table.match.game.log) < 2:
        now += 100.0
        table.tick(now)
    return table.to_json()


SAVED = None


def good_doc() -> dict[str, Any]:
    """The saved table the fuzzer breaks (made once)."""
    global SAVED
    if SAVED is None:
        SAVED = saved_table()
    return json.loads(json.dumps(SAVED))  # type: ignore[no-any-return]


@settings(max_examples=300, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(st.data())
def test_a_broken_saved_table_gives_only_a_save_error(data: st.DataObject) -> None:
    doc = data.draw(broken(good_doc()))
    try:
        table = HostedTable.from_json(doc, 0.0)
    except SaveError:
        return
    # What was accepted can be played on.
    table.tick(1000.0)


@settings(max_examples=200, deadline=None)
@given(st.binary(max_size=300), st.integers(0, 2000))
def test_a_garbled_saved_table_file_gives_only_the_readers_errors(junk: bytes, at: int) -> None:
    text = json.dumps(good_doc()).encode()
    with contextlib.suppress(FileReadError, SaveError):
        HostedTable.from_json(parse_json(text[:at] + junk + text[at:]), 0.0)


def test_a_good_saved_table_reads_back(tmp_path: Path) -> None:
    path = tmp_path / "GOODCODE.json"
    path.write_text(json.dumps(good_doc()))
    table = HostedTable.from_json(load_json(path), 0.0)
    assert table.code == "GOODCODE" and table.match is not None and len(table.match.game.log) >= 2


# ---------------------------------------------------------------- the game's own files and the kiosk


@pytest.mark.parametrize("kind", ["zero", "fifo", "null", "deep", "twice", "huge"])
def test_a_settings_file_that_is_a_device_a_fifo_or_null_is_reported_and_set_aside(
    kind: str, tmp_path: Path
) -> None:
    import os

    from game.limits import SETTINGS_FILE
    from scenes.store.files import read_json

    path = tmp_path / "settings.json"
    if kind == "zero":
        os.symlink("/dev/zero", path)
    elif kind == "fifo":
        os.mkfifo(path)
    elif kind == "huge":
        with path.open("wb") as f:
            f.truncate(SETTINGS_FILE.max_bytes + 1)
    else:
        path.write_text({"null": "null", "deep": "[" * 100_000 + "]" * 100_000,
                         "twice": '{"a": 1, "a": 2}'}[kind])
    result = read_json(path, SETTINGS_FILE)
    assert result.data is None and result.problem is not None and str(path) in result.problem
    assert result.kept_as is not None
    if kind in ("zero", "fifo"):
        # Moved aside, never read or copied (a copy of /dev/zero would never end).
        assert not path.exists() and not path.is_symlink()
        assert result.kept_as.is_symlink() if kind == "zero" else result.kept_as.is_fifo()


def test_a_kiosk_config_that_is_a_device_or_a_fifo_gives_the_defaults(tmp_path: Path) -> None:
    import os

    from scenes.kiosk.config import KioskConfig, load_config

    os.symlink("/dev/zero", tmp_path / "zero.toml")
    os.mkfifo(tmp_path / "fifo.toml")
    for name in ("zero.toml", "fifo.toml"):
        assert load_config(tmp_path / name) == KioskConfig()


@pytest.mark.parametrize(
    "combo", ['"q"', '"ctrl+q"', '["alt", "q"]', '"ctrl+alt+shift"', '"a+b+c"', '"q+q+ctrl"']
)
def test_an_exit_combination_a_visitor_could_press_by_chance_is_refused(combo: str, tmp_path: Path) -> None:
    from scenes.kiosk.config import KioskConfig, load_config

    path = tmp_path / "kiosk.toml"
    path.write_text(f"[kiosk]\nexit_combo = {combo}\n")
    assert load_config(path).exit_combo == KioskConfig().exit_combo


def test_a_kiosk_stops_cleanly_on_sigterm_and_sigint() -> None:
    import os
    import signal

    from scenes.kiosk.run import stop_on_signals

    class Loop:
        running = True
        operator_quit = False

    saved = {sig: signal.getsignal(sig) for sig in (signal.SIGTERM, signal.SIGINT)}
    try:
        for sig in (signal.SIGTERM, signal.SIGINT):
            app = Loop()
            stop_on_signals(app)
            os.kill(os.getpid(), sig)
            assert not app.running and app.operator_quit
    finally:
        for sig, handler in saved.items():
            signal.signal(sig, handler)
