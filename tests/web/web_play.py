"""Whole games with phones and tablets in a headless Chromium at one network table.

A host (a plain :class:`~game.net.client.Client` playing as a simple person would), a window
(the real game window, headless, joined through its Join screen and playing with the keys of
:mod:`tools.driver`), AI seats, and pages opened at ``http://127.0.0.1:PORT/?t=CODE`` that join
by typing a name, and play by pressing their buttons, only through the DOM contract of the
design (``body[data-screen]``, ``data-seq``, ``#hand .card[data-card]``, ``button[data-action]``...).

Each page is checked as it goes: what it shows after every update against what the server sent
it (a MutationObserver notes ``#seats``' chips and ``#farm`` each time ``data-seq`` changes),
against the engine itself whenever the table waits for that page's seat, its buttons (there only
when that seat may act, 44 x 44 CSS px at least), no horizontal scroll; at the end its ledgers and
standings against the engine's, and every frame it received for another seat's cards.
"""

from __future__ import annotations

import json
import time
from collections.abc import Callable
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

from playwright.sync_api import Browser

from game.net.client import Client
from game.net.protocol import Pause, Update, Welcome
from game.net.server import ServerConfig, ServerThread
from game.net.table import HostedTable
from game.rules.actions import Action
from game.rules.agents import ThresholdAgent
from game.rules.engine import Game
from game.rules.events import GameEnded
from tools.pages import Page, new_page

LANGS = ("en", "fr", "de")
PHONE = (360, 740)
TABLET = (768, 1024)
MIN_TARGET = 44.0
"""The least width and height of a button a finger presses (CSS px)."""
HOSTILE_NAME = "<img src=x onerror=alert(1)>"
"""A name that would run a script if it were ever set as markup: 28 characters, within the
protocol's 32, so it is typed, held and shown whole."""
HOSTILE_SHORT = "<svg onload=alert(1)>"
"""A second script-running name, of another element."""
ACTIONS = ("pass", "draw", "stand", "bid")

SEQ_LOG_JS = r"""
(() => {
  window.__seqLog = [];
  const note = () => {
    const body = document.body;
    if (!body || body.dataset.seq === undefined) return;
    const seats = Array.from(document.querySelectorAll('#seats [data-seat]')).map(e => ({
      seat: Number(e.dataset.seat), chips: e.dataset.chips === undefined ? null : Number(e.dataset.chips)}));
    const farm = document.querySelector('#farm'), list = document.querySelector('#seats');
    const shown = el => !!el && el.getClientRects().length > 0;
    window.__seqLog.push({seq: Number(body.dataset.seq), screen: body.dataset.screen || null, seats,
      farm: farm && farm.dataset.chips !== undefined ? Number(farm.dataset.chips) : null,
      seatsShown: shown(list), farmShown: shown(farm)});
  };
  new MutationObserver(records => {
    if (records.some(r => r.target === document.body)) note();
  }).observe(document, {subtree: true, attributes: true, attributeFilter: ['data-seq']});
})();
"""
"""Run in each page before its own scripts: notes what it shows each time ``data-seq`` changes."""

