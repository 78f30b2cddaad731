"""Rule: a player who goes over 16 stops without a word; nobody else can tell a bust from a stand."""

from __future__ import annotations

from helpers import deck, play

from game.rules.engine import Game
from game.rules.events import Busted, Event, Stood, TurnEnded, visible_to


def public_kinds(events: list[Event], seat: int) -> list[str]:
    """The event kinds another seat may see in full."""
    return [type(e).__name__ for e in events if visible_to(e, seat)]


def test_a_bust_and_a_stand_look_the_same_to_the_other_players() -> None:
    # Anna (0) farms; Ben (1) is dealt a 7 and draws 3 then stands (10), or draws K (17, over).
    stand_game = Game(["Anna", "Ben", "Carla", "Dan"], first_seat=0)
    stand_game.stack_deck(deck(top="7S 5C 5D 3C"))
    stand_game.next_deal()
    play(stand_game, "p p p p")  # nobody bids: Anna, who opened, takes the farm for nothing
    bust_game = Game(["Anna", "Ben", "Carla", "Dan"], first_seat=0)
    bust_game.stack_deck(deck(top="7S 5C 5D KC"))
    bust_game.next_deal()
    play(bust_game, "p p p p")
    first = stand_game.to_act
    assert first is not None and first == bust_game.to_act
    stood = play(stand_game, "d s")
    busted = play(bust_game, "d")
    assert any(isinstance(e, Stood) for e in stood)
    assert any(isinstance(e, Busted) for e in busted)
    for other in range(4):
        if other == first:
            continue
        assert public_kinds(stood, other) == public_kinds(busted, other)
        assert TurnEnded.__name__ in public_kinds(stood, other)
    # The player knows which it was.
    assert public_kinds(stood, first) != public_kinds(busted, first)
