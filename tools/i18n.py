"""Keep the French and German catalogues in step with the source.

    python tools/i18n.py extract   # scan game/, scenes/ and assets/web/*.js into assets/locale/farmer.pot
    python tools/i18n.py update    # extract, then merge the template into fr and de farmer.po
    python tools/i18n.py check     # exit 1, listing them, if any message is untranslated

The game reads the .po files directly at run time (see ``game/formats/catalog.py``), so there is no
compile step; the table server gives the page for phones the same catalogues as JSON, and the
page's own words (``_()``, ``ngettext()``, ``pgettext()``, ``npgettext()`` in
``assets/web/*.js``) are extracted with the game's. Needs babel (the ``dev`` extra).
"""

from __future__ import annotations

import argparse
import datetime
import re
import sys
from collections.abc import Iterable
from pathlib import Path

from babel.messages.catalog import Catalog, Message
from babel.messages.extract import extract_from_dir
from babel.messages.pofile import read_po, write_po

ROOT = Path(__file__).resolve().parent.parent
SOURCE_DIRS = ("game", "scenes")
WEB_DIR = Path("assets") / "web"
"""The page for phones: its scripts (``*.js``, directly in the folder) are extracted too."""
LOCALE_DIR = ROOT / "assets" / "locale"
TEMPLATE = LOCALE_DIR / "farmer.pot"
TRANSLATED = ("fr", "de")
KEYWORDS = {
    "_": None,
    "N_": None,
    "ngettext": (1, 2),
    "pgettext": ((1, "c"), 2),
    "npgettext": ((1, "c"), 2, 3),
}
"""The translation functions of ``scenes/i18n.py`` and where their messages sit; the page's
scripts (``assets/web/*.js``) call theirs by the same names, with the same arguments."""

LANGUAGE_NAMES = {"fr": "French", "de": "German"}

PLURAL_FORMS = {
    "fr": "nplurals=2; plural=(n > 1);",
    "de": "nplurals=2; plural=(n != 1);",
}

_PLACEHOLDER = re.compile(r"\{[^{}]*\}")


def po_path(lang: str) -> Path:
    """The catalogue of ``lang``."""
    return LOCALE_DIR / lang / "LC_MESSAGES" / "farmer.po"


def extract(root: Path = ROOT) -> Catalog:
    """Every message marked in the Python files of game/ and scenes/ and in the page's scripts,
    as a template."""
    template = Catalog(
        project="Farmer",
        version="0.1",
        charset="utf-8",
        fuzzy=False,
        msgid_bugs_address="",
        header_comment="# Messages of Farmer: made by python tools/i18n.py extract.",
    )
    # The Python sources, then the page's scripts (top level only: the page has no sub-folders).
    sources = [(Path(d), "**.py", "python") for d in SOURCE_DIRS]
    sources.append((WEB_DIR, "*.js", "javascript"))
    for directory, pattern, method in sources:
        if not (root / directory).is_dir():
            continue
        found = extract_from_dir(
            root / directory,
            method_map=[(pattern, method)],
            keywords=KEYWORDS,
            comment_tags=("Translators:",),
            strip_comment_tags=True,
        )
        for filename, lineno, message, comments, context in found:
            path = f"{directory.as_posix()}/{filename}".replace("\\", "/")
            template.add(message, None, [(path, lineno)], auto_comments=comments, context=context)
    return template


def write_catalog(catalog: Catalog, path: Path) -> None:
    """Write ``catalog`` as a .po/.pot file, sorted, without line numbers that churn."""
    path.parent.mkdir(parents=True, exist_ok=True)
    with path.open("wb") as f:
        write_po(
            f,
            catalog,
            width=100,
            sort_output=True,
            include_lineno=False,
            omit_header=False,
            ignore_obsolete=True,
        )


