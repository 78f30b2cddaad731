"""One game on a screen: the match, the feed of one pair of eyes, and the chips it has been shown.

A :class:`Session` joins three pygame-free parts: the :class:`~game.match.Match` (the engine
and its AI players), the :class:`~game.feed.Feed` of what the person at this screen may see,
waiting to be played on the table, and the :class:`~game.ledger.Ledger` of the chips those
events moved. The engine runs ahead of the screen; the table takes the feed's events one at a
time. The person acts through :meth:`Session.act`, an AI through :meth:`Session.ai_act`.
Saving and statistics belong to :class:`scenes.store.keeper.Keeper`.
"""

from __future__ import annotations

import random
from dataclasses import dataclass, field
from typing import Any

from game.actions import Action
from game.engine import Game, Phase
from game.events import Event
from game.feed import Feed
from game.ledger import Ledger
from game.limits import DEFAULT_DEALS
from game.match import HUMAN, LEVELS, PERSONALITIES, Match, player_spec
from game.rules import RuleSet, can_rotate, rules_named
from game.savegame import snapshot
from game.view import View
from scenes.i18n import N_, _

LEVEL_LABELS = {"easy": N_("Easy"), "normal": N_("Normal"), "expert": N_("Expert")}
"""The untranslated menu name of each AI level."""
PERSON = "person"
"""A New game seat played by a person at this screen (pass-and-play), instead of an AI level."""
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

__all__ = ["DEFAULT_NAMES", "HUMAN", "LEVELS", "LEVEL_LABELS", "PERSON", "PERSONALITIES", "Session", "Setup"]


@dataclass
class Setup:
    """What the New game screen (or the command line) chose."""

    names: list[str] = field(default_factory=lambda: [_("You"), *DEFAULT_NAMES[:3]])
    """Names by seat; the human sits at ``human``."""
    levels: list[str] = field(default_factory=lambda: ["normal"] * 4)
    """AI level by seat (the human's entry is ignored)."""
    rules: str = "foster"
    rotating: bool = False
    deals: int = DEFAULT_DEALS
    seed: int | None = None
    human: int = 0
    people: tuple[int, ...] = ()
    """Further seats played by people at this screen (pass-and-play), besides ``human``."""

    @property
    def rule_set(self) -> RuleSet:
        """The rule set chosen (the rotating option only where the rules have it)."""
        return rules_named(self.rules, self.rotating and can_rotate(self.rules))

    @property
    def players(self) -> list[str]:
        """Each seat's player as saved: ``human`` or ``LEVEL:PERSONALITY``."""
        return [
            HUMAN if seat == self.human or seat in self.people else player_spec(self.levels[seat], seat)
            for seat in range(len(self.names))
        ]

    @classmethod
    def for_players(
        cls,
        players: int,
        rules: str = "foster",
        rotating: bool = False,
        deals: int = DEFAULT_DEALS,
        seed: int | None = None,
        human_name: str | None = None,
    ) -> Setup:
        """A table of ``players`` seats: the human at seat 0 and default opponents."""
        names = [human_name or _("You"), *DEFAULT_NAMES[: players - 1]]
        return cls(names, ["normal"] * players, rules, rotating, deals, seed, 0)

    @classmethod
    def of_game(cls, game: Game, players: list[str]) -> Setup:
        """The setup a saved ``game`` was started with (its one human seat found in ``players``)."""
        human = players.index(HUMAN)
        people = tuple(seat for seat, spec in enumerate(players) if spec == HUMAN and seat != human)
        levels = [spec.partition(":")[0] if spec != HUMAN else "normal" for spec in players]
        return cls(
            list(game.names),
            levels,
            game.rules.name,
            game.rules.rotating,
            game.max_deals or DEFAULT_DEALS,
            game.seed,
            human,
            people,
        )


