"""The coach: at any decision, what the Expert would do from the person's own view, and why; at the
table behind a key and a button, off unless the settings offer it, never in a watched game."""

from __future__ import annotations

import pygame
import pytest
from helpers import DT, deck, play, start, table

from game.ai.coach import advise, steady_expert
from game.ai.expert import ExpertAgent
from game.ai.model import INDEX, value_counts
from game.ai.personality import PERSONALITIES
from game.rules.actions import DRAW, STAND, Kind
from game.rules.odds import draw_odds
from game.rules.view import View
from scenes import i18n
from scenes.app.loop import App
from scenes.navigator import start_game
from scenes.store.settings import Settings
from scenes.table.narrator import advice_words
from scenes.table.setup import Setup
from scenes.table.source import human_to_act
from tools.driver import key, keys_for, table_of

ANNA_BUYS = "1 p p p"  # seat 0 bids 1, the others pass: Anna is the farmer

def expert_choice(view: View) -> object:
    return ExpertAgent(PERSONALITIES["steady"], seed=0).choose(view)


@pytest.mark.parametrize(
    ("top", "script", "expected"),
    [
        ("KS 2H 3H 9S", "", DRAW),  # Ben holds 10: the compulsory card
        ("2S 2H 3H 4C", "d", DRAW),  # Ben on 6 after his card: no card can take him over
        ("KS 2H 3H 6H", "d", STAND),  # Ben on 16: no card can help
        ("KS 2H 3H 3S", "d", None),  # Ben on 13: the Expert weighs it
    ],
)
def test_in_the_deal_the_coach_says_what_the_expert_would_and_the_odds_of_the_next_card(
    top: str, script: str, expected: object
) -> None:
    game = table("foster")
    start(game, top=top, auction=ANNA_BUYS)
    play(game, script)
    view = game.view_for(game.to_act)
    advice = advise(view)
    assert advice is not None and advice.action == expert_choice(view)
    if expected is not None:
        assert advice.action == expected
    odds = draw_odds(view.hand, view.unseen)
    # Nobody was served before Ben: the Expert's deck is the unseen cards, as exact odds count them.
    assert (advice.sixteen, advice.over) == pytest.approx((float(odds.sixteen), float(odds.over)), abs=1e-12)
    assert advice.must_draw == view.must_draw and advice.fair_bid is None
    assert advice.must_draw == (script == "")


def test_in_the_auction_the_coach_bids_as_the_expert_up_to_the_price_it_names() -> None:
    game = table("foster", players=5)
    game.stack_deck(deck())
    game.next_deal()
    for _ in range(30):
        view = game.view_for(game.to_act)
        if view.phase.value != "auction":
            break
        advice = advise(view)
        assert advice is not None and advice.fair_bid is not None
        assert advice.action == expert_choice(view)
        if advice.action.kind is Kind.BID:
            # It never bids past the price it names, but for the farm's public price in a game's
            # first auction, which it says it bids (tests/test_first_auction.py).
            assert advice.action.amount <= advice.fair_bid or advice.opening
        game.apply(advice.action)
    assert game.phase.value == "play"


def test_the_coach_reads_only_the_seat_s_own_view_and_has_nothing_to_say_out_of_turn() -> None:
    game = table("foster")
    start(game, top="KS 2H 3H 9S", auction=ANNA_BUYS)
    assert advise(game.view_for(2)) is None  # not Carla's turn
    assert advise(game.view_for(None)) is None  # a spectator decides nothing


@pytest.mark.parametrize("lang", ["en", "fr", "de"])
def test_at_the_table_the_coach_answers_a_key_in_the_banner_s_place_until_the_decision_changes(
    lang: str,
) -> None:
    i18n.set_language(lang)
    try:
        app = App(Settings(animation_speed="instant", coach=True, language=lang), (1024, 600))
        start_game(app, Setup(["A", "B", "You", "D"], ["normal"] * 4, "foster", False, 3, 4, 2))
        app.step(DT, [])
        scene = table_of(app)
        asked = 0
        for _ in range(20000):
            if scene.stage.value == "gameover":
                break
            if scene.coach_offered and scene.coach_line() is None:
                assert "A" in scene.hints()
                app.step(DT, [key(pygame.K_a, "a")])
                words = scene.coach_line()
                advice = scene.coach.advise(scene.source.view)
                assert advice is not None and words == advice_words(advice, scene.source.facts.rules, lang)
                asked += 1
                app.step(DT, keys_for(app))  # the person decides: the advice goes with the decision
                if not scene.coach_offered or scene.advice is None:
                    continue
                assert scene.coach_line() is None or scene._decision() == scene.advice[0]
                continue
            app.step(DT, keys_for(app))
        assert asked >= 4
    finally:
        i18n.set_language("en")


