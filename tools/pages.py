"""Phones and tablets in Debian's headless Chromium, driven by Playwright, that record what they hear.

:func:`chromium` starts ``/usr/bin/chromium`` through Playwright's ``executable_path`` (no browser
of Playwright's own is downloaded). :func:`new_page` opens a tab in a browser context of its own
(its own cookies and localStorage, as a second phone has), sized and set to a language like a
phone or a tablet. A :class:`Page` is Playwright's page plus what the tests read from it: every
WebSocket frame the page receives and sends, every console error, uncaught exception and
Content-Security-Policy violation, and every JavaScript dialog (which it dismisses).

Playwright's synchronous API hears the browser only while one of its calls runs: :meth:`Page.received`
and :meth:`Page.sent` make one small call first, so a loop that polls them sees new frames.

    with chromium() as browser:
        page = new_page(browser, 360, 740, mobile=True, language="fr")
        page.navigate("http://127.0.0.1:8765/")
        page.wait_for("document.body.dataset.screen === 'join'")
"""

from __future__ import annotations

import json
import os
import threading
import time
from collections.abc import Iterator
from contextlib import contextmanager, suppress
from dataclasses import dataclass
from pathlib import Path
from typing import Any

from playwright.sync_api import Browser, BrowserContext, ConsoleMessage, Dialog, WebSocket, sync_playwright
from playwright.sync_api import Error as PlaywrightError
from playwright.sync_api import Page as PlaywrightPage

CHROMIUM = "/usr/bin/chromium"
"""Debian's Chromium, where ``apt-get install chromium`` puts it."""
ARGS = (
    "--no-sandbox",
    "--disable-gpu",
    "--disable-background-networking",
    "--disable-component-update",
    "--disable-sync",
    "--no-first-run",
)
"""Chromium's flags on top of Playwright's own (which already keep background tabs at full speed:
every tab is a phone in someone's hand)."""
CALL_SECONDS = 15.0
"""How long one navigation or evaluation may take."""


class BrowserError(RuntimeError):
    """The page could not do what was asked (nothing to click, a failed load...)."""


@dataclass(slots=True)
class Frame:
    """One WebSocket frame as the page's network stack saw it."""

    received: bool
    """True for a frame from the server, False for one the page sent."""
    text: str
    """The frame's payload (a binary frame's bytes read as Latin-1)."""

    def json(self) -> Any:
        """The payload read as JSON."""
        return json.loads(self.text)


@dataclass(slots=True)
class Problem:
    """Something the page complained about: a console error (the browser's own errors, such as a
    refused load or a Content-Security-Policy violation, are console errors too) or an uncaught
    exception."""

    kind: str
    """``console`` or ``exception``."""
    text: str

    def __str__(self) -> str:
        return f"{self.kind}: {self.text}"


@contextmanager
def chromium(executable: str = CHROMIUM) -> Iterator[Browser]:
    """Debian's Chromium, headless, started by Playwright; closed when the block ends."""
    if not os.path.exists(executable):
        raise BrowserError(f"{executable} is missing (Debian: apt-get install chromium)")
    with sync_playwright() as playwright:
        browser = playwright.chromium.launch(executable_path=executable, headless=True, args=list(ARGS))
        try:
            yield browser
        finally:
            browser.close()


def new_page(browser: Browser, width: int = 360, height: int = 740, mobile: bool = True,
             language: str = "en", scale: float = 2.0) -> Page:
    """A new tab in a context of its own (its own storage), ``width`` x ``height`` CSS px at ``scale``
    device pixels each, a phone's (``mobile``: a phone's viewport and touch), whose browser prefers
    ``language`` (``navigator.languages``, Accept-Language and the locale)."""
    context = browser.new_context(
        viewport={"width": width, "height": height}, screen={"width": width, "height": height},
        device_scale_factor=scale, is_mobile=mobile, has_touch=mobile, locale=language,
    )
    context.set_default_timeout(CALL_SECONDS * 1000)
    return Page(context, context.new_page())


