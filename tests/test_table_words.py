"""The table's words match what the table shows: the keys' hints say the buttons' own words."""

from __future__ import annotations

from typing import Any

import pygame
import pytest
from helpers import DT, record_text

import scenes.app.loop
import scenes.table.hint_strip
import scenes.table.scene
from scenes import i18n
from scenes.app.loop import App, window_for
from scenes.i18n import _
from scenes.navigator import start_game
from scenes.store.settings import Settings
from scenes.table.ledger import LedgerHandler
from scenes.table.setup import Setup
from scenes.table.world import Felt, Label
from scenes.ui.layout import crown_reach
from scenes.ui.widgets import draw_panel
from tools.driver import key, keys_for, table_of


@pytest.mark.parametrize(("rules", "lang", "word"), [("lacombe", "en", "Basta"), ("foster", "en", "Stand"),
                                                     ("ferme", "fr", "Je m'y tiens")])
def test_the_keys_hints_say_the_rule_set_s_own_stand_word(rules: str, lang: str, word: str) -> None:
    i18n.set_language(lang)
    try:
        app = App(Settings(animation_speed="instant", language=lang), (1280, 720))
        start_game(app, Setup(["A", "B", "You", "D"], ["normal"] * 4, rules, False, 3, 4, 2))
        app.step(DT, [])
        scene = table_of(app)
        for _step in range(20000):
            if scene.stage.value == "deal" and scene.handler.prompt is not None and app.stack.top is scene:
                break
            app.step(DT, keys_for(app))
        hints = scene.hints()
        assert f"S: {word}" in hints.replace("\u202f", " ").replace("\xa0", " ").replace(" :", ":"), hints
        button = scene.handler.stand_button  # type: ignore[attr-defined]
        assert button.label() == word
    finally:
        i18n.set_language("en")


@pytest.mark.parametrize("lang", ["en", "fr", "de"])
def test_the_ledger_shows_every_why_whole_with_ten_players_at_the_smallest_window(lang: str) -> None:
    """Ten players at 1024×600 with large text: each row's Why is drawn whole (wrapped inside its
    row, never cut with "…"), inside the panel, the rows above the buttons."""


    from scenes.table.ledger import LedgerHandler

    i18n.set_language(lang)
    try:
        app = App(Settings(animation_speed="instant", language=lang, large_text=True), (1024, 600))
        start_game(app, Setup.for_players(10, "foster", False, 3, seed=3))
        app.step(DT, [])
        scene = table_of(app)
        drawn = record_text(app.text)
        ledgers = 0
        for _ in range(40000):
            if scene.stage.value == "ledger" and app.stack.top is scene:
                handler = scene.handler
                assert isinstance(handler, LedgerHandler)
                drawn.clear()
                app.draw()
                shown = " ".join(b.words for b in drawn)
                buttons = min(b.rect.top for b in handler.group.widgets)
                for seat in range(10):
                    for part in handler.reason_parts(seat):
                        assert part in shown.replace(", ", " ").replace(",", ""), (part, seat)
                reasons = [handler.reasons(s) for s in range(10)]
                whys = [
                    (b.words, b.rect) for b in drawn if any(b.words.rstrip(",") in why for why in reasons)
                ]
                assert whys and all(r.right <= handler.panel.right and r.bottom <= buttons for _w, r in whys)
                assert not any(b.words.endswith("…") for b in drawn)
                ledgers += 1
                if ledgers == 3:
                    break
            app.step(DT, keys_for(app))
        assert ledgers == 3
    finally:
        i18n.set_language("en")


@pytest.mark.parametrize("size", [(1024, 600), (1280, 720), (1920, 1080), (3840, 2160)],
                         ids=lambda s: f"{s[0]}x{s[1]}")
