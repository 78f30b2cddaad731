"""Translation of every word on screen, switchable while the game runs.

Call :func:`_` (and :func:`ngettext`, :func:`pgettext`) when text is drawn, never at
import time: the language can change at any moment. Mark module-level strings with
:func:`N_` and translate them with :func:`_` where they are shown.

English is the source language. The French and German catalogues are the gettext ``.po``
files under ``assets/locale/<lang>/LC_MESSAGES/farmer.po`` (found through the installed
package by :mod:`scenes.resources`; a missing one is an error that names it, not English
in disguise); they are read at run time by the reader the table server's page shares
(:func:`game.formats.catalog.read_po`) into a standard :class:`gettext.GNUTranslations`, so there is
no compiled ``.mo`` file to build or to go stale. ``tools/i18n.py`` extracts, merges
and checks the catalogues.

Besides plain translation this module gives the words whose choice depends on the rule
set (the pot is *la corbeille* under the ferme rules, standing is *Basta* under Lacombe's)
and numbers, chips, percentages and dates written the way the current language writes them.
"""

from __future__ import annotations

import datetime as _dt
import functools
import gettext
import locale
import os
from collections.abc import Mapping
from pathlib import Path

from game.formats.catalog import DOMAIN, gnu_translations, read_po
from game.rules.ruleset import RuleSet
from scenes import resources
from scenes.i18n import numbers

LANGUAGES: tuple[str, ...] = ("en", "fr", "de")
"""Language codes the game speaks, the source language first."""

SYSTEM = "system"
"""The language choice that follows the system's (see :func:`default_language`)."""

LANGUAGE_CHOICES: tuple[str, ...] = (SYSTEM, *LANGUAGES)
"""What a settings or kiosk file may choose: the system's language or one the game speaks."""

_LANGUAGE_NAMES = {"en": "English", "fr": "Français", "de": "Deutsch"}

# Names that locale.getlocale() gives on Windows ("French_France") and that people write.
_LANGUAGE_ALIASES = {
    "english": "en",
    "french": "fr",
    "français": "fr",
    "francais": "fr",
    "german": "de",
    "deutsch": "de",
}

_current: gettext.NullTranslations = gettext.NullTranslations()
_language = "en"


# --- reading catalogues ----------------------------------------------------------------------


def catalogue_path(code: str) -> Path:
    """The installed .po file of language ``code``.

    Raises :class:`scenes.resources.MissingAssetError` if it is not installed.
    """
    return resources.catalogue(code, DOMAIN)


@functools.cache
def translations(code: str) -> gettext.NullTranslations:
    """The translations of language ``code`` (English, or a language the game lacks, translates nothing).

    A language of :data:`LANGUAGES` whose catalogue is missing raises
    :class:`scenes.resources.MissingAssetError`, naming the file.
    """
    if code == LANGUAGES[0] or code not in LANGUAGES:
        return gettext.NullTranslations()
    return gnu_translations(read_po(catalogue_path(code).read_text(encoding="utf-8")))


# --- translating ----------------------------------------------------------------------------


def _(message: str) -> str:
    """``message`` in the current language."""
    return _current.gettext(message)


def ngettext(singular: str, plural: str, n: int) -> str:
    """The singular or plural form for ``n`` in the current language."""
    return _current.ngettext(singular, plural, n)


def pgettext(context: str, message: str) -> str:
    """``message`` in the current language, as meant in ``context``.

    For an English word with two meanings, e.g. ``pgettext("game name", "Farmer")`` (La
    Ferme) against ``pgettext("role", "Farmer")`` (Fermier).
    """
    return _current.pgettext(context, message)


def npgettext(context: str, singular: str, plural: str, n: int) -> str:
    """:func:`ngettext` with a context, as :func:`pgettext`."""
    return _current.npgettext(context, singular, plural, n)


def N_(message: str) -> str:
    """Mark ``message`` for translation without translating it yet."""
    return message


# --- choosing the language ------------------------------------------------------------------


def normalize_language(code: str) -> str | None:
    """The game's code for a locale name (``fr_FR.UTF-8`` → ``fr``), or None if it has none."""
    base = code.strip().split(".")[0].split("@")[0].replace("-", "_").split("_")[0].lower()
    base = _LANGUAGE_ALIASES.get(base, base)
    return base if base in LANGUAGES else None


def language() -> str:
    """The current language code."""
    return _language


def set_language(code: str) -> None:
    """Speak ``code`` from now on (``fr``, ``de_DE``…, :data:`SYSTEM`; unknown codes: English).

    The change is immediate: every later call of :func:`_` answers in the new language.
    """
    global _current, _language
    _language = (default_language() if code == SYSTEM else normalize_language(code)) or LANGUAGES[0]
    _current = translations(_language)


def default_language(environ: Mapping[str, str] | None = None) -> str:
    """The language the system asks for, as gettext reads it, else English.

    The first of ``LANGUAGE``, ``LC_ALL``, ``LC_MESSAGES``, ``LANG`` that is set decides
    (``LANGUAGE`` may list several, ``fr:de``: the first the game speaks wins); with none
    set, :func:`locale.getlocale` (the desktop's choice on Windows and macOS).
    ``C`` and ``POSIX`` mean English.
    """
    env = os.environ if environ is None else environ
    for var in ("LANGUAGE", "LC_ALL", "LC_MESSAGES", "LANG"):
        value = env.get(var, "")
        if value:
            for part in value.split(":"):
                code = normalize_language(part)
                if code:
                    return code
            return LANGUAGES[0]
    if environ is None:
        try:
            name = locale.getlocale()[0]
        except ValueError:
            name = None
        if name:
            return normalize_language(name) or LANGUAGES[0]
    return LANGUAGES[0]


