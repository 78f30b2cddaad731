"""Loading and saving the player's settings (the :class:`~scenes.settings.Settings` type itself).

Stored as ``settings.json`` in the user's config folder: ``{"version": 1, "settings": {...}}``.
A value that is missing takes its default; a value of the wrong type or out of range,
or a key the game does not know, is reported in one line, the bad file is kept beside
the new one, and every good value is kept.
"""

from __future__ import annotations

from pathlib import Path

from scenes.settings import VERSION, Settings, check_value, defaults, from_json
from scenes.store.files import config_dir, keep_bad_copy, read_json, write_json

__all__ = ["VERSION", "Settings", "SettingsStore", "check_value", "from_json"]


class SettingsStore:
    """Loads and saves the settings file, never failing the game over it."""

    def __init__(self, path: Path | None = None) -> None:
        """Keep settings at ``path`` (default: ``settings.json`` in the user's config folder)."""
        self.path = path or config_dir() / "settings.json"
        self.problem: str | None = None
        """The last one-line problem, for the screen to show once."""

    def load(self) -> Settings:
        """The saved settings, or the defaults (with :attr:`problem` set) when the file is bad."""
        result = read_json(self.path, "settings")
        self.problem = result.problem
        if result.data is None:
            return defaults()
        settings, problems = from_json(result.data)
        if problems:
            kept = keep_bad_copy(self.path)
            where = f" (the old file is kept as {kept.name})" if kept else ""
            self.problem = (
                f"Some settings in {self.path} were not usable: {'; '.join(problems)}."
                f" Defaults are used for those{where}."
            )
        return settings

    def save(self, settings: Settings) -> bool:
        """Write the settings atomically; False (with :attr:`problem` set) when it failed."""
        self.problem = write_json(self.path, settings.to_json())
        return self.problem is None