def load(lang: str) -> Catalog:
    """The catalogue of ``lang`` (an empty one if it does not exist yet)."""
    path = po_path(lang)
    if not path.exists():
        return Catalog(locale=lang, project="Farmer", version="0.1", fuzzy=False)
    with path.open("rb") as f:
        return read_po(f, locale=lang)


def update(template: Catalog) -> None:
    """Merge ``template`` into every translated catalogue (new messages come in empty)."""
    for lang in TRANSLATED:
        catalog = load(lang)
        catalog.update(template, no_fuzzy_matching=True)
        catalog.fuzzy = False
        catalog.project, catalog.version = "Farmer", "0.1"
        catalog.header_comment = (
            f"# {LANGUAGE_NAMES[lang]} translation of Farmer.\n"
            "# Distributed under the same licence as Farmer (MIT).\n"
            "# Update with: python tools/i18n.py update; check with: python tools/i18n.py check"
        )
        catalog.msgid_bugs_address = ""
        catalog.last_translator = "Farmer translators"
        catalog.revision_date = datetime.datetime.now(datetime.UTC)
        catalog.language_team = f"{LANGUAGE_NAMES[lang]}"
        # The Plural-Forms header comes from babel's locale data; check() verifies it.
        write_catalog(catalog, po_path(lang))


def _label(message: Message) -> str:
    ident = message.id if isinstance(message.id, str) else message.id[0]
    return f"{message.context} | {ident}" if message.context else ident


def problems(lang: str, template: Catalog) -> list[str]:
    """What is wrong with the ``lang`` catalogue against ``template``: one line per message."""
    catalog = load(lang)
    found: list[str] = []
    if catalog.num_plurals != 2 or PLURAL_FORMS[lang] not in (catalog.plural_forms or ""):
        found.append(f"{lang}: Plural-Forms should be {PLURAL_FORMS[lang]!r}, not {catalog.plural_forms!r}")
    for message in template:
        if not message.id:
            continue
        translated = catalog.get(message.id, context=message.context)
        name = _label(message)
        if translated is None:
            found.append(f"{lang}: missing: {name}")
            continue
        if translated.fuzzy:
            found.append(f"{lang}: fuzzy: {name}")
        value = translated.string
        strings = list(value) if isinstance(value, (list, tuple)) else [value]
        if message.pluralizable and (not translated.pluralizable or len(strings) != catalog.num_plurals):
            found.append(f"{lang}: plural forms missing: {name}")
            continue
        if not all(strings):
            found.append(f"{lang}: untranslated: {name}")
            continue
        ids = list(message.id) if isinstance(message.id, (list, tuple)) else [message.id]
        wanted = set(_PLACEHOLDER.findall(" ".join(ids)))
        for text in strings:
            if set(_PLACEHOLDER.findall(text or "")) != wanted:
                found.append(f"{lang}: placeholders differ: {name} -> {text}")
                break
    return found


def check(template: Catalog, langs: Iterable[str] = TRANSLATED) -> list[str]:
    """Every problem of every translated catalogue."""
    return [line for lang in langs for line in problems(lang, template)]


def main(argv: list[str] | None = None) -> int:
    """Run one command; the exit status is 1 when ``check`` finds something to fix."""
    parser = argparse.ArgumentParser(
        description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter
    )
    parser.add_argument("command", choices=("extract", "update", "check"))
    args = parser.parse_args(argv)
    template = extract()
    if args.command in ("extract", "update"):
        write_catalog(template, TEMPLATE)
        print(f"{len(template)} messages -> {TEMPLATE.relative_to(ROOT)}")
    if args.command == "update":
        update(template)
        print("merged into " + ", ".join(str(po_path(lang).relative_to(ROOT)) for lang in TRANSLATED))
    if args.command == "check":
        found = check(template)
        for line in found:
            print(line)
        if found:
            print(f"{len(found)} problem(s)", file=sys.stderr)
            return 1
        print(f"{len(template)} messages, all translated in {', '.join(TRANSLATED)}")
    return 0


if __name__ == "__main__":
    sys.exit(main())
