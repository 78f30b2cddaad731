"""One game being played on screen: the engine, the AI players, the human's seat, what happened.

The session knows nothing of pygame. Scenes read it to animate: engine events wait in
:attr:`Session.pending` until a scene plays them, so the screen can take its time while
the engine has long moved on. The human acts through :meth:`Session.act`, the AI through
:meth:`Session.ai_act`, both giving one :class:`~game.actions.Action` to the engine.
"""

from __future__ import annotations

from collections import deque
from dataclasses import dataclass, field

from game.actions import Action
from game.agents import Agent
from game.ai import make_agent as ai_make_agent
from game.engine import Game
from game.events import CardDealt, ChipsMoved, DealEnded, DealStarted, Event, GameEnded, visible_to
from game.rules import RuleSet, rules_named
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


def make_agent(level: str, seat: int, seed: int | None) -> Agent:
    """The AI player of ``level`` (``easy``, ``normal`` or ``expert``) for ``seat``.

    The one place the screens get their opponents: seats take turns at the three
    personalities so that a table of one level still has several temperaments.
    """
    personality = PERSONALITIES[seat % len(PERSONALITIES)]
    return ai_make_agent(level, personality, seed)


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

    def __init__(self, setup: Setup) -> None:
        """Seat everyone of ``setup`` at a new game."""
        self.setup = setup
        self.game = Game(setup.names, setup.rule_set, seed=setup.seed, max_deals=setup.deals)
        self.human = setup.human
        self.agents: dict[int, Agent] = {
            seat: make_agent(setup.levels[seat], seat, None if setup.seed is None else setup.seed * 31 + seat)
            for seat in range(len(setup.names))
            if seat != setup.human
        }
        self.pending: deque[Event] = deque()
        self.history: list[tuple[int, ...]] = [tuple(self.game.chips)]
        """Every seat's chips at the start and after each deal (the ledger's chart)."""
        self.transfers: list[Transfer] = []
        """This deal's payments so far."""
        self.chips_before: tuple[int, ...] = tuple(self.game.chips)
        self.result: GameEnded | None = None

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
        return visible_to(event, self.human)

    @property
    def waiting_for(self) -> int | None:
        """The seat the engine waits for, once the screen has caught up (else None)."""
        if self.pending:
            return None
        return self.game.to_act

    @property
    def human_to_act(self) -> bool:
        """Whether the human must act now."""
        return self.waiting_for == self.human

    @property
    def over(self) -> bool:
        """Whether the game has ended."""
        return self.game.is_over

    # ------------------------------------------------------------------ driving

    def _take(self, events: list[Event]) -> None:
        for event in events:
            if not isinstance(event, CardDealt) and not visible_to(event, self.human):
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
        events = self.game.next_deal()
        self._take(events)
        # DealStarted comes before the antes: the ledger compares with the chips before them.
        self.chips_before = before

    def act(self, action: Action) -> None:
        """Play the human's ``action`` (must be legal)."""
        if self.game.to_act != self.human:
            raise ValueError("it is not the human's turn")
        self._take(self.game.apply(action))

    def ai_act(self) -> Action:
        """Let the AI seat to act choose and play; returns its action."""
        seat = self.game.to_act
        if seat is None or seat == self.human:
            raise ValueError("no AI seat is to act")
        action = self.agents[seat].choose(self.game.view_for(seat))
        self._take(self.game.apply(action))
        return action

    def end_now(self) -> None:
        """End the game between deals (the player stops early)."""
        self._take(self.game.end("deals"))