def test_the_coach_is_off_unless_offered_and_never_in_a_watched_game() -> None:
    app = App(Settings(animation_speed="instant"), (1024, 600))
    start_game(app, Setup.for_players(4, seed=3))
    app.step(DT, [])
    scene = table_of(app)
    for _ in range(3000):
        assert not scene.coach_offered
        if human_to_act(scene.source):
            app.step(DT, [key(pygame.K_a, "a")])
            assert scene.advice is None and "coach" not in scene.hints()
        app.step(DT, keys_for(app))
    import random

    from scenes.kiosk.demo import demo_setup, demo_table
    from scenes.navigator import Screens

    watched = App(Settings(animation_speed="instant", coach=True), (1024, 600))
    Screens(watched).play(demo_table(demo_setup(random.Random(3), 4, "foster")))
    watched.step(DT, [])
    demo = table_of(watched)
    for _ in range(2000):
        assert not demo.coach_offered
        watched.step(DT, [key(pygame.K_a, "a")])
    assert demo.advice is None


@pytest.mark.parametrize(("first", "makes_16"), [("AS", False), ("6H", True)])
def test_where_no_card_can_take_the_hand_over_16_the_coach_says_so_not_0_percent(
    first: str, makes_16: bool
) -> None:
    """Holding the ace (no card reaches 16 or passes it) or the 6♥ (a ten makes 16, nothing goes
    over), the coach says a card cannot take the hand over 16, in each language, never "0%"."""
    game = table("ferme")  # drawing is the player's choice: the coach decides, not the rules
    start(game, top=f"{first} 2S 3S")
    view = game.view_for(3)  # Dan, served first from the farmer's right
    advice = advise(view)
    assert advice is not None and advice.draws and advice.over == 0
    assert bool(advice.sixteen) is makes_16
    said = {lang: advice_words(advice, game.rules, lang) for lang in ("en", "fr", "de")}
    assert "cannot take you over 16" in said["en"] or "no card can take you over 16" in said["en"]
    assert ("chance of making 16" in said["en"]) is makes_16
    assert len(set(said.values())) == 3  # translated
    for words in said.values():
        assert "0 %" not in words and "0%" not in words and "0\u202f%" not in words, words


def test_a_card_that_is_unseen_may_be_next_however_many_the_earlier_hands_are_thought_to_hold() -> None:
    """Carla holds three aces on 15; the fourth is in the deck. Ben, served before her, took six
    cards, and a six-card hand holds about three aces as the habits count them from a full deck:
    more than the one she has not seen. The Expert's deck keeps a share of it (DECK_FLOOR), so the
    coach gives a chance of making 16, small but not nil, and never says no card left makes it."""
    game = table("foster")
    start(game, top="2H KS 9S 2D 2C 3S 3H 4S 2S AS AH AD", auction=ANNA_BUYS)
    play(game, "d d d d d s d d d d")  # Ben draws to 16 and stands; Carla draws to 15
    view = game.view_for(game.to_act)
    assert game.to_act == 2 and view.total == 15
    assert value_counts(view.unseen)[INDEX[1]] == 1
    model = steady_expert().table(view)
    ben = model.rivals[0]
    assert ben.before and ben.hand.counts[INDEX[1]] > 1  # the habits' count: more aces than are left
    assert model.weights[INDEX[1]] > 0
    advice = advise(view)
    assert advice is not None and advice.sixteen is not None and 0 < advice.sixteen < 0.01
    for lang in ("en", "fr", "de"):
        words = advice_words(advice, game.rules, lang)
        assert "16" in words and "0 %" not in words and "0%" not in words.replace("100%", "")
    assert "no card left makes 16" not in advice_words(advice, game.rules, "en")
