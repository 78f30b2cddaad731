"""A small Chrome DevTools Protocol client: a headless Chromium driven over one WebSocket.

:class:`Browser` starts ``chromium --headless`` with a fresh profile, reads the DevTools port
it chose from ``DevToolsActivePort`` and talks to it with the ``websockets`` library's sync
client (the library the table server and its clients already use). :meth:`Browser.new_page`
opens a tab in a browser context of its own (its own cookies and localStorage, as a second
phone has), sized and set to a language like a phone or a tablet. A :class:`Page` navigates,
evaluates JavaScript, clicks and types as a person does (real input events at the element's
place on screen), waits for a condition, reloads and takes PNG screenshots; it records
every WebSocket frame the page receives and sends, every console error, uncaught exception
and Content-Security-Policy violation, and every JavaScript dialog (which it dismisses).

Every call is bounded by a timeout; leaving the ``with`` block (or :meth:`Browser.close`)
kills the browser and removes its profile, whatever happened.

    with Browser() as browser:
        page = browser.new_page(360, 740, mobile=True, language="fr")
        page.navigate("http://127.0.0.1:8765/")
        page.wait_for("document.body.dataset.screen === 'join'")
"""

from __future__ import annotations

import base64
import contextlib
import itertools
import json
import os
import shutil
import subprocess
import tempfile
import threading
import time
from collections.abc import Callable
from dataclasses import dataclass, field
from pathlib import Path
from types import TracebackType
from typing import Any

from websockets.exceptions import ConnectionClosed
from websockets.sync.client import ClientConnection, connect

CHROMIUM = "/usr/bin/chromium"
"""Debian's Chromium, where ``apt-get install chromium`` puts it."""
CALL_SECONDS = 15.0
"""How long one DevTools command may take before :class:`BrowserError`."""
START_SECONDS = 20.0
"""How long the browser may take to open its DevTools port."""
FLAGS = (
    "--headless",
    "--no-sandbox",
    "--disable-gpu",
    "--disable-quic",
    "--no-first-run",
    "--no-default-browser-check",
    "--disable-background-networking",
    "--disable-component-update",
    "--disable-sync",
    "--disable-extensions",
    "--disable-dev-shm-usage",
    # Every tab is a phone in someone's hand: none is slowed down for being in the background.
    "--disable-background-timer-throttling",
    "--disable-renderer-backgrounding",
    "--disable-backgrounding-occluded-windows",
    "--mute-audio",
    "--remote-debugging-port=0",
    "--remote-allow-origins=*",
)
"""The command line's flags (the profile folder and the language are added per browser)."""

Json = dict[str, Any]


class BrowserError(RuntimeError):
    """The browser failed, refused a command, or did not answer in time."""


@dataclass(slots=True)
class Frame:
    """One WebSocket frame as the page's network stack saw it."""

    received: bool
    """True for a frame from the server, False for one the page sent."""
    text: str
    """The frame's payload (a text frame's text; a binary frame's base64)."""
    opcode: int
    """1: text, 2: binary (RFC 6455)."""

    def json(self) -> Any:
        """The payload read as JSON."""
        return json.loads(self.text)


@dataclass(slots=True)
class Problem:
    """Something the page complained about: a console error, an uncaught exception, a CSP violation."""

    kind: str
    """``console`` (console.error / console.assert), ``exception``, or ``log`` (the browser's own
    log: failed loads, CSP violations, deprecations at level error)."""
    text: str
    source: str = ""
    """For ``log``: the browser's source of the entry (``network``, ``security``, ``javascript``...)."""

    def __str__(self) -> str:
        return f"{self.kind}{'/' + self.source if self.source else ''}: {self.text}"


@dataclass(slots=True)
class _Pending:
    done: threading.Event = field(default_factory=threading.Event)
    reply: Json | None = None


