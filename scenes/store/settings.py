"""The player's settings: what they are, their defaults and limits, loading and saving.

Stored as ``settings.json`` in the user's config folder: ``{"version": 1, "settings": {...}}``.
A value that is missing takes its default; a value of the wrong type or out of range,
or a key the game does not know, is reported in one line, the bad file is kept beside
the new one, and every good value is kept.
"""

from __future__ import annotations

from dataclasses import asdict, dataclass, fields, replace
from pathlib import Path
from typing import Any

from scenes.store.files import config_dir, keep_bad_copy, read_json, write_json

VERSION = 1

CHOICES: dict[str, tuple[str, ...]] = {
    "language": ("system", "en", "fr", "de"),
    "animation_speed": ("slow", "normal", "fast", "instant"),
    "card_back": ("blue", "red", "green"),
    "felt": ("green", "blue", "red"),
    "rules": ("foster", "lacombe", "ferme"),
    "ai_level": ("easy", "normal", "expert"),
}
"""Settings that take one of a few words."""

RANGES: dict[str, tuple[int, int]] = {
    "sound_volume": (0, 100),
    "music_volume": (0, 100),
    "players": (3, 10),
    "deals": (1, 500),
    "window_width": (320, 16384),
    "window_height": (200, 16384),
}
"""Settings that take a whole number, with their limits (inclusive)."""


@dataclass(frozen=True, slots=True)
class Settings:
    """Everything the player can set. Every field has a sensible default."""

    fullscreen: bool = False
    window_width: int = 1280
    window_height: int = 720
    language: str = "system"
    animation_speed: str = "normal"
    sound_volume: int = 70
    music_volume: int = 40
    mute: bool = False
    card_back: str = "blue"
    felt: str = "green"
    four_colour: bool = False
    large_text: bool = False
    odds_hint: bool = False
    farm_hint: bool = False
    auto_deal: bool = True
    rules: str = "foster"
    rotating: bool = False
    players: int = 5
    ai_level: str = "normal"
    deals: int = 20

    def to_json(self) -> dict[str, Any]:
        """The settings as a JSON-ready document."""
        return {"version": VERSION, "settings": asdict(self)}

    def changed(self, **values: Any) -> Settings:
        """A copy with ``values`` changed (each checked; raises ValueError when out of range)."""
        for name, value in values.items():
            problem = check_value(name, value)
            if problem:
                raise ValueError(problem)
        return replace(self, **values)


_DEFAULTS = Settings()
_FIELDS = {f.name: f for f in fields(Settings)}


def check_value(name: str, value: Any) -> str | None:
    """Why ``value`` cannot be the setting ``name``, or None when it can."""
    if name not in _FIELDS:
        return f"unknown setting {name!r}"
    default = getattr(_DEFAULTS, name)
    if isinstance(default, bool):
        return None if isinstance(value, bool) else f"{name} must be true or false"
    if isinstance(default, int):
        if isinstance(value, bool) or not isinstance(value, int):
            return f"{name} must be a whole number"
        low, high = RANGES[name]
        return None if low <= value <= high else f"{name} must be between {low} and {high}"
    if name in CHOICES:
        allowed = CHOICES[name]
        return None if value in allowed else f"{name} must be one of {', '.join(allowed)}"
    return None if isinstance(value, str) else f"{name} must be text"


def from_json(document: Any) -> tuple[Settings, list[str]]:
    """Settings from a parsed document, and what was wrong with it (empty when nothing)."""
    if not isinstance(document, dict):
        return _DEFAULTS, ["it is not a settings document"]
    version = document.get("version")
    if version != VERSION:
        return _DEFAULTS, [f"its version {version!r} is not one this game reads ({VERSION})"]
    values = document.get("settings")
    if not isinstance(values, dict):
        return _DEFAULTS, ["it has no settings in it"]
    problems: list[str] = []
    good: dict[str, Any] = {}
    for name, value in values.items():
        problem = check_value(name, value)
        if problem:
            problems.append(problem)
        else:
            good[name] = value
    return replace(_DEFAULTS, **good), problems


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
            return _DEFAULTS
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
