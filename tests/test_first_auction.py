"""A game's first auction at a table nobody has seen play: the Expert bids the farm's public price,
from near it at once, so that a stranger who wants the farm must bid past it (and is marked)."""

from __future__ import annotations

import dataclasses

from game.ai.coach import advise
from game.ai.expert import OPENING_JUMP, ExpertAgent
from game.ai.memory import TableMemory
from game.ai.personality import PERSONALITIES
from game.rules.actions import PASS, Kind, bid
from game.rules.cards import hand_total, parse_cards
from game.rules.engine import Game
from game.rules.events import DealEnded, DealStarted, HandShown
from game.rules.ruleset import rules_named
from game.rules.view import View
from scenes.table.narrator import advice_words

NAMES = ["Anna", "Ben", "Carla", "Dora", "Emil"]


def _expert() -> ExpertAgent:
    return ExpertAgent(PERSONALITIES["steady"], seed=0)


def _first_auction(players: int = 5) -> Game:
    game = Game(NAMES[:players], rules_named("foster"), chips=100, first_seat=0, seed=1)
    game.next_deal()
    return game


def _with_high(view: View, high: int) -> View:
    """``view`` with the high bid at ``high``, held by the seat before it."""
    seat = view.seat
    assert seat is not None
    holder = (seat - 1) % len(view.chips)
    return dataclasses.replace(view, high_bid=high, high_bidder=holder, calls=((holder, high),))


def test_the_expert_bids_the_public_price_where_its_own_is_lower_and_from_near_it_at_once() -> None:
    """Rule (first auction, fresh table): the ceiling is the seat's limit or the public price in
    whole chips, whichever is more; from OPENING_JUMP chips under it the Expert bids it at once,
    further off a chip at a time, and past it passes."""
    seen_lower = False
    for seat in range(5):
        game = Game(NAMES, rules_named("foster"), chips=100, first_seat=seat, seed=1)
        game.next_deal()
        expert = _expert()
        view = game.view_for(game.to_act)
        memory = expert._memory(view)
        public = int(expert.public_price(view))
        for high in range(1, public + 2):
            at = _with_high(view, high)
            own = expert.limit(at, memory)
            most = expert.ceiling(at, memory)
            assert most == max(own, public)
            seen_lower = seen_lower or own < public
            action = expert.bid(at, memory)
            if high + 1 > most:
                assert action == PASS
            elif high + 1 >= most - OPENING_JUMP:
                assert action == bid(most)
            else:
                assert action == bid(high + 1)
    assert seen_lower  # somewhere the seat's own price is under the public one
    cautious = ExpertAgent(PERSONALITIES["cautious"], seed=0)
    view = _first_auction().view_for(0)
    assert cautious.opening(view) == int(cautious.public_price(view) * 0.8)  # its share of the price


def test_after_a_deal_seen_the_expert_bids_only_to_its_own_price_a_chip_at_a_time() -> None:
    game = _first_auction()
    expert = _expert()
    view = game.view_for(game.to_act)
    memory = TableMemory(view.rules)
    memory.bind(view.names)
    hand = tuple(parse_cards("10C 5D"))
    memory.observe([DealStarted(1, True, None), HandShown(2, hand, hand_total(hand)),
                    DealEnded(1, None, None)])
    expert.memory = memory
    assert expert.opening(view) is None
    own = expert.limit(_with_high(view, 1), memory)
    for high in range(1, own + 1):
        at = _with_high(view, high)
        assert expert.ceiling(at, memory) == expert.limit(at, memory)
        assert expert.bid(at, memory) == (bid(high + 1) if high + 1 <= expert.limit(at, memory) else PASS)


def test_a_stranger_who_bids_the_public_price_is_not_marked_one_who_bids_past_it_is() -> None:
    game = _first_auction(3)
    expert = _expert()
    public = int(expert.public_price(game.view_for(game.to_act)))
    game.apply(bid(public))  # Anna bids the price: an Expert in her seat bids as much
    view = game.view_for(game.to_act)
    expert.choose(view)
    assert expert.memory is not None and not expert.memory.player(0).overbids

    game = _first_auction(3)
    expert = _expert()
    game.apply(bid(public + 1))  # past the price: no Expert's bid
    view = game.view_for(game.to_act)
    expert.choose(view)
    assert expert.memory is not None and expert.memory.player(0).overbids
    assert expert.opening(view) is None  # a marked stranger is priced as people play, not opened on


def test_the_coach_says_why_it_bids_the_price_past_its_own_break_even() -> None:
    said = 0
    for seat in range(5):
        game = Game(NAMES, rules_named("foster"), chips=100, first_seat=seat, seed=1)
        game.next_deal()
        view = game.view_for(game.to_act)
        public = int(_expert().public_price(view))
        for high in range(public - OPENING_JUMP - 1, public):
            at = _with_high(view, high)
            advice = advise(at)
            assert advice is not None and advice.fair_bid is not None
            if advice.action.kind is not Kind.BID or advice.action.amount <= advice.fair_bid:
                assert not advice.opening
                continue
            assert advice.opening and not advice.pushing and not advice.learning
            assert advice.action.amount == public
            words = {lang: advice_words(advice, view.rules, lang) for lang in ("en", "fr", "de")}
            assert "a table nobody has seen play" in words["en"]
            assert f"break-even price is {advice.fair_bid})" in words["en"]
            for text in words.values():
                assert str(public) in text and str(advice.fair_bid) in text
            said += 1
    assert said > 0