@pytest.mark.parametrize("large", [False, True], ids=["normal", "large"])
def test_a_long_headline_at_a_table_of_ten_covers_no_seat_not_even_a_winning_hand_risen(
    size: tuple[int, int], large: bool
) -> None:
    """The longest kind of headline (a tie told in full) at the most crowded table, in normal and
    large text: whole, and clear of every seat's plate and of its cards at the top of their rise."""
    app = App(Settings(animation_speed="instant", large_text=large), size)
    start_game(app, Setup.for_players(10, "foster", False, 3, seed=2))
    app.step(DT, [])
    table = table_of(app).table
    lay = table.layout
    tie = ("Dieter and Anne both have 10, nearest to 16; they have as many cards, and Anne holds the "
           "highest club, so Anne takes a chip from each player and Dieter pays like the rest.")
    table.banner = lambda: tie
    lines, fs, box = table.banner_lines()
    assert " ".join(lines) == tie and fs * app.text.scale >= lay.font["small"]  # as large as small text
    assert all(app.text.size(line, fs, "bold")[0] <= box.w for line in lines)
    for seat in lay.seats:
        reach = crown_reach(seat.card[1]) * (-1 if seat.hand_above else 1)
        risen = seat.block.union(seat.hand.move(0, reach))
        assert not box.colliderect(risen), (seat.seat, box, risen, lines, fs)


@pytest.mark.parametrize("size", [(1024, 600), (1920, 1080)])
def test_a_long_headline_wraps_before_it_shrinks_and_never_below_the_body_size(size: tuple[int, int]) -> None:
    """The sentence that decides a deal ("Dieter and Anne both have 10…") is as readable as any."""
    app = App(Settings(animation_speed="instant"), size)
    start_game(app, Setup.for_players(6, "foster", False, 3, seed=2))
    app.step(DT, [])
    table = table_of(app).table
    lay = table.layout
    short = "Anne bids 1."
    table.banner = lambda: short
    lines, fs, box = table.banner_lines()
    assert (lines, fs, box) == ([short], lay.font["banner"], lay.banner)  # one line, as before
    tie = ("Dieter and Anne both have 10, nearest to 16; they have as many cards, and Anne holds the "
           "highest club, so Anne takes a chip from each player and Dieter pays like the rest.")
    table.banner = lambda: tie
    lines, fs, box = table.banner_lines()
    assert len(lines) >= 2 and fs >= lay.font["body"]
    assert " ".join(lines) == tie  # every word, none cut
    assert all(app.text.size(line, fs, "bold")[0] <= lay.banner.w for line in lines)
    assert box.bottom == lay.banner.bottom and box.h >= len(lines) * app.text.font(fs, "bold").get_linesize()


def test_no_total_is_drawn_on_cards_the_viewer_cannot_see() -> None:
    """Pass-and-play at a normal pace, every frame drawn: a badge only on a hand with a card face
    up to the viewer, and its total counts only those cards."""
    from scenes.table.world import Felt, face_up

    app = App(Settings(animation_speed="fast"), (1024, 600))
    names = ["Anne", "Bastien", "Claire", "Dieter"]
    start_game(app, Setup(names, ["normal"] * 4, "foster", False, 2, 8, 0, (2,)))
    app.step(DT, [])
    scene = table_of(app)
    badges: list[tuple[int, str, int]] = []
    draw_badge = Felt._draw_badge

    def spy(self: Felt, surface: object, seat: int, state: object) -> None:
        hand = self.seats[seat].hand
        seen = [s for s in hand if face_up(s)]
        badge = self.seats[seat].badge
        text = badge() if badge is not None else ""
        badges.append((seat, text, sum(s.card.points for s in seen if s.card is not None)))
        assert seen and all(face_up(s) for s in hand if s.card is not None), f"seat {seat}'s badge runs ahead"
        draw_badge(self, surface, seat, state)  # type: ignore[arg-type]

    Felt._draw_badge = spy  # type: ignore[method-assign]
    try:
        for _ in range(60000):
            if scene.stage.value == "gameover":
                break
            app.step(DT, keys_for(app))
            app.draw()
    finally:
        Felt._draw_badge = draw_badge  # type: ignore[method-assign]
    assert scene.stage.value == "gameover"
    during_play = [(seat, text, seen) for seat, text, seen in badges if text.isdigit()]
    assert during_play and all(int(text) == seen for _seat, text, seen in during_play)