class Page:
    """One tab and what it recorded; see the module docstring. ``pw`` is Playwright's page itself."""

    def __init__(self, context: BrowserContext, page: PlaywrightPage) -> None:
        """Record what ``page`` (in ``context``, closed with it) hears from now on."""
        self.context = context
        self.pw = page
        self.frames: list[Frame] = []
        """Every WebSocket frame received or sent, in order."""
        self.problems: list[Problem] = []
        """Console errors and uncaught exceptions, in order."""
        self.dialogs: list[str] = []
        """Every JavaScript dialog (alert, confirm, prompt) the page opened: its type and message."""
        self.sockets: list[str] = []
        """The URL of every WebSocket the page opened."""
        self._lock = threading.Lock()
        page.on("websocket", self._on_socket)
        page.on("console", self._on_console)
        page.on("pageerror", lambda error: self.problems.append(Problem("exception", str(error))))
        page.on("dialog", self._on_dialog)

    # ------------------------------------------------------------------ what the page does

    def _on_socket(self, socket: WebSocket) -> None:
        self.sockets.append(socket.url)

        def note(received: bool, payload: str | bytes) -> None:
            text = payload if isinstance(payload, str) else payload.decode("latin-1")
            with self._lock:
                self.frames.append(Frame(received, text))

        socket.on("framereceived", lambda payload: note(True, payload))
        socket.on("framesent", lambda payload: note(False, payload))

    def _on_console(self, message: ConsoleMessage) -> None:
        if message.type in ("error", "assert"):
            self.problems.append(Problem("console", message.text))

    def _on_dialog(self, dialog: Dialog) -> None:
        self.dialogs.append(f"{dialog.type}: {dialog.message}")
        dialog.dismiss()

    def _hear(self) -> None:
        """Let Playwright deliver what the browser said meanwhile (one round trip to Playwright's driver)."""
        with suppress(PlaywrightError):
            self.pw.wait_for_timeout(0)

    def received(self) -> list[Frame]:
        """The frames received so far (a copy)."""
        self._hear()
        with self._lock:
            return [f for f in self.frames if f.received]

    def sent(self) -> list[Frame]:
        """The frames the page sent so far (a copy)."""
        self._hear()
        with self._lock:
            return [f for f in self.frames if not f.received]

    def opened_sockets(self, timeout: float = 5.0) -> list[str]:
        """The URL of every WebSocket the page opened, once at least one is known (a copy).

        Playwright may report a socket after the page has already acted on its frames, so a
        test that reads :attr:`sockets` just after a page event waits here
        (:class:`TimeoutError` after ``timeout`` seconds with none)."""
        end = time.monotonic() + timeout
        while not self.sockets:
            if time.monotonic() >= end:
                raise TimeoutError(f"waited {timeout:g} s for the page to open a WebSocket")
            self._hear()
            time.sleep(0.02)
        return list(self.sockets)

    # ------------------------------------------------------------------ driving

    def navigate(self, url: str) -> None:
        """Go to ``url`` and wait for its load event."""
        self.pw.goto(url, wait_until="load")

    def reload(self) -> None:
        """Reload the page (as a person pulling down to refresh) and wait for its load event."""
        self.pw.reload(wait_until="load")

    def add_init_script(self, source: str) -> None:
        """Run ``source`` in every document this tab loads from now on, before the page's own scripts
        (the page's Content-Security-Policy does not apply to it)."""
        self.pw.add_init_script(source)

    def evaluate(self, expression: str) -> Any:
        """The value of a JavaScript expression (awaited when it is a promise), as JSON."""
        return self.pw.evaluate(expression)

    def wait_for(self, expression: str, timeout: float = 10.0, what: str = "") -> Any:
        """Wait until ``expression`` is truthy (checked every 50 ms); its value
        (:class:`TimeoutError` saying ``what``)."""
        try:
            # As a function: Playwright calls it over the DevTools protocol, which the page's
            # Content-Security-Policy allows (an expression would be eval'd in the page: refused).
            handle = self.pw.wait_for_function(f"() => ({expression})", timeout=timeout * 1000,
                                               polling=50)
        except PlaywrightError as exc:
            if "Timeout" not in str(exc):
                raise
            raise TimeoutError(f"waited {timeout:g} s for {what or expression}") from None
        return handle.json_value()

    def box(self, selector: str) -> dict[str, float] | None:
        """The element's box on screen (CSS px: x, y, width, height), scrolled into view; None if absent."""
        found = self.pw.query_selector(selector)
        if found is None:
            return None
        found.scroll_into_view_if_needed()
        box = found.bounding_box()
        if box is None:
            return None
        return {"x": box["x"], "y": box["y"], "width": box["width"], "height": box["height"]}

    def click(self, selector: str) -> None:
        """Click the element as a finger or a mouse would: it must be there, visible, enabled and what
        is on top at its middle (a button hidden under something else cannot be pressed either)."""
        try:
            self.pw.click(selector, timeout=5000)
        except PlaywrightError as exc:
            raise BrowserError(f"cannot click {selector}: {exc}") from None

    def mouse(self, kind: str, x: float, y: float) -> None:
        """One mouse event at (x, y) CSS px: ``mousePressed``, ``mouseReleased`` or ``mouseMoved``
        (a press held while something else happens, then its release)."""
        if kind == "mouseMoved":
            self.pw.mouse.move(x, y)
        else:
            self.pw.mouse.move(x, y)
            (self.pw.mouse.down if kind == "mousePressed" else self.pw.mouse.up)()

    def type(self, selector: str, text: str) -> None:
        """Tap the field and type ``text`` over what it holds (as a phone's keyboard does)."""
        self.click(selector)
        self.pw.fill(selector, text)

    def screenshot(self, path: Path | None = None) -> bytes:
        """A PNG of what the screen shows now (written to ``path`` when given)."""
        if path is not None:
            path.parent.mkdir(parents=True, exist_ok=True)
        return self.pw.screenshot(path=path)

    def close(self) -> None:
        """Close the tab and its context."""
        with suppress(PlaywrightError):
            self.context.close()
