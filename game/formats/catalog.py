"""The gettext ``.po`` catalogues read at run time, for the window and for the page for phones.

English is the source language; ``assets/locale/<lang>/LC_MESSAGES/farmer.po`` holds the
French and German words. There is no compiled ``.mo`` file to build or to go stale: a small
reader (:func:`read_po`) turns the ``.po`` text into the messages as gettext looks them up,
:func:`gnu_translations` into a standard :class:`gettext.GNUTranslations` (what the window's
:mod:`scenes.i18n` speaks with), and :func:`web_catalogue` into the JSON the table server
gives the page (``/i18n/<lang>.json``). One reader, so the window and the page never differ.
"""

from __future__ import annotations

import ast
import gettext
import io
import re
import struct
from collections.abc import Mapping
from importlib.resources.abc import Traversable

from game.formats import assets

DOMAIN = "farmer"
"""The gettext domain: the catalogues are called ``farmer.po``."""

_PLURAL_FORMS = re.compile(r"nplurals\s*=\s*(\d+)\s*;\s*plural\s*=\s*([^;]+?)\s*;?\s*$")


def _unquote(text: str) -> str:
    """The content of one quoted .po string, its C escapes decoded."""
    text = text.strip()
    if len(text) < 2 or text[0] != '"' or text[-1] != '"':
        raise ValueError(f"not a quoted string: {text!r}")
    # A .po string is a C string literal; Python's literal syntax decodes the same escapes.
    return str(ast.literal_eval(text))


def read_po(text: str) -> dict[str, str | list[str]]:
    """The translated messages of a .po catalogue, as gettext looks them up.

    Keys are the msgid, prefixed by ``msgctxt + "\\x04"`` when there is a context (the
    gettext convention). A plural entry maps ``msgid + "\\x00" + msgid_plural`` to its list of
    forms. Like ``msgfmt``, this leaves out fuzzy entries, obsolete (``#~``) entries and
    untranslated ones (an empty msgstr or any empty plural form), so that they fall back to
    English; the header (msgid ``""``) is always kept, for the charset and the plural rule.
    """
    entries: dict[str, str | list[str]] = {}
    fields: dict[str, str] = {}
    fuzzy = False
    current: str | None = None

    def finish() -> None:
        nonlocal fuzzy
        if "msgid" in fields:
            msgid = fields["msgid"]
            context = fields.get("msgctxt")
            key = msgid if context is None else f"{context}\x04{msgid}"
            if "msgid_plural" in fields:
                forms = [
                    fields[k]
                    for k in sorted(
                        (k for k in fields if k.startswith("msgstr[")), key=lambda k: int(k[7:-1])
                    )
                ]
                if forms and all(forms) and not fuzzy:
                    entries[key + "\x00" + fields["msgid_plural"]] = forms
            elif msgid == "" and context is None:
                entries[""] = fields.get("msgstr", "")
            elif fields.get("msgstr") and not fuzzy:
                entries[key] = fields["msgstr"]
        fields.clear()
        fuzzy = False

    for raw in text.splitlines():
        line = raw.strip()
        keyword = line.partition(" ")[0]
        # A comment, msgctxt or msgid after a msgstr starts the next entry.
        if (line.startswith("#") or keyword in ("msgctxt", "msgid")) and any(
            k.startswith("msgstr") for k in fields
        ):
            finish()
        if not line:
            continue
        if line.startswith("#~"):  # obsolete: kept for translators, never used
            fuzzy = False
            continue
        if line.startswith("#"):
            if line.startswith("#,") and "fuzzy" in (f.strip() for f in line[2:].split(",")):
                fuzzy = True
            continue
        if line.startswith('"'):
            if current is None:
                raise ValueError(f"continuation line outside an entry: {raw!r}")
            fields[current] += _unquote(line)
            continue
        if not (keyword in ("msgctxt", "msgid", "msgid_plural", "msgstr") or keyword.startswith("msgstr[")):
            raise ValueError(f"unknown .po line: {raw!r}")
        current = keyword
        fields[keyword] = _unquote(line[len(keyword) :])
    finish()
    return entries


def mo_bytes(entries: Mapping[str, str | list[str]]) -> bytes:
    """The messages in the binary .mo layout that :class:`gettext.GNUTranslations` reads."""
    keys = sorted(entries)
    ids = [k.encode() for k in keys]
    strs = [("\x00".join(v) if isinstance(v, list) else v).encode() for v in (entries[k] for k in keys)]
    count = len(keys)
    header_size = 7 * 4
    ids_table = header_size
    strs_table = ids_table + count * 8
    data = strs_table + count * 8
    offsets: list[int] = []
    blob = b""
    for chunk in ids + strs:
        offsets += [len(chunk), data + len(blob)]
        blob += chunk + b"\x00"
    head = struct.pack("<7I", 0x950412DE, 0, count, ids_table, strs_table, 0, data)
    return head + struct.pack(f"<{4 * count}I", *offsets) + blob


def gnu_translations(entries: Mapping[str, str | list[str]]) -> gettext.GNUTranslations:
    """The standard translations object of ``entries`` (as :func:`read_po` gives them)."""
    return gettext.GNUTranslations(io.BytesIO(mo_bytes(entries)))


def catalogue_text(language: str, base: Traversable | None = None) -> str:
    """The ``.po`` text of ``language`` from the installed assets (or ``base``).

    Raises :class:`game.formats.assets.MissingAssetError`, naming the file, if it is not installed.
    """
    return assets.find(assets.catalogue_name(language, DOMAIN), base).read_text(encoding="utf-8")


def plural_rule(entries: Mapping[str, str | list[str]]) -> tuple[int, str]:
    """``(nplurals, expression)`` of the catalogue's ``Plural-Forms`` header; English's without one.

    ``nplurals=2; plural=(n > 1);`` gives ``(2, "(n > 1)")``.
    """
    header = entries.get("", "")
    for line in (header if isinstance(header, str) else "").splitlines():
        name, _sep, value = line.partition(":")
        if name.strip().lower() == "plural-forms":
            found = _PLURAL_FORMS.match(value.strip())
            if found is None:
                raise ValueError(f"a Plural-Forms header that cannot be read: {value.strip()!r}")
            return int(found.group(1)), found.group(2)
    return 2, "(n != 1)"


def web_catalogue(entries: Mapping[str, str | list[str]]) -> dict[str, object]:
    """The catalogue as the page reads it: ``{"messages", "plural", "nplurals"}``.

    ``messages`` maps each msgid (``msgctxt + "\\x04" + msgid`` with a context) to its
    translation; a plural entry is keyed by its singular msgid and holds the list of forms.
    ``plural`` is the ``Plural-Forms`` expression in ``n`` (``(n > 1)``), which gives the index
    of the form to use; the header itself is left out.
    """
    messages: dict[str, str | list[str]] = {}
    for key, value in entries.items():
        if key:
            messages[key.partition("\x00")[0]] = list(value) if isinstance(value, list) else value
    nplurals, expression = plural_rule(entries)
    return {"messages": messages, "plural": expression, "nplurals": nplurals}
