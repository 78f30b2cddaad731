"""The command line's file jobs: ``farmer --export-log FILE`` and reading ``farmer --replay FILE``.

Neither needs a window. Each problem is one line on standard error with an exit status,
never a traceback: a bug report should not need a second bug report.
"""

from __future__ import annotations

import sys
from pathlib import Path

from game.formats.deallog import LogError, read_log, write_log
from game.formats.savegame import SavedGame, SaveError, restore
from game.limits import SAVED_GAME_FILE
from game.rules.records import DealRecord
from scenes.store.files import read_json
from scenes.store.saves import SaveStore

LAST_LOG = "last_game.jsonl"
"""The deal log of the last finished game, kept beside the save (see :mod:`scenes.store.keeper`)."""


def _say(line: str) -> None:
    print(f"farmer: {line}", file=sys.stderr)


def _current_log(saves: SaveStore) -> list[DealRecord] | None:
    """The deal log of the saved game, or None when there is none (a bad save says why)."""
    result = read_json(saves.path, SAVED_GAME_FILE)
    if result.problem:
        _say(result.problem)
    if result.data is None:
        return None
    try:
        game = restore(SavedGame.from_json(result.data)).game
    except SaveError as exc:
        _say(f"the saved game {saves.path} cannot be read: {exc}")
        return None
    return list(game.log)


def export_log(target: str, saves: SaveStore | None = None) -> int:
    """Write the current game's deal log (else the last finished game's) to ``target``; exit status."""
    saves = saves or SaveStore()
    records = _current_log(saves)
    source = saves.path
    if not records:
        last = saves.path.with_name(LAST_LOG)
        if last.is_file():
            try:
                games = read_log(last)
            except (LogError, OSError, UnicodeDecodeError) as exc:
                _say(f"the last game's log {last} cannot be read: {exc}")
                return 1
            records = games[-1] if games else None
            source = last
    if not records:
        _say("there is no game to export: play at least one deal first")
        return 1
    try:
        write_log(Path(target), [records])
    except OSError as exc:
        _say(f"cannot write {target}: {exc.strerror or exc}")
        return 1
    print(f"farmer: wrote {len(records)} deals from {source} to {target}")
    return 0


def read_replay(path: str) -> list[DealRecord] | None:
    """The game to watch from the deal log at ``path``, or None after saying in one line what is wrong."""
    from game.play.replay import load_log

    try:
        return load_log(path)
    except LogError as exc:
        _say(f"cannot replay {path}: {exc}")
    except OSError as exc:
        _say(f"cannot replay {path}: {exc.strerror or exc}")
    except (ValueError, RecursionError) as exc:
        _say(f"cannot replay {path}: {exc}")
    return None
