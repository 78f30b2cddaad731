"""Every word on screen in English, French and German: catalogues, plurals, formats, languages."""

from __future__ import annotations

import datetime as dt
import locale
from collections.abc import Iterator
from pathlib import Path

import pytest
from babel.dates import format_date as babel_date
from babel.dates import format_time as babel_time
from babel.messages.catalog import Catalog
from babel.numbers import format_decimal as babel_decimal

from game.formats.catalog import read_po
from game.rules.cards import DECK_SET, Card
from scenes import i18n
from scenes.i18n import (
    _,
    colon,
    default_language,
    format_chips,
    format_date,
    format_number,
    format_percent,
    format_points,
    format_time,
    language,
    language_name,
    ngettext,
    set_language,
)
from scenes.screens.howto_content import HowtoSection, howto_sections
from tools import i18n as tool

ROOT = Path(__file__).resolve().parent.parent
NNBSP, NBSP = "\u202f", "\u00a0"
RULES = [("foster", False), ("foster", True), ("lacombe", False), ("lacombe", True), ("ferme", False)]





@pytest.fixture(scope="module")
def template() -> Catalog:
    """Every message marked in game/ and scenes/ as the tree stands now."""
    return tool.extract()


@pytest.fixture(autouse=True)
def english_after() -> Iterator[None]:
    """Leave the process speaking English, whatever a test switched to."""
    yield
    set_language("en")


# --- the catalogues are complete ------------------------------------------------------------


def test_extraction_finds_the_screens_and_howto_messages(template: Catalog) -> None:
    ids = {m.id if isinstance(m.id, str) else m.id[0] for m in template}
    assert "Settling up" in ids
    assert "{n} chip" in ids
    assert ("role", "farmer") in {(m.context, m.id) for m in template}


@pytest.mark.parametrize("lang", tool.TRANSLATED)
def test_every_message_is_translated_with_every_plural_form(template: Catalog, lang: str) -> None:
    """A string added to game/ or scenes/ without a French and German translation fails here.

    Fix with ``python tools/i18n.py update``, translate the new entries, then ``check``.
    """
    assert tool.problems(lang, template) == []


@pytest.mark.parametrize("lang", tool.TRANSLATED)
def test_the_runtime_reader_gives_what_the_catalogue_says(lang: str) -> None:
    """The game's own .po reader agrees with babel's on every translated entry."""
    runtime = i18n.translations(lang)
    checked = 0
    for message in tool.load(lang):
        strings = message.string if isinstance(message.string, tuple) else (message.string,)
        if not message.id or message.fuzzy or not all(strings):
            continue
        if isinstance(message.id, tuple | list):
            singular, plural = message.id
            for n, form in ((1, 0), (2, 1)):
                got = (
                    runtime.npgettext(message.context, singular, plural, n)
                    if message.context
                    else runtime.ngettext(singular, plural, n)
                )
                assert got == strings[form]
        else:
            msgid = str(message.id)
            got = runtime.pgettext(message.context, msgid) if message.context else runtime.gettext(msgid)
            assert got == strings[0]
        checked += 1
    assert checked > 50


