"""The phone page feels like the table: cards dealt to it with a short animation and turned face
up, its turn told by a glow, a short vibration and a short sound (which the person may switch off),
no animation for who asked for less motion, the deal's story and a chips chart at the ledger."""

from __future__ import annotations

import time
from typing import Any

from playwright.sync_api import Browser
from web_play import PHONE, Host, Person, open_person

from game.net.server import ServerThread
from tools.pages import Page

RECORDER_JS = r"""
(() => {
  const seen = {vibrations: [], contexts: 0, tones: [], animations: []};
  window.__seen = seen;
  Object.defineProperty(Navigator.prototype, 'vibrate', {configurable: true, writable: true,
    value: pattern => { seen.vibrations.push(pattern); return true; }});
  const param = () => ({value: 0, setValueAtTime() {}, exponentialRampToValueAtTime() {},
                        linearRampToValueAtTime() {}});
  const node = extra => Object.assign({connect: target => target, disconnect() {}}, extra);
  class Recorded {
    constructor() {
      seen.contexts += 1; this.state = 'running'; this.currentTime = 0; this.destination = node({});
    }
    createOscillator() {
      const tone = node({type: 'sine', frequency: param(), stop() {}});
      tone.start = () => seen.tones.push(tone.frequency.value);
      return tone;
    }
    createGain() { return node({gain: param()}); }
    resume() { return Promise.resolve(); }
  }
  window.AudioContext = Recorded;
  window.webkitAudioContext = Recorded;
  document.addEventListener('animationstart', e => seen.animations.push({
    name: e.animationName, card: (e.target.dataset && e.target.dataset.card) || null,
    pseudo: e.pseudoElement || ''}), true);
})();
"""
"""Run before the page's scripts: records every vibration, every tone started and every animation."""


def seen(person: Person) -> dict[str, Any]:
    """What the page did that the recorder saw."""
    found: dict[str, Any] = person.page.evaluate("window.__seen")
    return found


def ask_less_motion(page: Page) -> None:
    """The page's system asks for less motion (``prefers-reduced-motion: reduce``)."""
    page.pw.emulate_media(reduced_motion="reduce")


def open_recorded(browser: Browser, server: ServerThread, host: Host, name: str, lang: str = "en",
                  size: tuple[int, int] = PHONE, reduce_motion: bool = False) -> Person:
    """A page seated at the host's table, then reloaded with its vibrations, sounds and animations
    recorded from its first script on (it takes its seat back); less motion asked when
    ``reduce_motion``."""
    person = open_person(browser, f"http://127.0.0.1:{server.server.port}", host.code, name, lang, size)
    page = person.page
    page.add_init_script(RECORDER_JS)
    if reduce_motion:
        ask_less_motion(page)
    page.reload()
    page.wait_for("document.body.dataset.screen === 'lobby' && document.body.dataset.connected === 'true'"
                  " && !!window.__seen", 10, "the page back in the lobby, recorded")
    # The person touches the screen once (a page may buzz or sound only after a touch).
    page.click("#lobby-title")
    return person


def play_until(host: Host, server: ServerThread, person: Person, wanted: str, seconds: float = 20.0) -> None:
    """The host plays (the AI plays its seats) until the page's expression ``wanted`` is true."""
    end = time.monotonic() + seconds
    while not person.page.evaluate(wanted):
        host.play()
        assert time.monotonic() < end, f"never came to pass: {wanted}"
        time.sleep(0.02)


MY_TURN = ("document.body.dataset.mine === 'true' && Array.from(document.querySelectorAll("
           "'#actions button[data-action]')).some(b => !b.disabled)")


