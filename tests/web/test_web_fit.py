"""The page stays whole and pressable with ten 32-character names, in English, French and German,
from the smallest phone (360 x 640) to a tablet (768 x 1024, 1024 x 768): on every screen every button is 44 x
44 CSS px at least and no element reaches past the screen's sides."""

from __future__ import annotations

import time
from typing import Any

import pytest
from playwright.sync_api import Browser
from web_play import LANGS, MIN_TARGET, Host, open_person

from game.net.server import ServerThread
from tools.pages import Page, new_page
from tools.web_shots import NAMES, PAGE_NAME

SIZES = ((360, 640), (768, 1024), (1024, 768))
"""The smallest phone the page is made for, and a tablet upright and on its side."""
SCREENS = ("lobby", "auction", "play", "ledger", "over")

LOOK_JS = f"""
(() => {{
  const width = document.documentElement.clientWidth;
  const shown = el => el.getClientRects().length > 0 && getComputedStyle(el).visibility !== 'hidden';
  const say = el => el.tagName.toLowerCase() + (el.id ? '#' + el.id : '') +
    (el.getAttribute('class') ? '.' + el.getAttribute('class').split(' ').join('.') : '') +
    (el.dataset && el.dataset.action ? `[${{el.dataset.action}}]` : '') +
    ' "' + (el.textContent || '').trim().slice(0, 30) + '"';
  const small = [], wide = [];
  let buttons = 0;
  for (const el of document.querySelectorAll('button, summary, input')) {{
    if (!shown(el)) continue;
    buttons += 1;
    const r = el.getBoundingClientRect();
    if (r.width < {MIN_TARGET} || r.height < {MIN_TARGET})
      small.push(say(el) + ` ${{r.width}}x${{r.height}}`);
  }}
  for (const el of document.querySelectorAll('body *')) {{
    if (!shown(el)) continue;
    const r = el.getBoundingClientRect();
    if (r.width && (r.left < -0.5 || r.right > width + 0.5))
      wide.push(say(el) + ` ${{r.left}}..${{r.right}}`);
  }}
  return {{small, wide: wide.slice(0, 8), buttons, scroll: document.scrollingElement.scrollWidth, width}};
}})()
"""
"""Every control too small to press, every element past the screen's sides, on the screen as it is."""

STATE_JS = """(() => {
  const d = document.body.dataset;
  const on = Array.from(document.querySelectorAll('button[data-action]'))
    .filter(b => !b.disabled && b.getClientRects().length).map(b => b.dataset.action)
    .filter(a => ['ready', 'pass', 'draw', 'stand', 'bid'].includes(a));
  return {screen: d.screen, phase: d.phase, seq: d.seq, mine: d.mine === 'true', on,
          total: Number(document.querySelector('#total')?.dataset.total || 0),
          dealing: document.querySelectorAll('.card.dealt').length};
})()"""


def look_at_every_size(page: Page, screen: str, lang: str) -> list[str]:
    """The page at each size, still (no card on its way): what does not fit, in words."""
    faults: list[str] = []
    for width, height in SIZES:
        page.pw.set_viewport_size({"width": width, "height": height})
        page.evaluate("new Promise(r => requestAnimationFrame(() => requestAnimationFrame(() => r(1))))")
        page.wait_for("Array.from(document.querySelectorAll('.card.dealt'))"
                      ".every(c => !c.getClientRects().length)", 5, "the cards dealt landed")
        found: dict[str, Any] = page.evaluate(LOOK_JS)
        where = f"{screen} at {width}x{height} in {lang}"
        if not found["buttons"]:
            faults.append(f"{where}: no control shown")
        faults += [f"{where}: under 44 x 44: {s}" for s in found["small"]]
        faults += [f"{where}: past the sides: {s}" for s in found["wide"]]
        if found["scroll"] > found["width"]:
            faults.append(f"{where}: scrolls sideways ({found['scroll']} > {found['width']})")
    page.pw.set_viewport_size({"width": SIZES[0][0], "height": SIZES[0][1]})
    return faults


@pytest.mark.parametrize("lang", LANGS)
def test_every_screen_fits_with_ten_long_names(server: ServerThread, browser: Browser, lang: str) -> None:
    assert len(NAMES) == 10 and all(len(n) == 32 for n in [*NAMES[:1], *NAMES[2:], PAGE_NAME])
    host = Host(server, {"rules": "foster", "seats": 10, "deals": 2, "seed": 5, "names": NAMES,
                         "turn_seconds": 300, "pause_seconds": 300})
    base = f"http://127.0.0.1:{server.server.port}"
    # The join form, a name typed in it.
    first = new_page(browser, *SIZES[0], mobile=True, language=lang)
    try:
        first.navigate(f"{base}/?t={host.code}")
        first.wait_for("document.body && document.body.dataset.screen === 'join'", 10, "the join screen")
        first.type("#name", PAGE_NAME)
        faults = look_at_every_size(first, "join", lang)
    finally:
        first.close()
    person = open_person(browser, base, host.code, PAGE_NAME, lang, SIZES[0])
    page = person.page
    seen: set[str] = {"lobby"}
    try:
        faults += look_at_every_size(page, "lobby", lang)
        host.client.start()
        end = time.monotonic() + 120
        pressed: Any = None
        while "over" not in seen:
            assert time.monotonic() < end, f"the game did not end; seen {sorted(seen)}"
            host.play()
            state = page.evaluate(STATE_JS)
            screen = state["phase"] if state["screen"] == "table" else state["screen"]
            if screen in SCREENS and screen not in seen and (state["screen"] != "table" or state["mine"]):
                seen.add(screen)
                faults += look_at_every_size(page, screen, lang)
            on = state["on"]
            if on and state["seq"] != pressed and (state["screen"] != "table" or state["mine"]):
                pressed = state["seq"]
                if "ready" in on:
                    pick = "ready"
                elif "pass" in on:
                    pick = "pass"
                elif "draw" in on and (state["total"] < 13 or "stand" not in on):
                    pick = "draw"
                else:
                    pick = "stand" if "stand" in on else "bid"
                page.click(f'button[data-action="{pick}"]')
            time.sleep(0.03)
        assert seen == set(SCREENS), seen
        assert not faults, "\n".join(faults[:30])
        assert not page.problems, [str(p) for p in page.problems]
    finally:
        host.client.close()
        page.close()
