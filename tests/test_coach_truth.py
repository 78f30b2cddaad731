"""The coach's words are true: checked against the figures they name over many decisions of real games.

A seat is played by a steady Expert while a :class:`~game.ai.coach.Coach` watches through the same
seat's eyes; at every decision the coach's advice is compared with exact figures
(:func:`tools.coach_audit.check`): the seat's chips, the break-even price and expected collections
of the Expert's own price, the chances of the next card in the Expert's own deck (and, where nobody
was served before the seat, the exact odds of the unseen cards, counted card by card), and the
reason it gives for each bid and pass.
"""

from __future__ import annotations

import dataclasses

import pytest
from helpers import play, start, table

from game.ai.coach import Coach
from game.rules.actions import PASS, bid
from game.rules.engine import Game
from game.rules.phase import Phase
from game.rules.ruleset import rules_named
from scenes.table.narrator import advice_words
from tools.coach_audit import Audit, Table, audit_game, check, deck_chances, exact_chances


@pytest.mark.parametrize(
    ("line_up", "seed"),
    [
        (Table("foster", ("expert", "expert"), chips=40), 11),
        (Table("foster", ("expert",) * 4, chips=40), 12),
        (Table("foster", ("expert",) * 3, chips=12), 14),
        (Table("lacombe", ("expert",) * 3, chips=40), 13),
        (Table("foster", ("person:gambler", "person:showoff"), chips=40), 15),
    ],
)
def test_the_coach_names_true_figures_at_every_decision_and_is_the_seated_expert(
    line_up: Table, seed: int
) -> None:
    """Small stacks (12 chips) bring the farms the seat cannot afford, and the prices above its chips;
    people who overbid bring the bids past the price, to push them or to see them play."""
    audit = Audit()
    for game_no in range(25):
        audit.add(audit_game(line_up, seed * 100 + game_no))
    assert audit.problems == []
    assert audit.decisions >= 500 and audit.auctions >= 20 and audit.exact >= 20
    if line_up.chips == 12:
        assert audit.cannot_afford > 0 and audit.capped > 0
    if line_up.others[0].startswith("person:"):
        assert audit.pushing > 0 and audit.learning > 0


def test_the_audit_finds_a_false_figure_and_a_false_reason() -> None:
    """The check is not a formality: a break-even price a chip off, collections misnamed, a bid past
    the price given a reason that is not so (a bid past the farm's public price said to be it), a
    chance of nil where a card does it, are each reported."""
    game = Game(["You", "Ben", "Cleo"], rules_named("foster"), chips=100, first_seat=0, seed=3)
    game.next_deal()
    view = game.view_for(0)
    coach = Coach(game.rules)
    advice = coach.advise(view)
    assert advice is not None and advice.fair_bid is not None and advice.collections is not None
    honest = Audit()
    check(view, advice, advice.action, coach, game.rules, honest)
    assert honest.problems == [] and honest.auctions == 1
    # Nobody has bid yet at this fresh table: no rival's bids show anything, nobody is marked.
    lies = [
        (dataclasses.replace(advice, fair_bid=advice.fair_bid + 1), "as the break-even price"),
        (dataclasses.replace(advice, collections=advice.collections + 3), "chips collected"),
        (dataclasses.replace(advice, action=bid(advice.fair_bid + 2), pushing=True), "bids show he pays"),
        (dataclasses.replace(advice, action=bid(advice.fair_bid + 2), learning=True), "play is not known"),
        (dataclasses.replace(advice, action=bid(advice.fair_bid + 3), opening=True), "as the farm's price"),
        (dataclasses.replace(advice, action=PASS, cannot_afford=True), "cannot afford a bid it can"),
    ]
    for lie, why in lies:
        caught = Audit()
        check(view, lie, lie.action, coach, game.rules, caught)
        assert any(why in problem for problem in caught.problems), (why, caught.problems)
    # In a deal: Carla holds K♠ and the card she had to take, a card still makes 16 and one goes
    # over, whatever a model says.
    dealt = table("foster")
    start(dealt, top="AS KS 2H 2S AH 3S 2C 3C AC 2D", auction="1 p p p")
    play(dealt, "d d d d d d s d")  # Carla: K♠ 2♦, 12
    carla = dealt.view_for(2)
    assert carla.total == 12 and not carla.must_draw
    carla_coach = Coach(dealt.rules)
    told = carla_coach.advise(carla)
    assert told is not None and told.sixteen and told.over
    fine = Audit()
    check(carla, told, told.action, carla_coach, dealt.rules, fine)
    assert fine.problems == [] and fine.deck == 1
    for lie, why in [(dataclasses.replace(told, sixteen=0.0), "says no card makes 16"),
                     (dataclasses.replace(told, over=0.0), "says no card takes the hand over 16")]:
        caught = Audit()
        check(carla, lie, lie.action, carla_coach, dealt.rules, caught)
        assert any(why in problem for problem in caught.problems), (why, caught.problems)
    chose_otherwise = Audit()
    check(view, advice, PASS if advice.action != PASS else bid(1), coach, game.rules, chose_otherwise)
    assert any("seated Expert" in p for p in chose_otherwise.problems)