class Browser:
    """A headless Chromium and the one DevTools connection that drives it (a context manager)."""

    def __init__(self, executable: str = CHROMIUM, language: str = "en-US",
                 extra_flags: tuple[str, ...] = ()) -> None:
        """Start ``executable`` headless with a fresh profile (``language``: its ``--lang``)."""
        if not os.path.exists(executable):
            raise BrowserError(f"{executable} is missing (Debian: apt-get install chromium)")
        self.profile = Path(tempfile.mkdtemp(prefix="farmer-chromium-"))
        self._ids = itertools.count(1)
        self._pending: dict[int, _Pending] = {}
        self._lock = threading.Lock()
        self._listeners: dict[str, list[Callable[[str, Json], None]]] = {}
        """Event handlers by session id ("" for the browser's own events)."""
        self._ws: ClientConnection | None = None
        self._stack = contextlib.ExitStack()
        self._reader: threading.Thread | None = None
        self.closed = False
        log = open(self.profile / "chromium.log", "wb")  # noqa: SIM115 (closed in close())
        self._log = log
        self.process = subprocess.Popen(
            [executable, *FLAGS, f"--lang={language}", f"--user-data-dir={self.profile}",
             *extra_flags, "about:blank"],
            stdin=subprocess.DEVNULL, stdout=log, stderr=subprocess.STDOUT, start_new_session=True,
        )
        try:
            self._connect()
        except BaseException:
            self.close()
            raise

    # ------------------------------------------------------------------ life

    def _connect(self) -> None:
        port_file = self.profile / "DevToolsActivePort"
        end = time.monotonic() + START_SECONDS
        lines: list[str] = []
        while time.monotonic() < end:
            if self.process.poll() is not None:
                raise BrowserError(f"chromium exited with {self.process.returncode}: {self.log_tail()}")
            with contextlib.suppress(OSError):
                lines = port_file.read_text(encoding="utf-8").split()
            if len(lines) >= 2:
                break
            time.sleep(0.05)
        else:
            raise BrowserError(f"chromium did not open its DevTools port in {START_SECONDS:g} s")
        url = f"ws://127.0.0.1:{int(lines[0])}{lines[1]}"
        self._ws = self._stack.enter_context(connect(
            url, proxy=None, compression=None, max_size=None, open_timeout=10, ping_interval=None,
            close_timeout=2))
        self._reader = threading.Thread(target=self._read, name="cdp-reader", daemon=True)
        self._reader.start()

    def log_tail(self, size: int = 2000) -> str:
        """The end of the browser's own output (for error messages)."""
        with contextlib.suppress(OSError):
            return (self.profile / "chromium.log").read_bytes()[-size:].decode("utf-8", "replace")
        return ""

    def close(self) -> None:
        """Kill the browser (its whole process group) and remove its profile."""
        if self.closed:
            return
        self.closed = True
        with contextlib.suppress(Exception):
            self._stack.close()
        if self.process.poll() is None:
            with contextlib.suppress(ProcessLookupError, PermissionError):
                os.killpg(self.process.pid, 9)
            with contextlib.suppress(subprocess.TimeoutExpired):
                self.process.wait(5)
        if self._reader is not None:
            self._reader.join(2)
        self._log.close()
        shutil.rmtree(self.profile, ignore_errors=True)

    def __enter__(self) -> Browser:
        return self

    def __exit__(self, kind: type[BaseException] | None, exc: BaseException | None,
                 tb: TracebackType | None) -> None:
        self.close()

    # ------------------------------------------------------------------ the wire

    def _read(self) -> None:
        ws = self._ws
        assert ws is not None
        try:
            for data in ws:
                message = json.loads(data)
                if "id" in message:
                    with self._lock:
                        pending = self._pending.pop(int(message["id"]), None)
                    if pending is not None:
                        pending.reply = message
                        pending.done.set()
                    continue
                session = str(message.get("sessionId", ""))
                for listener in list(self._listeners.get(session, ())):
                    listener(str(message.get("method", "")), message.get("params", {}))
        except (ConnectionClosed, OSError, ValueError):
            pass
        finally:
            with self._lock:
                waiting = list(self._pending.values())
                self._pending.clear()
            for pending in waiting:
                pending.done.set()

    def call(self, method: str, params: Json | None = None, session: str = "",
             timeout: float = CALL_SECONDS) -> Json:
        """Send one command (to ``session``, or the browser) and wait for its result."""
        ws = self._ws
        if ws is None or self.closed:
            raise BrowserError("the browser is closed")
        ident = next(self._ids)
        message: Json = {"id": ident, "method": method, "params": params or {}}
        if session:
            message["sessionId"] = session
        pending = _Pending()
        with self._lock:
            self._pending[ident] = pending
        try:
            ws.send(json.dumps(message))
        except ConnectionClosed as exc:
            raise BrowserError(f"the browser's connection closed: {exc}") from None
        if not pending.done.wait(timeout):
            with self._lock:
                self._pending.pop(ident, None)
            raise BrowserError(f"{method} had no answer in {timeout:g} s")
        reply = pending.reply
        if reply is None:
            raise BrowserError(f"the browser closed during {method}: {self.log_tail(500)}")
        if "error" in reply:
            raise BrowserError(f"{method}: {reply['error'].get('message')} {reply['error'].get('data', '')}")
        result: Json = reply.get("result", {})
        return result

    def listen(self, session: str, listener: Callable[[str, Json], None]) -> None:
        """Call ``listener(method, params)`` for each event of ``session`` (on the reader thread)."""
        self._listeners.setdefault(session, []).append(listener)

    # ------------------------------------------------------------------ pages

    def user_agent(self) -> str:
        """The browser's own User-Agent string."""
        return str(self.call("Browser.getVersion")["userAgent"])

    def new_page(self, width: int = 360, height: int = 740, mobile: bool = True, language: str = "en",
                 scale: float = 2.0, touch: bool | None = None) -> Page:
        """A new tab in a context of its own (its own storage), ``width`` x ``height`` CSS px at
        ``scale`` device pixels each, a phone's (``mobile``) with touch unless told, whose
        browser prefers ``language`` (``navigator.languages``, Accept-Language and the locale)."""
        context = str(self.call("Target.createBrowserContext", {"disposeOnDetach": True})["browserContextId"])
        target = str(self.call("Target.createTarget", {"url": "about:blank", "browserContextId": context})
                     ["targetId"])
        session = str(self.call("Target.attachToTarget", {"targetId": target, "flatten": True})["sessionId"])
        page = Page(self, session, target, context)
        page.setup(width, height, mobile, language, scale, mobile if touch is None else touch)
        return page


