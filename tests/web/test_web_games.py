"""Phones and a tablet play whole games in a real headless Chromium, under every rule set, at one
table with a host, the game's own window and the AI, and every page tells the truth all along."""

from __future__ import annotations

import time
from typing import Any

import pytest
from playwright.sync_api import Browser
from web_play import (
    HOSTILE_NAME,
    HOSTILE_SHORT,
    LANGS,
    PHONE,
    TABLET,
    Host,
    Moment,
    Person,
    check_end,
    check_privacy,
    check_seq_log,
    game_of,
    look,
    moment,
    open_person,
    open_window,
    step_window,
    table_of,
)

from game.net.server import ServerThread
from scenes.net.remote import RemoteTable

GAME_SECONDS = 240.0
"""The longest one whole game may take (two deals, six seats: under a minute on a quiet machine)."""

RULE_SETS = ["foster", "lacombe", "ferme", "foster+rotating", "lacombe+rotating"]


def reload_mid_deal(person: Person, others: list[Person], server: ServerThread,  # type: ignore[no-untyped-def]
                    code: str):
    """A page that reloads once, mid-deal with cards in hand, while the table waits for the host or
    another page (nothing moves meanwhile: they play only when this test says, and each move lands
    before anything else is looked at)."""

    def maybe(p: Person, state: dict[str, Any], now: Moment) -> bool:
        waiting_for = {0, *(o.seat for o in others)}
        if p is not person or p.reloaded or now.phase != "play" or not state["hand"]:
            return False
        if now.to_act not in waiting_for:
            return False
        p.reloaded = True
        seat, hand, total = state["seat"], sorted(state["hand"]), state["total"]
        p.take_seq_log()
        sent_before = len(p.page.sent())
        p.page.reload()
        p.page.wait_for(
            f"document.body && document.body.dataset.screen === 'table' && "
            f"Number(document.body.dataset.seq) >= {now.seq}", 10, "the reloaded page back at the table")
        again = p.read()
        if again["seat"] != seat:
            p.fail(f"reloaded mid-deal: data-seat {again['seat']}, was {seat}")
        if sorted(again["hand"]) != hand or again["total"] != total:
            p.fail(f"reloaded mid-deal: #hand {again['hand']} (total {again['total']}), was {hand} ({total})")
        openings = [f.json().get("type") for f in p.page.sent()[sent_before:]]
        if "resume" not in openings or "join" in openings:
            p.fail(f"reloaded with a kept token: the page sent {openings}, not a resume")
        table = table_of(server, code)
        if not (table.seats[seat].person and table.seats[seat].member is not None):
            p.fail(f"reloaded: the server has nobody connected at seat {seat}")
        return True

    return maybe


def window_says(app: Any) -> str:
    """What the window's table is at (for a game that does not end)."""
    from tools.driver import table_on

    scene = table_on(app)
    if scene is None:
        return "no table on top"
    source = scene.source
    view = source.view
    handler = scene.handler
    connected: object = None
    if isinstance(source, RemoteTable):
        client = source.client
        to_act = client.view.to_act if client.view else None
        connected = (f"{client.connected}, client view to_act {to_act}, "
                     f"inbox {client._inbox.qsize()}, feed {len(source.feed)}, sent {source.sent}")
    notices = [m() for m, _ in app.notices]
    prompt = getattr(handler, "prompt", None) is not None
    stack = [(sc.name, id(getattr(sc, "source", None))) for sc in app.stack.scenes]
    return (f"stack {stack}, source {id(source)}, "
            f"handler {handler.name}, prompt {prompt}, to_act {view.to_act}, seat {view.seat}, "
            f"connected {connected}, busy {scene.tweens.busy}, notices {notices}")