def test_the_coach_quotes_the_expert_s_deck_not_every_unseen_card_alike_after_long_hands() -> None:
    """Ben took seven cards: he holds few tens, so the Expert's deck is the richer in tens, and the
    coach's chance of going over is the Expert's, above the count of every unseen card alike."""
    game = table("foster")
    start(game, top="AS KS 2H 2S AH 3S 2C 3C AC", auction="1 p p p")  # Anna farms
    play(game, "d d d d d d s")  # Ben: A♠ 2♠ A♥ 3♠ 2♣ 3♣ A♣, 13 in seven cards; Carla holds K♠
    view = game.view_for(2)
    coach = Coach(game.rules)
    advice = coach.advise(view)
    assert advice is not None and advice.over is not None
    assert advice.over == pytest.approx(deck_chances(view, coach.expert)[1], abs=1e-12)
    assert advice.over > float(exact_chances(view)[1]) + 0.01


def test_the_coach_says_it_bids_past_the_price_to_see_an_overbidder_play_when_that_is_why() -> None:
    """A rival marked as an overbidder, never seen play, bids a chip past the Expert's price at a
    fresh table: the coach bids past the break-even price to buy the farm and see him play, and says
    so, in every language, not that he is being made to pay up to his limit."""
    game = Game(["Gambler", "You", "Other"], rules_named("foster"), chips=100, first_seat=0, seed=1)
    game.next_deal()
    coach = Coach(game.rules)
    memory = coach.expert.memory
    assert memory is not None
    memory.bind(tuple(game.names))
    memory.player(0).overbids = True
    limit = coach.expert.limit(game.view_for(1), memory) + 1
    told = []
    while game.phase is Phase.AUCTION:
        seat = game.to_act
        assert seat is not None
        view = game.view_for(seat)
        if seat == 1:
            advice = coach.advise(view)
            assert advice is not None and advice.fair_bid is not None
            words = {lang: advice_words(advice, game.rules, lang) for lang in ("en", "fr", "de")}
            told.append((advice, words))
            action = advice.action
        else:
            action = bid(view.high_bid + 1) if seat == 0 and view.high_bid + 1 <= limit else PASS
        game.apply(action)
    assert game.farmer == 1
    advice, said = told[-1]
    assert advice.fair_bid is not None and advice.action.amount > advice.fair_bid
    assert advice.learning and not advice.pushing
    assert f"bid {advice.action.amount}, past the break-even price of {advice.fair_bid}" in said["en"]
    assert "voir comment il joue" in said["fr"] and "wie er spielt" in said["de"]
    # Every earlier bid was within the price, and said so.
    for earlier, words in told[:-1]:
        assert not earlier.learning and "the break-even price" in words["en"]


def test_the_audit_command_prints_a_line_per_table_and_fails_on_a_bad_flag(
    capsys: pytest.CaptureFixture[str],
) -> None:
    """``tools/coach_audit.py``: a line per table with its checks, the total, exit 0 when all is
    true; a count below one is refused with a message and exit 2."""
    from tools.coach_audit import TABLES, main

    assert main(["--decisions", "90", "--seed", "2"]) == 0
    out = capsys.readouterr().out.splitlines()
    rows = [line for line in out if line.split(":")[0] in {t.rules for t in TABLES}]
    assert len(rows) == len(TABLES)
    assert all(int(row.split()[-8]) >= 90 // len(TABLES) for row in rows)  # decisions checked
    assert out[-1].endswith(": 0 false")
    assert main(["--decisions", "0"]) == 2
    assert "--decisions and --jobs must be at least 1" in capsys.readouterr().err
