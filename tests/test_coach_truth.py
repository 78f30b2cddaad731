"""The coach's words are true: checked against the figures they name over many decisions of real games.

A seat is played by a steady Expert while a :class:`~game.ai.coach.Coach` watches through the same
seat's eyes; at every decision the coach's advice is compared with exact figures: the seat's
chips, the break-even price and expected collections of the Expert's own price, the chances of
the next card in the Expert's own deck (and, where nobody was served before the seat, the exact
odds of the unseen cards, counted card by card).
"""

from __future__ import annotations

import re
from fractions import Fraction

import pytest
from helpers import play, start, table

from game.ai.coach import Coach
from game.ai.expert import ExpertAgent
from game.ai.model import INDEX, VALUES
from game.ai.observing import feed
from game.ai.personality import PERSONALITIES
from game.rules.actions import PASS, Kind, bid
from game.rules.engine import Game
from game.rules.observe import observe
from game.rules.phase import Phase
from game.rules.ruleset import rules_named
from game.rules.view import View
from scenes.table.narrator import advice_words

ZERO_PERCENT = re.compile(r"(?<![\d.,])0(?:[.,]0+)?[\u00a0\u202f ]?%")


def exact_chances(view: View) -> tuple[Fraction, Fraction]:
    """The chances that the next card makes 16 and goes over, counting every unseen card once."""
    unseen = view.unseen
    need = 16 - view.total
    sixteen = Fraction(sum(1 for c in unseen if c.points == need), len(unseen))
    over = Fraction(sum(1 for c in unseen if c.points > need), len(unseen))
    return sixteen, over


def deck_chances(view: View, expert: ExpertAgent) -> tuple[float, float]:
    """The same chances from the Expert's deck model, worked out here from its weights."""
    weights = expert.table(view).weights
    need = 16 - view.total
    mass = sum(weights)
    sixteen = weights[INDEX[need]] / mass if need in INDEX else 0.0
    over = sum(w for v, w in zip(VALUES, weights, strict=True) if v > need) / mass
    return sixteen, over


def _games(rules_key: str, players: int, deals: int, seed: int, chips: int) -> tuple[int, int, int]:
    """Play a game of Experts, the coach watching seat 0; check every decision of seat 0."""
    rules = rules_named(rules_key)
    agents = {s: ExpertAgent(PERSONALITIES["steady"], seed=s) for s in range(players)}
    coach = Coach(rules)
    checked = auctions = first_served = 0
    game = Game([f"P{s}" for s in range(players)], rules, chips=chips, seed=seed, max_deals=deals)
    while game.phase is Phase.BETWEEN:
        events = game.next_deal()
        feed(agents, events)
        coach.observe(observe(events, 0))
        while (seat := game.to_act) is not None:
            view = game.view_for(seat)
            if seat == 0:
                advice = coach.advise(view)
                assert advice is not None
                # The coach is the seated Expert, memory and all: the same choice, every time.
                mine = agents[0].choose(view)
                assert advice.action == mine
                said = {lang: advice_words(advice, rules, lang) for lang in ("en", "fr", "de")}
                for words in said.values():
                    assert not ZERO_PERCENT.search(words), words
                if view.phase is Phase.AUCTION:
                    auctions += 1
                    price = coach.expert.price(view)
                    fair = max(0, int(price.fair_bid))
                    assert advice.fair_bid == min(fair, view.max_bid)  # never above the seat's chips
                    assert advice.fair_bid is not None and advice.fair_bid <= view.max_bid
                    assert advice.collections == round(price.per_deal * price.deals)
                    assert advice.capped == (fair > view.max_bid)
                    wanted = view.high_bid + 1
                    if advice.action == PASS:
                        if wanted > view.max_bid:
                            assert advice.cannot_afford
                            assert "cannot afford the next bid" in said["en"]
                        else:
                            assert not advice.cannot_afford and fair < wanted
                            assert f"break-even price is {fair}," in said["en"]
                    else:
                        assert advice.action.kind is Kind.BID and advice.action.amount <= view.max_bid
                        if advice.pushing or advice.learning:
                            assert advice.action.amount > fair and not (advice.pushing and advice.learning)
                            assert ("to see how he plays" in said["en"]) == advice.learning
                        elif advice.capped:
                            assert f"bid up to {view.max_bid}, all you may bid" in said["en"]
                        else:
                            assert f"bid up to {fair}, the break-even price" in said["en"]
                            assert f"about {advice.collections} chips" in said["en"]
                            # A farm likely to stay with its farmer to the end: the words say why.
                            assert ("keeps the farm, bid and all" in said["en"]) == (price.kept >= 0.25)
                    for words in said.values():
                        chips_said = re.sub(r"\d+(?:[.,]\d+)?[\u00a0\u202f ]?%", "", words)  # not the chances
                        for figure in re.findall(r"\d+", chips_said):
                            if advice.collections is None or int(figure) != advice.collections:
                                assert int(figure) <= view.max_bid or int(figure) == 16, words
                elif view.unseen and view.deck_size > 0 and not advice.must_draw:
                    sixteen, over = deck_chances(view, coach.expert)
                    assert advice.sixteen == pytest.approx(sixteen, abs=1e-12)
                    assert advice.over == pytest.approx(over, abs=1e-12)
                    if not any(s != 0 and view.finished(s) for s in view.order if view.order.index(s) <
                               view.order.index(0)):
                        first_served += 1
                        exact = exact_chances(view)
                        assert advice.sixteen == pytest.approx(float(exact[0]), abs=1e-12)
                        assert advice.over == pytest.approx(float(exact[1]), abs=1e-12)
                    if advice.sixteen == 0 and advice.over:
                        assert "no card left makes 16" in said["en"]
                checked += 1
            if seat == 0:
                assert advice is not None
                action = advice.action
            else:
                action = agents[seat].choose(view)
            events = game.apply(action)
            feed({s: a for s, a in agents.items() if s != 0}, events)
            agents[0].observe(observe(events, 0))
            coach.observe(observe(events, 0))
    return checked, auctions, first_served


@pytest.mark.parametrize(
    ("rules_key", "players", "seed", "chips"),
    [("foster", 3, 11, 40), ("foster", 5, 12, 40), ("foster", 4, 14, 12), ("lacombe", 4, 13, 40)],
)
def test_the_coach_names_true_figures_at_every_decision_and_is_the_seated_expert(
    rules_key: str, players: int, seed: int, chips: int
) -> None:
    """Small stacks (12 chips) bring the farms the seat cannot afford, and the prices above its chips."""
    checked = auctions = first = 0
    for game_no in range(25):
        c, a, f = _games(rules_key, players, 60, seed * 100 + game_no, chips)
        checked, auctions, first = checked + c, auctions + a, first + f
    assert checked >= 500 and auctions >= 20 and first >= 20


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
