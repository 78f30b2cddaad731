"""The player's settings: what they are, their defaults and limits, and checking them.

One :class:`Settings` object serves the whole program: the screens read it, the Settings
screen changes it through :meth:`scenes.app.loop.App.update_settings` (which applies and saves
at once), and :mod:`scenes.store.settings` writes it to and reads it from
``settings.json``. Every value is a plain JSON type (a word, a whole number, true or
false), so the file is easy to read and to check; :func:`check_value` says what a
setting may hold. Nothing here needs a display.
"""

from __future__ import annotations

from dataclasses import asdict, dataclass, fields, replace
from enum import Enum
from functools import cache
from pathlib import Path
from typing import Any

from game.ai.levels import LEVELS
from game.limits import DEALS, PLAYERS, SETTINGS_FILE, WINDOW_HEIGHT, WINDOW_WIDTH
from game.rules.ruleset import RULE_NAMES
from game.schema import SchemaError, one_of, text, truth, whole
from scenes.i18n import LANGUAGE_CHOICES, LANGUAGES, N_, SYSTEM, _, translations
from scenes.store.files import config_dir, keep_bad_copy, read_json, write_json

VERSION = 1
"""The settings file's format version."""


class Speed(Enum):
    """Animation speed; the value is the factor on every duration."""

    SLOW = 1.7
    """Everything takes longer: easier to follow."""
    NORMAL = 1.0
    """The default."""
    FAST = 0.45
    """Brisk."""
    INSTANT = 0.0
    """No animation: things appear where they go."""

    @property
    def label(self) -> str:
        """The untranslated name for menus (translate with ``_()`` when drawn)."""
        return _SPEED_LABELS[self]

    @property
    def key(self) -> str:
        """The word stored in the settings file (``slow``, ``normal`` ...)."""
        return self.name.lower()


_SPEED_LABELS = {
    Speed.SLOW: N_("Slow"),
    Speed.NORMAL: N_("Normal"),
    Speed.FAST: N_("Fast"),
    Speed.INSTANT: N_("Instant"),
}

CHOICES: dict[str, tuple[str, ...]] = {
    "language": LANGUAGE_CHOICES,
    "animation_speed": tuple(s.key for s in Speed),
    "card_back": ("red", "blue", "green"),
    "felt": ("green", "blue", "red"),
    "rules": RULE_NAMES,
    "ai_level": tuple(LEVELS),
}
"""Settings that take one of a few words."""

RANGES: dict[str, tuple[int, int]] = {
    "sound_volume": (0, 100),
    "music_volume": (0, 100),
    "players": (PLAYERS.low, PLAYERS.high),
    "deals": (DEALS.low, DEALS.high),
    "window_width": (WINDOW_WIDTH.low, WINDOW_WIDTH.high),
    "window_height": (WINDOW_HEIGHT.low, WINDOW_HEIGHT.high),
}
"""Settings that take a whole number, with their limits (inclusive)."""


@dataclass(slots=True)
class Settings:
    """Everything the player can set. Every field has a sensible default.

    Change a running game's settings with :meth:`scenes.app.loop.App.update_settings`, which
    checks, applies and saves them; :meth:`changed` gives a checked copy.
    """

    fullscreen: bool = False
    """Full screen rather than a resizable window."""
    window_width: int = 1280
    """The window's width when not full screen."""
    window_height: int = 720
    """The window's height when not full screen."""
    window_chosen: bool = False
    """Whether the person chose the window's size (else a window opens at a share of the screen)."""
    language: str = SYSTEM
    """``system`` (the computer's language), ``en``, ``fr`` or ``de``."""
    animation_speed: str = "normal"
    """A :class:`Speed` by its key."""
    sound_volume: int = 70
    """Effects' volume, 0 to 100."""
    music_volume: int = 40
    """The background music's volume, 0 to 100."""
    mute: bool = False
    """No sound at all: neither effects nor music."""
    card_back: str = "red"
    """The colour of the cards' backs."""
    felt: str = "green"
    """The colour of the table's cloth."""
    four_colour: bool = False
    """A four-colour deck: ♠ black, ♥ red, ♦ blue, ♣ green."""
    large_text: bool = False
    """Larger words everywhere."""
    odds_hint: bool = False
    """Show the odds of the next card on the human's turn."""
    farm_hint: bool = False
    """Show what the farm is worth to its buyer during the auction."""
    coach: bool = False
    """Offer the coach at the person's every decision (a button and a key): what the Expert would do."""
    auto_deal: bool = True
    """When the human is farmer: deal automatically (else one click or key per card)."""
    ledger_goes_on: bool = True
    """After each deal the ledger goes on to the next by itself after a few seconds, unless touched
    (else it waits for the person, as at the end of a game)."""
    rules: str = "foster"
    """The rule set a new game starts with."""
    rotating: bool = False
    """Whether a new game starts with the rotating farm (foster and lacombe)."""
    players: int = 4
    """Seats at a new game, the human's included."""
    ai_level: str = "normal"
    """The opponents' level at a new game."""
    deals: int = 10
    """A new game's length in deals."""
    player_name: str = ""
    """The name the player last played under, their own (empty: :func:`default_name`, in the
    language of the moment; a default word is never kept here, see :func:`own_name`)."""
    opponents: str = ""
    """The last game's opponents, ``NAME:LEVEL`` by seat, ``|`` between them (empty: the defaults)."""
    net_address: str = ""
    """The network table server last joined or opened a table at (``HOST`` or ``HOST:PORT``)."""
    guide_offered: bool = False
    """Whether the guided first game has been offered at a first start (it is offered once)."""

    @property
    def speed(self) -> Speed:
        """The animation speed as a :class:`Speed`."""
        return Speed[self.animation_speed.upper()]

    @property
    def text_scale(self) -> float:
        """How much larger than normal words are drawn."""
        return 1.25 if self.large_text else 1.0

    def to_json(self) -> dict[str, Any]:
        """The settings as a JSON-ready document."""
        return {"version": VERSION, "settings": asdict(self)}

    def changed(self, **values: Any) -> Settings:
        """A copy with ``values`` changed (each checked; raises ValueError when one is out of range).

        A ``player_name`` that is only a default word (:func:`own_name`) is kept as no name."""
        for name, value in values.items():
            problem = check_value(name, value)
            if problem:
                raise ValueError(problem)
        if "player_name" in values:
            values["player_name"] = own_name(values["player_name"])
        return replace(self, **values)


