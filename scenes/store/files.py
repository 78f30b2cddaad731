"""Where the game's files live, and reading and writing them safely.

Writes are atomic (a temporary file in the same folder, flushed and fsynced, then
renamed over the old one), so a crash or a pulled plug leaves the old file or the new
one, never half of one. Reads never raise for a bad file: they report what was wrong in
one line and keep a copy of the bad file beside it, so nothing is lost.
"""

from __future__ import annotations

import json
import os
import shutil
import tempfile
import time
from dataclasses import dataclass
from pathlib import Path
from typing import Any

import platformdirs

from game.formats.readfile import FileReadError, parse_json, read_bytes
from game.limits import FileLimit

APP = "farmer"
HOME_ENV = "FARMER_HOME"
"""Set to a folder to keep every file there (tests, portable installs, kiosks)."""



def config_dir() -> Path:
    """The user's config folder for the game (settings)."""
    home = os.environ.get(HOME_ENV)
    return Path(home) / "config" if home else Path(platformdirs.user_config_dir(APP))


def data_dir() -> Path:
    """The user's data folder for the game (saves, statistics, logs)."""
    home = os.environ.get(HOME_ENV)
    return Path(home) / "data" if home else Path(platformdirs.user_data_dir(APP))


@dataclass(frozen=True, slots=True)
class ReadResult:
    """The outcome of reading a JSON file: the data, or why it could not be used."""

    data: Any
    """The parsed JSON, or None when the file is missing or bad."""
    problem: str | None = None
    """One line for the player when the file was bad (None when it was fine or missing)."""
    kept_as: Path | None = None
    """Where the bad file was copied to."""


def keep_bad_copy(path: Path) -> Path | None:
    """Copy a bad file (or move a bad folder) aside as ``NAME.bad-TIMESTAMP``; None if impossible."""
    stamp = time.strftime("%Y%m%d-%H%M%S")
    target = path.with_name(f"{path.name}.bad-{stamp}")
    n = 1
    while target.exists():
        target = path.with_name(f"{path.name}.bad-{stamp}-{n}")
        n += 1
    try:
        if path.is_symlink() or not path.is_file():
            path.rename(target)  # a link, a folder, a device or a FIFO: moved, never read
        else:
            shutil.copy2(path, target)
    except OSError:
        return None
    return target


def read_json(path: Path, limit: FileLimit) -> ReadResult:
    """Read ``path`` as JSON within ``limit``. A missing file is no problem; anything else wrong is reported.

    A file larger than ``limit`` allows is set aside unread, whatever it holds.
    """
    what = limit.what
    if not path.exists() and not path.is_symlink():
        return ReadResult(None)

    def bad(reason: str) -> ReadResult:
        kept = keep_bad_copy(path)
        where = f" (kept as {kept.name})" if kept else ""
        return ReadResult(None, f"The {what} file {path} {reason}; using defaults{where}.", kept)

    if path.is_dir():
        return bad("is a folder, not a file")
    try:
        # Opened without blocking and checked on the open file: a link to a device or a FIFO
        # is refused before a byte is read, and no more than the cap is ever read.
        raw = read_bytes(path, limit.max_bytes)
    except FileNotFoundError:
        if path.is_symlink():  # a link to nothing is set aside, not passed over in silence
            return bad("is a link to a file that is not there")
        return ReadResult(None)
    except FileReadError as exc:
        if str(exc).startswith(("cannot open", "cannot read")):
            why = str(exc).rpartition(": ")[2]
            if path.is_symlink():  # a link that leads nowhere, or round in a loop: set aside
                return bad(f"is a link that cannot be followed ({why})")
            return ReadResult(None, f"The {what} file {path} could not be read ({why}); using defaults.")
        return bad(_reason(str(exc), path))
    if not raw.strip():
        return bad("is empty")
    try:
        data = parse_json(raw, limit.max_depth, limit.max_string)
    except FileReadError as exc:
        return bad(f"is not valid JSON ({exc})")
    if data is None:
        return bad("holds null, not the game's data")
    return ReadResult(data)


def _reason(message: str, path: Path) -> str:
    """A reader's message as the end of "The ... file PATH ..." (without the path twice)."""
    where = str(path)
    return message[len(where):].strip() if message.startswith(where) else message


def write_json(path: Path, data: Any) -> str | None:
    """Write ``data`` as JSON atomically; returns a one-line problem, or None on success."""
    try:
        path.parent.mkdir(parents=True, exist_ok=True)
        if path.is_dir():
            kept = keep_bad_copy(path)
            if kept is None:
                return f"Could not write {path}: a folder is in its place."
        fd, tmp = tempfile.mkstemp(prefix=f".{path.name}.", suffix=".tmp", dir=path.parent)
        try:
            with os.fdopen(fd, "w", encoding="utf-8") as handle:
                json.dump(data, handle, ensure_ascii=False, indent=1)
                handle.write("\n")
                handle.flush()
                os.fsync(handle.fileno())
            os.replace(tmp, path)
        except BaseException:
            Path(tmp).unlink(missing_ok=True)
            raise
        _fsync_dir(path.parent)
    except OSError as exc:
        return f"Could not write {path} ({exc.strerror or exc})."
    return None


def _fsync_dir(folder: Path) -> None:
    """Make the rename itself durable where the platform allows it."""
    try:
        fd = os.open(folder, os.O_RDONLY)
    except OSError:
        return
    try:
        os.fsync(fd)
    except OSError:
        pass
    finally:
        os.close(fd)
