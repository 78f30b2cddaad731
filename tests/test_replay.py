"""Watching a logged game: the replay plays every deal through the engine and the normal scenes,
with nobody's seat, and reproduces the log's chips deal by deal; a bad log is one line and exit 2."""

from __future__ import annotations

from pathlib import Path

import pytest
from helpers import DT
from helpers.games import logged_game

from game.play.replay import load_log
from scenes.app.loop import App
from scenes.cli import main
from scenes.navigator import Screens
from scenes.screens.menu import MenuScene
from scenes.store.settings import Settings
from scenes.table.local import replay_table
from scenes.table.source import human_to_act


@pytest.mark.parametrize(("rules", "rotating"), [("foster", False), ("lacombe", True), ("ferme", False)])
def test_a_replay_reproduces_the_logged_chips_deal_by_deal(
    tmp_path: Path, rules: str, rotating: bool
) -> None:
    records = load_log(logged_game(tmp_path, rules, rotating))
    app = App(Settings(animation_speed="instant"), (1280, 720))
    app.stack.push(MenuScene(app, Screens(app)))
    app.stack.apply()
    session = replay_table(records)
    Screens(app).play(session)
    seen: set[str] = set()
    for _ in range(20000):
        top = app.stack.top
        assert top is not None
        seen.add(top.name)
        if top.name == "gameover":
            break
        app.step(DT, [])  # nobody presses anything: the replay plays itself
    assert app.stack.top is not None and app.stack.top.name == "gameover"
    assert {"deal", "showdown", "ledger"} <= seen  # at instant speed an auction may pass within a frame
    expected = [tuple(records[0].chips_before)] + [tuple(r.chips_after) for r in records]
    assert session.ledger.history == expected
    assert session.game.log == records


def test_a_replay_shows_every_hand_and_never_asks_anyone(tmp_path: Path) -> None:
    records = load_log(logged_game(tmp_path, "foster"))
    session = replay_table(records)
    session.start_deal()
    assert not human_to_act(session) and session.kept is None
    while session.game.to_act is not None:
        assert not human_to_act(session)
        session.ai_act()
    assert session.game.log[-1] == records[0]


@pytest.mark.parametrize(
    ("content", "words"),
    [
        (b"", "no deals"),
        (b"\x00\xff\xfe\x00" * 20, "cannot replay"),
        (b'{"deal": 1, "rules": "poker"}\n', "cannot replay"),
        (None, "cannot replay"),
    ],
)
def test_a_bad_replay_file_is_one_clear_line_and_exit_2(
    tmp_path: Path, capsys: pytest.CaptureFixture[str], content: bytes | None, words: str
) -> None:
    path = tmp_path / "bad.jsonl"
    if content is not None:
        path.write_bytes(content)
    assert main(["--replay", str(path)]) == 2
    err = capsys.readouterr().err
    assert err.count("\n") == 1 and words in err and "Traceback" not in err


def test_a_log_that_breaks_a_rule_is_refused_naming_the_deal(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    path = logged_game(tmp_path, "foster")
    lines = path.read_text().splitlines()
    lines[1] = lines[1].replace('"chips_after": [', '"chips_after": [1', 1)
    path.write_text("\n".join(lines) + "\n")
    assert main(["--replay", str(path)]) == 2
    err = capsys.readouterr().err
    assert err.count("\n") == 1 and "deal 2" in err


def test_farmer_replay_opens_the_table_with_the_log_and_keeps_no_save(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    path = logged_game(tmp_path, "lacombe")
    seen: dict[str, object] = {}

    def run(self: App, exit_after: float | None = None) -> None:
        for _ in range(30):
            self.step(DT, [])
        top = self.stack.top
        seen["top"] = top.name if top is not None else ""
        source = getattr(top, "source", None)
        seen["watching"] = source is not None and source.facts.watching

    monkeypatch.setenv("FARMER_HOME", str(tmp_path / "home"))
    monkeypatch.setattr(App, "run", run)
    assert main(["--replay", str(path), "--lang", "en"]) == 0
    assert seen["top"] in ("auction", "deal") and seen["watching"] is True
    assert not (tmp_path / "home" / "data" / "save.json").exists()
