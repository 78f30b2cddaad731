"""The page is never left guessing either: while its connection is down every action waits and no
clock runs ("Reconnecting…"); a restarted host's deal dealt again is said in the window's words; a
page reloaded after the host stopped the game says how it ended (nobody won); a finished table whose
place opened the next one offers it with one tap."""

from __future__ import annotations

import time
from pathlib import Path
from typing import Any

from playwright.sync_api import Browser
from web_play import PHONE, Host, game_of, open_person, serve, table_of

from game.rules.events import EndReason
from scenes.table.narrator import Eyes, game_over_title

BUTTONS_JS = ("Array.from(document.querySelectorAll('#table-screen button, #ledger-screen button'))"
              ".map(b => ({action: b.dataset.action || b.dataset.step || '', disabled: b.disabled}))")


def pump(host: Host, seconds: float, until: Any, what: str, hold: bool = True) -> None:
    """Let the host read and say ready (and play its seat unless ``hold``) until ``until()``,
    bounded in real time."""
    end = time.monotonic() + seconds
    while not until():
        host.play(hold=hold)
        assert time.monotonic() < end, what
        time.sleep(0.02)


def test_a_page_waits_while_reconnecting_and_says_the_deal_a_restarted_host_deals_again(
    browser: Browser, tmp_path: Path
) -> None:
    server = serve(tmp_path)
    port = server.server.port
    host = Host(server, {"seats": 3, "ai": "easy", "turn_seconds": 300, "pause_seconds": 300})
    person = open_person(browser, f"http://127.0.0.1:{port}", host.code, "Pia", "en", PHONE)
    page = person.page
    try:
        host.client.start()
        # The host plays its seat; the page's person, asked, does not answer.
        asked = ("document.body.dataset.screen === 'table' && !document.querySelector('#clock')?.hidden"
                 " && !!document.querySelector('#table-screen button[data-action]:not([disabled])')")
        pump(host, 20, lambda: page.evaluate(asked), "the page was never asked to act with its clock running",
             hold=False)
        deal = game_of(server, host.code).deal_no
        server.stop()
        page.wait_for("(document.querySelector('#notice')?.textContent || '').includes('Reconnecting')", 10,
                      "Reconnecting…")
        buttons = page.evaluate(BUTTONS_JS)
        assert buttons and all(b["disabled"] for b in buttons), buttons
        assert page.evaluate("document.querySelector('#clock')?.hidden ?? true"), "a clock runs while away"
        server = serve(tmp_path, port)
        host.client.close()
        words = f"The host restarted: deal {deal} is dealt again (its cards and chips went back)."
        page.wait_for(f"(document.querySelector('#notice')?.textContent || '').includes({words!r})", 20,
                      "the restart said in words")
    finally:
        host.client.close()
        page.close()
        server.stop()


def test_a_page_reloaded_after_the_host_stopped_the_game_says_nobody_won(
    browser: Browser, tmp_path: Path
) -> None:
    server = serve(tmp_path)
    port = server.server.port
    host = Host(server, {"seats": 3, "ai": "easy", "turn_seconds": 5, "pause_seconds": 300,
                         "names": ["", "", "Ada AI"]})
    url = f"http://127.0.0.1:{port}/?t={host.code}"
    person = open_person(browser, f"http://127.0.0.1:{port}", host.code, "Pia", "en", PHONE)
    page = person.page
    try:
        host.client.start()
        page.navigate("about:blank")  # the phone goes away; its token stays in the browser
        host.client.end()  # ended as soon as the deal is settled (the computer plays for both)
        pump(host, 60, lambda: table_of(server, host.code).over, "the host's end never came")
        game = game_of(server, host.code)
        assert game.result is not None and game.result.reason is EndReason.STOPPED
        page.navigate(url)
        page.wait_for("document.body.dataset.screen === 'over'", 10, "the final screen after a reload")
        title = page.evaluate("document.querySelector('#over-title')?.textContent ?? ''")
        names = tuple(s.name for s in table_of(server, host.code).seats)
        eyes = Eyes(names, game.rules, 1)
        assert title == game_over_title(game.result, eyes, "en"), title
        assert "wins" not in title and "win" not in title.lower(), title
    finally:
        host.client.close()
        page.close()
        server.stop()


def test_a_finished_page_offers_the_table_that_follows_with_one_tap(browser: Browser, tmp_path: Path) -> None:
    server = serve(tmp_path)
    port = server.server.port
    # The rotating farm's first farmer is drawn by lot: no auction the stand-ins would draw out.
    host = Host(server, {"rules": "foster+rotating", "seats": 3, "ai": "easy", "deals": 1,
                         "turn_seconds": 5, "pause_seconds": 300})
    person = open_person(browser, f"http://127.0.0.1:{port}", host.code, "Pia", "en", PHONE)
    page = person.page
    following = Host(server, {"seats": 3, "ai": "easy"})
    try:
        host.client.start()
        pump(host, 60, lambda: table_of(server, host.code).over, "the one deal never ended")
        page.wait_for("document.body.dataset.screen === 'over'", 10, "the final screen")
        assert not page.evaluate("!!document.querySelector('button[data-action=\"next\"]')")
        server.follow(host.code, following.code)
        page.wait_for("!!document.querySelector('#over-screen button[data-action=\"next\"]')", 10,
                      "the Next table button")
        page.click('#over-screen button[data-action="next"]')
        page.wait_for("document.body.dataset.screen === 'lobby'", 10, "seated at the next table")
        seats = table_of(server, following.code).seats
        assert [s.name for s in seats if s.person] == ["Hosta", "Pia"], seats
        assert following.code in page.evaluate("location.search")
    finally:
        host.client.close()
        following.client.close()
        page.close()
        server.stop()


def test_a_page_out_of_time_is_told_what_the_computer_played_for_it_and_its_clock_goes(
    browser: Browser, tmp_path: Path
) -> None:
    server = serve(tmp_path)
    port = server.server.port
    host = Host(server, {"seats": 3, "ai": "easy", "turn_seconds": 5, "pause_seconds": 300})
    person = open_person(browser, f"http://127.0.0.1:{port}", host.code, "Pia", "fr", PHONE)
    page = person.page
    try:
        host.client.start()
        pump(host, 30, lambda: page.evaluate("!(document.querySelector('#clock')?.hidden ?? true)"),
             "the page's clock never ran", hold=False)
        notice_js = "document.querySelector('#notice')?.textContent"
        pump(host, 30, lambda: "Temps écoulé" in str(page.evaluate(notice_js)),
             "the page was never told the computer played for it", hold=False)
        notice = str(page.evaluate("document.querySelector('#notice').textContent"))
        assert notice.startswith("Temps écoulé\u00a0: l'ordinateur a "), notice
        assert notice.endswith(" pour vous."), notice
    finally:
        host.client.close()
        page.close()
        server.stop()
