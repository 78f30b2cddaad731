"""``farmer-server`` on the command line: bad flags give one line and exit 2; it starts and serves."""

from __future__ import annotations

import subprocess
import sys
from pathlib import Path

import pytest

from game.net.cli import config_of, parse_args
from game.net.server import main


@pytest.mark.parametrize("argv", [
    ["--port", "70000"], ["--port", "http"], ["--max-tables", "0"], ["--frobnicate"],
    ["--no-save", "--data-dir", "x"], ["--allow-origin", "ftp://example.org"],
    ["--allow-origin", "example.org"],
])
def test_bad_flags_give_one_line_and_exit_2(argv: list[str], capsys: pytest.CaptureFixture[str]) -> None:
    with pytest.raises(SystemExit) as caught:
        parse_args(argv)
    assert caught.value.code == 2
    err = capsys.readouterr().err
    assert err.count("\n") == 1 and err.startswith("farmer-server: error: ")


def test_other_origins_are_allowed_only_when_named() -> None:
    assert config_of(parse_args([]), None).allow_origins == ()
    args = parse_args(["--allow-origin", "https://Friends.Example/", "--allow-origin", "http://a.example:8080"])
    assert config_of(args, None).allow_origins == ("https://friends.example", "http://a.example:8080")


def test_an_unwritable_data_dir_is_one_line(tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    blocker = tmp_path / "file"
    blocker.write_text("")
    assert main(["--data-dir", str(blocker / "sub"), "--port", "0"]) == 2
    err = capsys.readouterr().err
    assert err.count("\n") == 1 and "--data-dir" in err


def test_the_server_starts_says_where_and_stops(tmp_path: Path) -> None:
    proc = subprocess.Popen(
        [sys.executable, "-m", "game.net.server", "--port", "0", "--data-dir", str(tmp_path), "--quiet"],
        stdout=subprocess.PIPE, text=True,
    )
    try:
        assert proc.stdout is not None
        line = proc.stdout.readline()
        assert line.startswith("farmer-server: listening on ws://127.0.0.1:")
        assert str(tmp_path) in line
    finally:
        proc.terminate()
        proc.wait(5)
