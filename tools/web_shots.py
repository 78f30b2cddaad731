"""Screenshots of the page phones join a table from, at each screen, size and language, to look at.

    .venv/bin/python -m tools.web_shots build/web-shots
    .venv/bin/python -m tools.web_shots build/web-shots --sizes 360x640 --langs fr

For each size (a small phone at 360x640, a tall one at 390x844 and a tablet on its side at
1024x768 by default) and language (en, fr, de), a table server is started in this process; a host
(a plain client playing as a simple person) opens a table of ten seats, every name 32 characters
long (the most the protocol takes), the AI at the seats nobody holds; a page opened in a headless
Chromium joins it by typing its name, plays three deals by pressing its buttons, and is
photographed on each screen: ``join``, ``lobby``, ``auction`` (its bid asked), ``turn`` (its
turn to draw or stand: its choices glow), ``showdown`` (the deal's ledger, every hand shown),
``chart`` (the ledger scrolled to the chips chart and the deal's story, opened), ``over`` (the final
standings) and ``over-chart`` (scrolled to their chart). Files are named
``<size>-<lang>-<n>-<screen>.png``; the device scale is 2, as on most phones.
"""

from __future__ import annotations

import argparse
import sys
import time
from collections.abc import Sequence
from pathlib import Path
from typing import Any

sys.path.insert(0, str(Path(__file__).resolve().parent.parent))

from playwright.sync_api import Browser

from game.net.client import Client
from game.net.protocol import Pause, Update, Welcome
from game.net.server import ServerConfig, ServerThread
from game.rules.agents import ThresholdAgent
from tools.pages import Page, chromium, new_page

SCREENS = ("join", "lobby", "auction", "turn", "showdown", "chart", "over", "over-chart")
NAMES = [
    "Hosta Hostington of Great Tables",
    "",
    "Bartholomew Maximilian Longfello",
    "Élisabeth-Charlotte de Montmoren",
    "MaximilianMüllerLüdenscheidtBonn",
    "Zoë Anastasia Papadopoulou-Smith",
    "Jean-Baptiste Poquelin de la Roc",
    "Konstantinos Alexandropoulos Jr.",
    "Guðrún Sigurðardóttir-Jónsdóttir",
    "Aleksandra Wiśniewska-Kowalczyka",
]
"""The seats' names (the page's own seat is 1): 32 characters each, one with no space to break at."""
PAGE_NAME = "Wilhelmina Grünewald-Hohenstaufe"
SIZES = [(360, 640), (390, 844), (1024, 768)]
"""The screens photographed by default: a small phone, a tall one, a tablet on its side (CSS px)."""
SETTLE_SECONDS = 1.2
"""Wait before a photograph of the table: the cards dealt have landed (the deal takes under 1 s)."""

STATE_JS = """(() => {
  const d = document.body ? document.body.dataset : {};
  const on = a => { const el = document.querySelector(`button[data-action="${a}"]`);
    return !!el && !el.disabled && el.getBoundingClientRect().width > 0; };
  return {screen: d.screen || null, phase: d.phase || null, seq: d.seq || null, deal: Number(d.deal || 0),
          total: Number(document.querySelector('#total')?.dataset.total || 0),
          actions: ['pass', 'draw', 'stand', 'bid', 'ready'].filter(on)};
})()"""


def host_turn(client: Client, agent: ThresholdAgent, readied: set[int]) -> None:
    """The host takes what arrived, plays its turn and says ready at each pause."""
    for message in client.poll():
        if isinstance(message, Pause) and 0 in message.waiting and message.deal not in readied:
            readied.add(message.deal)
            client.ready(message.deal)
        elif isinstance(message, Update) and message.view.my_turn:
            client.send(agent.choose(message.view))


def shoot(page: Page, folder: Path, prefix: str, screen: str, settle: float = 0.4,
          scroll_to: str = "") -> Path:
    """One screenshot, after the page has settled (fonts loaded, a moment for any animation),
    scrolled first to ``scroll_to`` (a selector) when given, else to its top."""
    page.evaluate("document.fonts ? document.fonts.ready.then(() => true) : true")
    if scroll_to:
        # Every story opened, as a person would to read it.
        page.evaluate(f"(() => {{ document.querySelectorAll('details').forEach(d => {{ d.open = true; }}); "
                      f"const el = document.querySelector({scroll_to!r}); "
                      "if (el) el.scrollIntoView({block: 'start'}); })()")
    time.sleep(settle)
    path = folder / f"{prefix}-{SCREENS.index(screen) + 1}-{screen}.png"
    page.screenshot(path)
    return path


