"""Invariants over thousands of random games: every rule set, 3 to 10 players, small and large stacks."""

from __future__ import annotations

import copy
import dataclasses
import random
from typing import Any

from helpers.games import agents_for, new_game
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from game.formats.deallog import apply_transfers
from game.rules.actions import DRAW, PASS, STAND, Action, IllegalAction, Kind, bid
from game.rules.cards import DECK, Card
from game.rules.engine import Game, Phase
from game.rules.events import Busted, CardDealt, ChipsMoved, Event, HandShown, visible_to
from game.rules.observe import observe
from game.rules.records import DealRecord
from game.rules.view import View

# A deal serves at most 9 players, each stopping by 26 points at the latest: far fewer
# calls than this, and an auction ends within one call per chip per seat.
MAX_CALLS_PER_DEAL = 2000






def cards_in(value: object) -> list[Card]:
    """Every card inside ``value`` (nested tuples)."""
    if isinstance(value, Card):
        return [value]
    if isinstance(value, tuple):
        return [c for item in value for c in cards_in(item)]
    return []


def cards_of(events: list[Event]) -> list[Card]:
    """Every card named by ``events``."""
    found: list[Card] = []
    for event in events:
        if isinstance(event, CardDealt) and event.card is not None:
            found.append(event.card)
        elif isinstance(event, HandShown):
            found.extend(event.cards)
    return found


def check_step(game: Game, total: int, events: list[Event]) -> None:
    """Invariants after every step: chips conserved and never negative, no card twice."""
    assert sum(game.chips) + game.farm == total
    assert min(game.chips) >= 0 and game.farm >= 0
    for event in events:
        if isinstance(event, ChipsMoved):
            assert event.amount > 0
    dealt = [c for hand in game.hands for c in hand]
    assert len(set(dealt)) == len(dealt)
    if game.phase is Phase.PLAY:
        assert len(dealt) + game.deck_size == len(DECK)


def check_privacy(game: Game, events: list[Event]) -> None:
    """Before the showdown no view and no event visible to a seat shows another seat's cards."""
    if game.shown:
        return
    for seat in range(game.n_seats):
        view = game.view_for(seat)
        own = set(game.hands[seat])
        assert set(view.hand) == own
        # The frozen snapshot holds no card of another hand, in any of its fields.
        held = {c for f in dataclasses.fields(view) for c in cards_in(getattr(view, f.name))}
        assert held == own
        for other in range(game.n_seats):
            if other != seat:
                assert view.shown_hand(other) is None
        assert set(view.unseen) == set(DECK) - own
        seen = {c for e in events if visible_to(e, seat) for c in cards_of([e])}
        assert seen <= own
        assert set(cards_of(observe(events, seat))) <= own
        for event in events:
            if isinstance(event, Busted) and event.seat != seat:
                assert not visible_to(event, seat)


def play_game(game: Game, agents: list[Any], *, disturb: bool = False, checks: bool = True) -> Game:
    """Play ``game`` to its end with ``agents``; with ``disturb``, stir the global RNG between steps."""
    total = sum(game.chips) + game.farm
    while game.phase is Phase.BETWEEN:
        events = game.next_deal()
        if checks:
            check_step(game, total, events)
            check_privacy(game, events)
        calls = 0
        while game.to_act is not None:
            if disturb:
                random.seed(calls)
                random.random()
            seat = game.to_act
            view = game.view_for(seat)
            choice = agents[seat].choose(view)
            assert choice in view.legal_actions()
            events = game.apply(choice)
            calls += 1
            assert calls < MAX_CALLS_PER_DEAL, "a deal did not end"
            if checks:
                check_step(game, total, events)
                check_privacy(game, events)
        if game.keep_log and game.log:
            check_record(game.log[-1])
    assert game.is_over and game.result is not None
    assert sum(game.result.standings) == total
    return game


def check_record(rec: DealRecord) -> None:
    """A deal-log record adds up: chips_after is chips_before plus the transfers."""
    chips, farm = apply_transfers(rec)
    assert tuple(chips) == rec.chips_after and farm == rec.farm_after
    cards = [c for hand in rec.hands for c in hand]
    assert len(set(cards)) == len(cards)
    assert rec.farmer not in rec.order and not rec.hands[rec.farmer]
    # A seat out of chips sits the deal out: no cards, no ante, no payment.
    for seat, chips_before in enumerate(rec.chips_before):
        if chips_before == 0:
            assert seat not in rec.order
            assert all(t.source != seat for t in rec.transfers)
    assert sorted(s for s, hand in enumerate(rec.hands) if hand) == sorted(rec.order)


