"""Privacy in the engine: ``observe(events, seat)`` gives each seat exactly what it may see.

RULES.md: cards are dealt face down, a player over 16 stops without a word, and hands stay
hidden until every player is served; then all are shown.
"""

from __future__ import annotations

import dataclasses
import random

from helpers import play, start, table
from helpers.games import agents_for, new_game
from hypothesis import given, settings
from hypothesis import strategies as st

from game.rules.cards import Card, parse_cards
from game.rules.engine import Game, Phase
from game.rules.events import Busted, CardDealt, Event, HandShown, Stood, TurnEnded, visible_to
from game.rules.observe import observe
from game.rules.ruleset import RULE_KEYS, rules_named

ANNA_BUYS = "1 p p p"


def cards_named(value: object) -> list[Card]:
    """Every card inside an event (any field, nested in tuples or dataclasses)."""
    if isinstance(value, Card):
        return [value]
    if isinstance(value, tuple | list):
        return [c for item in value for c in cards_named(item)]
    if dataclasses.is_dataclass(value) and not isinstance(value, type):
        return [c for f in dataclasses.fields(value) for c in cards_named(getattr(value, f.name))]
    return []


def test_another_seats_dealt_card_keeps_its_place_face_down() -> None:
    """RULES foster 2: a card is dealt face down; the others see that a card went, not which."""
    game = table("foster")
    events = start(game, top="7S KD 5S 3C", auction=ANNA_BUYS) + play(game, "d")
    carla = observe(events, 2)
    assert len(carla) == len(events)
    for raw, seen in zip(events, carla, strict=True):
        if isinstance(raw, CardDealt):
            assert isinstance(seen, CardDealt)
            assert (seen.seat, seen.from_bottom, seen.first, seen.count) == (
                raw.seat, raw.from_bottom, raw.first, raw.count,
            )
            assert seen.card == (raw.card if raw.seat == 2 else None)
        else:
            assert seen is raw
    assert [e.card for e in carla if isinstance(e, CardDealt) and e.seat == 2] == parse_cards("KD")


def test_another_seats_stand_and_bust_are_dropped_but_its_turn_end_stays() -> None:
    """RULES foster 2: over 16 a player stops saying nothing; the table sees only the turn end."""
    game = table("foster")
    events = start(game, top="7S 5C 5D 3C KC QC", auction=ANNA_BUYS)
    events += play(game, "d s d d")  # Ben stands on 10; Carla draws K (15), then Q: over
    assert any(isinstance(e, Stood) for e in events) and any(isinstance(e, Busted) for e in events)
    for seat in (0, 3, None):
        seen = observe(events, seat)
        assert not any(isinstance(e, Stood | Busted) for e in seen)
        assert [e.seat for e in seen if isinstance(e, TurnEnded)] == [1, 2]
    assert [type(e) for e in observe(events, 1) if isinstance(e, Stood | Busted)] == [Stood]
    assert [type(e) for e in observe(events, 2) if isinstance(e, Stood | Busted)] == [Busted]


def test_a_spectator_sees_no_card_before_the_showdown_and_every_hand_at_it() -> None:
    """RULES 'Hands stay hidden until every player is served; then all are shown'."""
    game = table("foster")
    events = start(game, top="7S KD 5S 3C 6H 9C 4H 2D", auction=ANNA_BUYS)
    events += play(game, "d d s d d d s")
    seen = observe(events, None)
    first_shown = next(i for i, e in enumerate(seen) if isinstance(e, HandShown))
    assert not any(cards_named(e) for e in seen[:first_shown])
    shown = {c for e in seen if isinstance(e, HandShown) for c in e.cards}
    assert shown == set(parse_cards("7S 3C 6H KD 9C 5S 4H 2D"))


def test_observe_agrees_with_visible_to() -> None:
    """An event passes in full exactly when visible_to says the seat may see it."""
    game = table("lacombe", players=5)
    events = start(game, top="7S KD 5S 3C", bottom="6H 9C 4H 2D KC", auction="1 p p p p")
    events += play(game, "d d d s d d")  # Eve goes over, Dan stands on 14, Carla goes over
    assert any(isinstance(e, Stood) for e in events) and any(isinstance(e, Busted) for e in events)
    for seat in (*range(5), None):
        seen = observe(events, seat)
        full = [e for e in events if visible_to(e, seat)]
        assert [e for e in seen if not (isinstance(e, CardDealt) and e.card is None)] == full


def check_deal(events: list[Event], game: Game) -> None:
    """Every seat's and a spectator's observed events of one deal keep every card they may not see."""
    for seat in (*range(game.n_seats), None):
        served: set[int] = set()
        showdown = False
        for event in observe(events, seat):
            if isinstance(event, TurnEnded):
                served.add(event.seat)
            elif isinstance(event, HandShown):
                # Hands are shown only once every player of the deal has finished.
                assert served == set(game.order)
                showdown = True
            elif isinstance(event, CardDealt):
                assert (event.card is not None) == (event.seat == seat)
            elif isinstance(event, Stood | Busted):
                assert event.seat == seat
            if not showdown and not isinstance(event, CardDealt):
                assert not cards_named(event), f"{event} names a card before the showdown"


def play_observed(game: Game, seed: int) -> None:
    """Play ``game`` to its end, checking what every seat observes of each deal."""
    agents = agents_for(game, seed)
    while game.phase is Phase.BETWEEN:
        events = game.next_deal()
        while game.to_act is not None:
            seat = game.to_act
            events += game.apply(agents[seat].choose(game.view_for(seat)))
        check_deal(events, game)


def test_hundreds_of_random_games_never_show_a_seat_a_card_it_may_not_see() -> None:
    """200 seeded games, every rule set, 3 to 10 seats: each seat's and a spectator's observed events.

    The same games every run (every rule set and table size is met by the tenth); the
    Hypothesis twin below draws new ones.
    """
    keys: set[str] = set()
    sizes: set[int] = set()
    for seed in range(200):
        game = new_game(seed, max_deals=random.Random(seed).randint(1, 6))
        keys.add(game.rules.key)
        sizes.add(game.n_seats)
        play_observed(game, seed)
    assert keys == set(RULE_KEYS) and sizes == set(range(3, 11))


@settings(max_examples=150, deadline=None)
@given(
    seed=st.integers(min_value=0, max_value=2**31), key=st.sampled_from(RULE_KEYS), players=st.integers(3, 10)
)
def test_observed_events_hide_every_card_under_every_rule_set(seed: int, key: str, players: int) -> None:
    """Hypothesis over rule sets and table sizes: the same privacy checks as above."""
    game = Game([f"P{s}" for s in range(players)], rules_named(key), seed=seed, max_deals=4)
    play_observed(game, seed)
