"""Where a server keeps its tables between deals, behind one small interface.

:class:`TableStore` is what the server asks of a store: save a table, delete one, and every
saved table at start. :class:`FolderStore` keeps them as ``<code>.json`` files in one folder of
this machine, readable by this user alone (the folder 0700, each file 0600); another store (a
database shared by several hosts) need only implement the same three methods.
"""

from __future__ import annotations

import contextlib
import json
import logging
import os
import stat
from collections.abc import Callable
from pathlib import Path
from typing import Protocol

from game.limits import SAVED_TABLE_FILE
from game.net.table import Table
from game.readfile import load_json
from game.savegame import SaveError

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

    def save(self, table: Table) -> str | None:
        """Keep ``table`` as it is now (a finished table is deleted instead); None, or why it failed."""
        ...

    def delete(self, code: str) -> None:
        """Forget table ``code``."""
        ...

    def load_all(self, now: float, save: Callable[[Table], None] | None = None) -> list[Table]:
        """Every table kept, ready to play on (``save``: what each calls to be saved again)."""
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

    def save(self, table: Table) -> str | None:
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

    def load_all(self, now: float, save: Callable[[Table], None] | None = None) -> list[Table]:
        """Every saved table; a bad file is set aside as ``<code>.bad`` with one log line.

        Only regular files are read (not followed into a device, a FIFO or a symlink loop), at
        most :data:`MAX_SAVED_TABLE_BYTES`, nested at most :data:`MAX_SAVED_TABLE_DEPTH` deep,
        every field checked by :meth:`Table.from_json`: one bad entry never stops the others.
        """
        tables: list[Table] = []
        try:
            paths = sorted(self.folder.glob("*.json"))
        except OSError as exc:
            log.error("cannot list the saved tables in %s: %s", self.folder, exc.strerror or exc)
            return tables
        for path in paths:
            try:
                doc = load_json(path, MAX_SAVED_TABLE_BYTES, MAX_SAVED_TABLE_DEPTH)
                table = Table.from_json(doc, now, save)
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
