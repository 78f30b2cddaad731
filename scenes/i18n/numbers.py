"""Numbers, percentages, dates and times written the way each language writes them.

Pure functions of a value and a language code, with the locale data they need held here
(the game does not depend on babel or on the system's locale database at run time).
The data follows the Unicode CLDR: French groups digits with a narrow no-break space
(U+202F, which the DejaVu Sans font draws) and puts a no-break space (U+00A0) before ``%``
and ``:``; German groups with a dot; both use a decimal comma.

:mod:`scenes.i18n` wraps these in the current language; screens call those wrappers.
"""

from __future__ import annotations

import datetime as _dt
from dataclasses import dataclass

NNBSP = "\u202f"
"""Narrow no-break space: the French thousands separator."""
NBSP = "\u00a0"
"""No-break space: French space before ``%`` and ``:``, German space before ``%``."""


@dataclass(frozen=True, slots=True)
class NumberStyle:
    """How one language writes numbers, percentages, times and dates."""

    group: str
    """Thousands separator."""
    decimal: str
    """Decimal separator."""
    percent: str
    """Pattern for a percentage, ``{}`` standing for the number."""
    colon: str
    """Pattern for a label followed by a colon, ``{}`` standing for the label."""
    months: tuple[str, ...]
    """Month names, January first, as they appear inside a date."""
    date: str
    """Pattern for a long date with ``{day}``, ``{month}`` and ``{year}``."""
    twelve_hour: bool
    """Times are written 3:05 PM rather than 15:05."""


STYLES: dict[str, NumberStyle] = {
    "en": NumberStyle(
        group=",",
        decimal=".",
        percent="{}%",
        colon="{}:",
        months=(
            "January",
            "February",
            "March",
            "April",
            "May",
            "June",
            "July",
            "August",
            "September",
            "October",
            "November",
            "December",
        ),
        date="{month} {day}, {year}",
        twelve_hour=True,
    ),
    "fr": NumberStyle(
        group=NNBSP,
        decimal=",",
        percent="{}" + NBSP + "%",
        colon="{}" + NBSP + ":",
        months=(
            "janvier",
            "février",
            "mars",
            "avril",
            "mai",
            "juin",
            "juillet",
            "août",
            "septembre",
            "octobre",
            "novembre",
            "décembre",
        ),
        date="{day} {month} {year}",
        twelve_hour=False,
    ),
    "de": NumberStyle(
        group=".",
        decimal=",",
        percent="{}" + NBSP + "%",
        colon="{}:",
        months=(
            "Januar",
            "Februar",
            "März",
            "April",
            "Mai",
            "Juni",
            "Juli",
            "August",
            "September",
            "Oktober",
            "November",
            "Dezember",
        ),
        date="{day}. {month} {year}",
        twelve_hour=False,
    ),
}
"""The styles by language code; an unknown code is written as English."""


def style(lang: str) -> NumberStyle:
    """The style of ``lang``, English for a language without one."""
    return STYLES.get(lang, STYLES["en"])


def format_number(value: float, lang: str, decimals: int = 0) -> str:
    """``value`` with ``decimals`` decimal places, digits grouped by thousands.

    ``format_number(1234567, "fr")`` gives ``"1 234 567"`` (narrow no-break spaces);
    ``format_number(9.45, "de", 1)`` gives ``"9,5"`` (half away from zero, as people round).
    """
    s = style(lang)
    negative = value < 0
    scaled = round(abs(value) * 10**decimals + 1e-9)  # the epsilon rounds 9.45 up, not to even
    whole, frac = divmod(int(scaled), 10**decimals)
    digits = str(whole)
    groups = []
    while len(digits) > 3:
        groups.append(digits[-3:])
        digits = digits[:-3]
    groups.append(digits)
    text = s.group.join(reversed(groups))
    if decimals > 0:
        text += s.decimal + str(frac).zfill(decimals)
    if negative and scaled:
        text = "-" + text
    return text


def format_percent(fraction: float, lang: str, decimals: int = 1) -> str:
    """``fraction`` (0.094 for 9.4 per cent) as a percentage: ``9.4%``, ``9,4 %``."""
    return style(lang).percent.format(format_number(fraction * 100, lang, decimals))


def colon(label: str, lang: str) -> str:
    """``label`` followed by a colon: ``Total:``, or ``Total :`` in French (no-break space)."""
    return style(lang).colon.format(label)


def format_date(day: _dt.date, lang: str) -> str:
    """A date in words: ``March 1, 2025``, ``1 mars 2025``, ``1. März 2025``."""
    s = style(lang)
    return s.date.format(day=day.day, month=s.months[day.month - 1], year=day.year)


def format_time(moment: _dt.time | _dt.datetime, lang: str) -> str:
    """A time of day to the minute: ``3:05 PM`` in English, ``15:05`` in French and German."""
    if style(lang).twelve_hour:
        hour = moment.hour % 12 or 12
        return f"{hour}:{moment.minute:02d}{NNBSP}{'AM' if moment.hour < 12 else 'PM'}"
    return f"{moment.hour:02d}:{moment.minute:02d}"
