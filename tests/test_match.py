"""A pygame-free match: the game, a player per seat (people and AIs), and the AIs' seeding."""

from __future__ import annotations

import random

import pytest

from game.ai import LEVELS, PERSONALITIES, make_agent
from game.ai.observing import feed
from game.formats.savegame import restore
from game.play.match import HUMAN, Match, deal_seed, player_spec, reseed
from game.rules.actions import DRAW, PASS, STAND, IllegalAction
from game.rules.agents import Agent
from game.rules.engine import Game, Phase
from game.rules.ruleset import rules_named

NAMES = ["Anna", "Ben", "Carla", "Dan", "Eve"]
AIS = ["expert:steady", "normal:bold", "easy:cautious", "normal:steady", "expert:bold"]


def test_ai_streams_are_derived_from_seed_seat_and_deal_only() -> None:
    """Saved games continue identically: the derivation of an AI's stream for a deal never changes."""
    assert deal_seed(7, 2, 3) == 213016141586859008
    assert deal_seed(7, 2, 3) == random.Random("farmer-ai:7:2:3").getrandbits(63)
    assert len({deal_seed(7, s, d) for s in range(5) for d in range(1, 20)}) == 5 * 19


def test_seats_take_turns_at_the_personalities() -> None:
    assert tuple(PERSONALITIES) == ("steady", "cautious", "bold")
    assert tuple(LEVELS) == ("easy", "normal", "expert")
    assert [player_spec("normal", s) for s in range(4)] == [
        "normal:steady", "normal:cautious", "normal:bold", "normal:steady",
    ]


def play_as_before(game: Game, players: list[str], deals: int) -> None:
    """The AI loop by hand: agents seeded 0, reseeded per deal, a view each move, the events shown."""
    agents: dict[int, Agent] = {}
    for seat, spec in enumerate(players):
        level, _, mood = spec.partition(":")
        agents[seat] = make_agent(level, mood, 0)
    for _ in range(deals):
        reseed(agents, game.seed or 0, game.deal_no + 1)
        feed(agents, game.next_deal())  # every learning AI is shown what its seat saw
        while game.to_act is not None:
            seat = game.to_act
            feed(agents, game.apply(agents[seat].choose(game.view_for(seat))))


def play_match(match: Match, deals: int) -> None:
    """Play ``deals`` deals with nobody but AIs."""
    for _ in range(deals):
        match.start_deal()
        while match.ai_to_act:
            match.ai_act()


@pytest.mark.parametrize("rules", ["foster", "lacombe", "ferme", "lacombe+rotating"])
def test_a_match_plays_the_ais_exactly_as_the_screens_did(rules: str) -> None:
    """Same AI random streams as before: the same seed gives the same deals, card for card."""
    old = Game(NAMES, rules_named(rules), seed=42)
    play_as_before(old, AIS, 12)
    match = Match(Game(NAMES, rules_named(rules), seed=42), AIS)
    play_match(match, 12)
    assert match.game.log == old.log and match.seed == 42


def test_a_saved_match_continues_as_it_would_have_without_the_break() -> None:
    """Snapshot between deals, restore, play on: the same deals as the unbroken match."""
    players = ["easy:steady", "normal:cautious", "easy:bold", "normal:bold"]
    whole = Match(Game(NAMES[:4], seed=5, max_deals=10), players)
    play_match(whole, 10)
    first = Match(Game(NAMES[:4], seed=5, max_deals=10), players)
    play_match(first, 4)
    restored = restore(first.snapshot())
    resumed = Match(restored.game, restored.players)
    play_match(resumed, 6)
    assert resumed.game.log == whole.game.log
    assert resumed.game.is_over and resumed.game.result == whole.game.result


def test_people_act_for_their_own_seats_only_when_it_is_their_turn() -> None:
    match = Match(Game(NAMES[:4], seed=3, first_seat=1), [HUMAN, HUMAN, "normal:steady", "easy:bold"])
    assert match.humans == (0, 1) and set(match.agents) == {2, 3}
    match.start_deal()
    assert match.game.phase is Phase.AUCTION and match.game.to_act == 1 and not match.ai_to_act
    with pytest.raises(IllegalAction, match="seat 0 is not to act"):
        match.act(0, PASS)
    with pytest.raises(IllegalAction, match="no AI seat is to act"):
        match.ai_act()
    assert match.act(1, PASS)
    assert match.ai_to_act and match.game.to_act == 2
    with pytest.raises(IllegalAction, match="seat 2 is played by the AI"):
        match.act(2, PASS)
    legal = match.game.legal_actions()
    action, events = match.ai_act()
    assert action in legal and events
    while match.game.to_act is not None:
        seat = match.game.to_act
        if match.ai_to_act:
            match.ai_act()
        else:
            legal = match.game.legal_actions()
            match.act(seat, PASS if PASS in legal else DRAW if STAND not in legal else STAND)
    assert match.game.phase in (Phase.BETWEEN, Phase.OVER)


def test_a_match_refuses_players_that_do_not_fit() -> None:
    with pytest.raises(ValueError, match="one player spec per seat"):
        Match(Game(NAMES[:4], seed=1), [HUMAN, "easy:steady"])
    with pytest.raises(ValueError, match="unknown agent kind 'grumpy'"):
        Match(Game(NAMES[:3], seed=1), [HUMAN, "grumpy", "easy"])


def test_a_new_match_always_has_a_seed() -> None:
    match = Match.new(NAMES[:3], [HUMAN, "easy:steady", "normal:bold"], max_deals=3)
    assert match.game.seed is not None and match.seed == match.game.seed
    assert match.game.max_deals == 3
    assert Match.new(NAMES[:3], [HUMAN] * 3, seed=9).seed == 9
    assert Match(Game(NAMES[:3], seed=4), [HUMAN] * 3, seed=11).seed == 11


def test_snapshot_is_the_saved_game_document() -> None:
    match = Match(Game(NAMES[:3], seed=2), [HUMAN, "easy:steady", "normal:bold"])
    doc = match.snapshot().to_json()
    assert doc["players"] == [HUMAN, "easy:steady", "normal:bold"] and doc["seed"] == 2