STATE_JS = r"""
(() => {
  const body = document.body, d = body ? body.dataset : {};
  const all = s => Array.from(document.querySelectorAll(s));
  const one = s => document.querySelector(s);
  const num = v => (v === undefined || v === null || v === '') ? null : Number(v);
  const button = el => {
    const r = el.getBoundingClientRect(), cs = getComputedStyle(el);
    const shown = r.width > 0 && r.height > 0 && cs.visibility !== 'hidden' && cs.display !== 'none';
    return {enabled: shown && !el.disabled && el.getAttribute('aria-disabled') !== 'true',
            shown, w: r.width, h: r.height, text: el.textContent.trim()};
  };
  const actions = {}, steps = {};
  for (const el of all('button[data-action]')) actions[el.dataset.action] = button(el);
  for (const el of all('button[data-step]')) steps[el.dataset.step] = button(el);
  const scroller = document.scrollingElement;
  return {
    screen: d.screen ?? null, seq: num(d.seq), deal: num(d.deal), phase: d.phase ?? null,
    seat: num(d.seat), connected: d.connected ?? null, actions, steps,
    amount: num(one('#bid-amount')?.dataset.amount),
    hand: all('#hand .card[data-card]').map(e => e.dataset.card),
    total: num(one('#total')?.dataset.total),
    seats: all('#seats [data-seat]').map(e => ({
      seat: num(e.dataset.seat), chips: num(e.dataset.chips), farmer: e.dataset.farmer ?? null,
      turn: e.dataset.turn ?? null, person: e.dataset.person ?? null, cards: num(e.dataset.cards),
      name: e.querySelector('.name')?.textContent ?? null,
      markup: e.querySelectorAll('.name *').length})),
    farm: num(one('#farm')?.dataset.chips),
    said: one('#said')?.textContent ?? null,
    ledger: all('#ledger [data-seat]').map(e => ({seat: num(e.dataset.seat), change: num(e.dataset.change)})),
    standings: all('#standings [data-seat]').map(e => ({
      seat: num(e.dataset.seat), chips: num(e.dataset.chips), rank: num(e.dataset.rank)})),
    scrollWidth: scroller ? scroller.scrollWidth : 0, innerWidth: window.innerWidth,
    scripted: all('img, svg[onload], [onerror], [onload], iframe, object, embed').length,
  };
})()
"""
"""Everything a test reads from a page, in one round trip (only the design's hooks)."""


def competition_ranks(chips: list[int]) -> list[int]:
    """Each seat's place (1 + the seats with more chips: tied seats share a place)."""
    return [1 + sum(1 for other in chips if other > mine) for mine in chips]


@dataclass(frozen=True, slots=True)
class Moment:
    """The host's table as it stood at one instant (read from the server's thread's objects)."""

    seq: int
    to_act: int | None
    phase: str
    chips: tuple[int, ...]
    farm: int
    deal: int
    high_bid: int
    over: bool


def table_of(server: ServerThread, code: str) -> HostedTable:
    """The server's table ``code``."""
    return server.server.tables[code]


def game_of(server: ServerThread, code: str) -> Game:
    """The engine's game at table ``code`` (started)."""
    match = table_of(server, code).match
    assert match is not None, "the game has not started"
    return match.game


def moment(server: ServerThread, code: str) -> Moment:
    """What the host's engine says now."""
    table = table_of(server, code)
    match = table.match
    if match is None:
        return Moment(table.seq, None, "lobby", (), 0, 0, 0, False)
    view = match.game.view_for(None)
    return Moment(table.seq, view.to_act, view.phase.value, tuple(view.chips), view.farm, view.deal_no,
                  view.high_bid, table.over)


@dataclass
class Person:
    """One page at the table: a phone or a tablet in someone's hand."""

    page: Page
    name: str
    lang: str
    size: tuple[int, int]
    seat: int = -1
    state: dict[str, Any] = field(default_factory=dict)
    seq_log: list[dict[str, Any]] = field(default_factory=list)
    """What the page showed at each ``data-seq`` (kept across reloads)."""
    moves: list[str] = field(default_factory=list)
    readied: set[int] = field(default_factory=set)
    ledgers: set[int] = field(default_factory=set)
    """The deals whose ledger this page showed and was checked."""
    waited_on: int = 0
    """How many times the table waited for this seat and the page was held against the engine."""
    reloaded: bool = False
    auction_turns: int = 0
    failures: list[str] = field(default_factory=list)
    sizes_checked: int = 0

    @property
    def label(self) -> str:
        """The page, as a failure names it."""
        return f"{self.size[0]}x{self.size[1]} {self.lang} seat {self.seat}"

    def read(self) -> dict[str, Any]:
        """The page's state now (see :data:`STATE_JS`)."""
        state: dict[str, Any] = self.page.evaluate(STATE_JS)
        self.state = state
        return state

    def take_seq_log(self) -> None:
        """Keep what the page noted so far (before a reload clears it)."""
        log = self.page.evaluate("(() => { const l = window.__seqLog || []; window.__seqLog = []; "
                                 "return l; })()")
        self.seq_log.extend(log or [])

    def fail(self, what: str) -> None:
        """Note one failed check (the test fails at the end, with every failure said)."""
        if len(self.failures) < 40:
            self.failures.append(f"[{self.label}] {what}")