def test_all_rule_sets_chart_their_results_in_the_order_the_games_were_played(tmp_path: object) -> None:
    """Games played 103 (lacombe), 124 (foster), 98 (ferme), 102 (foster): the "All rule sets"
    chart, labelled older → newer, shows them in that order, also after the file is read again."""
    from pathlib import Path

    from scenes.screens.statistics import combined
    from scenes.store.stats import StatsStore

    path = Path(str(tmp_path)) / "stats.json"
    store = StatsStore(path)
    for rules, chips in (("lacombe", 103), ("foster", 124), ("ferme", 98), ("foster", 102)):
        store.for_rules(rules).add_game(chips, chips > 100, False, store.next_number())
    assert store.save()
    again = StatsStore(path)
    again.load()
    every = [again.by_rules[r] for r in sorted(again.by_rules)]
    assert combined(every).results == [103, 124, 98, 102]
    assert again.next_number() == 5


def test_nothing_laid_over_the_table_covers_the_bottom_seat() -> None:
    """The ledger's "Back to the ledger" and the pause menu's key hints keep clear of the person's
    own plate and cards."""
    from scenes.navigator import Screens
    from scenes.screens.pause import PauseScene
    from scenes.table.ledger import LedgerHandler

    for size in ((1024, 600), (1920, 1080)):
        app = App(Settings(animation_speed="instant"), size)
        start_game(app, Setup.for_players(5, seed=4))
        app.step(DT, [])
        scene = table_of(app)
        for _step in range(20000):
            if scene.stage.value == "ledger" and app.stack.top is scene:
                break
            app.step(DT, keys_for(app))
        handler = scene.handler
        assert isinstance(handler, LedgerHandler)
        handler.toggle_peek()
        app.draw()
        bottom = scene.table.layout.seat(scene.source.facts.bottom)
        assert not handler.back_button.rect.colliderect(bottom.plate.union(bottom.hand))
        handler.toggle_peek()
        pause = PauseScene(app, Screens(app), scene.source)
        app.push(pause)
        app.step(DT, [])
        hints_font = max(10, round(14 * app.u))
        assert pause.hints_on_top and round(hints_font * 1.9) <= bottom.plate.top


def test_a_game_started_from_the_command_line_seats_the_remembered_name(
    monkeypatch: pytest.MonkeyPatch, tmp_path: object
) -> None:
    from scenes.cli import main
    from scenes.store.settings import SettingsStore

    home = f"{tmp_path}/home"
    monkeypatch.setenv("FARMER_HOME", home)
    store = SettingsStore()
    store.save(Settings(player_name="Margaux"))
    seen: dict[str, object] = {}

    def run(self: App, exit_after: float | None = None) -> None:
        self.step(DT, [])
        seen["names"] = table_of(self).source.facts.names

    monkeypatch.setattr(App, "run", run)
    assert main(["--players", "3", "--rules", "lacombe", "--lang", "en"]) == 0
    assert seen["names"] == ("Margaux", "Anne", "Bastien")


OVER_THE_TABLE = {
    "en": ("foster", False, 10, 2),
    "fr": ("ferme", False, 6, 2),
    "de": ("lacombe", True, 6, 2),
    "fr-4": ("foster", False, 4, 2),  # few seats: the nearest's long French note beside a plate
}
"""A game per language in which the person becomes farmer in an early deal (under foster by
bidding high): its rule set, rotating farm, players (ten: the most crowded table) and seed."""


def _cards_at_rest(table: Any) -> list[pygame.Rect]:
    """Where the cards lying in a hand are (a card in flight from the deck passes under the words)."""
    out = []
    for seat, state in enumerate(table.seats):
        hand = table.layout.seat(seat).hand
        for card in state.hand:
            if abs(card.pos[1] - hand.centery) <= 1 and hand.left <= card.pos[0] <= hand.right:
                rect = pygame.Rect(0, 0, *card.size)
                rect.center = (round(card.pos[0]), round(card.pos[1] - card.lift))
                out.append(rect)
    return out


