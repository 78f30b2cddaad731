"""The seats this player holds at network tables: each table's token, to take the seat back.

A table's ``welcome`` gives a person a token; with the table's code it takes the seat back
after the window was closed or killed (the server keeps the seat meanwhile). The tokens are
kept in ``seats.json`` in the data folder, one entry per server address and table code, the
most recent :data:`MAX_SEATS` only. A token is a secret (whoever holds it takes the seat), so
the file is written atomically and readable by its owner only (mode 0600). A file that cannot
be read is set aside with a logged warning and counts as empty: no other file is touched.
"""

from __future__ import annotations

import logging
import os
import time
from dataclasses import dataclass
from pathlib import Path
from typing import Any

from game.limits import SEATS_FILE
from scenes.store.files import data_dir, read_json, write_json

FORMAT = "farmer-seats"
VERSION = 1
MAX_SEATS = 20
"""Tables remembered at once; the oldest are forgotten first."""
MAX_TEXT = 100
"""The longest address, code, token or name an entry may hold (longer ones are not ours)."""

log = logging.getLogger(__name__)


@dataclass(frozen=True, slots=True)
class HeldSeat:
    """One seat held at a network table."""

    address: str
    """The server's address as shown (``HOST`` or ``HOST:PORT``)."""
    table: str
    """The table's code."""
    token: str
    """What takes the seat back (``resume``)."""
    name: str
    """The name the person sat under."""
    saved: float
    """When it was last saved (seconds since the epoch): the oldest are forgotten first."""


def _entry(value: Any) -> HeldSeat | None:
    """An entry of the file, or None when it is not a well-formed one."""
    if not isinstance(value, dict):
        return None
    texts = [value.get(k) for k in ("address", "table", "token", "name")]
    saved = value.get("saved")
    if not all(isinstance(t, str) and len(t) <= MAX_TEXT for t in texts) or not all(texts[:3]):
        return None
    if isinstance(saved, bool) or not isinstance(saved, int | float):
        return None
    address, table, token, name = (str(t) for t in texts)
    return HeldSeat(address, table.upper(), token, name, float(saved))


class SeatTokens:
    """Reads and writes ``seats.json``; every call reads the file afresh (another window may
    have written it), and no call ever raises for a bad or unwritable file."""

    def __init__(self, path: Path | None = None) -> None:
        """Keep the tokens at ``path`` (default: ``seats.json`` in the data folder)."""
        self.path = path or data_dir() / "seats.json"
        self.problem: str | None = None
        """The last one-line problem reading or writing the file (None: none)."""

    def all(self) -> list[HeldSeat]:
        """Every seat held, the most recent first."""
        result = read_json(self.path, SEATS_FILE)
        self.problem = result.problem
        if result.problem:
            log.warning("%s", result.problem)
        doc = result.data
        if doc is None:
            return []
        if not isinstance(doc, dict) or doc.get("format") != FORMAT or doc.get("version") != VERSION:
            self.problem = f"The network seats file {self.path} is not a {FORMAT} file of version {VERSION}."
            log.warning("%s; it is ignored", self.problem)
            return []
        seats = doc.get("seats")
        entries = [e for e in (_entry(v) for v in seats) if e is not None] if isinstance(seats, list) else []
        return sorted(entries, key=lambda e: e.saved, reverse=True)

    def get(self, address: str, table: str) -> HeldSeat | None:
        """The seat held at ``table`` on the server at ``address``, if any."""
        table = table.upper()
        return next((e for e in self.all() if e.address == address and e.table == table), None)

    def put(self, address: str, table: str, token: str, name: str) -> bool:
        """Remember the seat at ``table`` on ``address`` (replacing an older one); False if not written."""
        held = HeldSeat(address, table.upper(), token, name, time.time())
        others = [e for e in self.all() if (e.address, e.table) != (address, held.table)]
        return self._write([held, *others][:MAX_SEATS])

    def forget(self, address: str, table: str) -> bool:
        """Forget the seat at ``table`` on ``address`` (given up, or the server no longer knows it)."""
        table = table.upper()
        entries = self.all()
        kept = [e for e in entries if (e.address, e.table) != (address, table)]
        return len(kept) == len(entries) or self._write(kept)

    def _write(self, entries: list[HeldSeat]) -> bool:
        doc = {
            "format": FORMAT,
            "version": VERSION,
            "seats": [
                {"address": e.address, "table": e.table, "token": e.token, "name": e.name, "saved": e.saved}
                for e in entries
            ],
        }
        # write_json's temporary file is created 0600 and renamed over the old one, so the file
        # is never readable by others, not even for a moment; chmod makes sure of it elsewhere.
        self.problem = write_json(self.path, doc)
        if self.problem is None:
            try:
                os.chmod(self.path, 0o600)
            except OSError as exc:
                self.problem = f"Could not make {self.path} private ({exc.strerror or exc})."
        if self.problem:
            log.warning("%s", self.problem)
        return self.problem is None