def test_cards_are_dealt_face_up_and_the_turn_glows_buzzes_and_chimes(server: ServerThread,
                                                                        browser: Browser) -> None:
    host = Host(server, {"rules": "foster", "seats": 3, "deals": 1, "seed": 6, "turn_seconds": 300})
    person = open_recorded(browser, server, host, "Pia")
    page = person.page
    try:
        assert page.evaluate("document.querySelector('#sound').getAttribute('aria-pressed')") == "true"
        host.client.start()
        play_until(host, server, person, MY_TURN)
        # The auction asks the page's bid: a short buzz, two tones, and its choices glow.
        record = seen(person)
        assert record["vibrations"] == [60], record["vibrations"]
        assert record["contexts"] == 1 and len(record["tones"]) == 2, record
        glow = page.evaluate("getComputedStyle(document.querySelector('#actions')).animationName")
        assert glow == "glow", glow
        # The person switches the sound off (the toggle keeps it), and passes.
        page.click("#sound")
        assert page.evaluate("localStorage.getItem('farmer.sound')") == "off"
        assert page.evaluate("document.querySelector('#sound').getAttribute('aria-pressed')") == "false"
        tones = len(seen(person)["tones"])
        page.click('#actions button[data-action="pass"]')
        play_until(host, server, person, f"document.body.dataset.phase === 'play' && ({MY_TURN})", 30)
        # The cards came from the deck and turned face up: an animation for each card in the hand.
        hand = page.evaluate("Array.from(document.querySelectorAll('#hand .card')).map(c => c.dataset.card)")
        assert hand, "no card in the hand at the page's turn"
        record = seen(person)
        dealt = [a["card"] for a in record["animations"] if a["name"] == "deal"]
        assert sorted(dealt) == sorted(hand), (hand, record["animations"])
        turned = [a for a in record["animations"] if a["name"] == "face-down" and a["pseudo"] == "::after"]
        assert len(turned) == len(hand), record["animations"]
        # Its turn to draw: a buzz again, and no tone with the sound off.
        assert record["vibrations"] == [60, 60], record["vibrations"]
        assert len(record["tones"]) == tones, "a tone with the sound switched off"
        # A card drawn comes the same way.
        page.click('#actions button[data-action="draw"]')
        page.wait_for(f"document.querySelectorAll('#hand .card').length > {len(hand)}", 10, "the card drawn")
        page.wait_for("window.__seen.animations.filter(a => a.name === 'deal').length === "
                      f"{len(hand) + 1}", 5,
                      "the card drawn dealt")
        # Reloaded, the page keeps the choice.
        page.reload()
        page.wait_for("document.body.dataset.seq !== undefined && document.querySelector('#sound')"
                      ".getAttribute('aria-pressed') === 'false'", 10, "the sound still off after a reload")
        assert not page.problems, [str(p) for p in page.problems]
    finally:
        host.client.close()
        page.close()


def test_less_motion_asked_nothing_moves(server: ServerThread, browser: Browser) -> None:
    host = Host(server, {"rules": "foster", "seats": 3, "deals": 1, "seed": 6, "turn_seconds": 300})
    person = open_recorded(browser, server, host, "Pia", reduce_motion=True)
    page = person.page
    try:
        assert page.evaluate("matchMedia('(prefers-reduced-motion: reduce)').matches") is True
        host.client.start()
        play_until(host, server, person, MY_TURN)
        # The turn still shows: the glow stays, still; the buzz and the sound are not motion.
        shadow = page.evaluate("getComputedStyle(document.querySelector('#actions')).boxShadow")
        assert shadow and shadow != "none", shadow
        assert page.evaluate("getComputedStyle(document.querySelector('#actions')).animationName") == "none"
        record = seen(person)
        assert record["vibrations"] == [60] and len(record["tones"]) == 2, record
        page.click('#actions button[data-action="pass"]')
        play_until(host, server, person, f"document.body.dataset.phase === 'play' && ({MY_TURN})", 30)
        page.click('#actions button[data-action="draw"]')
        page.wait_for("document.querySelectorAll('#hand .card').length === 2", 10, "the card drawn")
        # The cards are there, still: no animation ever started, none runs, none is asked for.
        assert seen(person)["animations"] == [], seen(person)["animations"]
        assert page.evaluate("document.getAnimations().length") == 0
        assert page.evaluate("document.querySelectorAll('#hand .card.dealt').length") == 0
    finally:
        host.client.close()
        page.close()