def _buttons(scene: Any) -> list[tuple[str, pygame.Rect]]:
    """The buttons on show, and the action panel while it is up."""
    handler = scene.handler
    out = [("button " + b.label(), b.rect) for b in handler.buttons.widgets if b.visible]
    if handler.prompt is not None or out:
        out.append(("the action panel", scene.table.layout.panel))
    for name, button, on in (("Skip", scene.skip_button, scene.skippable),
                             ("History", scene.history_button, scene.history_shown),
                             ("Coach", scene.coach_button, scene.coach_offered)):
        if on:
            out.append((name, button.rect))
    if isinstance(handler, LedgerHandler) and handler.transparent:  # its panel over the table
        out += [("the ledger's button", b.rect) for b in handler.group.widgets if b.visible]
        out.append(("the ledger", handler.panel))
    return out


@pytest.mark.parametrize("size", [(1024, 600), (1280, 720), (1920, 1080), (3840, 2160)],
                         ids=lambda s: f"{s[0]}x{s[1]}")
@pytest.mark.parametrize("lang", ["en", "fr", "de", "fr-4"])
def test_no_banner_note_notice_or_hint_ever_covers_a_plate_a_card_or_a_button(
    lang: str, size: tuple[int, int], monkeypatch: pytest.MonkeyPatch
) -> None:
    """Every frame drawn, from the moment the person becomes farmer (the word on what the seat
    earns) through bids, draws with the hints and the coach asked for, and the notes of every
    payment: the headline, the hint or coach strip in its place, the notes on the felt and the
    notices over the table cover no name plate (the person's own at the bottom too), no card
    lying in a hand (a note no card at all), and no button; a payment's note covers neither the
    deck nor the farm either."""
    rules, rotating, players, seed = OVER_THE_TABLE[lang]
    lang = lang.split("-")[0]
    i18n.set_language(lang)
    settings = Settings(animation_speed="fast", language=lang, odds_hint=True, farm_hint=True, coach=True)
    app = App(settings, size)
    start_game(app, Setup.for_players(players, rules, rotating, 3, seed=seed))
    app.step(DT, [])
    scene = table_of(app)
    lay = scene.table.layout
    found: list[str] = []
    seen: dict[str, int] = {"banner": 0, "hint": 0, "note": 0, "notice": 0}

    def check(kind: str, box: pygame.Rect) -> None:
        if scene.handler.transparent and kind == "note":  # a note lives on through the ledger
            for s in range(lay.n):  # and fades beside it: a plate is never under it
                if box.colliderect(lay.seat(s).plate):
                    found.append(f"{scene.name} (ledger): the note at {box} covers plate {s}")
        if scene.handler.transparent and kind != "notice":
            return  # drawn on the table beneath a stage's panel (the ledger), which covers it
        seen[kind] += 1
        where = _buttons(scene)
        if not scene.handler.transparent:
            where += [(f"plate {s}", lay.seat(s).plate) for s in range(lay.n)]
            where += [("a card", card) for card in _cards_at_rest(scene.table)]
        if kind == "note":  # a payment's note flies over the felt: never over the deck or the farm
            if scene.table.deck_count > 0:
                where.append(("the deck", lay.deck))
            where.append(("the farm", scene.table.farm_rect()))
        for name, rect in where:
            if box.colliderect(rect):
                found.append(f"{scene.name}: the {kind} at {box} covers {name} at {rect}")

    draw_label, draw_table = Felt._draw_label, Felt.draw

    def spy_label(self: Felt, surface: Any, label: Label, text: str, fade: float, box: pygame.Rect) -> None:
        draw_label(self, surface, label, text, fade, box)
        check("note", box)
        for state in self.seats:  # a note keeps clear of cards in flight as well
            for card in state.hand:
                rect = pygame.Rect(0, 0, *card.size)
                rect.center = (round(card.pos[0]), round(card.pos[1] - card.lift))
                if box.colliderect(rect):
                    found.append(f"the note {text!r} at {box} covers a card at {rect}")

    def spy_table(self: Felt, surface: Any) -> None:
        draw_table(self, surface)
        if self.banner is not None:
            check("banner", self.banner_lines()[2])

    def spy_panel(kind: str, draw: Any) -> Any:
        def spy(surface: Any, rect: pygame.Rect, *args: Any, **kwargs: Any) -> None:
            draw(surface, rect, *args, **kwargs)
            if rect != lay.panel:
                check(kind, rect)
        return spy

    monkeypatch.setattr(Felt, "_draw_label", spy_label)
    monkeypatch.setattr(Felt, "draw", spy_table)
    monkeypatch.setattr(scenes.table.scene, "draw_panel", spy_panel("hint", draw_panel))
    monkeypatch.setattr(scenes.table.hint_strip, "draw_panel", spy_panel("hint", draw_panel))
    monkeypatch.setattr(scenes.app.loop, "draw_panel", spy_panel("notice", draw_panel))
    farmer_deals = 0
    try:
        for _ in range(60000):
            if scene.stage.value == "gameover" or len(found) > 20:
                break
            if scene.source.view.farmer == scene.source.facts.bottom:
                farmer_deals += 1
            if scene.coach_offered and scene.coach_line() is None:
                app.step(DT, [key(pygame.K_a, "a")])
                app.step(DT, [])
            app.step(DT, keys_for(app, bid_up_to=45))
    finally:
        i18n.set_language("en")
    assert not found, "\n".join(found[:20])
    assert farmer_deals and min(seen.values()) > 0, seen


