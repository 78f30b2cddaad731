"""The server answers for the page's own files and nothing else: everything outside them is 404,
asked by a plain HTTP client and by the page itself; the page's own files load with its
Content-Security-Policy and nothing complains."""

from __future__ import annotations

import http.client
import re
from pathlib import Path

import farmer_assets  # type: ignore[import-untyped,import-not-found,unused-ignore]
from playwright.sync_api import Browser

from game.net.server import ServerThread
from tools.pages import new_page

WEB = Path(farmer_assets.__file__).resolve().parent / "web"
SERVED = re.compile(r"[a-z0-9_-]+\.(html|css|js|svg|png|ico|webmanifest)")

OUTSIDE = [
    "/..", "/../pyproject.toml", "/../../etc/passwd", "/%2e%2e/pyproject.toml", "/%2e%2e%2fpyproject.toml",
    "/..%2f..%2fetc%2fpasswd", "/web/index.html", "/assets/web/index.html", "/index.html/",
    "/index.html/..", "//etc/passwd", "/.git/config", "/.env", "/nothing.js", "/INDEX.HTML",
    "/index.html%00.js", "/i18n/xx.json", "/i18n/../index.html", "/i18n/fr.po", "/i18n/", "/i18n",
    "/locale/fr/LC_MESSAGES/farmer.po", "/fonts/DejaVuSans.ttf", "/server.py", "/game/net/server.py",
    "/%5c..%5cpyproject.toml", "/..\\pyproject.toml", "/index.html~", "/.index.html.swp",
    "/" + "a" * 3000 + ".js",
]
"""Paths outside the page's files: every one is 404."""


def get(port: int, path: str, method: str = "GET") -> tuple[int, dict[str, str], bytes]:
    """One plain request, the path sent exactly as given."""
    conn = http.client.HTTPConnection("127.0.0.1", port, timeout=5)
    try:
        conn.putrequest(method, path, skip_accept_encoding=True)
        conn.endheaders()
        response = conn.getresponse()
        return response.status, {k.lower(): v for k, v in response.getheaders()}, response.read()
    finally:
        conn.close()


def page_files() -> list[str]:
    """The files the page is made of (those directly in assets/web that the server may serve)."""
    return sorted(p.name for p in WEB.iterdir() if p.is_file() and SERVED.fullmatch(p.name))


def test_every_file_of_the_page_is_served_with_its_policy(server: ServerThread) -> None:
    port = server.server.port
    files = page_files()
    assert "index.html" in files, files
    for name in ["", *files]:
        status, headers, body = get(port, f"/{name}")
        assert status == 200, (name, status)
        expected = (WEB / (name or "index.html")).read_bytes()
        assert body == expected, name
        csp = headers.get("content-security-policy", "")
        assert "default-src 'none'" in csp and "script-src 'self'" in csp, (name, csp)
        assert f"connect-src 'self' ws://127.0.0.1:{port}" in csp, (name, csp)
        assert headers.get("x-content-type-options") == "nosniff", name
    status, headers, _ = get(port, "/?t=ABCD2345")
    assert status == 200 and headers["content-type"].startswith("text/html"), headers


def test_every_request_outside_the_page_s_files_is_404(server: ServerThread, browser: Browser) -> None:
    port = server.server.port
    for path in OUTSIDE:
        status, _headers, body = get(port, path)
        assert status == 404, (path, status, body[:200])
        assert b"[project]" not in body and b"root:" not in body, path
    # The same from the page itself, as a script in it would ask.
    page = new_page(browser, 360, 740, mobile=True, language="en")
    try:
        page.navigate(f"http://127.0.0.1:{port}/")
        asked = ["/pyproject.toml", "/../pyproject.toml", "/.git/config", "/i18n/xx.json", "/nothing.css",
                 "/%2e%2e/pyproject.toml", "/locale/fr/LC_MESSAGES/farmer.po"]
        for path in asked:
            status = page.evaluate(f"fetch({path!r}).then(r => r.status)")
            assert status == 404, (path, status)
        statuses = page.evaluate("Promise.all(['/', '/i18n/fr.json', '/i18n/de.json'].map("
                                 "p => fetch(p).then(r => r.status)))")
        assert statuses == [200, 200, 200], statuses
    finally:
        page.close()


def test_the_page_loads_with_no_complaint_in_each_language(server: ServerThread, browser: Browser) -> None:
    port = server.server.port
    for lang in ("en", "fr", "de"):
        page = new_page(browser, 360, 740, mobile=True, language=lang)
        try:
            page.navigate(f"http://127.0.0.1:{port}/?t=ABCD2345")
            page.wait_for("document.body && document.body.dataset.screen === 'join'", 10, "the join screen")
            page.wait_for("document.querySelector('#code').value === 'ABCD2345'", 5, "#code filled from ?t=")
            if lang != "en":
                page.wait_for(f"performance.getEntriesByType('resource').some(e => e.name.endsWith("
                              f"'/i18n/{lang}.json'))", 5, f"the page asking for /i18n/{lang}.json")
            page.wait_for(f"document.documentElement.lang.split('-')[0] === '{lang}'", 5,
                          f"the page in {lang}")
            page.evaluate("new Promise(r => setTimeout(r, 300))")
            assert not page.problems, [str(p) for p in page.problems]
            assert not page.dialogs, page.dialogs
        finally:
            page.close()
    # ?lang= wins over the browser's languages.
    page = new_page(browser, 360, 740, mobile=True, language="fr")
    try:
        page.navigate(f"http://127.0.0.1:{port}/?lang=de")
        page.wait_for("document.documentElement.lang.split('-')[0] === 'de'", 5, "the page in German")
    finally:
        page.close()


def test_what_the_policy_refuses_and_what_the_page_throws_are_heard(
    server: ServerThread, browser: Browser
) -> None:
    # The recorder the games rely on: an inline script and an image from elsewhere (refused by the
    # page's policy), an uncaught error and a console error are each heard; an alert() is seen.
    page = new_page(browser, 360, 740, mobile=True, language="en")
    try:
        page.navigate(f"http://127.0.0.1:{server.server.port}/")
        page.evaluate("document.body.append(Object.assign(document.createElement('script'), "
                      "{textContent: 'window.__ran = 1'}))")
        page.evaluate("document.body.append(Object.assign(document.createElement('img'), "
                      "{src: 'http://example.invalid/x.png'}))")
        page.evaluate("setTimeout(() => { throw new Error('thrown') }, 0); console.error('said'); 1")
        page.wait_for("new Promise(r => setTimeout(() => r(true), 300))")
        assert page.evaluate("window.__ran === undefined"), "an inline script ran"
        said = "\n".join(str(p) for p in page.problems)
        assert "Content Security Policy" in said and "script" in said, said
        assert "img-src" in said, said
        assert "thrown" in said and "console: said" in said, said
        page.evaluate("setTimeout(() => alert('hi'), 0); 1")
        page.wait_for("new Promise(r => setTimeout(() => r(true), 300))")
        assert page.dialogs == ["alert: hi"], page.dialogs
    finally:
        page.close()