class Page:
    """One tab, attached over a flat session; see the module docstring."""

    def __init__(self, browser: Browser, session: str, target: str, context: str) -> None:
        """The tab ``target`` in ``context``, attached as ``session`` (use :meth:`Browser.new_page`)."""
        self.browser = browser
        self.session = session
        self.target = target
        self.context = context
        self.frames: list[Frame] = []
        """Every WebSocket frame received or sent, in order."""
        self.problems: list[Problem] = []
        """Console errors, uncaught exceptions and the browser's error log entries, in order."""
        self.dialogs: list[str] = []
        """Every JavaScript dialog (alert, confirm, prompt) the page opened: its type and message."""
        self.sockets: list[str] = []
        """The URL of every WebSocket the page opened."""
        self.width = 0
        self.height = 0
        self._loaded = threading.Event()
        self._lock = threading.Lock()
        browser.listen(session, self._on_event)

    def call(self, method: str, params: Json | None = None, timeout: float = CALL_SECONDS) -> Json:
        """One DevTools command to this tab."""
        return self.browser.call(method, params, self.session, timeout)

    def setup(self, width: int, height: int, mobile: bool, language: str, scale: float, touch: bool) -> None:
        """Turn on the domains that record, then size the screen and set the language."""
        for domain in ("Page", "Runtime", "Network", "Log"):
            self.call(f"{domain}.enable")
        self.resize(width, height, mobile, scale)
        self.call("Emulation.setTouchEmulationEnabled",
                  {"enabled": touch, "maxTouchPoints": 5 if touch else 1})
        self.call("Emulation.setFocusEmulationEnabled", {"enabled": True})
        self.set_language(language)

    def resize(self, width: int, height: int, mobile: bool = True, scale: float = 2.0) -> None:
        """The screen's size in CSS px and device pixels per CSS px (``mobile``: a phone's viewport)."""
        self.width, self.height = width, height
        self.call("Emulation.setDeviceMetricsOverride", {
            "width": width, "height": height, "deviceScaleFactor": scale, "mobile": mobile,
            "screenWidth": width, "screenHeight": height,
        })

    def set_language(self, language: str) -> None:
        """The browser's preferred language (``fr``, ``de-DE``...): navigator.languages, the
        Accept-Language header and the locale. Takes effect at the next navigation."""
        agent = self.browser.user_agent().replace("HeadlessChrome", "Chrome")
        primary = language.split(",")[0]
        base = primary.split("-")[0]
        accept = primary if primary == base else f"{primary},{base}"
        self.call("Network.setUserAgentOverride", {"userAgent": agent, "acceptLanguage": accept})
        with contextlib.suppress(BrowserError):  # "already in effect" when set twice
            self.call("Emulation.setLocaleOverride", {"locale": primary})

    # ------------------------------------------------------------------ what the page does

    def _on_event(self, method: str, params: Json) -> None:
        if method == "Network.webSocketFrameReceived" or method == "Network.webSocketFrameSent":
            response = params.get("response", {})
            frame = Frame(method.endswith("Received"), str(response.get("payloadData", "")),
                          int(response.get("opcode", 1)))
            with self._lock:
                self.frames.append(frame)
        elif method == "Network.webSocketCreated":
            self.sockets.append(str(params.get("url", "")))
        elif method == "Runtime.consoleAPICalled":
            if params.get("type") in ("error", "assert"):
                text = " ".join(str(a.get("value", a.get("description", ""))) for a in params.get("args", []))
                self.problems.append(Problem("console", text))
        elif method == "Runtime.exceptionThrown":
            details = params.get("exceptionDetails", {})
            described = details.get("exception", {}).get("description") or details.get("text", "")
            self.problems.append(Problem("exception", str(described)))
        elif method == "Log.entryAdded":
            entry = params.get("entry", {})
            if entry.get("level") == "error":
                url = entry.get("url", "")
                text = f"{entry.get('text', '')}{' (' + url + ')' if url else ''}"
                self.problems.append(Problem("log", text, str(entry.get("source", ""))))
        elif method == "Page.javascriptDialogOpening":
            self.dialogs.append(f"{params.get('type')}: {params.get('message')}")
            # Dismissed at once, from another thread: this one reads the answer.
            threading.Thread(target=self._dismiss, daemon=True).start()
        elif method == "Page.loadEventFired":
            self._loaded.set()

    def _dismiss(self) -> None:
        with contextlib.suppress(BrowserError):
            self.call("Page.handleJavaScriptDialog", {"accept": False})

    def received(self) -> list[Frame]:
        """The frames received so far (a copy)."""
        with self._lock:
            return [f for f in self.frames if f.received]

    def sent(self) -> list[Frame]:
        """The frames the page sent so far (a copy)."""
        with self._lock:
            return [f for f in self.frames if not f.received]

    # ------------------------------------------------------------------ driving

    def navigate(self, url: str, timeout: float = CALL_SECONDS) -> None:
        """Go to ``url`` and wait for its load event."""
        self._loaded.clear()
        result = self.call("Page.navigate", {"url": url}, timeout)
        if result.get("errorText"):
            raise BrowserError(f"cannot open {url}: {result['errorText']}")
        if not self._loaded.wait(timeout):
            raise BrowserError(f"{url} did not load in {timeout:g} s")

    def reload(self, timeout: float = CALL_SECONDS) -> None:
        """Reload the page (as a person pulling down to refresh) and wait for its load event."""
        self._loaded.clear()
        self.call("Page.reload", {"ignoreCache": False}, timeout)
        if not self._loaded.wait(timeout):
            raise BrowserError(f"the page did not load again in {timeout:g} s")

    def add_init_script(self, source: str) -> None:
        """Run ``source`` in every document this tab loads from now on, before the page's own scripts
        (DevTools' scripts are not the page's: the page's Content-Security-Policy does not apply)."""
        self.call("Page.addScriptToEvaluateOnNewDocument", {"source": source})

    def evaluate(self, expression: str, timeout: float = CALL_SECONDS) -> Any:
        """The value of a JavaScript expression (awaited when it is a promise), as JSON."""
        result = self.call("Runtime.evaluate", {
            "expression": expression, "returnByValue": True, "awaitPromise": True,
            "timeout": int(timeout * 1000),
        }, timeout + 1)
        if "exceptionDetails" in result:
            details = result["exceptionDetails"]
            text = details.get("exception", {}).get("description") or details.get("text")
            raise BrowserError(f"{expression[:120]!r} threw: {text}")
        return result.get("result", {}).get("value")

    def wait_for(self, expression: str, timeout: float = 10.0, what: str = "",
                 every: float = 0.05) -> Any:
        """Wait until ``expression`` is truthy; its value (:class:`TimeoutError` saying ``what``)."""
        end = time.monotonic() + timeout
        last: Any = None
        while True:
            last = self.evaluate(expression)
            if last:
                return last
            if time.monotonic() > end:
                raise TimeoutError(f"waited {timeout:g} s for {what or expression}")
            time.sleep(every)

    def box(self, selector: str) -> Json | None:
        """The element's box on screen (CSS px: x, y, width, height), scrolled into view; None if absent."""
        found: Json | None = self.evaluate(
            f"""(() => {{
                const el = document.querySelector({json.dumps(selector)});
                if (!el) return null;
                el.scrollIntoView({{block: 'center', inline: 'center'}});
                const r = el.getBoundingClientRect();
                return {{x: r.x, y: r.y, width: r.width, height: r.height}};
            }})()"""
        )
        return found

    def click(self, selector: str) -> None:
        """Click (press and release) the middle of the element as a finger or a mouse would.

        The element must be there, have a size, and be what is on top at that point (a button
        hidden under something else cannot be pressed by a person either)."""
        box = self.box(selector)
        if box is None:
            raise BrowserError(f"nothing matches {selector}")
        if box["width"] <= 0 or box["height"] <= 0:
            raise BrowserError(f"{selector} has no size on screen")
        x, y = box["x"] + box["width"] / 2, box["y"] + box["height"] / 2
        cover = self.evaluate(
            f"""(() => {{
                const el = document.querySelector({json.dumps(selector)});
                const hit = document.elementFromPoint({x}, {y});
                if (el && hit && (el === hit || el.contains(hit))) return '';
                if (!hit) return 'nothing';
                return hit.tagName.toLowerCase() + (hit.id ? '#' + hit.id : '') +
                    (hit.className ? '.' + String(hit.className).split(' ').join('.') : '') +
                    ' "' + hit.textContent.trim().slice(0, 60) + '"';
            }})()"""
        )
        if cover:
            raise BrowserError(f"{selector} is covered by {cover} at ({x:.0f}, {y:.0f})")
        common = {"x": x, "y": y, "button": "left", "clickCount": 1}
        self.call("Input.dispatchMouseEvent", {"type": "mouseMoved", "x": x, "y": y})
        self.call("Input.dispatchMouseEvent", {"type": "mousePressed", **common})
        self.call("Input.dispatchMouseEvent", {"type": "mouseReleased", **common})

    def mouse(self, kind: str, x: float, y: float) -> None:
        """One mouse event at (x, y) CSS px: ``mousePressed``, ``mouseReleased`` or ``mouseMoved``
        (a press held while something else happens, then its release)."""
        params: Json = {"type": kind, "x": x, "y": y}
        if kind != "mouseMoved":
            params.update(button="left", clickCount=1)
        self.call("Input.dispatchMouseEvent", params)

    def type(self, selector: str, text: str) -> None:
        """Focus the field, select what it holds, and type ``text`` over it (as a phone's keyboard does)."""
        self.click(selector)
        self.evaluate(f"(() => {{ const el = document.querySelector({json.dumps(selector)}); "
                      "el.focus(); el.select && el.select(); })()")
        self.call("Input.insertText", {"text": text})

    def press(self, key: str = "Enter") -> None:
        """Press and release one key (``Enter``, ``Tab`` or ``Escape``) in the focused element."""
        codes = {"Enter": (13, "\r"), "Tab": (9, ""), "Escape": (27, "")}
        code, text = codes[key]
        down: Json = {"type": "keyDown", "key": key, "code": key, "windowsVirtualKeyCode": code}
        if text:
            down["text"] = text
        self.call("Input.dispatchKeyEvent", down)
        self.call("Input.dispatchKeyEvent", {"type": "keyUp", "key": key, "code": key,
                                             "windowsVirtualKeyCode": code})

    def screenshot(self, path: Path | None = None) -> bytes:
        """A PNG of what the screen shows now (written to ``path`` when given)."""
        data = base64.b64decode(self.call("Page.captureScreenshot", {"format": "png"}, 30)["data"])
        if path is not None:
            path.parent.mkdir(parents=True, exist_ok=True)
            path.write_bytes(data)
        return data

    def close(self) -> None:
        """Close the tab and its context."""
        with contextlib.suppress(BrowserError):
            self.browser.call("Target.closeTarget", {"targetId": self.target})
        with contextlib.suppress(BrowserError):
            self.browser.call("Target.disposeBrowserContext", {"browserContextId": self.context})