class Session:
    """A game in progress on this screen; see the module docstring."""

    replay = False
    """A logged game played back (the header says so)."""

    def __init__(
        self,
        setup: Setup,
        game: Game | None = None,
        *,
        players: list[str] | None = None,
        watching: bool = False,
    ) -> None:
        """Seat everyone of ``setup`` at a new game (or at ``game``, one continued from a save).

        ``players`` overrides the seats' players (a saved game's specs); ``watching`` makes a
        session nobody plays in: every card is shown, nothing is saved or counted.
        """
        self.setup = setup
        if setup.seed is None:
            # Every game has a seed, so that its AI streams can be derived again after a save.
            setup.seed = random.SystemRandom().randrange(2**31)
        game = game or Game(setup.names, setup.rule_set, seed=setup.seed, max_deals=setup.deals)
        self.match = Match(game, players or setup.players, setup.seed)
        self.human = setup.human
        """The seat of the person at this screen (when watching: the seat drawn at the bottom)."""
        self.people = tuple(seat for seat, spec in enumerate(self.match.players) if spec == HUMAN)
        """Every seat played by a person at this screen (several: pass-and-play)."""
        self.hot_seat = len(self.people) > 1 and not watching
        """Several people share this screen: each sees their own cards only in their own moment."""
        self.viewer: int | None = None if self.hot_seat else self.human
        """The person whose cards the screen may show now (pass-and-play: nobody between turns)."""
        self.watching = watching
        self.feed = Feed(None if self.hot_seat else self.human, everything=watching)
        """The events this screen has yet to show."""
        self.ledger = Ledger(
            game.log[0]["chips_before"] if game.log else game.chips,
            (record["chips_after"] for record in game.log),
            game.farm,
        )
        """The chips as this screen has been told of them."""
        self.deal_start: dict[str, Any] | None = None
        """The saved form of the game as it stood before the deal in progress."""
        self.first_deal = game.deal_no
        """The deals played before this session began (a continued game's)."""
        self._settled = game.deal_no

    # ------------------------------------------------------------------ reading

    @property
    def game(self) -> Game:
        """The engine."""
        return self.match.game

    @property
    def seed(self) -> int:
        """The game's seed."""
        return self.match.seed

    @property
    def players(self) -> list[str]:
        """Each seat's player as saved: ``human`` or ``LEVEL:PERSONALITY``."""
        return self.match.players

    @property
    def rules(self) -> RuleSet:
        """The rule set in play."""
        return self.game.rules

    @property
    def max_deals(self) -> int | None:
        """The agreed length of the game in deals (None: no limit)."""
        return self.game.max_deals

    @property
    def keeps(self) -> bool:
        """Whether this game is saved and counted (not a replay, not a demo)."""
        return not self.watching

    @property
    def can_end(self) -> bool:
        """Whether the person here may end the game early (a network table's guest may not)."""
        return True

    @property
    def view(self) -> View:
        """What the person at this screen may know (pass-and-play: the person whose moment it is)."""
        if self.hot_seat:
            seat = self.viewer if self.viewer is not None else self.game.to_act
            if seat not in self.people:
                seat = self.human
            return self.game.view_for(seat)
        return self.game.view_for(self.human)

    @property
    def n(self) -> int:
        """Number of seats."""
        return self.game.n_seats

    @property
    def names(self) -> tuple[str, ...]:
        """Names by seat."""
        return self.game.names

    @property
    def eyes(self) -> int | None:
        """The seat whose eyes the words speak to (None: everyone by name: replays, demos, pass-and-play)."""
        return None if self.watching or self.hot_seat else self.human

    def you(self, seat: int | None) -> bool:
        """Whether ``seat`` is the person playing at this screen now (never, when watching)."""
        if self.watching or seat is None:
            return False
        if self.hot_seat:
            return seat == self.viewer
        return seat == self.human

    def person(self, seat: int | None) -> bool:
        """Whether ``seat`` is played by a person at this screen."""
        return seat in self.people and not self.watching

    def look(self, seat: int | None) -> None:
        """Pass-and-play: ``seat``'s person alone looks at the screen now (None: nobody)."""
        self.viewer = seat
        self.feed.seat = seat  # their own cards and busts are theirs to see while they play

    @property
    def waiting_for(self) -> int | None:
        """The seat the engine waits for, once the screen has caught up (else None)."""
        if len(self.feed):
            return None
        return self.game.to_act

    @property
    def human_to_act(self) -> bool:
        """Whether the person at this screen must act now (pass-and-play: the one looking)."""
        seat = self.waiting_for
        return not self.watching and seat is not None and self.you(seat)

    @property
    def over(self) -> bool:
        """Whether the game has ended."""
        return self.game.is_over

    # ------------------------------------------------------------------ saving

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

    # ------------------------------------------------------------------ driving

    def _take(self, events: list[Event]) -> None:
        self.ledger.take(self.feed.push(events))

    def start_deal(self) -> None:
        """Begin the next deal (between deals only)."""
        if self.hot_seat:
            self.look(None)  # a deal's first cards are nobody's to see on a shared screen
        if self.keeps:
            self.deal_start = snapshot(self.game, self.players)
        self._take(self.match.start_deal())

    def act(self, action: Action) -> None:
        """Play the person's ``action`` (must be legal)."""
        if self.watching:
            raise ValueError("nobody plays in a game being watched")
        seat = self.viewer if self.hot_seat else self.human
        if seat is None:
            raise ValueError("nobody is at the screen to act")
        private = self.game.phase is Phase.PLAY  # before the move: an auction's last call deals everyone
        events = self.match.act(seat, action)
        if self.hot_seat:
            self.feed.seat = seat if private else None
        self._take(events)

    def poll(self) -> None:
        """Take in what has happened elsewhere (a network table's news); a game played here has none."""

    def ai_here(self, seat: int) -> bool:
        """Whether the AI that plays ``seat`` is asked here (a network table's AI plays at its host)."""
        return seat in self.match.agents

    def ai_act(self) -> Action:
        """Let the AI seat to act choose and play; returns its action."""
        action, events = self.match.ai_act()
        self._take(events)
        return action

    def end_now(self) -> None:
        """End the game between deals (the player stops early)."""
        self._take(self.game.end("deals"))
