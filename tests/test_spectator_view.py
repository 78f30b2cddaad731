"""A spectator's view (``Game.view_for(None)``): everything public, nothing of any hand until the showdown."""

from __future__ import annotations

import dataclasses

import pytest
from helpers import NAMES, play, start, table
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from game.rules.actions import DRAW, STAND
from game.rules.cards import DECK, Card
from game.rules.engine import Game, Phase
from game.rules.events import CardDealt, Event, HandShown
from game.rules.observe import observe
from game.rules.ruleset import RULE_KEYS, rules_named
from game.rules.view import View

PRIVATE = {"seat", "hand", "total", "max_bid", "must_draw"}
"""The fields of a view that belong to its seat alone; every other field is public."""


def cards_in(value: object) -> set[Card]:
    """Every card inside ``value`` (nested tuples and lists)."""
    if isinstance(value, Card):
        return {value}
    if isinstance(value, tuple | list):
        found: set[Card] = set()
        for item in value:
            found |= cards_in(item)
        return found
    return set()


def held_cards(view: View) -> set[Card]:
    """Every card a view holds in its fields or shows through ``shown_hand``."""
    found: set[Card] = set()
    for field in dataclasses.fields(view):
        found |= cards_in(getattr(view, field.name))
    for seat in range(view.n_seats):
        found |= cards_in(view.shown_hand(seat))
    return found


def shown_cards(events: list[Event]) -> set[Card]:
    """Every card that ``events``, as a spectator is shown them, lets a spectator see."""
    found: set[Card] = set()
    for event in observe(events, None):
        if isinstance(event, CardDealt) and event.card is not None:
            found.add(event.card)
        elif isinstance(event, HandShown):
            found.update(event.cards)
    return found


def check_spectator(game: Game, deal_events: list[Event]) -> None:
    """The spectator's view now against what the events showed and against every seat's view."""
    spectator = game.view_for(None)
    assert type(spectator) is View and spectator.seat is None
    assert held_cards(spectator) <= shown_cards(deal_events)
    assert spectator.hand == () and spectator.total == 0 and spectator.max_bid == 0
    assert not spectator.must_draw and not spectator.my_turn
    assert spectator.legal_actions() == []
    assert spectator.my_chips == 0 and spectator.drawn == 0
    for seat in range(game.n_seats):
        view = game.view_for(seat)
        for field in dataclasses.fields(View):
            if field.name not in PRIVATE:
                assert getattr(spectator, field.name) == getattr(view, field.name), field.name
        # Nothing is public to a seat that a spectator may not also read.
        assert dataclasses.replace(view, seat=None, hand=(), total=0, max_bid=0, must_draw=False) == spectator
        assert (spectator.shown_hand(seat) is None) == (spectator.shown_hands is None)


@settings(max_examples=80, deadline=None,
          suppress_health_check=[HealthCheck.too_slow, HealthCheck.data_too_large])
@given(
    seed=st.integers(min_value=0, max_value=2**31),
    seats=st.integers(min_value=3, max_value=10),
    rules=st.sampled_from(RULE_KEYS),
    chips=st.sampled_from([3, 8, 40]),
    deals=st.integers(min_value=1, max_value=4),
    data=st.data(),
)
def test_a_spectator_sees_only_what_is_public(
    seed: int, seats: int, rules: str, chips: int, deals: int, data: st.DataObject
) -> None:
    """At every step of random games played by random legal actions, view_for(None) holds no card
    the spectator's events did not show, equals each seat's view on every public field, and never
    offers an action."""
    game = Game(NAMES[:seats], rules_named(rules), seed=seed, chips=chips, max_deals=deals)
    events: list[Event] = []
    check_spectator(game, events)
    while game.phase is Phase.BETWEEN:
        events = game.next_deal()
        check_spectator(game, events)
        while game.to_act is not None:
            legal = game.legal_actions()
            events += game.apply(legal[data.draw(st.integers(0, len(legal) - 1), label="action")])
            check_spectator(game, events)
    assert game.is_over
    check_spectator(game, events)


def test_a_spectator_sees_the_hands_only_once_they_are_turned_over() -> None:
    """Before the showdown a spectator sees no card at all; after it, every hand, as the seats do."""
    game = table("foster")
    start(game, top="7S KD 5S 3C 6H 9C 4H 2D", auction="1 p p p")
    play(game, "d s")
    spectator = game.view_for(None)
    assert held_cards(spectator) == set() and set(spectator.unseen) == set(DECK)
    assert spectator.card_counts == (0, 2, 1, 1) and spectator.deck_size == game.deck_size
    assert spectator.to_act == game.to_act and spectator.served == game.view_for(0).served
    while game.to_act is not None:
        legal = game.legal_actions()
        game.apply(STAND if STAND in legal else DRAW)
    assert game.shown and game.phase is Phase.BETWEEN
    after = game.view_for(None)
    assert after.shown_hands == tuple(tuple(h) for h in game.hands)
    assert after.shown_hand(1) == tuple(game.hands[1])
    assert set(after.unseen) == set(DECK) - {c for h in game.hands for c in h}


def test_between_deals_nobody_is_to_act_and_that_is_not_a_spectators_turn() -> None:
    """to_act is None between deals, as a spectator's seat is: still no turn and no action."""
    game = table("foster")
    spectator = game.view_for(None)
    assert spectator.to_act is None and spectator.seat is None
    assert not spectator.my_turn and spectator.legal_actions() == []


def test_a_spectators_view_is_frozen_and_a_bad_seat_is_still_refused() -> None:
    game = table("foster")
    start(game, auction="1 p p p")
    spectator = game.view_for(None)
    with pytest.raises(dataclasses.FrozenInstanceError):
        spectator.hand = ()  # type: ignore[misc]
    for bad in (-1, 4):
        with pytest.raises(ValueError, match="no seat"):
            game.view_for(bad)
