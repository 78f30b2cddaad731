"""Once every overbidder in an auction has dropped out, the Expert does not bid up a rival who
prices farms as it does: it leaves him the farm at the price the overbidder's limit set."""

from __future__ import annotations

import dataclasses

from game.ai.coach import Coach
from game.ai.expert import ExpertAgent
from game.ai.personality import PERSONALITIES
from game.rules.actions import PASS, bid
from game.rules.engine import Game
from game.rules.events import DealEnded, DealStarted
from game.rules.ruleset import rules_named
from game.rules.view import View
from scenes.table.narrator import advice_words
from tools.coach_audit import Audit, check

NAMES = ["Gus", "Ben", "You"]


def _auction(calls: tuple[tuple[int, int | None], ...], high: int, holder: int) -> tuple[Game, View]:
    """Seat 2's view of a later auction (deal 3) in which ``calls`` were made."""
    game = Game(NAMES, rules_named("foster"), chips=100, first_seat=0, seed=4)
    game.next_deal()
    view = game.view_for(game.to_act)
    return game, dataclasses.replace(
        view, seat=2, to_act=2, deal_no=3, calls=calls, high_bid=high, high_bidder=holder
    )


def _expert(view: View, marked: tuple[int, ...]) -> ExpertAgent:
    expert = ExpertAgent(PERSONALITIES["steady"], seed=0)
    memory = expert._memory(view)
    memory.observe([DealStarted(1, True, None), DealEnded(1, None, None)])  # a table seen play
    for seat in marked:
        memory.player(seat).overbids = True
    return expert


def test_the_expert_leaves_a_rival_who_prices_alike_the_farm_once_the_overbidder_dropped_out() -> None:
    """Gus (marked: he bid more than farms are worth) bid 8 and dropped out; Ben holds 9, under the
    Expert's own price: the Expert passes. While Gus is still in, or where Ben is the marked one,
    or where no overbidder bid at all, it raises as ever."""
    _game, view = _auction(((0, 8), (1, 9), (0, None)), high=9, holder=1)
    expert = _expert(view, marked=(0,))
    memory = expert.memory
    assert memory is not None
    assert expert.limit(view, memory) > 10  # a raise is within its own price
    assert expert.settled(view) and expert.choose(view) == PASS

    still_in = dataclasses.replace(view, calls=((0, 8), (1, 9)))
    assert not expert.settled(still_in) and expert.choose(still_in) == bid(10)

    _game, view = _auction(((0, 8), (1, 9), (0, None)), high=9, holder=1)
    marked_holder = _expert(view, marked=(0, 1))
    assert not marked_holder.settled(view) and marked_holder.choose(view) == bid(10)

    _game, view = _auction(((0, 8), (1, 9), (0, None)), high=9, holder=1)
    nobody_marked = _expert(view, marked=())
    assert not nobody_marked.settled(view) and nobody_marked.choose(view) == bid(10)


def test_the_coach_says_why_it_passes_within_the_price_and_the_audit_holds_it_to_it() -> None:
    game, view = _auction(((0, 8), (1, 9), (0, None)), high=9, holder=1)
    coach = Coach(game.rules)
    coach.expert = _expert(view, marked=(0,))
    advice = coach.advise(view)
    assert advice is not None and advice.fair_bid is not None
    assert advice.action == PASS and advice.settled and advice.fair_bid >= 10
    words = {lang: advice_words(advice, game.rules, lang) for lang in ("en", "fr", "de")}
    assert "dropped out" in words["en"] and f"break-even price is {advice.fair_bid}," in words["en"]
    for text in words.values():
        assert str(advice.fair_bid) in text
    honest = Audit()
    check(view, advice, advice.action, coach, game.rules, honest)
    assert honest.problems == [] and honest.settled == 1
    # Said while Gus is still bidding, it is false, and the audit says so.
    still_in = dataclasses.replace(view, calls=((0, 8), (1, 9)))
    caught = Audit()
    check(still_in, advice, advice.action, coach, game.rules, caught)
    assert any("dropped out" in problem for problem in caught.problems), caught.problems