@pytest.mark.parametrize("lang", ["en", "fr", "de"])
@pytest.mark.parametrize("large", [False, True])
def test_every_choice_s_value_keeps_clear_of_its_arrows_and_both_settings_columns_read_alike(
    lang: str, large: bool
) -> None:
    """Every option of every choice of Settings and New game, at 1024×600: the value never touches
    its ‹ › arrows nor is cut, and the right column of Settings is as large as the left."""
    from scenes.navigator import Screens
    from scenes.screens.newgame import NewGameScene
    from scenes.screens.settings import SettingsScene
    from scenes.ui.widgets import Choice

    i18n.set_language(lang)
    try:
        app = App(Settings(animation_speed="instant", language=lang, large_text=large), (1024, 600))
        drawn = record_text(app.text)
        checked = 0
        for scene in (SettingsScene(app), NewGameScene(app, Screens(app), None)):
            app.push(scene)
            app.step(DT, [])
            choices = [w for w in scene.group.widgets if isinstance(w, Choice) and w.visible]
            if isinstance(scene, SettingsScene):
                app.draw()
                assert {w.font_size for w in scene.left if isinstance(w, Choice)} == {
                    w.font_size for w in scene.right if isinstance(w, Choice)
                }
            # Every option of every choice, but those that change the whole window (its mode, size,
            # language, text size: each has its own tests) are left as they are.
            global_ = {_("Display"), _("Window size"), _("Language"), _("Text size")}
            for choice in [c for c in choices if c.label() not in global_]:
                for _n in range(max(1, len(choice.options))):
                    app.draw()  # laid out again for the value now chosen
                    drawn.clear()
                    choice.draw(app.screen, app.text, False, False)
                    shown = choice.value_text()
                    value = next(b.rect for b in drawn if b.words == shown or b.words.endswith("…"))
                    arrows = [b.rect for b in drawn if b.words in ("‹", "›")]
                    assert not any(value.colliderect(a) for a in arrows), (lang, choice.value_text())
                    assert not any(b.words.endswith("…") for b in drawn), [b.words for b in drawn]
                    checked += 1
                    if not choice.change(+1):
                        break
            app.stack.pop()
        assert checked > 40
    finally:
        i18n.set_language("en")


def test_a_first_window_opens_at_a_share_of_the_screen_not_a_ninth_of_a_4k_one() -> None:
    assert window_for((3840, 2160)) == (2560, 1440)
    assert window_for((1920, 1080)) == (1280, 720)
    assert window_for((2560, 1600)) == (1707, 960)  # a 16:10 screen: a 16:9 window by its height
    assert window_for((1366, 768)) == (1024, 600)  # never below the smallest laid-out window
    assert window_for(None) == (1280, 720)  # no screen to measure (a headless driver)
