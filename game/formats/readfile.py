"""Reading a file someone else may have written: a size cap, regular files only, strict JSON.

Every file the game or its server reads back (saved tables, deal logs, settings, saves,
statistics, the kiosk's configuration) may have been replaced by anything: a link to
``/dev/zero`` (endless), a FIFO (a read that never returns), a huge file, a JSON text nested a
hundred thousand deep, an object with the same key twice, a string of millions of characters.
:func:`read_text` opens without blocking and checks the open file is a regular one before
reading at most a cap's worth (:func:`read_lines` a line at a time, each line capped too);
:func:`parse_json` refuses duplicate keys, nesting deeper than a bound, strings and numbers too
long to be anyone's; all raise :class:`FileReadError` (a ``ValueError``) with a sentence for
people. Each kind of file has its caps in :mod:`game.limits` (:class:`~game.limits.FileLimit`).

Memory stays within a small multiple of the text: the shape check walks the text with no
backtracking state (a string is measured by a possessive match before anything else is done
with it), and only a text that passes it reaches the JSON reader.
"""

from __future__ import annotations

import json
import os
import re
import stat
from collections.abc import Iterator
from contextlib import contextmanager
from typing import Any

MAX_FILE_BYTES = 16 * 1024 * 1024
"""The default cap on a file read back (a deal log of thousands of deals fits many times over)."""
MAX_DEPTH = 64
"""The deepest nesting of arrays and objects a file of this game may hold."""
MAX_DIGITS = 40
"""The longest run of digits in a number (Python would otherwise read a 5,000-digit integer)."""

MAX_STRING = 4096
"""The longest JSON string, in characters, unless a file's limit says otherwise."""

# The next thing the shape check looks at: a string's opening quote, a bracket, or a number too long.
# A string's content is then measured by one possessive match, which keeps no state per character
# (``"(?:[^"\\]|\\.)*"`` keeps a backtracking mark per character: about 120 bytes each).
_TOKEN = re.compile(r'["\[\]{}]|[0-9]{' + str(MAX_DIGITS + 1) + ",}")
_STRING_REST = re.compile(r'(?:[^"\\]++|\\.)*+"', re.DOTALL)


class FileReadError(ValueError):
    """A file that cannot be read back as it should: the message says why, for people."""


@contextmanager
def _regular_file(path: str | os.PathLike[str], cap: int) -> Iterator[int]:
    """The descriptor of the regular file at ``path``, no larger than ``cap`` (see :func:`read_bytes`)."""
    flags = os.O_RDONLY | getattr(os, "O_NONBLOCK", 0) | getattr(os, "O_NOCTTY", 0)
    try:
        fd = os.open(path, flags)
    except FileNotFoundError:
        raise
    except OSError as exc:
        raise FileReadError(f"cannot open {path}: {exc.strerror or exc}") from None
    try:
        info = os.fstat(fd)
        if not stat.S_ISREG(info.st_mode):
            raise FileReadError(f"{path} is not a regular file")
        if info.st_size > cap:
            raise FileReadError(f"{path} is too large ({info.st_size} bytes; at most {cap})")
        yield fd
    except OSError as exc:
        raise FileReadError(f"cannot read {path}: {exc.strerror or exc}") from None
    finally:
        os.close(fd)


def read_bytes(path: str | os.PathLike[str], cap: int = MAX_FILE_BYTES) -> bytes:
    """The bytes of the regular file at ``path``, at most ``cap`` of them; :class:`FileReadError` else.

    The file is opened non-blocking (a FIFO does not hang the open) and checked with ``fstat``
    on the open descriptor, so a link swapped in between a check and the open cannot lead the
    read into a device. ``FileNotFoundError`` passes through unchanged: a missing file is often
    normal for the caller (a first run).
    """
    with _regular_file(path, cap) as fd:
        chunks: list[bytes] = []
        total = 0
        while True:
            chunk = os.read(fd, min(1 << 20, cap + 1 - total))
            if not chunk:
                break
            chunks.append(chunk)
            total += len(chunk)
            if total > cap:
                raise FileReadError(f"{path} is too large (more than {cap} bytes)")
        return b"".join(chunks)


