"""Ties explained by the engine: FarmWon and NearestFound say who else had the total and why they lost.

RULES.md: foster ranks 16s by the 6♥, then fewer cards, then the seat served first; lacombe
by fewer cards, then the 6♥, then the seat served first; ferme by the 6♥, two cards, the
best nine, the highest heart / diamond / club / spade, fewer cards, the seat served first.
The same rankings break ties for the nearest to 16.
"""

from __future__ import annotations

import random

import pytest
from helpers import deck, play, table
from hypothesis import given, settings
from hypothesis import strategies as st

from game.rules.cards import DECK, Card, Suit, hand_total, parse_cards
from game.rules.engine import Game
from game.rules.events import Event, FarmWon, NearestFound
from game.rules.ranking import Tie, TieBreak, explain_tie, rank_key
from game.rules.ruleset import Ranking

TENS = [c for c in DECK if c.points == 10]


def settle(rules: str, hands: dict[int, str], players: int = 4) -> tuple[Game, list[Event]]:
    """Deal ``hands`` (seat -> cards in the order received) with Anna (0) farming, and play them out.

    Seats without a hand get two ten-point cards and go over 16. Every player draws its
    listed cards and stands (unless the last one took it over 16).
    """
    game = table(rules, players)
    used = {c for cards in hands.values() for c in parse_cards(cards)}
    fillers = iter(c for c in TENS if c not in used)
    dealt = {
        seat: parse_cards(hands[seat]) if seat in hands else [next(fillers), next(fillers)]
        for seat in range(1, players)
    }
    step = int(game.rules.direction)
    order = [(step * k) % players for k in range(1, players)]
    firsts = [dealt[s][0] for s in order]
    extras = [c for s in order for c in dealt[s][1:]]
    script: list[str] = []
    for seat in order:
        cards = dealt[seat]
        script += ["d"] * (len(cards) - 1)
        if hand_total(cards) <= 16:
            script.append("s")
        else:
            assert hand_total(cards[:-1]) <= 16, f"seat {seat} would stop before its last card"
    codes = " ".join(str(c) for c in firsts)
    more = " ".join(str(c) for c in extras)
    if game.rules.draws_from_bottom:
        game.stack_deck(deck(top=codes, bottom=more))
    else:
        game.stack_deck(deck(top=f"{codes} {more}"))
    events = game.next_deal()
    if game.rules.first_farm_auctioned:
        events += play(game, ["1"] + ["p"] * (players - 1))
    assert game.farmer == 0 and game.order == order
    events += play(game, script)
    assert game.to_act is None, "the deal did not end with the script"
    return game, events


def the(kind: type[FarmWon] | type[NearestFound], events: list[Event]) -> FarmWon | NearestFound:
    """The one event of ``kind`` among ``events``."""
    found = [e for e in events if isinstance(e, kind)]
    assert len(found) == 1
    return found[0]


H, D, C, S = Suit.HEARTS, Suit.DIAMONDS, Suit.CLUBS, Suit.SPADES

# rules, hands by seat, winner, the seat it beat, the rule that decided, its suit.
SIXTEENS = [
    # foster: 6♥, then fewer cards, then served first (Ben 1, Carla 2, Dan 3 in that order).
    ("foster", {1: "5S 5C 6H", 2: "7S 9C"}, 1, 2, TieBreak.SIX_OF_HEARTS, None),
    ("foster", {1: "2S 5C 9D", 2: "7S 9C"}, 2, 1, TieBreak.FEWER_CARDS, None),
    ("foster", {1: "7S 9C", 2: "7C 9D"}, 1, 2, TieBreak.SERVED_FIRST, None),
    # lacombe: fewer cards, then 6♥, then served first (Dan 3, Carla 2, Ben 1 in that order).
    ("lacombe", {1: "5S 5C 6H", 2: "7S 9C"}, 2, 1, TieBreak.FEWER_CARDS, None),
    ("lacombe", {1: "7S 9C", 2: "6H KD"}, 2, 1, TieBreak.SIX_OF_HEARTS, None),
    ("lacombe", {1: "7S 9C", 2: "7C 9D"}, 2, 1, TieBreak.SERVED_FIRST, None),
    # ferme: 6♥; two cards; the best nine; the highest heart, diamond, club, spade.
    ("ferme", {1: "6H 5S 5C", 2: "7S 9C"}, 1, 2, TieBreak.SIX_OF_HEARTS, None),
    ("ferme", {1: "7S 9C", 2: "KD 4S 2C"}, 1, 2, TieBreak.TWO_CARDS, None),
    ("ferme", {1: "9C 4S 3D", 2: "9D 5S 2C"}, 2, 1, TieBreak.BEST_NINE, D),
    ("ferme", {1: "KS 4C 2H", 2: "9S 5C 2D"}, 2, 1, TieBreak.BEST_NINE, S),
    ("ferme", {1: "QH 4C 2S", 2: "KH 4S 2C"}, 2, 1, TieBreak.HIGHEST_CARD, H),
    ("ferme", {1: "QD 4C 2S", 2: "2H 4S KC"}, 2, 1, TieBreak.HIGHEST_CARD, H),
    ("ferme", {1: "QD 4C 2S", 2: "KD 4S 2C"}, 2, 1, TieBreak.HIGHEST_CARD, D),
    ("ferme", {1: "QC 3S 3C", 2: "KC 4S 2S"}, 2, 1, TieBreak.HIGHEST_CARD, C),
    ("ferme", {1: "QS 5S AS", 2: "KS 4S 2S"}, 2, 1, TieBreak.HIGHEST_CARD, S),
]

