"""Where a server keeps its tables between deals, behind one small interface.

:class:`TableStore` is what the server asks of a store: save a table, delete one, and every
saved table at start. :class:`FolderStore` keeps them as ``<code>.json`` files in one folder of
this machine, readable by this user alone (the folder 0700, each file 0600).

:class:`SharedStore` is a store several servers share (:class:`game.net.pgstore.PgStore`, in
PostgreSQL): each table is run by one server at a time, under a lease that lapses by itself
when that server dies; saves are written in the background and fenced by the lease's epoch, and
the store tells the server (:class:`StoreEvents`) when a save is done, when a table was lost to
another server, and when another server asks for one of its tables.
"""

from __future__ import annotations

import contextlib
import json
import logging
import os
import stat
from collections.abc import Callable
from dataclasses import dataclass
from pathlib import Path
from typing import Protocol

from game.formats.readfile import load_json
from game.formats.savegame import SaveError
from game.limits import SAVED_TABLE_FILE
from game.net.table import HostedTable

log = logging.getLogger("farmer.server")

MAX_SAVED_TABLE_BYTES = SAVED_TABLE_FILE.max_bytes
"""The largest saved-table file read back."""
MAX_SAVED_TABLE_DEPTH = 32
"""The deepest nesting a saved-table file may hold."""
FOLDER_MODE = 0o700
"""The saved tables' folder: this user alone may list, read or write it."""
FILE_MODE = 0o600
"""A saved table: this user alone may read or write it."""


class TableStore(Protocol):
    """What the server asks of the place its tables are saved."""

    def save(self, table: HostedTable) -> str | None:
        """Keep ``table`` as it is now (a finished table is deleted instead); None, or why it failed."""
        ...

    def delete(self, code: str) -> None:
        """Forget table ``code``."""
        ...

    def load_all(self, now: float, save: Callable[[HostedTable], None] | None = None) -> list[HostedTable]:
        """Every table kept, ready to play on (``save``: what each calls to be saved again)."""
        ...


class StoreEvents(Protocol):
    """What a :class:`SharedStore` tells its server, on the server's loop."""

    def saved(self, code: str, failed: str | None) -> None:
        """The last save of table ``code`` was written (``failed``: None), or why it was not."""
        ...

    def lost(self, code: str) -> None:
        """This server no longer holds table ``code``'s lease: it must stop running it at once."""
        ...

    def hand_off(self, code: str) -> None:
        """Another server's clients ask for table ``code``: let it go (at once, or at the deal's end)."""
        ...


@dataclass(frozen=True, slots=True)
class Claimed:
    """A table this server now holds (its lease taken), ready to play on from its last save."""

    table: HostedTable


@dataclass(frozen=True, slots=True)
class Busy:
    """A table another server holds under a live lease."""

    owner: str


class SharedStore(TableStore, Protocol):
    """A store several servers share: one running owner per table, under a lease with an epoch."""

    name: str
    """This server's name among the servers (unique for each process)."""
    lease_seconds: float
    """How long a lease lasts unless renewed."""

    async def open(self, events: StoreEvents) -> None:
        """Connect, and start renewing leases and listening for hand-off requests."""
        ...

    async def close(self) -> None:
        """Write what is waiting, release every lease held, disconnect."""
        ...

    @property
    def reachable(self) -> bool:
        """Whether the store answered lately (a server that cannot reach it takes no tables)."""
        ...

    def holds(self, code: str, now: float) -> bool:
        """Whether this server may still run table ``code`` at ``now`` (the loop's clock): its lease
        is held and was last renewed recently enough that it cannot have lapsed."""
        ...

    def opened(self, code: str, address: str) -> None:
        """Table ``code`` was just made here, from ``address``: its first save creates its row."""
        ...

    def let_go(self, code: str) -> None:
        """Release table ``code``'s lease once what is waiting is written (another server may take it)."""
        ...

    def forget(self, code: str) -> None:
        """Stop holding table ``code`` without writing anything more (its lease was lost)."""
        ...

    async def claim(
        self, code: str, now: float, save: Callable[[HostedTable], None]
    ) -> Claimed | Busy | None:
        """Take table ``code`` if nobody holds it (or its holder's lease lapsed): :class:`Claimed`;
        :class:`Busy` if another server holds it; None if there is no such table."""
        ...

    async def ask_for(self, owner: str, code: str) -> None:
        """Ask server ``owner`` to let table ``code`` go."""
        ...

    async def public_tables(self) -> list[dict[str, object]]:
        """The summaries of every server's public tables not over (for ``list``)."""
        ...

    async def tables_opened_by(self, address: str) -> int:
        """Tables not over that ``address`` opened, on every server."""
        ...


