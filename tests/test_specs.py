"""Agent specs: one parser for every place a player is named (simulator, tournament, saved games)."""

from __future__ import annotations

import re

import pytest

from game.ai import PERSONALITIES, make_agent
from game.ai.easy import EasyAgent
from game.ai.expert import ExpertAgent
from game.ai.normal import NormalAgent
from game.ai.specs import agent_kinds, parse_agent
from game.play.match import player_spec
from game.rules.agents import ThresholdAgent

# The tools add kinds of their own as they are imported: imported here, whatever ran before.
from tools import bench_people, people, tournament  # noqa: F401


@pytest.mark.parametrize(
    ("spec", "kind", "personality"),
    [
        ("easy", EasyAgent, "steady"),
        ("normal:bold", NormalAgent, "bold"),
        ("expert:cautious", ExpertAgent, "cautious"),
        ("normal:", NormalAgent, "steady"),
    ],
)
def test_a_level_spec_names_the_level_and_its_personality(spec: str, kind: type, personality: str) -> None:
    agent = parse_agent(spec, 3)
    assert isinstance(agent, (EasyAgent, NormalAgent, ExpertAgent)) and isinstance(agent, kind)
    assert agent.personality.key == personality


def test_every_saved_player_spec_is_read_back() -> None:
    for level in ("easy", "normal", "expert"):
        for seat in range(len(PERSONALITIES)):
            spec = player_spec(level, seat)
            agent = parse_agent(spec)
            assert type(agent) is type(make_agent(level))


def test_a_seed_in_the_spec_wins_over_the_callers() -> None:
    def draws(spec: str, seed: int | None) -> list[float]:
        agent = parse_agent(spec, seed)
        rng = agent.rng  # type: ignore[attr-defined]
        return [rng.random() for _ in range(3)]

    assert draws("normal:bold:5", 99) == draws("normal:bold", 5) != draws("normal:bold", 6)


def test_threshold_specs_have_defaults() -> None:
    cases = [("threshold", (13, 0.5)), ("threshold:11", (11, 0.5)), ("threshold:12:0.25", (12, 0.25))]
    for spec, expected in cases:
        agent = parse_agent(spec)
        assert isinstance(agent, ThresholdAgent) and (agent.threshold, agent.share) == expected


@pytest.mark.parametrize(
    ("spec", "words"),
    [
        (
            "robot",
            "unknown agent kind 'robot' in 'robot' "
            "(known: breakeven, collude, easy, expert, informed, never, normal, outbid, person, poison, "
            "shill, threshold)",
        ),
        ("expert:grumpy", "bad agent spec 'expert:grumpy': unknown personality 'grumpy'"),
        ("normal:bold:x", "SEED must be a whole number; the form is normal[:PERSONALITY[:SEED]]"),
        ("easy:bold:1:2", "too many parameters"),
        ("threshold:40", "threshold must be between 1 and 17"),
        ("threshold:x", "T must be a whole number"),
    ],
)
def test_a_bad_spec_is_refused_with_a_clear_message(spec: str, words: str) -> None:
    with pytest.raises(ValueError, match=re.escape(words)):
        parse_agent(spec)


def test_the_tournament_and_the_simulator_read_the_same_specs() -> None:
    exploiters = {"never", "breakeven", "shill", "outbid", "poison", "collude"}
    tools_kinds = {"person", "informed"}  # tools/people.py and tools/bench_people.py, imported above
    assert set(agent_kinds()) == {"easy", "normal", "expert", "threshold", *exploiters, *tools_kinds}
    for spec in ("expert", "normal:bold", "threshold", "threshold:12:0.4", "easy:cautious:3"):
        made = tournament.agent_factory(spec)(7)
        assert type(made) is type(parse_agent(spec, 7))
    with pytest.raises(ValueError, match="unknown agent kind"):
        tournament.agent_factory("robot")