@pytest.mark.parametrize("rules", RULE_SETS)
def test_phones_and_a_tablet_play_a_whole_game_and_every_page_tells_the_truth(
    rules: str, server: ServerThread, browser: Browser
) -> None:
    turn = RULE_SETS.index(rules)
    port = server.server.port
    base = f"http://127.0.0.1:{port}"
    settings = {"rules": rules, "seats": 6, "deals": 2, "seed": 11 + turn, "turn_seconds": 300,
                "pause_seconds": 120, "names": ["", "", "", "", "", "Ada AI"]}
    host = Host(server, settings)
    code = host.code
    window = open_window(port, code)
    # Two phones and a tablet; across the five rule sets each size is seen in each language.
    people = [
        open_person(browser, base, code, "Pia", LANGS[turn % 3], PHONE),
        open_person(browser, base, code, HOSTILE_NAME, LANGS[(turn + 1) % 3], PHONE),
        open_person(browser, base, code, HOSTILE_SHORT, LANGS[(turn + 2) % 3], TABLET),
    ]
    try:
        table = table_of(server, code)
        assert [s.person for s in table.seats] == [True, True, True, True, True, False]
        assert sorted(p.seat for p in people) == [2, 3, 4]
        names = {i: s.name for i, s in enumerate(table.seats)}
        # The names as the server holds them: the hostile one whole.
        assert names[people[1].seat] == HOSTILE_NAME, names
        assert names[people[2].seat] == HOSTILE_SHORT, names
        for person in people:  # the lobby: no markup from a name, no scroll, big buttons
            look(person, server, code, names)
        host.client.start()
        # The window is at its table before anyone moves.
        until = time.monotonic() + 10
        while step_window(window, 1) == "lobby":
            assert time.monotonic() < until, "the window never left its lobby"
            time.sleep(0.005)
        hold = reload_mid_deal(people[0], people[1:], server, code)
        end = time.monotonic() + GAME_SECONDS
        window_top = ""
        while True:
            for person in people:
                look(person, server, code, names, hold)
            host.play()
            window_top = step_window(window)
            done = [p.state.get("screen") == "over" for p in people]
            if host.result is not None and window_top == "gameover" and all(done):
                break
            now = moment(server, code)
            assert time.monotonic() < end, (
                f"the game did not end in {GAME_SECONDS:g} s: seq {now.seq}, deal {now.deal}, {now.phase}, "
                f"seat {now.to_act} to act; pages on {[p.state.get('screen') for p in people]}, "
                f"window on {window_top} ({window_says(window)}); "
                f"{[f for p in people for f in p.failures][:5]}")
        game = game_of(server, code)
        assert game.result is not None and host.result is not None
        assert host.result.standings == game.result.standings
        from tools.driver import table_of as window_table

        window_result = window_table(window).source.ledger.result
        assert window_result is not None and window_result.standings == game.result.standings
        for person in people:
            person.take_seq_log()
            check_end(person, server, code)
            cards = check_privacy(person)
            held = check_seq_log(person)
            assert cards > 0 and held > 5, (person.label, cards, held)
            assert person.waited_on > 0 and person.moves, (person.label, person.waited_on, person.moves)
            assert person.ledgers, f"{person.label} showed no ledger"
            assert person.sizes_checked > 0
        assert people[0].reloaded, "the page was never reloaded mid-deal"
        for person in people:  # the hostile names, on every other phone, as those characters
            for other in people[1:]:
                if other is person:
                    continue
                shown = person.page.evaluate(
                    f"document.querySelector('#seats [data-seat=\"{other.seat}\"] .name')?.textContent")
                if shown != names[other.seat]:
                    person.fail(f"seat {other.seat}'s name shows as {shown!r}, not {names[other.seat]!r}")
            markup = person.page.evaluate("document.querySelectorAll('img, svg[onload], [onerror]').length")
            if markup:
                person.fail(f"{markup} img, svg[onload] or [onerror] elements in the page at the end")
        failures = [f for p in people for f in p.failures]
        assert not failures, "\n".join(failures)
    finally:
        host.client.close()
        for person in people:
            person.page.close()
