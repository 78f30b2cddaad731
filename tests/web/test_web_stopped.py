"""A game its host ends early, between deals: a phone's final screen says who was ahead, in the
page's language and in the window's own words (scenes/table/narrator.py), shows the standings the
server sent with ``GameEnded``, and never says that anyone won."""

from __future__ import annotations

import dataclasses
import time

import pytest
from playwright.sync_api import Browser
from web_play import PHONE, Host, check_end, game_of, look, moment, open_person, table_of

from game.net.server import ServerThread
from game.rules.events import EndReason
from scenes.table.narrator import Eyes, game_over_title

DEAL_SECONDS = 20.0
"""The longest one deal at three seats may take (a few seconds on a quiet machine)."""

DEALS = 3
"""The deals agreed: the game is ended after the first, well before its end."""

WIN_WORDS = {"en": ("win",), "fr": ("gagn",), "de": ("gewinn", "gewonn")}
"""What a title saying that someone won shows in each language (the catalogues' "Game over" titles;
the note under it may say that nobody won the farm)."""


@pytest.mark.parametrize(("lang", "seed", "page_ahead"), [
    ("en", 6, False), ("fr", 6, False), ("de", 6, False),  # the AI seat ahead, named
    ("fr", 5, True),  # the page's own seat ahead: "you were ahead"
])
def test_a_game_the_host_ends_early_says_who_was_ahead_and_nobody_won(
    lang: str, seed: int, page_ahead: bool, server: ServerThread, browser: Browser
) -> None:
    port = server.server.port
    host = Host(server, {"rules": "foster", "seats": 3, "deals": DEALS, "seed": seed, "turn_seconds": 300,
                         "pause_seconds": 120, "names": ["", "", "Ada AI"]})
    # The host never says it is ready: between deals the table waits for it, and it ends the game.
    host.readied.update(range(DEALS + 2))
    code = host.code
    person = open_person(browser, f"http://127.0.0.1:{port}", code, "Pia", lang, PHONE)
    try:
        table = table_of(server, code)
        assert [s.person for s in table.seats] == [True, True, False]
        names = {i: s.name for i, s in enumerate(table.seats)}
        host.client.start()
        # One deal, the page playing its seat by its buttons, to its ledger (ready pressed there).
        end = time.monotonic() + DEAL_SECONDS
        while not (moment(server, code).phase == "between" and person.state.get("screen") == "ledger"
                   and 1 in person.readied):
            look(person, server, code, names)
            host.play()
            now = moment(server, code)
            assert time.monotonic() < end, (
                f"deal 1 was not played to its ledger in {DEAL_SECONDS:g} s: deal {now.deal}, {now.phase}, "
                f"seat {now.to_act} to act, the page on {person.state.get('screen')}; {person.failures[:5]}")
        assert moment(server, code).deal == 1 and person.moves, (moment(server, code), person.moves)

        host.client.end()
        end = time.monotonic() + 10
        while host.result is None or person.state.get("screen") != "over":
            host.play(hold=True)
            person.read()
            assert time.monotonic() < end, (
                f"the host ended the game: in 10 s the host got {host.result}, the page is on "
                f"{person.state.get('screen')}")
            time.sleep(0.02)

        game = game_of(server, code)
        result = game.result
        assert result is not None and result.reason is EndReason.STOPPED and game.deal_no == 1, result
        assert host.result == result, (host.result, result)
        # Who was ahead, from the engine's standings: one seat (the page's own, or another, named).
        best = max(result.standings)
        ahead = [s for s, chips in enumerate(result.standings) if chips == best]
        assert list(result.winners) == ahead, (result.winners, result.standings)
        assert len(ahead) == 1 and (ahead[0] == person.seat) == page_ahead, (
            f"seed {seed} no longer leaves {'the page' if page_ahead else 'another seat'} alone ahead: "
            f"{result.standings}, the page at seat {person.seat}")

        page = person.page
        title = page.evaluate("document.querySelector('#over-title')?.textContent ?? null")
        eyes = Eyes(tuple(names[s] for s in range(len(names))), game.rules, person.seat)
        wanted = game_over_title(result, eyes, lang)
        assert title == wanted, f"the page's final title in {lang} is {title!r}, the window says {wanted!r}"
        assert str(best) in title and (page_ahead or names[ahead[0]] in title), (title, names[ahead[0]], best)
        won = game_over_title(dataclasses.replace(result, reason=EndReason.DEALS), eyes, lang)
        assert title != won, title
        said = [w for w in WIN_WORDS[lang] if w in title.lower()]
        assert not said, f"a game ended early, yet its final title says {said}: {title!r}"
        if lang == "en":
            assert "wins" not in title and "Game over" not in title, title

        # The standings shown are those the server sent with GameEnded (and the engine's).
        sent = [e for f in page.received() if (m := f.json()).get("type") == "update"
                for e in m.get("events", []) if e.get("type") == "GameEnded"]
        assert len(sent) == 1 and sent[0]["reason"] == "stopped", sent
        assert tuple(sent[0]["standings"]) == result.standings and tuple(sent[0]["winners"]) == result.winners
        state = person.read()
        shown = {row["seat"]: row["chips"] for row in state["standings"]}
        assert shown == dict(enumerate(sent[0]["standings"])), (shown, sent[0]["standings"])
        check_end(person, server, code)
        assert not person.failures, "\n".join(person.failures)
    finally:
        host.client.close()
        person.page.close()
