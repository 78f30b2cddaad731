"""A hosted table's saved file as a frozen value, and the one place it becomes JSON and back.

The file holds the table's code, the host's settings, its seats (the hash of each person's
token, never the token) and its game as a :class:`~game.formats.savegame.SavedGame` saved
without its secrets: neither the seed, the generator's state nor the cards of a deal in
progress, so that whoever reads the file learns nothing of a deal not over.
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import Any

from game.formats.savegame import SavedGame, SaveError
from game.net.codec import Json
from game.net.protocol import ProtocolError, Settings, parse_settings
from game.play.match import HUMAN

FILE_FORMAT = "farmer-table"
"""What the file's ``format`` says it is."""
FILE_VERSION = 1
"""The version of the file this server writes and reads."""
_HEX = frozenset("0123456789abcdef")


@dataclass(frozen=True, slots=True)
class SavedSeat:
    """One seat as the file keeps it."""

    name: str
    """The seat's name."""
    person: bool = False
    """Whether a person holds it (else the AI plays it)."""
    token_hash: str | None = None
    """The SHA-256 of the person's token, in hex (None: no person, or no token yet)."""
    host: bool = False
    """Whether the person holding it hosts the table."""

    def to_json(self) -> Json:
        """The seat as the file writes it."""
        return {"name": self.name, "person": self.person, "token_sha256": self.token_hash, "host": self.host}

    @classmethod
    def from_json(cls, value: Any) -> SavedSeat:
        """The seat a file's entry gives, checked; :class:`SaveError` saying what is wrong."""
        if not isinstance(value, dict):
            raise SaveError("each seat must be an object")
        name, token_hash = value.get("name"), value.get("token_sha256")
        if not isinstance(name, str) or not 0 < len(name) <= 40:
            raise SaveError("each seat needs a name")
        if token_hash is not None and (
            not isinstance(token_hash, str) or len(token_hash) != 64 or not set(token_hash) <= _HEX
        ):
            raise SaveError("bad token hash")
        person, host = value.get("person"), value.get("host")
        if type(person) is not bool or type(host) is not bool:
            raise SaveError("each seat's person and host must be true or false")
        if not person and (token_hash is not None or host):
            raise SaveError("only a seat held by a person has a token hash or hosts")
        return cls(name, person, token_hash, host)


@dataclass(frozen=True, slots=True)
class SavedTable:
    """A hosted table as its saved file holds it."""

    code: str
    """The table's code."""
    settings: Settings
    """What the host chose."""
    seats: tuple[SavedSeat, ...]
    """One per seat of the settings, in order."""
    in_deal: bool = False
    """Whether it was saved as a deal was starting (that deal is dealt again on resuming)."""
    over: bool = False
    """Whether its game had ended."""
    game: SavedGame | None = None
    """Its game, saved without its secrets (None: not started)."""

    def to_json(self) -> Json:
        """The file's document: the keys in their order, plain JSON values."""
        return {
            "format": FILE_FORMAT,
            "version": FILE_VERSION,
            "code": self.code,
            "settings": self.settings.to_json(),
            "seats": [seat.to_json() for seat in self.seats],
            "in_deal": self.in_deal,
            "over": self.over,
            "game": self.game.to_json() if self.game is not None else None,
        }

    @classmethod
    def from_json(cls, doc: Any) -> SavedTable:
        """The table a file's document holds, every value checked; :class:`SaveError` saying what
        is wrong with a bad one."""
        kind = (doc.get("format"), doc.get("version")) if isinstance(doc, dict) else None
        if kind != (FILE_FORMAT, FILE_VERSION):
            raise SaveError(f"not a {FILE_FORMAT} file of version {FILE_VERSION}")
        code = doc.get("code")
        if not isinstance(code, str) or not code.isalnum() or len(code) > 16:
            raise SaveError("bad table code")
        try:
            settings = parse_settings(doc.get("settings"))
        except ProtocolError as exc:
            raise SaveError(exc.message) from None
        entries = doc.get("seats")
        if not isinstance(entries, list) or len(entries) != settings.seats:
            raise SaveError("seats must give one seat per seat of the settings")
        seats = tuple(SavedSeat.from_json(entry) for entry in entries)
        if sum(seat.host for seat in seats) > 1:
            raise SaveError("a table has one host at most")
        in_deal, over = doc.get("in_deal", False), doc.get("over", False)
        if type(in_deal) is not bool:
            raise SaveError("in_deal must be true or false")
        if type(over) is not bool:
            raise SaveError("over must be true or false")
        game = SavedGame.from_json(doc["game"]) if doc.get("game") is not None else None
        if game is not None and [seat.person for seat in seats] != [p == HUMAN for p in game.players]:
            raise SaveError("the saved game's players do not match the seats")
        return cls(code, settings, seats, in_deal, over, game)
