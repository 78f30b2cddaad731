"""The word said when a person becomes farmer states the rule set's own way the farm changes hands
(RULES.md), and the engine does what it says: driven through stacked deals, the farm goes where
the words send it."""

from __future__ import annotations

from dataclasses import dataclass

import pytest
from helpers import moves, play, start, table

from game.rules.events import AuctionOpened, Event, FarmerChosen, FarmerReason, FarmWon
from game.rules.ruleset import RULE_KEYS, rules_named
from scenes.table.narrator import Eyes, farmer_role

NAMES = ("Anna", "Ben", "Carla", "Dan")


Deal = tuple[str, str, str, int]
"""A stacked deal: the top and bottom of the deck, the script, the seat it is about."""


@dataclass(frozen=True)
class Deals:
    """How a rule set's farm changes hands, in words and in two stacked deals with Anna farmer."""

    clause: str
    """What the English words say of it (the person's own form)."""
    sixteen: Deal
    """A deal in which someone makes 16: the top and bottom of the deck, the script, who makes it."""
    short: Deal
    """The same deal with nobody at 16: the seat nearest below it."""
    first: str = ""
    """The first farm's auction (Anna buys it), where the rule set sells the first farm."""


# Served from Anna's left, every card from the top: Dan makes 16 (or 15).
FOSTER_DEALS: tuple[Deal, Deal] = (
    ("7S KD 5S 3C 9C 9S 2D", "", "d s d d d s", 3),  # sixteen
    ("7S KD 5S 3C 9C 9S AD", "", "d s d d d s", 3),  # short
)
# Served from Anna's right, further cards from the bottom: Ben makes 16 (or 14).
LACOMBE_DEALS: tuple[Deal, Deal] = (
    ("5S KD 7S", "4H 9C 9S", "d s d d s", 1),  # sixteen
    ("5S KD 7S", "4H 9C 7H", "d s d d s", 1),  # short
)
RULES = {
    "foster": Deals("until someone makes exactly 16 and takes the farm.", *FOSTER_DEALS, first="1 p p p"),
    "lacombe": Deals("until someone makes exactly 16, takes the farm and becomes farmer.", *LACOMBE_DEALS,
                     first="1 p p p"),
    "foster+rotating": Deals("takes the farm; then the next player in turn is farmer.", *FOSTER_DEALS),
    "lacombe+rotating": Deals("takes the farm; then the next player in turn is farmer.", *LACOMBE_DEALS),
    "ferme": Deals("Whoever makes 16, or else comes nearest below it, wins the farm and deals next.",
                   *LACOMBE_DEALS),
}


def _deal(key: str, which: tuple[str, str, str, int]) -> tuple[list[Event], list[Event]]:
    """Play one deal of ``key`` with Anna farmer, then start the next: the events of both."""
    top, bottom, script, _seat = which
    game = table(key)
    first = start(game, top=top, bottom=bottom, auction=RULES[key].first)
    assert game.farmer == 0
    dealt = first + play(game, script)
    return dealt, start(game, top="AS 2S 3S")


def test_every_way_of_playing_has_its_words() -> None:
    assert set(RULES) == set(RULE_KEYS)


@pytest.mark.parametrize("key", RULE_KEYS)
def test_the_farmer_s_word_states_how_the_rule_set_moves_the_farm(key: str) -> None:
    rules = rules_named(key)
    you = farmer_role(0, Eyes(NAMES, rules, 0), "en")
    named = farmer_role(0, Eyes(NAMES, rules, 2), "en")
    assert you.startswith("You are the farmer:") and named.startswith("Anna is the farmer:")
    assert you.endswith(RULES[key].clause) and named.endswith(RULES[key].clause)
    others = {k: d.clause for k, d in RULES.items() if d.clause != RULES[key].clause}
    assert not any(you.endswith(clause) for clause in others.values())
    assert ("nearest" in you) is rules.nearest_takes_farm  # only the French rules give the nearest the farm


