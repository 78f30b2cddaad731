"""Playing deals and games with agents in the plainest way, every event gathered.

The tests play games with it, and the engine's benchmark (``tools/bench_engine.py``) times
deals played with it; the simulator (:mod:`game.play.sim`) has a loop of its own that gathers
no events.
"""

from __future__ import annotations

from collections.abc import Sequence

from game.rules.agents import Agent
from game.rules.engine import Game, Phase
from game.rules.events import Event


def play_deal(game: Game, agents: Sequence[Agent]) -> list[Event]:
    """Play one whole deal with one agent per seat; returns its events."""
    events = game.next_deal()
    while game.to_act is not None:
        seat = game.to_act
        events.extend(game.apply(agents[seat].choose(game.view_for(seat))))
    return events


def play_game(game: Game, agents: Sequence[Agent], max_deals: int | None = None) -> Game:
    """Play deals until the game ends (or ``max_deals`` more have been played)."""
    played = 0
    while game.phase is Phase.BETWEEN and (max_deals is None or played < max_deals):
        play_deal(game, agents)
        played += 1
    return game
