"""The saved game: the game in progress, written after every move and on quit."""

from __future__ import annotations

from pathlib import Path

from game.formats.savegame import Restored, SavedGame, SaveError, restore, snapshot
from game.limits import SAVED_GAME_FILE
from game.rules.engine import Game
from scenes.store.files import data_dir, keep_bad_copy, read_json, write_json


class SaveStore:
    """One save slot, ``save.json`` in the user's data folder. A bad save is kept aside, never fatal."""

    def __init__(self, path: Path | None = None) -> None:
        """Keep the save at ``path`` (default: ``save.json`` in the user's data folder)."""
        self.path = path or data_dir() / "save.json"
        self.problem: str | None = None

    def exists(self) -> bool:
        """Whether something is where the save goes (a folder, or a link that leads nowhere or in a
        loop, is reported as a bad save)."""
        return self.path.exists() or self.path.is_symlink()

    def save(self, game: Game, players: list[str]) -> bool:
        """Save ``game`` as it stands now (mid-deal too); False (with :attr:`problem` set) when it failed."""
        self.problem = write_json(self.path, snapshot(game, players).to_json())
        return self.problem is None

    def save_document(self, saved: SavedGame) -> bool:
        """Save ``saved`` (see :func:`game.formats.savegame.snapshot`); False (with :attr:`problem`
        set) when it failed."""
        self.problem = write_json(self.path, saved.to_json())
        return self.problem is None

    def resume(self) -> Restored | None:
        """The saved game at the moment it was saved, or None (:attr:`problem` says why when it was bad)."""
        result = read_json(self.path, SAVED_GAME_FILE)
        self.problem = result.problem
        if result.data is None:
            if result.kept_as is not None:
                self.path.unlink(missing_ok=True)  # kept aside: not offered again
            return None
        try:
            return restore(SavedGame.from_json(result.data))
        except (SaveError, ValueError) as exc:
            kept = keep_bad_copy(self.path)
            self.path.unlink(missing_ok=True)
            where = f" (kept as {kept.name})" if kept else ""
            self.problem = f"The saved game {self.path} could not be continued: {exc}{where}."
            return None

    def delete(self) -> None:
        """Remove the save (the game it held has ended)."""
        try:
            self.path.unlink(missing_ok=True)
        except OSError as exc:
            self.problem = f"Could not remove {self.path} ({exc.strerror})."