@pytest.mark.parametrize("lang", ["fr", "de"])
def test_the_farmer_s_word_is_translated_for_every_rule_set(lang: str) -> None:
    said = {}
    for key in RULE_KEYS:
        rules = rules_named(key)
        said[key] = farmer_role(0, Eyes(NAMES, rules, 0), lang)
        named = farmer_role(0, Eyes(NAMES, rules, 1), lang)
        assert said[key] != farmer_role(0, Eyes(NAMES, rules, 0), "en")
        assert named.startswith("Anna ") and "{" not in named
    assert len(set(said.values())) == 4  # the rotating farm is told alike under foster and lacombe
    assert said["foster+rotating"] == said["lacombe+rotating"]
    if lang == "fr":
        # The French rules' pot is la corbeille; the others' is la ferme.
        assert "corbeille" in said["ferme"]
        assert all("corbeille" not in said[k] and "ferme" in said[k] for k in RULE_KEYS if k != "ferme")


def test_foster_a_16_takes_the_farm_and_a_new_farm_is_auctioned() -> None:
    """RULES 'foster' 4: someone made 16, a new farm is sold; nobody did, the same farmer deals again."""
    dealt, nxt = _deal("foster", RULES["foster"].sixteen)
    assert any(isinstance(e, FarmWon) and e.seat == 3 and e.total == 16 for e in dealt)
    assert any(isinstance(e, AuctionOpened) for e in nxt)
    assert not any(isinstance(e, FarmerChosen) for e in nxt)


@pytest.mark.parametrize("key", ["lacombe", "ferme"])
def test_the_winner_of_the_farm_becomes_farmer(key: str) -> None:
    """RULES 'lacombe' and 'ferme': whoever wins the farm deals next, after antes, no auction."""
    dealt, nxt = _deal(key, RULES[key].sixteen)
    assert any(isinstance(e, FarmWon) and e.seat == 1 and e.total == 16 for e in dealt)
    assert FarmerChosen(1, FarmerReason.WINNER) in nxt
    assert not any(isinstance(e, AuctionOpened) for e in nxt)


@pytest.mark.parametrize(("key", "winner", "after"), [("foster+rotating", 3, 1), ("lacombe+rotating", 1, 3)])
def test_rotating_the_next_seat_in_turn_becomes_farmer_not_the_winner(
    key: str, winner: int, after: int
) -> None:
    """RULES 'rotating farm': a farm won, the role passes to the next seat in dealing order."""
    dealt, nxt = _deal(key, RULES[key].sixteen)
    assert any(isinstance(e, FarmWon) and e.seat == winner for e in dealt)
    assert FarmerChosen(after, FarmerReason.ROTATION) in nxt and after != winner


@pytest.mark.parametrize("key", ["foster", "lacombe", "foster+rotating", "lacombe+rotating"])
def test_nobody_at_16_the_farmer_keeps_the_farm(key: str) -> None:
    """RULES 'foster' 3-4 (and lacombe, rotating): no 16, the farm stays and its farmer deals again."""
    dealt, nxt = _deal(key, RULES[key].short)
    assert not any(isinstance(e, FarmWon) for e in dealt)
    assert not any(isinstance(e, FarmerChosen | AuctionOpened) for e in nxt)
    assert moves(nxt) == []  # no antes: the same farm


def test_ferme_nobody_at_16_the_nearest_below_wins_the_corbeille_and_deals() -> None:
    """RULES 'ferme': nobody has 16, the nearest below it wins the corbeille and deals next."""
    nearest = RULES["ferme"].short[3]
    dealt, nxt = _deal("ferme", RULES["ferme"].short)
    assert any(isinstance(e, FarmWon) and e.seat == nearest and e.total == 14 for e in dealt)
    assert FarmerChosen(nearest, FarmerReason.WINNER) in nxt