def open_person(browser: Browser, base: str, code: str, name: str, lang: str,
                size: tuple[int, int]) -> Person:
    """A new phone (or tablet) opens the table's address, types its name and takes a seat."""
    page = new_page(browser, size[0], size[1], mobile=True, language=lang)
    page.add_init_script(SEQ_LOG_JS)
    person = Person(page, name, lang, size)
    page.navigate(f"{base}/?t={code}")
    page.wait_for("document.body && document.body.dataset.screen === 'join'", 10, "the join screen")
    try:
        page.wait_for(f"(document.querySelector('#code')?.value || '').trim().toUpperCase() === '{code}'",
                      5, "#code filled")
    except TimeoutError:
        filled = page.evaluate("document.querySelector('#code')?.value")
        raise AssertionError(f"#code holds {filled!r}, not the ?t= code {code}") from None
    page.type("#name", name)
    join = page.box("#join")
    assert join is not None and join["width"] >= MIN_TARGET and join["height"] >= MIN_TARGET, (
        f"#join is {join} at {size} in {lang}, under {MIN_TARGET:g}x{MIN_TARGET:g} CSS px")
    page.click("#join")
    page.wait_for("document.body.dataset.screen === 'lobby' && document.body.dataset.seat !== undefined",
                  10, f"{name} seated in the lobby")
    person.seat = int(page.evaluate("document.body.dataset.seat"))
    # The page speaks the browser's language (and says so, for screen readers and hyphenation).
    spoken = page.evaluate("document.documentElement.lang")
    assert str(spoken).split("-")[0] == lang, f"a browser in {lang!r} got a page in {spoken!r}"
    kept = page.evaluate(f"localStorage.getItem('farmer.seat.{code}')")
    assert kept, f"no token kept under farmer.seat.{code}"
    token = json.loads(kept)
    kept_name = str(token.get("name") or "")
    assert token.get("seat") == person.seat and kept_name and name.startswith(kept_name), token
    assert token.get("token"), token
    return person


# ---------------------------------------------------------------------- the host and the window


class Host:
    """The table's host: a plain client that opens the table and plays its seat as a simple person."""

    def __init__(self, server: ServerThread, settings: dict[str, Any]) -> None:
        """Open a table with ``settings`` on ``server`` as "Hosta", seated at 0."""
        self.server = server
        self.client = Client(f"ws://127.0.0.1:{server.server.port}")
        self.agent = ThresholdAgent()
        self.result: GameEnded | None = None
        self.updates: list[Update] = []
        self.readied: set[int] = set()
        self.client.create("Hosta", settings, seat=0)
        end = time.monotonic() + 10
        while self.client.table is None:
            message = self.client.wait(0.1)
            if isinstance(message, Welcome):
                break
            assert time.monotonic() < end, "the host got no welcome"
        assert self.client.table is not None
        self.code: str = self.client.table

    def play(self, hold: bool = False) -> None:
        """Take what arrived; act when it is the host's turn (unless ``hold``), ready at each pause."""
        for message in self.client.poll():
            if isinstance(message, Update):
                self.updates.append(message)
                for event in message.events:
                    if isinstance(event, GameEnded):
                        self.result = event
            elif isinstance(message, Pause) and 0 in message.waiting and message.deal not in self.readied:
                self.readied.add(message.deal)
                self.client.ready(message.deal)
        view = self.client.view
        if hold or view is None or not view.my_turn or self.updates[-1].view is not view:
            return
        if getattr(self, "_acted_at", None) == self.updates[-1].seq:
            return
        self._acted_at = self.updates[-1].seq
        action: Action = self.agent.choose(view)
        before = moment(self.server, self.code)
        self.client.send(action)
        end = time.monotonic() + 5  # the move lands before anything else is looked at
        while moment(self.server, self.code) == before:
            assert time.monotonic() < end, f"the host's {action} did not land"
            time.sleep(0.005)


def open_window(port: int, code: str, name: str = "Wendy") -> Any:
    """The game's own window, headless, joining ``code`` through its Join screen (returned: its App)."""
    from helpers.windows import window_at

    return window_at(port, code, name)