def read_lines(path: str | os.PathLike[str], cap: int, line_cap: int) -> Iterator[str]:
    """The UTF-8 lines of the regular file at ``path`` (without their ends), read as they are used.

    The file is opened and checked as by :func:`read_bytes`; at most ``cap`` bytes are read in
    all, and a line longer than ``line_cap`` bytes is refused before it is decoded, so only one
    line at a time is ever held. Raises :class:`FileReadError` naming the line.
    """
    with _regular_file(path, cap) as fd:
        pending = b""
        total = 0
        number = 0
        while True:
            chunk = os.read(fd, min(1 << 20, cap + 1 - total))
            total += len(chunk)
            if total > cap:
                raise FileReadError(f"{path} is too large (more than {cap} bytes)")
            pending += chunk
            *lines, pending = pending.split(b"\n")
            if not chunk and pending:
                lines, pending = [pending], b""
            for raw in lines:
                number += 1
                if len(raw) > line_cap:
                    raise FileReadError(f"{path}: line {number} is longer than {line_cap} bytes")
                try:
                    yield raw.decode("utf-8")
                except UnicodeDecodeError as exc:
                    raise FileReadError(f"{path}: line {number} is not UTF-8 (byte {exc.start})") from None
            if len(pending) > line_cap:
                raise FileReadError(f"{path}: line {number + 1} is longer than {line_cap} bytes")
            if not chunk:
                return


def read_text(path: str | os.PathLike[str], cap: int = MAX_FILE_BYTES) -> str:
    """The UTF-8 text of the regular file at ``path`` (see :func:`read_bytes`)."""
    try:
        return read_bytes(path, cap).decode("utf-8")
    except UnicodeDecodeError as exc:
        raise FileReadError(f"{path} is not UTF-8 text (byte {exc.start})") from None


def _unique(pairs: list[tuple[str, Any]]) -> dict[str, Any]:
    obj = dict(pairs)
    if len(obj) != len(pairs):
        seen: set[str] = set()
        for key, _value in pairs:
            if key in seen:
                raise FileReadError(f"the key {key!r} appears twice in one object")
            seen.add(key)
    return obj


def check_shape(text: str, max_depth: int = MAX_DEPTH, max_string: int = MAX_STRING) -> None:
    """Refuse ``text`` if its arrays and objects nest deeper than ``max_depth``, a string is longer
    than ``max_string`` characters or a number longer than :data:`MAX_DIGITS` digits.

    Strings are skipped whole (a bracket inside a name is not nesting), so this reads the text
    once, with no recursion and no memory per character, before the JSON reader (which
    recurses, and builds what it reads) sees it.
    """
    depth = 0
    position = 0
    search = _TOKEN.search
    while (match := search(text, position)) is not None:
        first = text[match.start()]
        position = match.end()
        if first == '"':
            rest = _STRING_REST.match(text, position)
            if rest is None:
                raise FileReadError(f"a string that never ends (from character {match.start() + 1})")
            position = rest.end()
            if position - match.start() - 2 > max_string:
                raise FileReadError(f"a string longer than {max_string} characters")
        elif first in "[{":
            depth += 1
            if depth > max_depth:
                raise FileReadError(f"nested more than {max_depth} deep")
        elif first in "]}":
            depth -= 1
        else:
            raise FileReadError(f"a number longer than {MAX_DIGITS} digits")


def parse_json(text: str | bytes, max_depth: int = MAX_DEPTH, max_string: int = MAX_STRING) -> Any:
    """Read one JSON value strictly: bounded nesting and strings, no duplicate keys, no NaN or Infinity.

    Anything wrong raises :class:`FileReadError`; nothing else escapes.
    """
    if isinstance(text, bytes):
        try:
            text = text.decode("utf-8")
        except UnicodeDecodeError as exc:
            raise FileReadError(f"not UTF-8 text (byte {exc.start})") from None
    check_shape(text, max_depth, max_string)
    try:
        return json.loads(text, object_pairs_hook=_unique, parse_constant=_no_constant)
    except FileReadError:
        raise
    except json.JSONDecodeError as exc:
        raise FileReadError(f"{exc.msg} at line {exc.lineno} column {exc.colno}") from None
    except (ValueError, RecursionError, MemoryError) as exc:
        raise FileReadError(f"not JSON: {exc}") from None


def _no_constant(name: str) -> Any:
    raise FileReadError(f"{name} is not a JSON number")


def load_json(path: str | os.PathLike[str], cap: int = MAX_FILE_BYTES, max_depth: int = MAX_DEPTH,
              max_string: int = MAX_STRING) -> Any:
    """The JSON value in the regular file at ``path``, read with :func:`read_text` and :func:`parse_json`."""
    try:
        return parse_json(read_text(path, cap), max_depth, max_string)
    except FileReadError as exc:
        message = str(exc)
        where = os.fspath(path)
        raise FileReadError(message if where in message else f"{where}: {message}") from None
