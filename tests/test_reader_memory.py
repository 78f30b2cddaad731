"""Every reader of a file bounds its memory to a small multiple of the file's size.

A hostile file (one string of millions of characters, millions of empty arrays) of 15 MB or
40 MB, in place of each kind of file the game and its server read back, is set aside with one
line while the program carries on; the reading process's peak memory (its high-water mark
from /proc) grows by at most twice the file's size. The shape check reads a long string with
no memory per character, and the JSON reader agrees with Python's wherever the limits allow.
"""

from __future__ import annotations

import contextlib
import json
import os
import subprocess
import sys
import textwrap
from pathlib import Path

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from game.formats.readfile import FileReadError, check_shape, parse_json, read_lines
from game.limits import DEAL_LOG_FILE, SAVED_GAME_FILE, SETTINGS_FILE

MB = 1_000_000

# Each kind of file: where it lies under FARMER_HOME (or the test's folder), and a program that
# reads it the way the game does and prints the one line it says about it.
READERS: dict[str, tuple[str, str]] = {
    "saved table": ("tables/ABCD.json", """
        import logging
        logging.basicConfig(level=logging.INFO, format="%(message)s", stream=sys.stdout)
        from game.net.store import FolderStore
        tables = FolderStore(folder / "tables").load_all(0.0)
        print("carried on with", len(tables), "tables;", "set aside:", (folder / "tables/ABCD.bad").exists())
    """),
    "saved game": ("data/save.json", """
        from scenes.store.saves import SaveStore
        store = SaveStore()
        print(store.resume(), store.problem)
    """),
    "settings": ("config/settings.json", """
        from scenes.store.settings import SettingsStore
        store = SettingsStore()
        print(store.load().language, store.problem)
    """),
    "statistics": ("data/stats.json", """
        from scenes.store.stats import StatsStore
        store = StatsStore()
        print(store.load(), store.problem)
    """),
    "deal log": ("log.jsonl", """
        from game.formats.deallog import main
        print("exit", main([str(folder / "log.jsonl")]))
    """),
    "kiosk config": ("kiosk.toml", """
        import logging
        logging.basicConfig(level=logging.INFO, format="%(message)s", stream=sys.stdout)
        from scenes.kiosk.config import load_config
        print(load_config(folder / "kiosk.toml").language)
    """),
}

PROLOGUE = """
import sys
from pathlib import Path
def high_water() -> int:
    with open("/proc/self/status") as status:
        return next(int(line.split()[1]) for line in status if line.startswith("VmHWM")) * 1024
import game.formats.readfile, game.limits, game.formats.deallog, game.net.server
import scenes.store.saves, scenes.store.settings, scenes.store.stats, scenes.kiosk.config
folder = Path(sys.argv[1])
before = high_water()
"""
EPILOGUE = """
print("GREW", high_water() - before)
"""


