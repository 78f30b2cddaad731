"""One game being played on screen: the engine, the AI players, the human's seat, what happened.

The session knows nothing of pygame. Scenes read it to animate: engine events wait in
:attr:`Session.pending` until a scene plays them, so the screen can take its time while
the engine has long moved on. The human acts through :meth:`Session.act`, the AI through
:meth:`Session.ai_act`, both giving one :class:`~game.actions.Action` to the engine.
"""

from __future__ import annotations

import random
from collections import deque
from dataclasses import dataclass, field
from typing import Any

from game.actions import Action
from game.agents import Agent
from game.ai import make_agent as ai_make_agent
from game.engine import Game, Phase
from game.events import CardDealt, ChipsMoved, DealEnded, DealStarted, Event, GameEnded, visible_to
from game.rules import RuleSet, rules_named
from game.savegame import snapshot
from game.view import View
from scenes.i18n import N_, _

PERSONALITIES: tuple[str, ...] = ("steady", "cautious", "bold")
"""The AI temperaments, given to the seats in turn."""
LEVELS: tuple[str, ...] = ("easy", "normal", "expert")
"""The AI difficulty levels, easiest first."""
LEVEL_LABELS = {"easy": N_("Easy"), "normal": N_("Normal"), "expert": N_("Expert")}
"""The untranslated menu name of each level."""
DEFAULT_NAMES: tuple[str, ...] = (
    "Anne",
    "Bastien",
    "Claire",
    "Dieter",
    "Élise",
    "Fritz",
    "Gaëlle",
    "Hélène",
    "Jürgen",
    "Margot",
)
"""Opponents' names offered by the New game screen."""


HUMAN = "human"
"""The player spec of the human's seat in a saved game."""


def player_spec(level: str, seat: int) -> str:
    """The saved form of the AI of ``level`` at ``seat``: ``LEVEL:PERSONALITY``.

    Seats take turns at the three personalities so that a table of one level still has
    several temperaments.
    """
    return f"{level}:{PERSONALITIES[seat % len(PERSONALITIES)]}"


def agent_for(spec: str) -> Agent:
    """The AI player a spec (``normal:bold``) names; raises ValueError for a spec it does not know."""
    level, _sep, personality = spec.partition(":")
    if level not in LEVELS or personality not in PERSONALITIES:
        raise ValueError(f"unknown player {spec!r}")
    return ai_make_agent(level, personality, 0)


def deal_seed(seed: int, seat: int, deal: int) -> int:
    """The seed of an AI's random stream for one deal.

    Derived from the game's seed, the seat and the deal number only, so that a game
    continued from a save plays on exactly as it would have without the break.
    """
    return random.Random(f"farmer-ai:{seed}:{seat}:{deal}").getrandbits(63)


def reseed(agents: dict[int, Agent], seed: int, deal: int) -> None:
    """Give every AI of ``agents`` its random stream for ``deal``."""
    for seat, agent in agents.items():
        rng = getattr(agent, "rng", None)
        if isinstance(rng, random.Random):
            rng.seed(deal_seed(seed, seat, deal))


def make_agent(level: str, seat: int, seed: int | None) -> Agent:
    """The AI player of ``level`` (``easy``, ``normal`` or ``expert``) for ``seat``."""
    level_name, _sep, personality = player_spec(level, seat).partition(":")
    return ai_make_agent(level_name, personality, seed)


@dataclass
class Setup:
    """What the New game screen (or the command line) chose."""

    names: list[str] = field(default_factory=lambda: [_("You"), *DEFAULT_NAMES[:3]])
    """Names by seat; the human sits at ``human``."""
    levels: list[str] = field(default_factory=lambda: ["normal"] * 4)
    """AI level by seat (the human's entry is ignored)."""
    rules: str = "foster"
    rotating: bool = False
    deals: int = 10
    seed: int | None = None
    human: int = 0

    @property
    def rule_set(self) -> RuleSet:
        """The rule set chosen (raises ValueError for an impossible choice)."""
        return rules_named(self.rules, self.rotating and self.rules != "ferme")

    @classmethod
    def for_players(
        cls,
        players: int,
        rules: str = "foster",
        rotating: bool = False,
        deals: int = 10,
        seed: int | None = None,
        human_name: str | None = None,
    ) -> Setup:
        """A table of ``players`` seats: the human at seat 0 and default opponents."""
        names = [human_name or _("You"), *DEFAULT_NAMES[: players - 1]]
        return cls(names, ["normal"] * players, rules, rotating, deals, seed, 0)


@dataclass(frozen=True)
class Transfer:
    """One payment of a deal, for the ledger."""

    source: int | str
    target: int | str
    amount: int
    reason: str


