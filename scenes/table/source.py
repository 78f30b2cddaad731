"""Where a table's game comes from: everything the table scene may read of it and do with it.

The table scene (:class:`scenes.table.scene.TableScene`), its handlers and its world read a
:class:`TableSource` and nothing else. One source plays each kind of table:

- :class:`scenes.table.local.LocalTable`: a match played at this screen, by one person against
  the computer, by several people passing the screen (pass-and-play), by nobody (the kiosk's
  demo, :func:`scenes.kiosk.demo.demo_table`) or by a deal log's scripts (a replay,
  :func:`scenes.table.local.replay_table`);
- :class:`scenes.net.remote.NetworkSeat` and :class:`scenes.net.remote.Spectator`: a game
  whose engine runs at a network table's host, seen from a seat or from a spectator's chair.

Each implements every member; none raises on reading one. What stays true of the table for the
whole game (its players, its rules, who plays at this screen) is one frozen :class:`TableFacts`;
the game as it stands is the :attr:`TableSource.view`. The engine (or the host) runs ahead of the
screen: :attr:`TableSource.feed` holds what this screen has yet to show, and taking an event from
it is showing it: :attr:`TableSource.ledger` follows what was taken, so the plates, the farm and
the ledger on screen always equal what the events shown so far add up to.
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import TYPE_CHECKING, Protocol, runtime_checkable

from game.rules.actions import Action
from game.rules.phase import Phase
from game.rules.ruleset import RuleSet
from game.rules.view import View
from scenes.table.feed import Feed
from scenes.table.ledger_book import Ledger

if TYPE_CHECKING:
    from scenes.store.keeper import Kept
    from scenes.table.setup import Setup


@dataclass(frozen=True, slots=True)
class NextDeal:
    """Between deals at a network table: deal ``deal`` starts in ``seconds``, or as soon as every
    person at the table is ready."""

    deal: int
    seconds: float


@dataclass(frozen=True, slots=True)
class TableFacts:
    """What stays true of a table for the whole game, as this screen sees it."""

    names: tuple[str, ...]
    """The players' names by seat."""
    rules: RuleSet
    """The rule set in play."""
    max_deals: int | None
    """The agreed length of the game in deals (None: no number agreed)."""
    bottom: int
    """The seat drawn at the bottom of the screen (the person's, or the first person's)."""
    people: frozenset[int] = frozenset()
    """Every seat played by a person at this screen (none: a demo, a replay, a spectator)."""
    ai_seats: frozenset[int] = frozenset()
    """The seats whose AI this screen asks (a network table's AI plays at its host: none)."""
    fixed_deck: bool = False
    """Whether the deck was fixed in advance by a seed its players were told of."""
    replay: bool = False
    """Whether this is a logged game played back (the header says so)."""
    setup: Setup | None = None
    """The choices a game like this one starts from again (None: not a game started here)."""

    @property
    def n(self) -> int:
        """The number of seats."""
        return len(self.names)

    @property
    def watching(self) -> bool:
        """Whether nobody at this screen plays (a demo, a replay, a spectator): every word in the
        third person, the ledgers go on by themselves."""
        return not self.people

    @property
    def shared(self) -> bool:
        """Whether several people share this screen (pass-and-play): each sees their own cards
        only in their own moment."""
        return len(self.people) > 1

    @property
    def eyes(self) -> int | None:
        """The seat whose eyes the table's words speak to: the one person here (None: everyone by name)."""
        return self.bottom if len(self.people) == 1 else None

    def person(self, seat: int | None) -> bool:
        """Whether ``seat`` is played by a person at this screen."""
        return seat in self.people


@runtime_checkable
class TableSource(Protocol):
    """A game as one screen sees and plays it; see the module docstring."""

    # ------------------------------------------------------------------ the table

    @property
    def facts(self) -> TableFacts:
        """What stays true of the table for the whole game."""
        ...

    @property
    def view(self) -> View:
        """What the eyes at this screen may know now (the game's truth, ahead of the screen)."""
        ...

    @property
    def feed(self) -> Feed:
        """The events this screen has yet to show, oldest first; the one taken is the one shown."""
        ...

    @property
    def ledger(self) -> Ledger:
        """The chips as the events taken from the feed so far leave them, deal by deal."""
        ...

    # ------------------------------------------------------------------ who looks

    @property
    def looking(self) -> int | None:
        """The seat of the person who may look at the screen now (None: nobody in particular)."""
        ...

    def look(self, seat: int | None) -> None:
        """Pass-and-play: ``seat``'s person alone looks at the screen now (None: nobody).
        Elsewhere nothing changes."""
        ...

    # ------------------------------------------------------------------ whose turn

    @property
    def waiting_for(self) -> int | None:
        """The seat the game waits for, once the screen has caught up (None meanwhile)."""
        ...

    @property
    def turn_clock(self) -> float | None:
        """Seconds the person asked to act has left before the computer decides for them (a network
        table's turn time); None where no clock runs."""
        ...

    @property
    def next_deal_clock(self) -> NextDeal | None:
        """Between deals, after this screen went on from the ledger: when the next deal starts
        (a network table's pause); None where the next deal starts at once, and once it has."""
        ...

    @property
    def offline(self) -> bool:
        """Whether the connection to the game's host is being restored: nothing can be sent
        meanwhile (a move, "ready" for the next deal, the end of the game), so nothing is offered."""
        ...

    @property
    def can_end(self) -> bool:
        """Whether the person here may end the game early now (a network guest may not)."""
        ...

    @property
    def kept(self) -> Kept | None:
        """The game this screen saves and counts (None: nothing is kept here)."""
        ...

    # ------------------------------------------------------------------ driving

    def start_deal(self) -> None:
        """Go on after a deal's ledger: the next deal here, or "ready" to a network table."""
        ...

    def act(self, action: Action) -> None:
        """Play ``action`` for the person looking at the screen (must be their turn and legal;
        :class:`~game.rules.actions.IllegalAction` otherwise)."""
        ...

    def ai_act(self) -> None:
        """Let the AI seat to act choose and play (only one of :attr:`TableFacts.ai_seats`)."""
        ...

    def end_now(self) -> None:
        """End the game between deals (where :attr:`can_end`)."""
        ...

    def poll(self) -> None:
        """Take in what has happened elsewhere (a network table's news); never waits."""
        ...

    def close(self) -> None:
        """The screen leaves this game for good (a network seat is given up)."""
        ...


def is_you(source: TableSource, seat: int | None) -> bool:
    """Whether ``seat`` is the person looking at ``source``'s screen now."""
    return seat is not None and seat == source.looking


def human_to_act(source: TableSource) -> bool:
    """Whether the person looking at ``source``'s screen must act now."""
    return is_you(source, source.waiting_for)


def has_ended(source: TableSource) -> bool:
    """Whether ``source``'s game has ended."""
    return source.view.phase is Phase.OVER
