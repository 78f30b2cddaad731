"""The error and close codes have one source, game/net/codes.py; the page's copy is held equal to it."""

from __future__ import annotations

import re
from pathlib import Path

from game.net.codes import CloseCode, ErrorCode

WEB = Path(__file__).resolve().parent.parent / "assets" / "web"
NET_JS = WEB / "net.js"


def page_table(name: str) -> dict[str, str]:
    """The entries of net.js's frozen object ``name``, as written (values unparsed)."""
    text = NET_JS.read_text("utf-8")
    found = re.search(rf"export const {name} = Object\.freeze\(\{{(.*?)\}}\);", text, re.S)
    assert found, f"net.js has no {name} table"
    return dict(re.findall(r"^\s*([A-Z_]+): ([^,\n]+),$", found.group(1), re.M))


def test_the_pages_error_codes_are_the_enums() -> None:
    assert page_table("ERROR") == {code.name: f'"{code.value}"' for code in ErrorCode}


def test_the_pages_close_codes_are_the_enums() -> None:
    assert page_table("CLOSE") == {code.name: str(code.value) for code in CloseCode}


def test_the_page_names_every_code_it_uses_from_its_copy() -> None:
    words = {code.value for code in ErrorCode}
    numbers = {str(code.value) for code in CloseCode if code.value != CloseCode.NORMAL}
    tables = {"ERROR": {code.name for code in ErrorCode}, "CLOSE": {code.name for code in CloseCode}}
    for path in sorted(WEB.glob("*.js")):
        text = path.read_text("utf-8")
        for table, name in re.findall(r"\b(ERROR|CLOSE)\.([A-Z_]+)\b", text):
            assert name in tables[table], f"{path.name}: {table}.{name} is no code"
        if path == NET_JS:
            continue
        # Outside the copy, no code is written out: a literal would drift from the enum unseen.
        literal = {s for s in re.findall(r'"([a-z_]+)"', text) if s in words}
        assert not literal, f"{path.name} writes {sorted(literal)} instead of ERROR.…"
        close = set(re.findall(r"\b(\d{4})\b", text)) & numbers
        assert not close, f"{path.name} writes {sorted(close)} instead of CLOSE.…"


def test_the_server_says_only_codes_of_the_enum() -> None:
    sources = "".join(p.read_text("utf-8") for p in (WEB.parent.parent / "game" / "net").glob("*.py"))
    assert not re.search(r"\bclose\([^)]*\b(100[0-9]|101[0-9]|400[0-9])\)", sources)
    assert not re.search(r'Error\("[a-z_]+"', sources)