def one_run(browser: Browser, port: int, size: tuple[int, int], lang: str, folder: Path,
            seconds: float = 120.0) -> list[Path]:
    """A page of ``size`` in ``lang`` at a new table, photographed at each screen; the files."""
    client = Client(f"ws://127.0.0.1:{port}")
    client.create(NAMES[0], {"rules": "foster", "seats": len(NAMES), "deals": 3, "seed": 5, "names": NAMES,
                             "turn_seconds": 300, "pause_seconds": 120}, seat=0)
    end = time.monotonic() + 10
    while client.table is None:
        if isinstance(client.wait(0.1), Welcome):
            break
        if time.monotonic() > end:
            raise RuntimeError("the host got no welcome")
    code = client.table
    assert code is not None
    prefix = f"{size[0]}x{size[1]}-{lang}"
    page = new_page(browser, size[0], size[1], mobile=True, language=lang)
    taken: list[Path] = []
    seen: set[str] = set()
    agent = ThresholdAgent()
    readied: set[int] = set()

    def once(screen: str, settle: float = 0.4, scroll_to: str = "") -> None:
        if screen not in seen:
            seen.add(screen)
            taken.append(shoot(page, folder, prefix, screen, settle, scroll_to))

    try:
        page.navigate(f"http://127.0.0.1:{port}/?t={code}")
        page.wait_for("document.body && document.body.dataset.screen === 'join'", 10, "the join screen")
        page.type("#name", PAGE_NAME)
        once("join")
        page.click("#join")
        page.wait_for("document.body.dataset.screen === 'lobby'", 10, "the lobby")
        once("lobby")
        client.start()
        end = time.monotonic() + seconds
        pressed_at: Any = None
        while time.monotonic() < end and "over" not in seen:
            host_turn(client, agent, readied)
            state = page.evaluate(STATE_JS)
            screen, actions = state["screen"], state["actions"]
            if screen == "table" and actions and state["phase"] == "auction":
                once("auction", SETTLE_SECONDS)
            elif screen == "table" and actions and state["phase"] == "play":
                once("turn", SETTLE_SECONDS)
            elif screen == "ledger":
                once("showdown")
                if state["deal"] >= 2:
                    once("chart", scroll_to="#ledger-chart")
            elif screen == "over":
                once("over")
                once("over-chart", scroll_to="#over-chart")
            if actions and state["seq"] != pressed_at:
                pressed_at = state["seq"]
                if "ready" in actions:
                    page.click('button[data-action="ready"]')
                elif "pass" in actions:
                    page.click('button[data-action="pass"]')
                elif "draw" in actions and (state["total"] < 13 or "stand" not in actions):
                    page.click('button[data-action="draw"]')
                elif "stand" in actions:
                    page.click('button[data-action="stand"]')
                elif "bid" in actions:
                    page.click('button[data-action="bid"]')
            time.sleep(0.05)
        missing = [s for s in SCREENS if s not in seen]
        if missing:
            print(f"{prefix}: never saw {', '.join(missing)}", file=sys.stderr)
        for problem in page.problems:
            print(f"{prefix}: the page complained: {problem}", file=sys.stderr)
    finally:
        page.close()
        client.close()
    return taken


def parse_size(text: str) -> tuple[int, int]:
    """``360x640`` as (360, 640)."""
    width, _, height = text.partition("x")
    return int(width), int(height)


def main(argv: Sequence[str] | None = None) -> int:
    """Take the screenshots; the exit status is 1 when a screen was never reached."""
    parser = argparse.ArgumentParser(
        prog="web_shots", description="Screenshots of the page at each screen, size and language.")
    parser.add_argument("folder", type=Path, help="where the PNG files go")
    parser.add_argument("--sizes", nargs="+", type=parse_size, default=SIZES,
                        help="the screens' CSS sizes (360x640 390x844 1024x768)")
    parser.add_argument("--langs", nargs="+", default=["en", "fr", "de"], help="the browser's languages")
    args = parser.parse_args(argv)
    args.folder.mkdir(parents=True, exist_ok=True)
    server = ServerThread(ServerConfig(port=0, allow_seed=True, rate_per_second=1000.0, rate_burst=1000))
    port = server.start()
    expected = len(args.sizes) * len(args.langs) * len(SCREENS)
    taken: list[Path] = []
    try:
        with chromium() as browser:
            for size in args.sizes:
                for lang in args.langs:
                    taken += one_run(browser, port, size, lang, args.folder)
    finally:
        server.stop()
    print(f"{len(taken)} screenshots of {expected} in {args.folder}")
    return 0 if len(taken) == expected else 1


if __name__ == "__main__":
    sys.exit(main())
