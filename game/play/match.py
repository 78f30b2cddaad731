"""A match: one game at one table with its players, people and AIs, and their seeding. No pygame.

A screen, a kiosk or a network server drives a :class:`Match`: :meth:`Match.start_deal`
between deals, :meth:`Match.act` for a person's move, :meth:`Match.ai_act` when an AI seat
is to act. What each seat may see of the events they return is
:func:`game.rules.observe.observe`'s business.

Every AI draws from its own random stream, reseeded at each deal from the game's seed, the
seat and the deal number only (:func:`deal_seed`), so that a game continued from a save
plays on exactly as it would have without the break.
"""

from __future__ import annotations

import random
from collections.abc import Mapping, Sequence
from typing import Any

from game.ai.observing import feed
from game.ai.personality import PERSONALITIES
from game.ai.specs import parse_agent
from game.formats.savegame import Restored, SavedGame, snapshot
from game.rules.actions import Action, IllegalAction
from game.rules.agents import Agent
from game.rules.engine import Game
from game.rules.events import Event
from game.rules.ruleset import FOSTER, RuleSet

HUMAN = "human"
"""The player spec of a seat played by a person (in a match and in a saved game)."""


def player_spec(level: str, seat: int) -> str:
    """The saved form of the AI of ``level`` at ``seat``: ``LEVEL:PERSONALITY``.

    Seats take turns at the personalities, in their order in
    :data:`~game.ai.personality.PERSONALITIES`, so that a table of one level still has
    several temperaments.
    """
    temperaments = tuple(PERSONALITIES)
    return f"{level}:{temperaments[seat % len(temperaments)]}"


def deal_seed(seed: int, seat: int, deal: int) -> int:
    """The seed of an AI's random stream for one deal.

    Derived from the game's seed, the seat and the deal number only, so that a game
    continued from a save plays on exactly as it would have without the break.
    """
    return random.Random(f"farmer-ai:{seed}:{seat}:{deal}").getrandbits(63)


def reseed(agents: Mapping[int, Agent], seed: int, deal: int) -> None:
    """Give every AI of ``agents`` (by seat) its random stream for ``deal``."""
    for seat, agent in agents.items():
        rng = getattr(agent, "rng", None)
        if isinstance(rng, random.Random):
            rng.seed(deal_seed(seed, seat, deal))


class Match:
    """A game with a player for every seat: people (:data:`HUMAN`) and AIs made from agent specs.

    ``players`` gives each seat's spec (``human``, ``normal:bold``, ``threshold:13``, see
    :mod:`game.ai.specs`); several seats may be people. ``agents`` holds the AI of every
    other seat. ``seed`` is the game's seed, from which the AIs' streams are derived.
    """

    def __init__(
        self,
        game: Game,
        players: Sequence[str],
        seed: int | None = None,
        agents: Mapping[int, Agent] | None = None,
    ) -> None:
        """Seat ``players`` at ``game`` (a new game, or one restored from a save).

        ``seed`` derives the AIs' streams; it defaults to the game's seed (0 for an unseeded
        game). ``agents`` gives ready-made players for some seats (a replay's scripts), whose
        specs are then only their saved names. Raises ``ValueError`` when the specs do not fit
        the table or name no known player.
        """
        given = dict(agents or {})
        if len(players) != game.n_seats:
            raise ValueError(f"one player spec per seat is needed: {game.n_seats}, not {len(players)}")
        self.game = game
        self.players: list[str] = list(players)
        """Each seat's player as saved: ``human`` or an agent spec such as ``normal:bold``."""
        self.agents: dict[int, Agent] = {
            seat: given[seat] if seat in given else parse_agent(spec, 0)
            for seat, spec in enumerate(self.players)
            if spec != HUMAN
        }
        """The AI of every seat not played by a person (reseeded at each deal)."""
        if seed is None:
            seed = game.seed if game.seed is not None else 0
        self.seed: int = seed
        """The game's seed, from which every AI's random stream is derived."""

    @classmethod
    def new(
        cls,
        names: Sequence[str],
        players: Sequence[str],
        rules: RuleSet = FOSTER,
        *,
        seed: int | None = None,
        **game_options: Any,
    ) -> Match:
        """A new game of ``names`` under ``rules`` with ``players`` (options go to :class:`Game`).

        Without ``seed`` one is drawn from the system, so that every match has a seed from
        which its AI streams can be derived again after a save.
        """
        if seed is None:
            seed = random.SystemRandom().randrange(2**31)
        return cls(Game(names, rules, seed=seed, **game_options), players)

    @property
    def humans(self) -> tuple[int, ...]:
        """The seats played by people."""
        return tuple(seat for seat, spec in enumerate(self.players) if spec == HUMAN)

    @property
    def ai_to_act(self) -> bool:
        """Whether an AI seat is to act now."""
        return self.game.to_act in self.agents

    def start_deal(self) -> list[Event]:
        """Reseed the AIs for the next deal and start it (between deals only); returns its events."""
        reseed(self.agents, self.seed, self.game.deal_no + 1)
        return self._told(self.game.next_deal())

    def _told(self, events: list[Event]) -> list[Event]:
        """``events``, once every AI that learns has been shown what its seat saw of them."""
        feed(self.agents, events)
        return events

    def act(self, seat: int, action: Action) -> list[Event]:
        """Play a person's ``action`` for ``seat``; returns its events.

        Raises :class:`~game.rules.actions.IllegalAction` (a ``ValueError``) when ``seat`` is not
        to act, is played by an AI, or the action is not legal.
        """
        if self.game.to_act != seat:
            raise IllegalAction(f"seat {seat} is not to act")
        if seat in self.agents:
            raise IllegalAction(f"seat {seat} is played by the AI")
        return self._told(self.game.apply(action))

    def ai_act(self) -> tuple[Action, list[Event]]:
        """Let the AI seat to act choose from its view and play; returns its action and the events."""
        seat = self.game.to_act
        agent = self.agents.get(seat) if seat is not None else None
        if seat is None or agent is None:
            raise IllegalAction("no AI seat is to act")
        action = agent.choose(self.game.view_for(seat))
        return action, self._told(self.game.apply(action))

    def catch_up(self, restored: Restored) -> None:
        """Let the AIs of a match continued in the middle of a deal live that deal so far again.

        Each AI gets its random stream for the deal, sees what its seat saw, and is asked
        for each move it made, with what it knew then (its answer is set aside: the save
        says what it did), so that it plays on as it would have without the break.
        ``restored`` is what :func:`game.formats.savegame.restore` gave for this match's game.
        """
        if restored.game is not self.game:
            raise ValueError("catch up with the restored game this match plays")
        if not restored.interrupted:
            return  # between deals: each AI gets its stream when the next deal starts
        reseed(self.agents, self.seed, self.game.deal_no)
        start = len(restored.deal_events) - sum(len(step.events) for step in restored.steps)
        feed(self.agents, restored.deal_events[:start])
        for step in restored.steps:
            agent = self.agents.get(step.seat)
            if agent is not None:
                agent.choose(step.view)
            feed(self.agents, step.events)

    def snapshot(self, *, keep_secrets: bool = True) -> SavedGame:
        """The match as a save holds it, at any moment (see :func:`game.formats.savegame.snapshot`;
        without ``keep_secrets``, neither the seed, the generator's state nor a deal in progress's cards)."""
        return snapshot(self.game, self.players, keep_secrets=keep_secrets)