class Session:
    """A game in progress; see the module docstring."""

    def __init__(self, setup: Setup, game: Game | None = None) -> None:
        """Seat everyone of ``setup`` at a new game (or at ``game``, one continued from a save)."""
        self.setup = setup
        if setup.seed is None:
            # Every game has a seed, so that its AI streams can be derived again after a save.
            setup.seed = random.SystemRandom().randrange(2**31)
        self.game = game or Game(setup.names, setup.rule_set, seed=setup.seed, max_deals=setup.deals)
        self.human = setup.human
        """The human's seat (when watching a replay: the seat drawn at the bottom)."""
        self.watching = False
        """A replay: nobody plays here, every card is shown, nothing is saved or counted."""
        self.players = [
            HUMAN if seat == setup.human else player_spec(setup.levels[seat], seat)
            for seat in range(len(setup.names))
        ]
        """Each seat's player as saved: ``human`` or ``LEVEL:PERSONALITY``."""
        self.agents: dict[int, Agent] = {
            seat: agent_for(spec) for seat, spec in enumerate(self.players) if spec != HUMAN
        }
        self.pending: deque[Event] = deque()
        self.history: list[tuple[int, ...]] = [tuple(self.game.chips)]
        """Every seat's chips at the start and after each deal (the ledger's chart)."""
        for record in self.game.log:
            self.history.append(tuple(record["chips_after"]))
        if self.game.log:
            self.history[0] = tuple(self.game.log[0]["chips_before"])
        self.transfers: list[Transfer] = []
        """This deal's payments so far."""
        self.chips_before: tuple[int, ...] = tuple(self.game.chips)
        self.result: GameEnded | None = None
        self.deal_start: dict[str, Any] | None = None
        """The saved form of the game as it stood before the deal in progress."""
        self._settled = self.game.deal_no
        self.counted_deal = self.game.deal_no
        """The last deal counted into the statistics."""
        self.counted_game = False

    @classmethod
    def resume(cls, game: Game, players: list[str]) -> Session:
        """The session of a saved game: its seats' players recreated from their specs.

        Raises ValueError when a spec names no player this game knows. The AIs look over
        the deals already played (see :func:`scenes.table.replay.warm_up`), so that what they
        learn of the table is what it would have been without the break.
        """
        from scenes.table.replay import warm_up

        if players.count(HUMAN) != 1:
            raise ValueError("a saved game needs exactly one human seat")
        human = players.index(HUMAN)
        levels = [spec.partition(":")[0] if spec != HUMAN else "normal" for spec in players]
        setup = Setup(
            list(game.names),
            levels,
            game.rules.name,
            game.rules.rotating,
            game.max_deals or 10,
            game.seed,
            human,
        )
        session = cls(setup, game)
        session.players = list(players)
        session.agents = {seat: agent_for(spec) for seat, spec in enumerate(players) if spec != HUMAN}
        warm_up(session)
        return session

    # ------------------------------------------------------------------ keeping

    @property
    def keeps(self) -> bool:
        """Whether this game is saved and counted (not a replay)."""
        return not self.watching

    @property
    def seed(self) -> int:
        """The game's seed (every session's game has one)."""
        return self.game.seed if self.game.seed is not None else 0

    @property
    def settled_on_screen(self) -> bool:
        """Whether the screen has shown everything the engine has played (between deals)."""
        return self.game.phase in (Phase.BETWEEN, Phase.OVER) and self._settled == self.game.deal_no

    def shown_settled(self) -> None:
        """The screen has shown the end of the current deal."""
        self._settled = self.game.deal_no

    def save_document(self) -> dict[str, Any] | None:
        """The game to save now: as it stands between deals, else as it stood before this deal."""
        if self.settled_on_screen:
            return snapshot(self.game, self.players)
        return self.deal_start

    # ------------------------------------------------------------------ reading

    @property
    def view(self) -> View:
        """What the human may know."""
        return self.game.view_for(self.human)

    @property
    def n(self) -> int:
        """Number of seats."""
        return self.game.n_seats

    @property
    def names(self) -> tuple[str, ...]:
        """Names by seat."""
        return self.game.names

    def peek(self) -> Event | None:
        """The next event to play on screen, if any."""
        return self.pending[0] if self.pending else None

    def pop(self) -> Event:
        """Take the next event to play."""
        return self.pending.popleft()

    def shows(self, event: Event) -> bool:
        """Whether the human may see ``event`` in full (a dealt card face up, a bust)."""
        return self.watching or visible_to(event, self.human)

    def you(self, seat: int | None) -> bool:
        """Whether ``seat`` is the human playing (never, in a replay)."""
        return seat == self.human and not self.watching

    @property
    def waiting_for(self) -> int | None:
        """The seat the engine waits for, once the screen has caught up (else None)."""
        if self.pending:
            return None
        return self.game.to_act

    @property
    def human_to_act(self) -> bool:
        """Whether the human must act now."""
        return not self.watching and self.waiting_for == self.human

    @property
    def over(self) -> bool:
        """Whether the game has ended."""
        return self.game.is_over

    # ------------------------------------------------------------------ driving

    def _take(self, events: list[Event]) -> None:
        for event in events:
            if not isinstance(event, CardDealt) and not self.shows(event):
                continue  # another seat's stand or bust: the table only sees its turn end
            if isinstance(event, DealStarted):
                self.transfers = []
            elif isinstance(event, ChipsMoved):
                self.transfers.append(Transfer(event.source, event.target, event.amount, event.reason.value))
            elif isinstance(event, DealEnded):
                self.history.append(tuple(self.game.chips))
            elif isinstance(event, GameEnded):
                self.result = event
            self.pending.append(event)

    def start_deal(self) -> None:
        """Begin the next deal (between deals only)."""
        before = tuple(self.game.chips)
        if self.keeps:
            self.deal_start = snapshot(self.game, self.players)
        reseed(self.agents, self.seed, self.game.deal_no + 1)
        events = self.game.next_deal()
        self._take(events)
        # DealStarted comes before the antes: the ledger compares with the chips before them.
        self.chips_before = before

    def act(self, action: Action) -> None:
        """Play the human's ``action`` (must be legal)."""
        if self.game.to_act != self.human or self.watching:
            raise ValueError("it is not the human's turn")
        self._take(self.game.apply(action))

    def ai_act(self) -> Action:
        """Let the AI seat to act choose and play; returns its action."""
        seat = self.game.to_act
        if seat is None or seat not in self.agents:
            raise ValueError("no AI seat is to act")
        action = self.agents[seat].choose(self.game.view_for(seat))
        self._take(self.game.apply(action))
        return action

    def end_now(self) -> None:
        """End the game between deals (the player stops early)."""
        self._take(self.game.end("deals"))