NEAREST = [
    ("foster", {1: "6H 4S 2C", 2: "5S 7C"}, 1, 2, TieBreak.SIX_OF_HEARTS, None),
    ("foster", {1: "2S 3C 7D", 2: "5S 7C"}, 2, 1, TieBreak.FEWER_CARDS, None),
    ("foster", {1: "5S 7C", 2: "5C 7D"}, 1, 2, TieBreak.SERVED_FIRST, None),
    ("lacombe", {1: "6H 4S 2C", 2: "5S 7C"}, 2, 1, TieBreak.FEWER_CARDS, None),
    ("lacombe", {2: "6H 4S 2C", 3: "5C 4D 3S"}, 2, 3, TieBreak.SIX_OF_HEARTS, None),
    ("lacombe", {1: "5S 7C", 2: "5C 7D"}, 2, 1, TieBreak.SERVED_FIRST, None),
    ("ferme", {1: "5S 7C", 2: "6H 4S 2C"}, 2, 1, TieBreak.SIX_OF_HEARTS, None),
    ("ferme", {1: "KD AS AC", 2: "5S 7C"}, 2, 1, TieBreak.TWO_CARDS, None),
    ("ferme", {1: "9C 3D", 2: "9H 3S"}, 2, 1, TieBreak.BEST_NINE, H),
    ("ferme", {1: "QH 2C", 2: "KH 2S"}, 2, 1, TieBreak.HIGHEST_CARD, H),
    ("ferme", {1: "QD 2C", 2: "KD 2S"}, 2, 1, TieBreak.HIGHEST_CARD, D),
    ("ferme", {1: "QC 2C", 2: "KC 2S"}, 2, 1, TieBreak.HIGHEST_CARD, C),
    ("ferme", {1: "7S 5S", 2: "KS 2S"}, 2, 1, TieBreak.HIGHEST_CARD, S),
]


def case_id(case: tuple[object, ...]) -> str:
    """A readable test id: rules, the deciding rule and its suit."""
    rules, _, _, _, by, suit = case
    assert isinstance(by, TieBreak)
    return f"{rules}-{by.value}" + (f"-{suit.name.lower()}" if isinstance(suit, Suit) else "")


@pytest.mark.parametrize("case", SIXTEENS, ids=case_id)
def test_a_tie_between_sixteens_names_the_rule_that_broke_it(case: tuple[object, ...]) -> None:
    rules, hands, winner, beaten, by, suit = case
    assert isinstance(rules, str) and isinstance(hands, dict)
    _, events = settle(rules, hands)
    won = the(FarmWon, events)
    assert won.seat == winner and won.total == 16
    assert won.tie == Tie((beaten,), beaten, by, suit)  # type: ignore[arg-type]
    assert not [e for e in events if isinstance(e, NearestFound)]


@pytest.mark.parametrize("case", NEAREST, ids=case_id)
def test_a_tie_for_nearest_names_the_rule_that_broke_it(case: tuple[object, ...]) -> None:
    rules, hands, winner, beaten, by, suit = case
    assert isinstance(rules, str) and isinstance(hands, dict)
    game, events = settle(rules, hands)
    nearest = the(NearestFound, events)
    assert nearest.seat == winner
    assert nearest.tie == Tie((beaten,), beaten, by, suit)  # type: ignore[arg-type]
    farm = [e for e in events if isinstance(e, FarmWon)]
    if game.rules.nearest_takes_farm:
        # ferme: the nearest wins the corbeille, for the same reason.
        assert [(e.seat, e.tie) for e in farm] == [(winner, nearest.tie)]
    else:
        assert farm == []


