"""Reading values from JSON (or TOML) checked: one reader per kind of value, one way of saying no.

Every file and message the game reads (saved games, deal logs, the network's messages, the
settings, the kiosk's configuration) is checked value by value with these readers. Each
returns the value with its type when it fits, and otherwise raises the caller's error
type (``error``, a ``ValueError`` subclass taking the message; :class:`SchemaError` by
default) with a message that starts with ``what``, the value's name, and says what it
must be. A ``bool`` is never taken for a number: JSON tells ``true`` from ``1``.
"""

from __future__ import annotations

from collections.abc import Callable, Sequence
from enum import Enum
from typing import Any, TypeVar, overload

T = TypeVar("T")
E = TypeVar("E", bound=Enum)

Error = Callable[[str], Exception]
"""The error a reader raises, made from its message (an exception class such as ``ValueError``)."""


class SchemaError(ValueError):
    """A value that is not what it must be; the message names it and says what it must be."""


def whole(value: Any, what: str, low: int, high: int, *, error: Error = SchemaError) -> int:
    """``value`` when it is a whole number from ``low`` to ``high`` (a bool is not one)."""
    if type(value) is not int:
        raise error(f"{what} must be a whole number, not {value!r}")
    if not low <= value <= high:
        raise error(f"{what} must be between {low} and {high}, not {value!r}")
    return value


def number(value: Any, what: str, low: float, high: float, *, error: Error = SchemaError) -> float:
    """``value`` as a float when it is a number (whole or not) from ``low`` to ``high``."""
    if isinstance(value, bool) or not isinstance(value, int | float):
        raise error(f"{what} must be a number, not {value!r}")
    if not low <= value <= high:  # a NaN is refused here too
        raise error(f"{what} must be between {low} and {high}, not {value!r}")
    return float(value)


def truth(value: Any, what: str, *, error: Error = SchemaError) -> bool:
    """``value`` when it is true or false."""
    if type(value) is not bool:
        raise error(f"{what} must be true or false, not {value!r}")
    return value


def text(value: Any, what: str, most: int, *, least: int = 0, error: Error = SchemaError) -> str:
    """``value`` when it is a text of ``least`` to ``most`` characters."""
    if type(value) is not str or not least <= len(value) <= most:
        span = f"at most {most}" if least == 0 else f"{least} to {most}"
        raise error(f"{what} must be a text of {span} characters")
    return value


def one_of(value: Any, what: str, choices: Sequence[T], *, error: Error = SchemaError) -> T:
    """``value`` when it is one of ``choices`` (compared by type too: ``1`` is not ``True``)."""
    for choice in choices:
        if type(choice) is type(value) and choice == value:
            return choice
    raise error(f"{what} must be one of {', '.join(map(str, choices))}, not {value!r}")


def member(enum: type[E], value: Any, what: str, *, error: Error = SchemaError) -> E:
    """The member of ``enum`` whose value is the text ``value``."""
    if type(value) is str:
        for item in enum:
            if item.value == value:
                return item
    choices = ", ".join(repr(item.value) for item in enum)
    raise error(f"{what} must be one of {choices}, not {value!r}")


@overload
def list_of(
    value: Any, what: str, most: int, read: None = None, *, least: int = 0, error: Error = SchemaError
) -> list[Any]: ...


@overload
def list_of(
    value: Any, what: str, most: int, read: Callable[[Any, str], T], *, least: int = 0,
    error: Error = SchemaError,
) -> list[T]: ...


def list_of(
    value: Any,
    what: str,
    most: int,
    read: Callable[[Any, str], Any] | None = None,
    *,
    least: int = 0,
    error: Error = SchemaError,
) -> list[Any]:
    """``value`` when it is a list of ``least`` to ``most`` items, each read with ``read``.

    ``read`` is called with the item and its name (``what`` and the item's number from 1);
    without it the items are taken as they are.
    """
    if type(value) is not list or not least <= len(value) <= most:
        span = f"at most {most}" if least == 0 else (f"{most}" if least == most else f"{least} to {most}")
        raise error(f"{what} must be a list of {span} items")
    if read is None:
        return list(value)
    return [read(item, f"{what} item {number}") for number, item in enumerate(value, start=1)]


def optional(read: Callable[..., T], value: Any, *args: Any, **options: Any) -> T | None:
    """None when ``value`` is None (JSON's null), else ``read(value, *args, **options)``."""
    return None if value is None else read(value, *args, **options)


def exact_keys(value: Any, what: str, keys: Sequence[str], *, error: Error = SchemaError) -> dict[str, Any]:
    """``value`` when it is an object with exactly ``keys`` (text keys, none missing, none more)."""
    if type(value) is not dict:
        raise error(f"{what} must be an object with {', '.join(keys)}")
    missing = [key for key in keys if key not in value]
    if missing:
        raise error(f"{what} lacks {', '.join(missing)}")
    extra = [key for key in value if key not in keys]
    if extra:
        raise error(f"{what} has unknown {', '.join(map(repr, extra))}")
    return value


def some_keys(value: Any, what: str, keys: Sequence[str], *, error: Error = SchemaError) -> dict[str, Any]:
    """``value`` when it is an object whose every key is one of ``keys`` (any may be missing)."""
    if type(value) is not dict:
        raise error(f"{what} must be an object (of {', '.join(keys)})")
    extra = [key for key in value if key not in keys]
    if extra:
        raise error(f"{what} has unknown {', '.join(map(repr, extra))}")
    return value
