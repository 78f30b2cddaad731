"""A seat's view (RULES.md, "Hands stay hidden until every player is served")."""

from __future__ import annotations

import dataclasses
import gc

import pytest
from helpers import play, start, table

from game.rules.agents import ThresholdAgent
from game.rules.cards import DECK, Card, parse_cards
from game.rules.engine import Game, Phase
from game.rules.events import Busted, CardDealt, visible_to
from game.rules.view import View

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
    """Every card a view holds (its fields) or shows (its properties and ``shown_hand``), but ``unseen``."""
    found: set[Card] = set()
    for field in dataclasses.fields(view):
        found |= cards_in(getattr(view, field.name))
    for name in dir(View):
        if not name.startswith("_") and name != "unseen" and isinstance(getattr(View, name), property):
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


def test_a_view_shows_the_public_facts_as_they_stand_when_taken() -> None:
    """A view gives chips, farm, farmer, auction calls, order and who finished, as the game stands."""
    game = table("foster", first_seat=1)
    game.next_deal()
    view = game.view_for(0)
    assert view.phase is Phase.AUCTION and view.farmer is None and view.farm == 4
    play(game, "3 p p 4 p")
    view = game.view_for(0)
    assert view.calls == ((1, 3), (2, None), (3, None), (0, 4), (1, None))
    assert view.farmer == 0 and view.chips == (95, 99, 99, 99) and view.my_chips == 95
    assert view.order == (1, 2, 3) and view.to_act == 1
    play(game, "d s")
    view = game.view_for(0)
    assert view.finished(1) and not view.finished(2) and not view.finished(0)


def test_a_view_taken_before_an_action_does_not_change_after_it() -> None:
    """View_for is a frozen snapshot: the game moving on leaves an earlier view as it was."""
    game = table("foster", first_seat=1)
    game.next_deal()
    before = game.view_for(1)
    kept = dataclasses.asdict(before)
    legal = before.legal_actions()
    play(game, "3 p p 4 p d d s")
    assert dataclasses.asdict(before) == kept
    assert before.phase is Phase.AUCTION and before.my_turn and before.legal_actions() == legal
    assert before.hand == () and before.calls == () and before.farmer is None
    with pytest.raises(dataclasses.FrozenInstanceError):
        before.farm = 0  # type: ignore[misc]


def test_a_view_holds_no_reference_to_the_game() -> None:
    """A view keeps values only: nothing it refers to is the game or a list the game changes."""
    game = table("foster")
    start(game, top="7S KD 5S", auction=ANNA_BUYS)
    view = game.view_for(1)
    assert not any(isinstance(r, Game) for r in gc.get_referents(view))
    for field in dataclasses.fields(view):
        assert not isinstance(getattr(view, field.name), list | dict | set), field.name


def test_a_view_never_holds_a_card_its_seat_may_not_see() -> None:
    """RULES 'Hands stay hidden': before the showdown a view holds its own cards only, none of others'."""
    game = table("foster", players=6)
    start(game, top="7S KD 5S 3C 2H 6H 9C 4H 2D", auction="1 p p p p p")
    for _ in range(3):
        for seat in range(6):
            view = game.view_for(seat)
            assert visible_cards(view) == set(game.hands[seat])
        play(game, "d")
    assert not game.shown


def test_no_view_for_a_seat_that_is_not_at_the_table() -> None:
    """view_for refuses a seat number outside the table."""
    game = table("foster")
    with pytest.raises(ValueError, match="no seat 4"):
        game.view_for(4)


def test_view_for_fills_every_field_from_the_game() -> None:
    """The fast snapshot puts each value in its own field (the same view the keyword constructor makes)."""
    game = table("foster", first_seat=1)
    start(game, top="7S KD 5S", auction="3 p p 4 p")
    play(game, "d")
    expected = View(
        seat=1, rules=game.rules, phase=Phase.PLAY, names=game.names, deal_no=1, max_deals=game.max_deals,
        chips=(95, 99, 99, 99),
        farm=8, farmer=0, to_act=1, high_bid=4, high_bidder=0,
        calls=((1, 3), (2, None), (3, None), (0, 4), (1, None)), max_bid=99,
        hand=tuple(game.hands[1]), total=game.totals[1], order=(1, 2, 3), card_counts=(0, 2, 1, 1),
        deck_size=45 - 4, must_draw=False, served=0, shown_hands=None,
    )
    assert game.view_for(1) == expected


def view_from_the_lists(game: Game, seat: int) -> View:
    """The view ``seat`` should get, made with the keyword constructor from the game's own lists."""
    return View(
        seat=seat, rules=game.rules, phase=game.phase, names=game.names, deal_no=game.deal_no,
        max_deals=game.max_deals, chips=tuple(game.chips), farm=game.farm, farmer=game.farmer,
        to_act=game.to_act,
        high_bid=game.high_bid, high_bidder=game.high_bidder, calls=tuple(game.calls),
        max_bid=game.max_bid(seat), hand=tuple(game.hands[seat]), total=game.totals[seat],
        order=tuple(game.order), card_counts=tuple(len(h) for h in game.hands),
        deck_size=game.deck_size, must_draw=game.to_act == seat and game.must_draw(),
        served=sum(game.finished(s) for s in game.order),
        shown_hands=tuple(tuple(h) for h in game.hands) if game.shown else None,
    )


@pytest.mark.parametrize("rules", ["foster", "lacombe", "ferme", "foster+rotating", "lacombe+rotating"])
def test_every_view_matches_the_game_and_stays_as_taken(rules: str) -> None:
    """At every step of whole games, each seat's view is the game as it stands (the engine's shared
    tuples kept in step with its lists), a View and no subclass, and no earlier view ever changes."""
    game = table(rules, 5, chips=[6, 9, 12, 4, 8], max_deals=40)
    agents = [ThresholdAgent(11 + seat, 0.3 + 0.1 * seat) for seat in range(5)]
    taken: list[tuple[View, dict[str, object]]] = []

    def check() -> None:
        for seat in range(game.n_seats):
            view = game.view_for(seat)
            assert type(view) is View
            assert view == view_from_the_lists(game, seat)
            taken.append((view, dataclasses.asdict(view)))

    check()
    while game.phase is Phase.BETWEEN:
        game.next_deal()
        check()
        while game.to_act is not None:
            game.apply(agents[game.to_act].choose(game.view_for(game.to_act)))
            check()
    assert game.is_over
    saved = game.between_deals_state()
    restored = table(rules, 5)
    restored.restore_between_deals(saved, game.rng.getstate())
    for seat in range(5):
        assert restored.view_for(seat) == view_from_the_lists(restored, seat)
        assert restored.view_for(seat).chips == tuple(game.chips)
    for view, fields in taken:
        assert dataclasses.asdict(view) == fields