def test_check_lists_missing_fuzzy_and_plural_holes(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setattr(tool, "LOCALE_DIR", tmp_path)
    po = tool.po_path("fr")
    po.parent.mkdir(parents=True)
    po.write_text(
        'msgid ""\nmsgstr ""\n"Content-Type: text/plain; charset=utf-8\\n"\n'
        '"Plural-Forms: nplurals=2; plural=(n > 1);\\n"\n\n'
        '#, fuzzy\nmsgid "Deal"\nmsgstr "Donne"\n\n'
        'msgid "{n} bid"\nmsgid_plural "{n} bids"\nmsgstr[0] "{n} enchère"\nmsgstr[1] ""\n\n'
        'msgid "Pass"\nmsgstr "Passer {x}"\n\n'
        'msgid "Empty"\nmsgstr ""\n',
        encoding="utf-8",
    )
    template = Catalog()
    for message in ("Deal", ("{n} bid", "{n} bids"), "Pass", "Empty", "Missing"):
        template.add(message)
    found = "\n".join(tool.problems("fr", template))
    for expected in (
        "fuzzy: Deal",
        "untranslated: {n} bid",
        "placeholders differ: Pass",
        "untranslated: Empty",
        "missing: Missing",
    ):
        assert expected in found
    assert tool.main(["check"]) == 1


# --- reading .po files ----------------------------------------------------------------------


def test_read_po_follows_msgfmt() -> None:
    entries = read_po(
        '# header\nmsgid ""\nmsgstr ""\n"Plural-Forms: nplurals=2; plural=(n > 1);\\n"\n\n'
        'msgid "Two "\n"lines"\nmsgstr "Deux "\n"lignes \\"quotées\\"\\n"\n'
        'msgctxt "role"\nmsgid "Farmer"\nmsgstr "Fermier"\n'
        '#, fuzzy, python-format\nmsgid "Guess"\nmsgstr "Devinette"\n\n'
        'msgid "Untranslated"\nmsgstr ""\n\n'
        'msgid "{n} chip"\nmsgid_plural "{n} chips"\nmsgstr[0] "{n} jeton"\nmsgstr[1] "{n} jetons"\n\n'
        'msgid "{n} hole"\nmsgid_plural "{n} holes"\nmsgstr[0] "{n} trou"\nmsgstr[1] ""\n\n'
        '#~ msgid "Old"\n#~ msgstr "Vieux"\n'
    )
    assert entries["Two lines"] == 'Deux lignes "quotées"\n'
    assert entries["role\x04Farmer"] == "Fermier"
    assert entries["{n} chip\x00{n} chips"] == ["{n} jeton", "{n} jetons"]
    for absent in ("Guess", "Untranslated", "{n} hole\x00{n} holes", "Old", "Farmer"):
        assert absent not in entries
    assert "Plural-Forms" in str(entries[""])


# --- languages ------------------------------------------------------------------------------


def test_set_language_switches_at_once() -> None:
    assert _("Settling up") == "Settling up"
    set_language("fr")
    assert (language(), _("Settling up")) == ("fr", "Les comptes")
    set_language("de")
    assert (language(), _("Settling up")) == ("de", "Abrechnung")
    set_language("en")
    assert _("Settling up") == "Settling up"


@pytest.mark.parametrize("code", ["xx", "", "es_ES.UTF-8", "klingon"])
def test_unknown_language_falls_back_to_english(code: str) -> None:
    set_language("fr")
    set_language(code)
    assert language() == "en"
    assert _("Settling up") == "Settling up"
    assert format_chips(2) == "2 chips"


def test_locale_names_are_understood() -> None:
    set_language("de_AT.UTF-8")
    assert language() == "de"
    set_language("fr-CA")
    assert language() == "fr"


@pytest.mark.parametrize(
    ("environ", "expected"),
    [
        ({"LANGUAGE": "de:fr", "LANG": "fr_FR.UTF-8"}, "de"),
        ({"LANGUAGE": "es:fr"}, "fr"),
        ({"LANGUAGE": "", "LC_ALL": "fr_FR.UTF-8", "LANG": "de_DE.UTF-8"}, "fr"),
        ({"LC_MESSAGES": "de_CH.UTF-8", "LANG": "fr_FR"}, "de"),
        ({"LANG": "fr_BE.UTF-8@euro"}, "fr"),
        ({"LANG": "es_ES.UTF-8"}, "en"),
        ({"LC_ALL": "C", "LANG": "de_DE.UTF-8"}, "en"),
        ({}, "en"),
    ],
)
def test_default_language_follows_the_environment(environ: dict[str, str], expected: str) -> None:
    assert default_language(environ) == expected


def test_default_language_falls_back_to_the_locale_module(monkeypatch: pytest.MonkeyPatch) -> None:
    for var in ("LANGUAGE", "LC_ALL", "LC_MESSAGES", "LANG"):
        monkeypatch.delenv(var, raising=False)
    monkeypatch.setattr(locale, "getlocale", lambda *a: ("German_Germany", "1252"))
    assert default_language() == "de"
    monkeypatch.setattr(locale, "getlocale", lambda *a: (None, None))
    assert default_language() == "en"


def test_language_names_are_written_in_their_own_language() -> None:
    set_language("de")
    assert [language_name(c) for c in i18n.LANGUAGES] == ["English", "Français", "Deutsch"]


# --- plurals --------------------------------------------------------------------------------


def test_french_plural_keeps_zero_and_one_singular() -> None:
    set_language("fr")
    assert [format_chips(n) for n in (0, 1, 2, 16)] == ["0 jeton", "1 jeton", "2 jetons", "16 jetons"]
    assert ngettext("{n} point", "{n} points", 0).format(n=0) == "0 point"


def test_german_plural() -> None:
    set_language("de")
    assert [format_chips(n) for n in (0, 1, 2)] == ["0 Chips", "1 Chip", "2 Chips"]
    assert format_points(1) == "1 Punkt"
    assert format_points(16) == "16 Punkte"


def test_english_plural_and_grouped_count() -> None:
    assert [format_chips(n) for n in (0, 1, 2, 1500)] == ["0 chips", "1 chip", "2 chips", "1,500 chips"]


def test_negative_counts_take_the_plural_of_their_size() -> None:
    set_language("fr")
    assert format_chips(-3) == "-3 jetons"
    assert format_chips(-1) == "-1 jeton"


# --- numbers, percentages, colons, dates ----------------------------------------------------


@pytest.mark.parametrize(
    ("lang", "expected"),
    [
        ("en", "1,234,567"),
        ("fr", f"1{NNBSP}234{NNBSP}567"),
        ("de", "1.234.567"),
    ],
)
def test_thousands_separator(lang: str, expected: str) -> None:
    set_language(lang)
    assert format_number(1234567) == expected


@pytest.mark.parametrize("lang", ["en", "fr", "de"])
def test_numbers_match_the_cldr_as_babel_writes_them(lang: str) -> None:
    set_language(lang)
    for n in [0, 7, 999, 1000, 12345, 999999, 1000000, -4321, *range(-50_000, 2_000_000, 104_729)]:
        assert format_number(n) == babel_decimal(n, locale=lang)
    for x in (0.25, 3.75, 1234.5, -9.25):
        assert format_number(x, 2) == babel_decimal(x, format="#,##0.00", locale=lang)


def test_decimals_round_half_up() -> None:
    set_language("de")
    assert format_number(9.45, 1) == "9,5"
    assert format_number(0.04, 1) == "0,0"
    assert format_number(-0.04, 1) == "0,0"


@pytest.mark.parametrize(
    ("lang", "expected"),
    [
        ("en", "9.4%"),
        ("fr", f"9,4{NBSP}%"),
        ("de", f"9,4{NBSP}%"),
    ],
)
def test_percent(lang: str, expected: str) -> None:
    set_language(lang)
    assert format_percent(0.094) == expected


def test_percent_with_other_precision() -> None:
    assert format_percent(0.5, 0) == "50%"
    set_language("fr")
    assert format_percent(12.3456, 2) == f"1{NNBSP}234,56{NBSP}%"


@pytest.mark.parametrize(
    ("lang", "expected"),
    [
        ("en", "Total:"),
        ("fr", f"Total{NBSP}:"),
        ("de", "Total:"),
    ],
)
def test_colon(lang: str, expected: str) -> None:
    set_language(lang)
    assert colon("Total") == expected


@pytest.mark.parametrize("lang", ["en", "fr", "de"])
def test_dates_and_times_match_the_cldr(lang: str) -> None:
    set_language(lang)
    for month in range(1, 13):
        day = dt.date(2025, month, 1 + 2 * month)
        assert format_date(day) == babel_date(day, "long", locale=lang)
    for hour, minute in ((0, 5), (9, 30), (12, 0), (15, 5), (23, 59)):
        moment = dt.time(hour, minute)
        assert format_time(moment) == babel_time(moment, "short", locale=lang)


def test_dates_in_words() -> None:
    day = dt.date(2025, 3, 1)
    assert format_date(day) == "March 1, 2025"
    set_language("fr")
    assert format_date(day) == "1 mars 2025"
    set_language("de")
    assert format_date(day) == "1. März 2025"


def test_the_font_draws_the_narrow_no_break_space() -> None:
    pygame = pytest.importorskip("pygame")
    font_path = ROOT / "assets" / "fonts" / "DejaVuSans.ttf"
    if not font_path.exists():
        pytest.skip("DejaVuSans.ttf is not bundled")
    pygame.font.init()
    font = pygame.font.Font(font_path, 40)
    (narrow,), (missing,), (space,) = font.metrics(NNBSP), font.metrics("\ue000"), font.metrics(" ")
    # A missing glyph is drawn as a box with ink; the narrow space has none and is narrower than a space.
    assert missing[1] > missing[0]
    assert narrow[1] == narrow[0]
    assert 0 < narrow[4] < space[4]


# --- the words of the game ------------------------------------------------------------------


@pytest.mark.parametrize(
    ("lang", "words"),
    [
        ("en", ("Farmer", "farmer", "Farm", "Farm", "Card", "Stand", "Basta", "six of hearts")),
        (
            "fr",
            ("La Ferme", "fermier", "Ferme", "Corbeille", "Carte", "Je m'y tiens", "Basta", "le brillant"),
        ),
        ("de", ("Pächter", "Pächter", "Hof", "Hof", "Karte", "Ich bleibe", "Basta", "Herz-6")),
    ],
)
def test_words_on_screen_follow_the_rules_table(lang: str, words: tuple[str, ...]) -> None:
    set_language(lang)
    assert (
        i18n.game_name(),
        i18n.farmer_word(),
        i18n.pot_name("foster"),
        i18n.pot_name("ferme"),
        i18n.draw_word(),
        i18n.stand_word("ferme"),
        i18n.stand_word("lacombe+rotating"),
        i18n.six_of_hearts(),
    ) == words


def test_pot_in_running_text() -> None:
    set_language("fr")
    assert (i18n.the_pot("lacombe"), i18n.the_pot("ferme")) == ("la ferme", "la corbeille")
    set_language("de")
    assert i18n.the_pot("foster") == "der Hof"


def test_rules_labels() -> None:
    assert i18n.rules_label("lacombe", rotating=True) == "La Ferme after Lacombe (1800), rotating farm"
    set_language("fr")
    assert i18n.rules_label("foster+rotating") == "Hoyle de Foster (1897), ferme tournante"


def test_a_rules_key_this_game_does_not_know_is_said_as_it_came_and_explained_as_foster() -> None:
    """A server's list of tables, or its table's settings, may name rules this game does not know."""
    assert i18n.rules_label("chess+rotating") == "chess+rotating"
    assert i18n.rules_label("ferme+rotating") == "ferme+rotating"
    assert i18n.rules_label("lacombe+") == "lacombe+"
    assert [s.title for s in howto_sections("chess")] == [s.title for s in howto_sections("foster")]
    assert [s.title for s in howto_sections("lacombe+rotating")] == [
        s.title for s in howto_sections("lacombe", rotating=True)
    ]


# --- How to play ----------------------------------------------------------------------------


def _all_text(sections: list[HowtoSection]) -> list[str]:
    return [text for s in sections for text in (s.title, *s.paragraphs, s.caption) if text]


@pytest.mark.parametrize(("rules", "rotating"), RULES)
def test_howto_covers_every_topic_with_drawable_examples(rules: str, rotating: bool) -> None:
    sections = howto_sections(rules, rotating)
    titles = [s.title for s in sections]
    for topic in ("The aim", "The cards", "The deal", "Settling up", "Ties", "The next deal"):
        assert topic in titles
    assert any(t in titles for t in ("Selling the farm", "A rotating farm", "The farm and the farmer"))
    examples = [code for s in sections for code in s.example]
    assert examples
    for code in examples:
        assert Card.parse(code) in DECK_SET
    assert all(s.paragraphs and all(p.strip() for p in s.paragraphs) for s in sections)


@pytest.mark.parametrize("lang", ["fr", "de"])
@pytest.mark.parametrize(("rules", "rotating"), RULES)
def test_howto_is_translated_when_called(rules: str, rotating: bool, lang: str) -> None:
    english = _all_text(howto_sections(rules, rotating))
    set_language(lang)
    translated = _all_text(howto_sections(rules, rotating))
    assert len(translated) == len(english)
    untranslated = [e for e, t in zip(english, translated, strict=True) if e == t]
    assert untranslated == []


def test_howto_names_the_pot_by_rule_set() -> None:
    set_language("fr")
    ferme = " ".join(_all_text(howto_sections("ferme", False)))
    foster = " ".join(_all_text(howto_sections("foster", False)))
    assert "corbeille" in ferme and "la ferme" not in ferme.lower()
    assert "corbeille" not in foster and "la ferme" in foster
    assert "«\u00a0Je m'y tiens\u00a0»" in ferme
    lacombe = " ".join(_all_text(howto_sections("lacombe", False)))
    assert "«\u00a0Basta\u00a0»" in lacombe


def test_howto_rotating_option_in_the_name() -> None:
    assert howto_sections("lacombe+rotating") == howto_sections("lacombe", True)