DEFAULT_NAME = N_("You")
"""What the person is called at the table when they gave no name (translated when shown)."""

_STAND_IN_NAMES = (DEFAULT_NAME, N_("Player"), N_("Host"))
"""The words the game puts where a person gave no name (at a network table: ``Player``, ``Host``)."""


def default_name() -> str:
    """The person's name when they gave none, in the language of the moment."""
    return _(DEFAULT_NAME)


def own_name(name: str) -> str:
    """``name`` when it is the person's own; empty when it is only one of the game's stand-in words
    (:data:`DEFAULT_NAME` and the network's), in any language: a remembered name is never a
    word the game chose, which would then show in English in a French game."""
    return "" if name.strip().casefold() in _stand_ins() else name


@cache
def _stand_ins() -> frozenset[str]:
    """The stand-in names in every language, case folded (read from the catalogues once)."""
    return frozenset(
        translations(code).gettext(word).casefold() for code in LANGUAGES for word in _STAND_IN_NAMES
    )


_DEFAULTS = Settings()
_FIELDS = {f.name: f for f in fields(Settings)}


def defaults() -> Settings:
    """A fresh copy of the default settings."""
    return replace(_DEFAULTS)


def check_value(name: str, value: Any) -> str | None:
    """Why ``value`` cannot be the setting ``name``, or None when it can."""
    if name not in _FIELDS:
        return f"unknown setting {name!r}"
    default = getattr(_DEFAULTS, name)
    try:
        if isinstance(default, bool):
            truth(value, name)
        elif isinstance(default, int):
            whole(value, name, *RANGES[name])
        elif name in CHOICES:
            one_of(value, name, CHOICES[name])
        else:
            text(value, name, TEXT_LIMIT)
    except SchemaError as exc:
        return str(exc)
    if name == "opponents" and value and opponents_of(value) is None:
        return "opponents must be NAME:LEVEL entries separated by |"
    return None


TEXT_LIMIT = 400
"""The longest text a setting may hold."""


def opponents_of(text: str) -> list[tuple[str, str]] | None:
    """The ``(name, level)`` pairs of the ``opponents`` setting, or None when it is not well formed."""
    pairs: list[tuple[str, str]] = []
    for entry in text.split("|") if text else []:
        name, sep, level = entry.rpartition(":")
        if not sep or not name.strip() or (level not in LEVELS and level != "person"):
            return None
        pairs.append((name, level))
    return pairs if len(pairs) < PLAYERS.high else None


def opponents_text(names: list[str], levels: list[str]) -> str:
    """The ``opponents`` setting for these names and levels (a ``|`` or ``:`` in a name is dropped)."""
    clean = [n.replace("|", "").replace(":", "") for n in names]
    return "|".join(f"{n}:{lv}" for n, lv in zip(clean, levels, strict=True))


def from_json(document: Any) -> tuple[Settings, list[str]]:
    """Settings from a parsed document, and what was wrong with it (empty when nothing)."""
    if not isinstance(document, dict):
        return defaults(), ["it is not a settings document"]
    version = document.get("version")
    if version != VERSION:
        return defaults(), [f"its version {version!r} is not one this game reads ({VERSION})"]
    values = document.get("settings")
    if not isinstance(values, dict):
        return defaults(), ["it has no settings in it"]
    problems: list[str] = []
    good: dict[str, Any] = {}
    for name, value in values.items():
        problem = check_value(str(name), value)
        if problem:
            problems.append(problem)
        else:
            good[name] = value
    if "player_name" in good:  # an older file kept the default word as if it were a name
        good["player_name"] = own_name(good["player_name"])
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
        result = read_json(self.path, SETTINGS_FILE)
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