def step_window(app: Any, frames: int = 3) -> str:
    """Step the window a few frames pressing a simple player's keys; the scene on top."""
    from tools.driver import keys_for, top_name

    for _ in range(frames):
        app.step(1 / 60, keys_for(app))
    return top_name(app)


# ---------------------------------------------------------------------- one page, one look


def check_layout(person: Person, state: dict[str, Any]) -> None:
    """No horizontal scroll; every button a finger may press now is 44 x 44 CSS px at least."""
    if state["scrollWidth"] > state["innerWidth"]:
        person.fail(f"scrolls sideways on {state['screen']}: scrollWidth {state['scrollWidth']} > "
                    f"innerWidth {state['innerWidth']}")
    for kind, buttons in (("data-action", state["actions"]), ("data-step", state["steps"])):
        for name, b in buttons.items():
            if b["shown"]:
                person.sizes_checked += 1
                if b["w"] < MIN_TARGET or b["h"] < MIN_TARGET:
                    person.fail(f"button[{kind}={name}] ({b['text']!r}) is {b['w']:.0f}x{b['h']:.0f} CSS px "
                                f"on {state['screen']}, under {MIN_TARGET:g}x{MIN_TARGET:g}")


def check_names(person: Person, state: dict[str, Any], names: dict[int, str]) -> None:
    """Every seat's name is shown as its characters, never as markup."""
    if state["scripted"]:
        person.fail(f"{state['scripted']} img/svg/iframe or on* elements in the page on {state['screen']}")
    for seat in state["seats"]:
        wanted = names.get(seat["seat"])
        if wanted is not None and seat["name"] is not None and seat["markup"]:
            person.fail(f"seat {seat['seat']}'s .name holds elements: {seat['markup']}")
        if wanted is not None and seat["name"] is not None and seat["name"].strip() != wanted:
            person.fail(f"seat {seat['seat']}'s .name textContent is {seat['name']!r}, not {wanted!r}")


def check_against_engine(person: Person, state: dict[str, Any], now: Moment, table: HostedTable) -> None:
    """The table waits for this page's seat: it shows the engine's chips, farm and hand, every seat's
    public marks (farmer, turn, cards, person), and its buttons."""
    assert table.match is not None
    game = table.match.game
    person.waited_on += 1
    shown = {s["seat"]: s["chips"] for s in state["seats"]}
    wanted = dict(enumerate(now.chips))
    if shown != wanted:
        person.fail(f"waiting for seat {person.seat} at seq {now.seq}: #seats data-chips {shown} != "
                    f"the host's {wanted}")
    if state["farm"] != now.farm:
        person.fail(f"waiting at seq {now.seq}: #farm data-chips {state['farm']} != "
                    f"the host's farm {now.farm}")
    view = game.view_for(person.seat)
    people = [s.person for s in table.seats]
    public = {s["seat"]: (s["farmer"], s["turn"], s["cards"], s["person"]) for s in state["seats"]}
    wanted_public = {
        i: (str(view.farmer == i).lower(), str(view.to_act == i).lower(), view.card_counts[i],
            str(people[i]).lower())
        for i in range(len(view.chips))
    }
    if public != wanted_public:
        person.fail(f"waiting at seq {now.seq}: #seats (data-farmer, data-turn, data-cards, data-person) "
                    f"{public} != the host's {wanted_public}")
    if now.phase == "play" and sorted(state["hand"]) != sorted(str(c) for c in view.hand):
        person.fail(f"waiting at seq {now.seq}: #hand {state['hand']} != the seat's hand "
                    f"{[str(c) for c in view.hand]}")
    if now.phase == "play" and state["total"] != view.total:
        person.fail(f"waiting at seq {now.seq}: #total data-total {state['total']} != {view.total}")
    legal = {a.kind.value for a in view.legal_actions()}
    enabled = {a for a in ACTIONS if state["actions"].get(a, {}).get("enabled")}
    if not enabled and stands_by_itself(person, now, view.total):
        return
    if not enabled or not enabled <= legal:
        person.fail(f"waiting at seq {now.seq} ({now.phase}): enabled buttons {sorted(enabled)}, "
                    f"legal actions {sorted(legal)}")


