"""Translation of every word on screen, switchable while the game runs.

Call :func:`_` (and :func:`ngettext`) when text is drawn, never at import time: the
language can change at any moment. Mark module-level strings with :func:`N_` and
translate them with :func:`_` where they are shown.
"""

from __future__ import annotations

import gettext

_current: gettext.NullTranslations = gettext.NullTranslations()
_language = "en"

LANGUAGES: tuple[str, ...] = ("en", "fr", "de")
"""Language codes the game speaks."""


def _(message: str) -> str:
    """``message`` in the current language."""
    return _current.gettext(message)


def ngettext(singular: str, plural: str, n: int) -> str:
    """The singular or plural form for ``n`` in the current language."""
    return _current.ngettext(singular, plural, n)


def N_(message: str) -> str:  # noqa: N802 (the gettext convention)
    """Mark ``message`` for translation without translating it yet."""
    return message


def language() -> str:
    """The current language code."""
    return _language


def set_language(code: str) -> None:
    """Speak ``code`` from now on (unknown codes fall back to English)."""
    global _current, _language
    _language = code if code in LANGUAGES else "en"
    _current = gettext.NullTranslations()