class FolderStore:
    """The tables' saved files: ``<code>.json`` in one folder, written whole or not at all."""

    def __init__(self, folder: Path) -> None:
        """Keep files in ``folder`` (made if missing, 0700); temporary files a crash left are removed."""
        self.folder = folder
        folder.mkdir(mode=FOLDER_MODE, parents=True, exist_ok=True)
        with contextlib.suppress(OSError):  # a folder made by hand, or by an older server
            if stat.S_IMODE(folder.stat().st_mode) != FOLDER_MODE:
                folder.chmod(FOLDER_MODE)
        for stale in folder.glob("*.tmp"):
            with contextlib.suppress(OSError):
                stale.unlink()

    def save(self, table: HostedTable) -> str | None:
        """Write ``table``'s file, 0600 (a finished table's file is removed); None, or why it failed."""
        path = self.folder / f"{table.code}.json"
        if table.over:
            self.delete(table.code)
            return None
        tmp = path.with_suffix(".tmp")
        try:
            data = json.dumps(table.to_json(), separators=(",", ":")).encode("utf-8")
            # Made 0600 from the start (never readable by others, not even for a moment); an
            # existing temporary file is replaced, never followed.
            with contextlib.suppress(FileNotFoundError):
                tmp.unlink()
            fd = os.open(tmp, os.O_WRONLY | os.O_CREAT | os.O_EXCL | getattr(os, "O_NOFOLLOW", 0), FILE_MODE)
            with os.fdopen(fd, "wb") as out:
                out.write(data)
            os.replace(tmp, path)
        except OSError as exc:
            with contextlib.suppress(OSError):
                tmp.unlink()
            return exc.strerror or str(exc)
        return None

    def delete(self, code: str) -> None:
        """Remove a table's file."""
        with contextlib.suppress(FileNotFoundError):
            (self.folder / f"{code}.json").unlink()

    def load_all(self, now: float, save: Callable[[HostedTable], None] | None = None) -> list[HostedTable]:
        """Every saved table; a bad file is set aside as ``<code>.bad`` with one log line.

        Only regular files are read (not followed into a device, a FIFO or a symlink loop), at
        most :data:`MAX_SAVED_TABLE_BYTES`, nested at most :data:`MAX_SAVED_TABLE_DEPTH` deep,
        every field checked by :meth:`HostedTable.from_json`: one bad entry never stops the others.
        """
        tables: list[HostedTable] = []
        try:
            paths = sorted(self.folder.glob("*.json"))
        except OSError as exc:
            log.error("cannot list the saved tables in %s: %s", self.folder, exc.strerror or exc)
            return tables
        for path in paths:
            try:
                doc = load_json(path, MAX_SAVED_TABLE_BYTES, MAX_SAVED_TABLE_DEPTH)
                table = HostedTable.from_json(doc, now, save)
                if table.code != path.stem or table.over:
                    raise SaveError("its code is not its file's name, or its game is over")
            except (OSError, ValueError) as exc:
                why = (exc.strerror or str(exc)) if isinstance(exc, OSError) else str(exc)
                log.error("cannot resume %s (set aside as %s.bad): %s", path.name, path.stem, why[:300])
                with contextlib.suppress(OSError):
                    os.replace(path, path.with_suffix(".bad"))
                continue
            tables.append(table)
        return tables
