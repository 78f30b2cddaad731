"""The kiosk's parts on an injected clock: config, idle timer and countdown, exit hold, drift, log."""
# A check after a call sees the state the call changed, which mypy takes as narrowed before it.
# mypy: disable-error-code="comparison-overlap"


from __future__ import annotations

import logging
from pathlib import Path

import pytest

from scenes.kiosk.config import KioskConfig, load_config
from scenes.kiosk.crashlog import setup_log
from scenes.kiosk.timers import Drift, HoldCombo, IdleState, IdleTimer


def test_idle_timer_asks_after_the_timeout_then_expires_after_the_countdown() -> None:
    timer = IdleTimer(60, 10)
    assert timer.update(59.9) is IdleState.ACTIVE
    assert timer.update(0.2) is IdleState.ASKING
    assert timer.seconds_left == 10
    assert timer.update(5) is IdleState.ASKING
    assert timer.seconds_left == 5
    assert timer.update(5) is IdleState.EXPIRED


def test_input_dismisses_the_countdown() -> None:
    timer = IdleTimer(60, 10)
    timer.update(65)
    assert timer.state is IdleState.ASKING
    timer.reset()
    assert timer.state is IdleState.ACTIVE
    assert timer.update(59) is IdleState.ACTIVE


def test_exit_combination_held_three_seconds_quits_and_two_does_not() -> None:
    combo = HoldCombo(("ctrl", "alt", "shift", "q"), 3.0)
    keys = {"ctrl", "alt", "shift", "q"}
    assert not any(combo.update(0.5, keys) for _ in range(4))  # 2 s
    combo.update(0.1, {"ctrl", "alt", "shift"})  # let go of q: starts again
    assert not any(combo.update(0.5, keys) for _ in range(5))  # 2.5 s
    assert combo.update(0.5, keys)  # 3 s


def test_drift_stays_within_a_few_pixels_and_moves() -> None:
    drift = Drift(radius=4, period=60)
    seen = set()
    for _ in range(600):
        drift.update(0.5)
        x, y = drift.offset
        assert abs(x) <= 4 and abs(y) <= 4
        seen.add((x, y))
    assert len(seen) > 5


def test_config_reads_good_values(tmp_path: Path) -> None:
    path = tmp_path / "kiosk.toml"
    path.write_text(
        '[kiosk]\nidle_timeout = 90\ncountdown = 15\nexit_combo = "ctrl+alt+x"\n'
        'language = "fr"\nrules = "ferme"\nplayers = 7\nsound = true\n'
    )
    config = load_config(path)
    assert config.idle_timeout == 90.0 and config.countdown == 15.0
    assert config.exit_combo == ("ctrl", "alt", "x")
    assert (config.language, config.rules, config.players, config.sound) == ("fr", "ferme", 7, True)


def test_config_bad_values_are_logged_and_defaults_used(
    tmp_path: Path, caplog: pytest.LogCaptureFixture
) -> None:
    path = tmp_path / "kiosk.toml"
    path.write_text(
        '[kiosk]\nidle_timeout = -3\nplayers = 2.5\nlanguage = "tlh"\nsound = "loud"\n'
        'exit_combo = "ctrl+alt"\nwarp = 9\ncountdown = 20\n'
    )
    with caplog.at_level(logging.WARNING, logger="farmer.kiosk"):
        config = load_config(path)
    defaults = KioskConfig()
    assert config.idle_timeout == defaults.idle_timeout
    assert config.players == defaults.players
    assert config.language == defaults.language
    assert config.sound == defaults.sound
    assert config.exit_combo == defaults.exit_combo
    assert config.countdown == 20.0
    text = caplog.text
    for word in ("idle_timeout", "players", "language", "sound", "exit_combo", "warp"):
        assert word in text


@pytest.mark.parametrize("content", [b"not = [toml", b"\xff\xfe\x00", b""])
def test_unreadable_config_gives_defaults(tmp_path: Path, content: bytes) -> None:
    path = tmp_path / "kiosk.toml"
    path.write_bytes(content)
    assert load_config(path) == KioskConfig()


def test_missing_config_gives_defaults(tmp_path: Path) -> None:
    assert load_config(tmp_path / "nope.toml") == KioskConfig()


def test_log_rotates_in_the_data_folder(tmp_path: Path) -> None:
    path = setup_log(tmp_path, max_bytes=2000, backups=2)
    assert path is not None
    logger = logging.getLogger("farmer.kiosk")
    for i in range(200):
        logger.info("line %d with some words to fill the file", i)
    names = sorted(p.name for p in tmp_path.iterdir())
    assert names == ["kiosk.log", "kiosk.log.1", "kiosk.log.2"]
    assert all(p.stat().st_size <= 2200 for p in tmp_path.iterdir())