def polyline(points: str) -> list[tuple[float, float]]:
    """An SVG polyline's points as (x, y) pairs."""
    return [(float(x), float(y)) for x, y in (p.split(",") for p in points.split())]


CHART_JS = """Array.from(document.querySelectorAll('%s polyline.line')).map(l => ({
  seat: Number(l.dataset.seat), points: l.getAttribute('points'), mine: l.classList.contains('mine')}))"""
"""The chart's lines in the box of that selector: each seat's, its points, whether it is the page's own."""


def press_a_move(page: Page) -> None:
    """Pass in the auction; draw under 13, else stand; wait until the move is shown."""
    total = page.evaluate("Number(document.querySelector('#total')?.dataset.total || 0)")
    can = page.evaluate("Array.from(document.querySelectorAll('#actions button[data-action]'))"
                        ".filter(b => !b.disabled).map(b => b.dataset.action)")
    if "pass" in can:
        pick = "pass"
    elif "draw" in can and (total < 13 or "stand" not in can):
        pick = "draw"
    else:
        pick = "stand"
    seq = page.evaluate("Number(document.body.dataset.seq)")
    page.click(f'#actions button[data-action="{pick}"]')
    page.wait_for(f"Number(document.body.dataset.seq) > {seq}", 10, "the move shown")


def check_chart(page: Page, box: str, rows: list[list[int]], me: int) -> None:
    """The chart in ``box`` has a line per seat through each row of chips, higher for more chips."""
    assert page.evaluate(f"!document.querySelector('{box}').hidden")
    lines = page.evaluate(CHART_JS % box)
    assert sorted(line["seat"] for line in lines) == list(range(len(rows[0]))), lines
    points = {line["seat"]: polyline(line["points"]) for line in lines}
    for line in lines:
        assert len(points[line["seat"]]) == len(rows), (line, rows)
        assert line["mine"] == (line["seat"] == me)
    # Higher on the chart, more chips (each line is drawn within a pixel of its place).
    for i, row in enumerate(rows):
        for a in points:
            for b in points:
                if row[a] > row[b]:
                    assert points[a][i][1] < points[b][i][1], (i, a, b, rows, points)


def check_story(page: Page, deal: int) -> None:
    """The ledger tells the deal from its start, the page's own words among its lines."""
    assert page.evaluate("!document.querySelector('#story').hidden")
    story = page.evaluate("Array.from(document.querySelectorAll('#story-lines li'))"
                          ".map(li => li.textContent)")
    assert story and story[0].startswith(f"Deal {deal}: "), story
    assert any(s.startswith("You: ") for s in story), story


def test_the_ledger_tells_the_deal_and_charts_the_chips(server: ServerThread, browser: Browser) -> None:
    host = Host(server, {"rules": "foster", "seats": 4, "deals": 2, "seed": 7, "turn_seconds": 300,
                         "pause_seconds": 300})
    person = open_recorded(browser, server, host, "Pia")
    page = person.page
    try:
        host.client.start()
        deals = 0
        end = time.monotonic() + 60
        while deals < 2:
            assert time.monotonic() < end, "the game did not end"
            host.play()
            screen = page.evaluate("document.body.dataset.screen")
            deal = page.evaluate("Number(document.body.dataset.deal)")
            if screen == "table" and page.evaluate(MY_TURN):
                press_a_move(page)
            elif screen in ("ledger", "over") and deal > deals:
                deals = deal
                match = server.server.tables[host.code].match
                assert match is not None
                log = match.game.log
                rows = [list(log[0].chips_before)] + [list(r.chips_after) for r in log[:deals]]
                check_chart(page, "#ledger-chart" if screen == "ledger" else "#over-chart", rows, person.seat)
                if screen == "ledger":
                    check_story(page, deals)
                    ready = "#ledger-actions button[data-action=ready]:enabled"
                    page.wait_for(f"!!document.querySelector('{ready}')", 5, "the ready button")
                    page.click('button[data-action="ready"]')
            time.sleep(0.02)
        assert not page.problems, [str(p) for p in page.problems]
    finally:
        host.client.close()
        page.close()