@settings(max_examples=300, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(seed=st.integers(min_value=0, max_value=2**31))
def test_random_games_keep_every_invariant(seed: int) -> None:
    """Chips and farm conserved, no card twice, every deal ends, hands hidden until the showdown."""
    game = new_game(seed)
    play_game(game, agents_for(game, seed))


def test_thousands_of_seeded_games_conserve_chips_and_end() -> None:
    """Seeded loop over 2000 games of every rule set: the fast invariants and the deal-log arithmetic."""
    for seed in range(2000):
        game = new_game(seed, max_deals=random.Random(seed).randint(1, 12))
        play_game(game, agents_for(game, seed), checks=False)
        assert len(game.log) == game.deal_no >= 1


@settings(max_examples=60, deadline=None)
@given(seed=st.integers(min_value=0, max_value=2**31))
def test_same_seed_same_game_even_when_the_global_random_is_disturbed(seed: int) -> None:
    """Randomness is an input: the same seed and players replay the same log, whatever `random` does."""
    first = play_game(new_game(seed), agents_for(new_game(seed), seed), checks=False)
    second = play_game(new_game(seed), agents_for(new_game(seed), seed), disturb=True, checks=False)
    assert first.log == second.log
    assert first.result == second.result


def state_of(game: Game) -> tuple[object, ...]:
    """Everything an action could change."""
    return (
        game.phase, game.to_act, tuple(game.chips), game.farm, game.farmer, game.high_bid,
        game.high_bidder, tuple(game.calls), tuple(tuple(h) for h in game.hands), game.deck_size,
    )


def candidates(game: Game) -> list[Action]:
    """Every action worth trying now: each kind, stray amounts, and bids around every limit."""
    top = game.chips[game.to_act] if game.to_act is not None else 0
    amounts = {-1, 0, 1, 2, game.high_bid, game.high_bid + 1, top, top + 1, top + 5}
    return [PASS, DRAW, STAND, Action(Kind.PASS, 1), Action(Kind.DRAW, 2), *(bid(a) for a in sorted(amounts))]


@settings(max_examples=40, deadline=None)
@given(seed=st.integers(min_value=0, max_value=2**31))
def test_legal_actions_are_accepted_and_everything_else_is_refused(seed: int) -> None:
    """Every action from legal_actions() is accepted; anything else raises IllegalAction, changing nothing."""
    game = new_game(seed, max_deals=3, record_events=False)
    agents = agents_for(game, seed)
    rng = random.Random(seed)
    while game.phase is Phase.BETWEEN:
        game.next_deal()
        while game.to_act is not None:
            legal = game.legal_actions()
            assert legal, "the seat to act always has something to do"
            assert len(set(legal)) == len(legal)
            before = state_of(game)
            for act in candidates(game):
                if act in legal:
                    continue
                try:
                    game.apply(act)
                except IllegalAction as error:
                    assert str(error)
                else:
                    raise AssertionError(f"{act} was accepted but is not legal")
                assert state_of(game) == before
            for act in rng.sample(legal, min(3, len(legal))):
                copy.deepcopy(game).apply(act)
            game.apply(agents[game.to_act].choose(game.view_for(game.to_act)))
        for act in candidates(game):
            try:
                game.apply(act)
            except IllegalAction:
                pass
            else:
                raise AssertionError("an action was accepted between deals")


def test_uniformly_random_legal_actions_always_finish_a_deal() -> None:
    """Any legal action, including the largest bids and drawing on 16, keeps the game going to its end."""
    for seed in range(300):
        game = new_game(seed, max_deals=5, record_events=False, keep_log=False)
        rng = random.Random(seed)
        total = sum(game.chips) + game.farm
        while game.phase is Phase.BETWEEN:
            game.next_deal()
            calls = 0
            while game.to_act is not None:
                game.apply(rng.choice(game.legal_actions()))
                calls += 1
                assert calls < MAX_CALLS_PER_DEAL
            assert sum(game.chips) + game.farm == total
        assert game.is_over


def test_views_are_views_of_the_game_only() -> None:
    """A view for a seat answers from the game, never changing it."""
    game = new_game(3)
    game.next_deal()
    before = state_of(game)
    view: View = game.view_for(0)
    for name in dir(View):
        if not name.startswith("_") and isinstance(getattr(View, name), property):
            getattr(view, name)
    view.legal_actions()
    assert state_of(game) == before