def stands_by_itself(person: Person, now: Moment, total: int) -> bool:
    """Whether the page stood on exactly 16 by itself, as the window does (no button to press then)."""
    if now.phase != "play" or total != 16:
        return False
    sent = [f.json() for f in person.page.sent()[-3:]]
    return any(m.get("type") == "act" and m.get("action") == {"kind": "stand"} for m in sent)


def step(person: Person, name: str) -> int:
    """Press ``button[data-step=name]``; the amount ``#bid-amount`` shows then."""
    person.page.click(f'button[data-step="{name}"]')
    return int(person.page.evaluate("Number(document.querySelector('#bid-amount').dataset.amount)"))


def act(person: Person, state: dict[str, Any], now: Moment, max_bid: int) -> None:
    """Press what a simple player presses (bid a little or pass; draw under 13, else stand); the
    bid's steps are tried on the way (``max_bid``: the most this seat may bid now)."""
    page = person.page
    enabled = {a for a in ACTIONS if state["actions"].get(a, {}).get("enabled")}
    if not enabled:
        return  # nothing to press (said by check_against_engine, or it stood on 16 by itself)
    before = len(page.sent())
    if now.phase == "auction":
        person.auction_turns += 1
        steps = {k for k, b in state["steps"].items() if b["enabled"]}
        most = max_bid
        if person.auction_turns == 1 and "max" in steps and "pass" in enabled:
            # Max shows the most this seat may bid; then the person thinks better of it and passes.
            shown = step(person, "max")
            if shown != most:
                person.fail(f"the Max step shows #bid-amount {shown}, the seat may bid {most}")
            page.click('button[data-action="pass"]')
            kind, wanted = "pass", {"kind": "pass"}
        elif "bid" in enabled and now.high_bid < 3 and state["amount"] is not None:
            amount = state["amount"]
            if person.auction_turns == 2 and {"5", "-1"} <= steps and amount + 4 <= most:
                for name, by in (("5", 5), ("-1", -1)):
                    shown = step(person, name)
                    if shown != amount + by:
                        person.fail(f"the {name} step took #bid-amount from {amount} to {shown}")
                    amount = shown
            elif "1" in steps and now.high_bid < 2 and amount + 1 <= most:
                shown = step(person, "1")
                if shown != amount + 1:
                    person.fail(f"the +1 step took #bid-amount from {amount} to {shown}")
                amount = shown
            page.click('button[data-action="bid"]')
            kind, wanted = "bid", {"kind": "bid", "amount": amount}
        elif "pass" in enabled:
            page.click('button[data-action="pass"]')
            kind, wanted = "pass", {"kind": "pass"}
        else:
            page.click('button[data-action="bid"]')
            kind, wanted = "bid", {"kind": "bid", "amount": state["amount"]}
    else:
        total = state["total"] if state["total"] is not None else 0
        if "draw" in enabled and ("stand" not in enabled or total < 13):
            page.click('button[data-action="draw"]')
            kind, wanted = "draw", {"kind": "draw"}
        else:
            page.click('button[data-action="stand"]')
            kind, wanted = "stand", {"kind": "stand"}
    person.moves.append(kind)
    # The press went out as exactly that action for this seat, once.
    end = time.monotonic() + 5
    while len(page.sent()) == before and time.monotonic() < end:
        time.sleep(0.01)
    sent = [f.json() for f in page.sent()[before:]]
    acts = [m for m in sent if m.get("type") == "act"]
    if not acts:
        person.fail(f"pressing {kind} (#bid-amount {state['amount']}) sent nothing in 5 s")
    # One act, that one (a draw to exactly 16 may be followed by the page's own stand, as the window's).
    elif (acts[0].get("action") != wanted or acts[0].get("seat", person.seat) != person.seat
          or any(m.get("action") != {"kind": "stand"} for m in acts[1:]) or len(acts) > 2):
        person.fail(f"pressing {kind} (#bid-amount {state['amount']}) sent {sent}, not one act {wanted}")