def language_name(code: str) -> str:
    """The name of a language in that language, for a menu: English, Français, Deutsch."""
    return _LANGUAGE_NAMES.get(normalize_language(code) or "", code)


# --- the words of the game ------------------------------------------------------------------


def game_name() -> str:
    """The game's name: Farmer, La Ferme, Pächter."""
    return pgettext("game name", "Farmer")


def farmer_word() -> str:
    """The farmer in running text: farmer, fermier, Pächter."""
    return pgettext("role", "farmer")


class Voice:
    """One language's translations, called by the names the message extractor looks for.

    ``tools/i18n.py`` finds messages in calls named ``_``, ``ngettext``, ``pgettext`` and
    ``npgettext``; these methods keep those names, so a sentence written for a voice is
    extracted into the catalogues while its language stays an argument, not the global one.
    """

    __slots__ = ("_t",)

    def __init__(self, translations: gettext.NullTranslations) -> None:
        """The voice of ``translations``."""
        self._t = translations

    def _(self, message: str) -> str:
        """``message`` in this voice's language."""
        return self._t.gettext(message)

    def ngettext(self, singular: str, plural: str, n: int) -> str:
        """The singular or plural form for ``n``."""
        return self._t.ngettext(singular, plural, n)

    def pgettext(self, context: str, message: str) -> str:
        """``message`` as meant in ``context``."""
        return self._t.pgettext(context, message)

    def npgettext(self, context: str, singular: str, plural: str, n: int) -> str:
        """:meth:`ngettext` with a context."""
        return self._t.npgettext(context, singular, plural, n)


def voice(language: str | None = None) -> Voice:
    """The voice of ``language`` (an unknown code speaks English); None: the current language's."""
    if language is None:
        return Voice(_current)
    return Voice(translations(normalize_language(language) or "en"))


def _rule_set(rules: RuleSet | str) -> RuleSet:
    """The rule set itself, for a key such as ``lacombe+rotating`` (ValueError for a bad one)."""
    return rules if isinstance(rules, RuleSet) else RuleSet.from_key(rules)


def pot_name(rules: RuleSet | str, v: Voice | None = None) -> str:
    """The pot as a label: Farm, Ferme (Corbeille under the ferme rules), Hof."""
    v = v or voice()
    if _rule_set(rules).pot_is_corbeille:
        return v.pgettext("pot, ferme rules", "Farm")
    return v.pgettext("pot", "Farm")


def the_pot(rules: RuleSet | str, v: Voice | None = None) -> str:
    """The pot in running text, with its article: the farm, la ferme / la corbeille, der Hof."""
    v = v or voice()
    if _rule_set(rules).pot_is_corbeille:
        return v.pgettext("pot, ferme rules", "the farm")
    return v.pgettext("pot", "the farm")


def draw_word(v: Voice | None = None) -> str:
    """What a player says to draw a card (the button): Card, Carte, Karte."""
    return (v or voice()).pgettext("button", "Card")


def stand_word(rules: RuleSet | str, v: Voice | None = None) -> str:
    """What a player says to stand (the button): Stand, Je m'y tiens, Ich bleibe; Basta under Lacombe."""
    v = v or voice()
    if _rule_set(rules).stand_is_basta:
        return v.pgettext("button", "Basta")
    return v.pgettext("button", "Stand")


def six_of_hearts() -> str:
    """The 6♥ by name: six of hearts, le brillant, Herz-6."""
    return _("six of hearts")


def rules_label(rules: RuleSet | str, rotating: bool = False) -> str:
    """A rule set's name for a menu, e.g. "Foster (1897)" or "Lacombe (1800), rotating farm".

    ``rules`` may be a key (:attr:`RuleSet.key`) come from elsewhere (a server's list of tables):
    one this game does not know is said as it came, rather than taken for another.
    """
    labels = {
        "foster": N_("Foster's Hoyle (1897)"),
        "lacombe": N_("La Ferme after Lacombe (1800)"),
        "ferme": N_("French rules of la Ferme"),
    }
    try:
        rule_set = _rule_set(rules)
    except ValueError:
        return str(rules)
    label = _(labels[rule_set.name])
    if rotating or rule_set.rotating:
        return _("{rules}, rotating farm").format(rules=label)
    return label


# --- numbers, chips, dates ------------------------------------------------------------------


def format_number(value: float, decimals: int = 0) -> str:
    """``value`` as the current language writes it: 1,234 / 1 234 / 1.234."""
    return numbers.format_number(value, _language, decimals)


def format_chips(n: int) -> str:
    """A number of chips: 1 chip, 2 chips; 0 jeton, 1 jeton, 2 jetons; 1 Chip, 2 Chips."""
    return ngettext("{n} chip", "{n} chips", abs(n)).format(n=format_number(n))


def format_points(n: int) -> str:
    """A number of points: 1 point, 16 points; 1 Punkt, 16 Punkte."""
    return ngettext("{n} point", "{n} points", abs(n)).format(n=format_number(n))


def format_percent(fraction: float, decimals: int = 1) -> str:
    """A fraction as a percentage: 0.094 → 9.4% / 9,4 % / 9,4 % (no-break spaces)."""
    return numbers.format_percent(fraction, _language, decimals)


def colon(label: str) -> str:
    """``label`` and a colon: Total: (English, German), Total : (French, no-break space)."""
    return numbers.colon(label, _language)


def format_date(day: _dt.date) -> str:
    """A date in words: March 1, 2025 / 1 mars 2025 / 1. März 2025."""
    return numbers.format_date(day, _language)


def format_time(moment: _dt.time | _dt.datetime) -> str:
    """A time of day: 3:05 PM / 15:05."""
    return numbers.format_time(moment, _language)