@pytest.mark.parametrize("rules", ["foster", "lacombe", "ferme"])
def test_a_lone_winner_and_a_lone_nearest_have_no_tie(rules: str) -> None:
    _, events = settle(rules, {1: "7S 9C", 2: "5S 7C"})
    assert the(FarmWon, events).tie is None
    _, events = settle(rules, {1: "5D 9C", 2: "5S 7C"})
    assert the(NearestFound, events).tie is None


def test_rivals_are_listed_best_first_and_the_decision_is_against_the_best() -> None:
    """foster, three 16s: Dan holds the 6♥; Ben and Carla tie on two cards, Ben served first."""
    _, events = settle("foster", {1: "7S 9C", 2: "7C 9D", 3: "6H 4S 3C 3D", 4: "2S 4C KH"}, players=5)
    won = the(FarmWon, events)
    assert won.seat == 3
    assert won.tie == Tie((1, 2, 4), 1, TieBreak.SIX_OF_HEARTS)


def test_old_constructors_still_work_without_a_tie() -> None:
    assert FarmWon(1, 5, 16).tie is None and NearestFound(None, 0).tie is None


def test_ferme_ties_never_reach_the_card_count_or_the_seat() -> None:
    """Two hands always differ in some suit's highest card, so ferme decides before 'fewer cards'."""
    rng = random.Random(11)
    reached: set[TieBreak] = set()
    for _ in range(3000):
        cards = rng.sample(DECK, 8)
        a, b = cards[: rng.randint(1, 4)], cards[4:4 + rng.randint(1, 4)]
        keys = {0: rank_key(Ranking.FERME, a, 0), 1: rank_key(Ranking.FERME, b, 1)}
        winner = min(keys, key=keys.__getitem__)
        tie = explain_tie(Ranking.FERME, keys, winner)
        assert tie is not None
        reached.add(tie.by)
    assert TieBreak.FEWER_CARDS not in reached and TieBreak.SERVED_FIRST not in reached
    assert {TieBreak.SIX_OF_HEARTS, TieBreak.TWO_CARDS, TieBreak.BEST_NINE, TieBreak.HIGHEST_CARD} <= reached


def test_ferme_keys_still_map_their_last_components() -> None:
    """Were two ferme keys equal up to the card count, the tie would say so (the mapping is complete)."""
    same = (1, 1, 4, 1, 1, -13, 1)
    fewer = explain_tie(Ranking.FERME, {0: (*same, 3, 1), 1: (*same, 4, 0)}, 0)
    served = explain_tie(Ranking.FERME, {0: (*same, 3, 0), 1: (*same, 3, 1)}, 0)
    assert fewer is not None and fewer.by is TieBreak.FEWER_CARDS
    assert served is not None and served.by is TieBreak.SERVED_FIRST


@settings(max_examples=200, deadline=None)
@given(seed=st.integers(0, 2**31), ranking=st.sampled_from(list(Ranking)))
def test_the_tie_break_is_the_first_rule_where_winner_and_beaten_differ(seed: int, ranking: Ranking) -> None:
    """The named rule really separates the two hands, and every earlier rule leaves them equal."""
    rng = random.Random(seed)
    cards = rng.sample(DECK, 12)
    hands: list[list[Card]] = [cards[i * 4: i * 4 + rng.randint(1, 4)] for i in range(3)]
    keys = {s: rank_key(ranking, hand, s) for s, hand in enumerate(hands)}
    winner = min(keys, key=keys.__getitem__)
    tie = explain_tie(ranking, keys, winner)
    assert tie is not None
    assert list(tie.rivals) == sorted((s for s in keys if s != winner), key=keys.__getitem__)
    mine, theirs = keys[winner], keys[tie.beaten]
    first = next(i for i in range(len(mine)) if mine[i] != theirs[i])
    assert mine[first] < theirs[first]
    if tie.by is TieBreak.BEST_NINE:
        assert Card("9", tie.suit) in hands[winner]  # type: ignore[arg-type]
    if tie.by is TieBreak.HIGHEST_CARD:
        assert tie.suit is not None and any(c.suit is tie.suit for c in hands[winner])
