"""A seat's view (RULES.md, "Hands stay hidden until every player is served")."""

from __future__ import annotations

import pytest
from helpers import play, start, table

from game.cards import DECK, Card, parse_cards
from game.engine import Phase
from game.events import Busted, CardDealt, visible_to
from game.view import View

ANNA_BUYS = "1 p p p"


def cards_in(value: object) -> set[Card]:
    """Every card inside ``value`` (nested tuples and lists)."""
    if isinstance(value, Card):
        return {value}
    if isinstance(value, tuple | list | set | frozenset):
        found: set[Card] = set()
        for item in value:
            found |= cards_in(item)
        return found
    return set()


def visible_cards(view: View) -> set[Card]:
    """Every card a view shows through its public properties and ``shown_hand``, except ``unseen``."""
    found: set[Card] = set()
    for name in dir(View):
        if name.startswith("_") or name in ("unseen", "seat"):
            continue
        attr = getattr(View, name)
        if isinstance(attr, property):
            found |= cards_in(getattr(view, name))
    for seat in range(view.n_seats):
        found |= cards_in(view.shown_hand(seat))
    return found


def test_a_seat_sees_its_own_cards_and_only_counts_of_the_others() -> None:
    """RULES 'Hands stay hidden': before the showdown a view shows its own hand, others' card counts."""
    game = table("foster")
    start(game, top="7S KD 5S 3C 6H 9C 4H 2D", auction=ANNA_BUYS)
    play(game, "d d")
    ben, carla = game.view_for(1), game.view_for(2)
    assert ben.hand == tuple(parse_cards("7S 3C 6H")) and ben.total == 16
    assert carla.hand == tuple(parse_cards("KD"))
    assert carla.card_counts == (0, 3, 1, 1)
    assert carla.shown_hand(1) is None and carla.shown_hand(2) == carla.hand
    assert visible_cards(carla) == set(carla.hand)
    assert set(carla.unseen) == set(DECK) - set(carla.hand)


def test_everything_is_shown_at_the_showdown() -> None:
    """RULES 'Hands stay hidden': once every player is served, all hands are shown."""
    game = table("foster")
    start(game, top="7S KD 5S 3C 6H 9C 4H 2D", auction=ANNA_BUYS)
    play(game, "d d s d d d s")
    dan = game.view_for(3)
    assert dan.shown_hand(1) == tuple(parse_cards("7S 3C 6H"))
    assert visible_cards(dan) == set(parse_cards("7S 3C 6H KD 9C 5S 4H 2D"))
    assert len(dan.unseen) == 45 - 8


def test_a_dealt_card_and_a_bust_are_private_to_their_seat() -> None:
    """RULES 'foster' 2: cards are dealt face down and a player over 16 says nothing."""
    game = table("foster")
    events = start(game, top="KS 2D 5S 9C", auction=ANNA_BUYS)
    events += play(game, "d")
    private = [e for e in events if isinstance(e, CardDealt | Busted)]
    assert private and any(isinstance(e, Busted) for e in private)
    for event in private:
        assert visible_to(event, event.seat)
        assert not any(visible_to(event, s) for s in range(4) if s != event.seat)
        assert not visible_to(event, None)


def test_legal_actions_only_for_the_seat_to_act() -> None:
    """A view offers actions only on its own turn, and the compulsory card when it must."""
    game = table("foster")
    start(game, top="7S KD 5S", auction=ANNA_BUYS)
    ben, carla = game.view_for(1), game.view_for(2)
    assert ben.my_turn and ben.must_draw and ben.legal_actions() == game.legal_actions()
    assert not carla.my_turn and carla.legal_actions() == [] and not carla.must_draw


def test_the_view_is_live_and_public_facts_are_shared() -> None:
    """A view reads the game as it is: chips, farm, farmer, auction calls, order, who finished."""
    game = table("foster", first_seat=1)
    view = game.view_for(0)
    game.next_deal()
    assert view.phase is Phase.AUCTION and view.farmer is None and view.farm == 4
    play(game, "3 p p 4 p")
    assert view.calls == ((1, 3), (2, None), (3, None), (0, 4), (1, None))
    assert view.farmer == 0 and view.chips == (95, 99, 99, 99) and view.my_chips == 95
    assert view.order == (1, 2, 3) and view.to_act == 1
    play(game, "d s")
    assert view.finished(1) and not view.finished(2)


def test_no_view_for_a_seat_that_is_not_at_the_table() -> None:
    """view_for refuses a seat number outside the table."""
    game = table("foster")
    with pytest.raises(ValueError, match="no seat 4"):
        game.view_for(4)