def look(person: Person, server: ServerThread, code: str, names: dict[int, str],
         hold_for_reload: Callable[[Person, dict[str, Any], Moment], bool] | None = None) -> None:
    """Read the page once, check it, and press what it is its turn to press."""
    before = moment(server, code)
    state = person.read()
    after = moment(server, code)
    check_layout(person, state)
    check_names(person, state, names)
    if state["seat"] is not None and state["seat"] != person.seat:
        person.fail(f"data-seat is {state['seat']}, not {person.seat}")
    # Steady: the host did not move while the page was read, the last update the page received says
    # what the host says now, and the page shows that update.
    last = last_update(person)
    steady = (before == after and last is not None and state["seq"] == last["seq"]
              and agrees(last["view"], after))
    if state["screen"] == "table" and steady and after.phase in ("auction", "play"):
        if after.to_act == person.seat:
            check_against_engine(person, state, after, table_of(server, code))
            act(person, state, after, game_of(server, code).view_for(person.seat).max_bid)
            wait_for_change(person, state["seq"])
            return
        enabled = sorted(a for a in ACTIONS if state["actions"].get(a, {}).get("enabled"))
        if enabled:
            person.fail(f"seat {after.to_act} is to act at seq {after.seq}, yet this page offers {enabled}")
        if hold_for_reload is not None and hold_for_reload(person, state, after):
            return
    if state["screen"] == "ledger" and state["deal"] is not None:
        check_ledger(person, state, server, code)
        ready = state["actions"].get("ready", {})
        if ready.get("enabled") and state["deal"] not in person.readied:
            person.readied.add(state["deal"])
            person.page.click('button[data-action="ready"]')


def last_update(person: Person) -> dict[str, Any] | None:
    """The last ``update`` the page received."""
    for frame in reversed(person.page.received()):
        if '"update"' in frame.text[:40]:
            message: dict[str, Any] = frame.json()
            if message.get("type") == "update":
                return message
    return None


def agrees(view: dict[str, Any], now: Moment) -> bool:
    """Whether a view sent to the page says what the host's engine says now."""
    return (view.get("to_act") == now.to_act and view.get("phase") == now.phase
            and tuple(view.get("chips") or ()) == now.chips and view.get("farm") == now.farm
            and view.get("deal_no") == now.deal)


def wait_for_change(person: Person, seq: int, seconds: float = 10.0) -> None:
    """After a press: wait until the page received an update after ``seq`` and shows it (bounded)."""
    end = time.monotonic() + seconds
    while time.monotonic() < end:
        last = last_update(person)
        if last is not None and last["seq"] > seq:
            shown = person.page.evaluate("Number(document.body.dataset.seq)")
            if shown == last["seq"]:
                return
        time.sleep(0.02)
    person.fail(f"pressed at data-seq {seq}: no later update was received and shown in {seconds:g} s")


def check_ledger(person: Person, state: dict[str, Any], server: ServerThread, code: str) -> None:
    """The ledger shows each seat's gain or loss in that deal as the engine's deal log has it."""
    deal = int(state["deal"])
    if deal in person.ledgers:
        return
    log = game_of(server, code).log
    if not 0 < deal <= len(log):
        return
    record = log[deal - 1]
    wanted = {s: after - before for s, (before, after) in
              enumerate(zip(record.chips_before, record.chips_after, strict=True))}
    shown = {row["seat"]: row["change"] for row in state["ledger"]}
    person.ledgers.add(deal)
    if shown != wanted:
        person.fail(f"deal {deal}'s #ledger data-change {shown} != the deal log's {wanted}")


# ---------------------------------------------------------------------- after the game


def updates_received(person: Person) -> list[dict[str, Any]]:
    """Every ``update`` the page received, in order."""
    out = []
    for frame in person.page.received():
        try:
            message = frame.json()
        except ValueError:
            person.fail(f"a frame that is not JSON: {frame.text[:80]!r}")
            continue
        if isinstance(message, dict) and message.get("type") == "update":
            out.append(message)
    return out