def hostile(kind: str, shape: str, size: int) -> bytes:
    """A file of about ``size`` bytes: one long string, or a flat array of empty arrays."""
    if kind == "kiosk config":
        if shape == "string":
            return ('title = "' + "x" * size + '"\n').encode()
        return b"a = [" + b"[]," * (size // 3) + b"]\n"
    if shape == "string":
        return b'{"a": "' + b"x" * size + b'"}\n'
    return b"[" + b"[]," * (size // 3) + b"[]]\n"


def run_reader(kind: str, folder: Path) -> tuple[int, str]:
    """Run ``kind``'s reader on ``folder`` in a fresh process; its memory growth and what it said."""
    script = PROLOGUE + textwrap.dedent(READERS[kind][1]) + EPILOGUE
    env = {**os.environ, "FARMER_HOME": str(folder), "SDL_VIDEODRIVER": "dummy", "SDL_AUDIODRIVER": "dummy"}
    done = subprocess.run([sys.executable, "-c", script, str(folder)], capture_output=True, text=True,
                          env=env, timeout=300, check=False)
    assert done.returncode == 0, done.stderr[-2000:]
    lines = done.stdout.strip().splitlines()
    assert lines and lines[-1].startswith("GREW"), done.stdout[-2000:]
    return int(lines[-1].split()[1]), "\n".join(lines[:-1]) + done.stderr


@pytest.mark.parametrize("size", [15 * MB, 40 * MB])
@pytest.mark.parametrize("shape", ["string", "arrays"])
@pytest.mark.parametrize("kind", sorted(READERS))
def test_a_huge_hostile_file_is_set_aside_in_one_line_within_twice_its_size(
    kind: str, shape: str, size: int, tmp_path: Path
) -> None:
    path = tmp_path / READERS[kind][0]
    path.parent.mkdir(parents=True, exist_ok=True)
    data = hostile(kind, shape, size)
    path.write_bytes(data)
    grew, said = run_reader(kind, tmp_path)
    assert grew < 2 * len(data), f"{kind}: the reader grew by {grew / len(data):.1f} times the file's size"
    # One line says what was wrong, and the program carried on with what it had.
    words = [line for line in said.splitlines() if line.strip()]
    if kind == "saved table":
        assert "carried on with 0 tables; set aside: True" in said
        assert sum("ABCD.json" in line for line in words) == 1 and "too large" in said
    elif kind == "deal log":
        assert "exit 1" in said and ("too large" in said or "longer than" in said)
    elif kind == "kiosk config":
        assert "system" in said and sum("not readable" in line for line in words) == 1
    else:
        problem = [line for line in words if "too large" in line]
        assert len(problem) == 1 and str(path) in problem[0], said
        assert list(path.parent.glob(f"{path.name}.bad-*")), "the bad file is kept aside"


def test_a_deal_log_of_honest_deals_costs_a_small_multiple_of_its_size(tmp_path: Path) -> None:
    """Forty megabytes of well-formed deals are read a line at a time: the records and one line."""
    from game.formats.deallog import format_record
    from game.play.match import Match

    match = Match.new([f"P{i}" for i in range(6)], ["normal:bold"] * 6, max_deals=20, seed=3)
    while not match.game.is_over:
        if match.ai_to_act:
            match.ai_act()
        else:
            match.start_deal()
    game = "".join(format_record(record) + "\n" for record in match.game.log).encode()
    path = tmp_path / "log.jsonl"
    path.write_bytes(game * (40 * MB // len(game)))
    grew, said = run_reader("deal log", tmp_path)
    assert "exit 0" in said and grew < 5 * path.stat().st_size


# Tracing allocations is measured in a process of its own: tracemalloc in a process that
# still holds threads from earlier tests (servers, SDL) can crash Python 3.11 when it stops.
TRACED_CHECK = """
import sys, tracemalloc
from game.formats.readfile import FileReadError, check_shape
text = sys.stdin.read()
tracemalloc.start()
try:
    check_shape(text)
except FileReadError as error:
    print("REFUSED", error)
check_shape(text, max_string=len(text))
print("PEAK", tracemalloc.get_traced_memory()[1])
tracemalloc.stop()
"""


@pytest.mark.parametrize("text", [
    '"' + "x" * 2 * MB + '"',
    '["' + '\\"' * MB + '"]',
    '{"a": "' + "\\n\\u00e9" * (MB // 3) + '"}',
])
def test_a_long_string_is_measured_with_no_memory_per_character(text: str) -> None:
    done = subprocess.run([sys.executable, "-c", TRACED_CHECK], input=text, capture_output=True,
                          text=True, timeout=120, check=False)
    assert done.returncode == 0, done.stderr[-2000:]
    said = dict(line.split(" ", 1) for line in done.stdout.splitlines())
    assert "a string longer than 4096 characters" in said["REFUSED"]
    peak = int(said["PEAK"])
    assert peak < 64 * 1024, f"the shape check held {peak} bytes for a {len(text)}-character text"


def test_a_string_that_never_ends_is_refused_in_one_pass() -> None:
    with pytest.raises(FileReadError, match="a string that never ends"):
        check_shape('["a", "' + '\\"' * MB)


def test_each_kind_of_file_is_capped_far_above_an_honest_one() -> None:
    """A hundred deals at ten seats, the largest saved game the window makes, is about 250 KB."""
    assert SAVED_GAME_FILE.max_bytes >= 16 * 250_000
    assert SETTINGS_FILE.max_bytes < 15 * MB and SAVED_GAME_FILE.max_bytes < 15 * MB
    assert DEAL_LOG_FILE.max_line_bytes is not None and DEAL_LOG_FILE.max_line_bytes >= 16 * 2_200


def test_read_lines_holds_one_line_and_names_a_long_one(tmp_path: Path) -> None:
    path = tmp_path / "log.jsonl"
    path.write_bytes(b"one\r\ntwo\n\nthree")
    assert [line.rstrip("\r") for line in read_lines(path, 100, 10)] == ["one", "two", "", "three"]
    path.write_bytes(b"one\n" + b"x" * 11 + b"\nthree\n")
    lines = read_lines(path, 100, 10)
    assert next(lines) == "one"
    with pytest.raises(FileReadError, match="line 2 is longer than 10 bytes"):
        next(lines)
    path.write_bytes(b"ok\n" * 40)
    with pytest.raises(FileReadError, match="too large"):
        list(read_lines(path, 100, 10))


# ---------------------------------------------------------------------- fuzzing the reader

JSON_VALUES = st.recursive(
    st.none() | st.booleans() | st.integers(-(10**30), 10**30)
    | st.floats(allow_nan=False, allow_infinity=False) | st.text(max_size=30),
    lambda inner: st.lists(inner, max_size=5) | st.dictionaries(st.text(max_size=8), inner, max_size=5),
    max_leaves=30,
)


@settings(max_examples=300, deadline=None)
@given(JSON_VALUES, st.booleans())
def test_the_checked_reader_reads_what_python_writes(value: object, ascii_only: bool) -> None:
    text = json.dumps(value, ensure_ascii=ascii_only)
    assert parse_json(text) == json.loads(text)


@settings(max_examples=500, deadline=None)
@given(st.text(alphabet=st.sampled_from('[]{}",:\\0123456789 aetrufnl\n'), max_size=200))
def test_any_text_gives_a_value_or_a_file_read_error(text: str) -> None:
    with contextlib.suppress(FileReadError):
        parse_json(text)