def check_privacy(person: Person) -> int:
    """From the frames: no other seat's card before that seat's HandShown; the number of cards seen."""
    me = person.seat
    shown: set[int] = set()
    checked = 0
    for update in updates_received(person):
        view = update["view"]
        for event in update.get("events", []):
            kind = event.get("type")
            if kind == "DealStarted":
                shown = set()
            elif kind == "CardDealt":
                checked += 1
                if event.get("seat") != me and event.get("card") is not None:
                    person.fail(f"seq {update['seq']}: CardDealt {event} for another seat carries its card")
            elif kind == "HandShown":
                shown.add(event["seat"])
            elif kind in ("Stood", "Busted") and event.get("seat") != me:
                person.fail(f"seq {update['seq']}: another seat's {kind} was sent: {event}")
        if view.get("seat") != me:
            person.fail(f"seq {update['seq']}: a view for seat {view.get('seat')}, not {me}")
        counts = view.get("card_counts") or []
        if me < len(counts) and len(view.get("hand") or []) != counts[me]:
            person.fail(f"seq {update['seq']}: view.hand {view.get('hand')} is not this seat's "
                        f"{counts[me]} cards")
        hands = view.get("shown_hands")
        if hands is not None:
            settled = view.get("phase") in ("between", "over") or shown >= set(view.get("order") or [])
            if not (update.get("sync") and settled) and not shown >= set(view.get("order") or []):
                person.fail(f"seq {update['seq']}: view.shown_hands {hands} before every HandShown "
                            f"(shown so far: {sorted(shown)})")
    return checked


def check_seq_log(person: Person) -> int:
    """Each time data-seq changed, the page showed that update's chips and farm; how many were held."""
    updates = updates_received(person)
    views = {u["seq"]: u["view"] for u in updates}
    noted = {entry["seq"] for entry in person.seq_log}
    unshown = [u["seq"] for u in updates if u["seq"] not in noted]
    if unshown:
        person.fail(f"data-seq never showed the updates {unshown[:10]} ({len(unshown)} of {len(updates)}; "
                    f"it showed {sorted(noted)})")
    held = 0
    for entry in person.seq_log:
        if entry["screen"] not in ("table", "ledger", "over"):
            continue  # before the game (data-seq 0): nothing of it is shown yet
        view = views.get(entry["seq"])
        if view is None:
            person.fail(f"data-seq became {entry['seq']} on {entry['screen']}, which no update to this "
                        "page had")
            continue
        if entry["seatsShown"]:
            held += 1
            shown = {s["seat"]: s["chips"] for s in entry["seats"]}
            wanted = dict(enumerate(view["chips"]))
            if shown != wanted:
                person.fail(f"at data-seq {entry['seq']} ({entry['screen']}) #seats data-chips {shown} != "
                            f"the update's {wanted}")
        elif entry["screen"] == "table":
            person.fail(f"at data-seq {entry['seq']} the table screen shows no #seats")
        if entry["farmShown"] and entry["farm"] != view["farm"]:
            person.fail(f"at data-seq {entry['seq']} ({entry['screen']}) #farm data-chips {entry['farm']} "
                        f"!= the update's farm {view['farm']}")
        elif not entry["farmShown"] and entry["screen"] == "table":
            person.fail(f"at data-seq {entry['seq']} the table screen shows no #farm")
    return held


def check_end(person: Person, server: ServerThread, code: str) -> None:
    """The final standings are the engine's; the last update is shown; nothing complained."""
    game = game_of(server, code)
    assert game.result is not None
    state = person.read()
    standings = list(game.result.standings)
    ranks = competition_ranks(standings)
    shown = {row["seat"]: (row["chips"], row["rank"]) for row in state["standings"]}
    wanted = {s: (standings[s], ranks[s]) for s in range(len(standings))}
    if shown != wanted:
        person.fail(f"#standings (data-chips, data-rank) {shown} != the engine's {wanted}")
    updates = updates_received(person)
    if updates and state["seq"] != updates[-1]["seq"]:
        person.fail(f"data-seq {state['seq']} at the end, the last update received was {updates[-1]['seq']}")
    for problem in person.page.problems:
        person.fail(f"the page complained: {problem}")
    for dialog in person.page.dialogs:
        person.fail(f"a dialog opened: {dialog}")


def serve(folder: Path, port: int = 0) -> ServerThread:
    """A server keeping its tables in ``folder`` on ``port`` (0: any free one), started, with rate
    limits no test reaches."""
    server = ServerThread(ServerConfig(port=port, data_dir=folder, rate_per_second=1000.0, rate_burst=1000))
    server.start()
    return server
