"""A game played at a network table, whose engine runs at the host: from a seat, or a spectator's chair.

:class:`NetworkSeat` and :class:`Spectator` are the :class:`~scenes.table.source.TableSource`
of a game that runs on a server: no :class:`~game.rules.engine.Game` is built here. Each frame the
table calls :meth:`RemoteTable.poll`, which takes what the :class:`~game.net.client.Client`
received (never waiting): an ``update``'s events, already observed for this chair by the
server, go into the feed, and its view becomes the source's view; the ledger follows the
events as the table shows them, so every screen's chips and farm add up to what it has
shown. A seat's actions and "ready for the next deal" go back to the server; the host's AI
plays every other seat, so nothing here ever asks an AI. :func:`remote_table` makes the one
the welcome calls for.

Refusals and a dropped connection become the app's one-line notices, and so does a table its
server cannot save (said until a save works, :func:`follow_saving`); the client comes back
by itself with its token, and when the server's picture of the game differs from what this
screen was shown (moves played while away), the table is rebuilt from the server's view.
"""

from __future__ import annotations

import math
import time
from collections.abc import Callable, Sequence
from functools import partial
from typing import Protocol

from game.net.client import Client
from game.net.codec import History
from game.net.protocol import (
    Closed,
    Error,
    LastDeal,
    Pause,
    ServerMessage,
    StandIn,
    TableInfo,
    Turn,
    Update,
    Welcome,
    default_name,
)
from game.net.server import ServerThread
from game.rules.actions import Action, IllegalAction, Kind
from game.rules.events import CardDealt, DealEnded, DealStarted, Event
from game.rules.phase import Phase
from game.rules.ruleset import RuleSet
from game.rules.view import View
from scenes.i18n import _, ngettext
from scenes.store.keeper import Kept
from scenes.table.feed import Feed
from scenes.table.handler import not_while_reconnecting
from scenes.table.ledger_book import Ledger, unwind
from scenes.table.setup import Setup
from scenes.table.source import NextDeal

RECONNECT_NOTICE_SECONDS = 600.0
"""How long "Reconnecting…" may stay up (it goes as soon as the connection is back)."""
TOLD_SECONDS = 12.0
"""How long a word on what happened without the person stays (a move played for them, a deal
dealt again, a deal missed): long enough to read twice."""


class Notices(Protocol):
    """Where one-line notices are shown (the app)."""

    notices: list[tuple[Callable[[], str], float]]

    def notice(self, message: Callable[[], str], seconds: float = ...) -> None:
        """Show ``message`` for ``seconds``."""
        ...


def seat_name(name: str, seat: int, person: bool) -> str:
    """``seat``'s name as this screen says it: the server's own name for a seat the computer plays
    ("AI 3") in the person's language; any other name as it was given."""
    if person or name != default_name(seat):
        return name
    # Translators: a seat of a network table the computer plays, nobody having named it ("AI 3").
    return _("AI {n}").format(n=seat + 1)


def reconnecting() -> str:
    """The notice shown while the connection is being restored."""
    return _("Reconnecting…")


def unsaved() -> str:
    """The notice shown while the table's server cannot save it (it stays until a save works)."""
    return _("The table could not be saved; it will try again…")


def saved_again() -> str:
    """The notice shown once a table that could not be saved is saved again."""
    return _("The table is saved again.")


def drop_notice(notices: Notices, message: Callable[[], str]) -> bool:
    """Take ``message`` off the notices, however long it was due to stay; whether it was up."""
    kept = [(m, t) for m, t in notices.notices if m is not message]
    dropped = len(kept) != len(notices.notices)
    notices.notices[:] = kept
    return dropped


def follow_saving(notices: Notices, info: TableInfo) -> None:
    """Keep :func:`unsaved` up while ``info`` says the table could not be saved, and say when it is again.

    The notice follows the table's state, not one message: a window that joins (or comes back)
    while saving fails is told too, and it stays until a ``table`` message says the table is saved.
    """
    shown = any(message is unsaved for message, _until in notices.notices)
    if info.unsaved and not shown:
        notices.notice(unsaved, math.inf)
    elif not info.unsaved and drop_notice(notices, unsaved):
        notices.notice(saved_again)


def refusal(error: Error) -> Callable[[], str]:
    """The notice for a refused message (the server's own words only where no translation fits)."""
    code = error.code
    if code == "not_your_turn":
        return lambda: _("It is not your turn.")
    if code == "illegal":
        return lambda: _("That move is not allowed.")
    if code == "too_fast":
        return lambda: _("Too fast: the table could not keep up. Try again.")
    if code == "not_host":
        return lambda: _("Only the table's host can do that.")
    if code == "no_table":
        return lambda: _("No table has that code.")
    if code == "bad_token":
        return lambda: _("That seat is not yours any more.")
    if code == "table_full":
        return lambda: _("That table is full.")
    if code == "started":
        return lambda: _("That game has started: you can only watch it.")
    message = error.message
    return lambda: _("The table refused that: {why}").format(why=message)


def closed_words(why: str) -> str:
    """The notice for a connection closed for good, with the host's (or the network's) reason."""
    return _("The connection to the table was closed: {why}").format(why=why)


def expired_words() -> str:
    """The notice for a table the server closed before its start (close code 4004): it waited too
    long with no change of seats, or gave way to a new table on a full server."""
    return _("This table was closed: it waited too long to start.")


def back_at_table() -> str:
    """The notice when the connection is back (and nothing was played for the person meanwhile)."""
    return _("Back at the table.")


def time_up(action: Action) -> str:
    """The line for a move the computer played for the person when their time ran out."""
    if action.kind is Kind.PASS:
        return _("Time's up: the computer passed for you.")
    if action.kind is Kind.DRAW:
        return _("Time's up: the computer drew a card for you.")
    if action.kind is Kind.STAND:
        return _("Time's up: the computer stood for you.")
    return _("Time's up: the computer bid {n} for you.").format(n=action.amount)


def back_words(moves: int) -> str:
    """The line for a person back at the table after the computer played ``moves`` moves for them."""
    if moves == 1:
        return _("You are back: the computer played your turn.")
    return ngettext("You are back: the computer played {n} move for you.",
                    "You are back: the computer played {n} moves for you.", moves).format(n=moves)


def redealt_words(deal: int) -> str:
    """The line for a deal a restarted host deals again (its cards and its antes went with it)."""
    return _("The host restarted: deal {n} is dealt again (its cards and chips went back).").format(n=deal)


def missed_deal_words(last: LastDeal, names: Sequence[str], you: int | None,
                      history: Sequence[Sequence[int]] | None) -> str:
    """The result of a deal the person missed: who won the farm, and what it did to their chips."""
    if last.winner is None:
        line = _("Deal {n}: nobody won the farm.").format(n=last.deal)
    elif last.winner == you:
        line = _("Deal {n}: you won the farm ({chips} chips).").format(n=last.deal, chips=last.farm)
    else:
        line = _("Deal {n}: {name} won the farm ({chips} chips).").format(
            n=last.deal, name=names[last.winner], chips=last.farm)
    rows = list(history or ())
    if you is not None and len(rows) >= 2:
        chips = rows[-1][you]
        change = chips - rows[-2][you]
        if change:
            sign = "+" if change > 0 else "−"
            words = _("Your chips: {change} in that deal, {chips} at its end.")
            line += " " + words.format(change=f"{sign}{abs(change)}", chips=chips)
        else:
            line += " " + _("Your chips: unchanged in that deal ({chips}).").format(chips=chips)
    return line


def hands_on_table(view: View) -> list[Event]:
    """The cards lying on the table now, as deals the table can play (after a resync mid-deal)."""
    if view.phase is not Phase.PLAY:
        return []
    out: list[Event] = []
    for seat in view.order:
        count = view.card_counts[seat]
        mine = seat == view.seat and len(view.hand) == count
        for i in range(count):
            card = view.hand[i] if mine else None
            # Laid out as the first round is dealt: no seat "asks for a card" in a resync.
            out.append(CardDealt(seat, card, False, True, i + 1))
    return out


class RemoteTable:
    """What a seat and a spectator's chair at a network table share; see the module docstring.

    Not played on its own: :class:`NetworkSeat` and :class:`Spectator` say who is at the screen.
    """

    def __init__(
        self,
        client: Client,
        welcome: Welcome,
        info: TableInfo | None,
        messages: list[ServerMessage],
        notices: Notices,
        server: ServerThread | None = None,
    ) -> None:
        """The chair of ``client``, welcomed with ``welcome``; ``messages`` (one update at least)
        are those received so far. ``server`` is the table server this window runs, if any."""
        updates = [m for m in messages if isinstance(m, Update)]
        if not updates:
            raise ValueError("a network table is played from its first update")
        first = updates[0]
        self.client = client
        self.server = server
        self.notices = notices
        self.info = info
        self.welcome = welcome
        self._view = first.view
        # The server has already observed every event for this chair: the feed shows them all.
        self.feed = Feed(welcome.seat, everything=True)
        self.ledger = self._ledger(first.view, first.events, first.history)
        self.pause: Pause | None = None
        """The last word on the pause between deals."""
        self.pause_at = 0.0
        """When that word came (the clock's own time, :func:`time.monotonic`)."""
        self.turn: Turn | None = None
        """The last word on whose turn it is and for how long."""
        self.turn_at = 0.0
        """When that word came (the clock's own time, :func:`time.monotonic`)."""
        self.settled_seen = 0
        """The last deal this screen saw settled (a sync's last deal after it was missed)."""
        self.redealt_told: int | None = None
        """The deal dealt again after a restart that this screen has said (said once)."""
        self.sent: int | None = None
        """The ``ref`` of the person's action on its way (the buttons wait for its answer)."""
        self.lost = False
        """The connection is gone for good (the table can only be left)."""
        self.reconnecting = False
        self.ready_for: int | None = None
        """The deal this screen said it is ready for (said again after a reconnection)."""
        self.page: str | None = None
        """The URL of the table's page for phones, when they can reach its server (set by the lobby)."""
        self.on_resync: Callable[[], None] | None = None
        self.on_lost: Callable[[], None] | None = None
        """Called once the connection is gone for good (set by the navigator: back to the menu)."""
        """Called when the table must be drawn afresh from the server's view (set by the navigator)."""
        if first.sync:
            self.feed.push(hands_on_table(first.view))
            if first.ended is not None:
                self.feed.push([first.ended])
        self._take_all(messages)

    @staticmethod
    def _ledger(
        view: View, events: Sequence[Event], history: Sequence[Sequence[int]] | None = None
    ) -> Ledger:
        """The chips as they stood before ``events`` led to ``view`` (the screen shows those events next).

        ``history`` (a whole state's: everyone's chips at the start and after each deal so far)
        gives the chart and the standings from the game's start, for whoever arrives late.
        """
        chips, farm = unwind(view.chips, view.farm, events)
        started = any(isinstance(event, DealStarted) for event in events)
        deal = view.deal_no - 1 if started else view.deal_no
        rows = [row for row in history or () if len(row) == len(chips)]
        if not rows:
            return Ledger(chips, farm=farm, deal=deal)
        ledger = Ledger(rows[0], rows[1:], farm, deal)
        ledger.chips = chips  # mid-deal: the antes and bids already paid
        if not started and view.phase in (Phase.AUCTION, Phase.PLAY) and chips != list(rows[-1]):
            ledger.joined = deal  # its payments so far were made before this screen came
        return ledger

    # ------------------------------------------------------------------ the table

    @property
    def names(self) -> tuple[str, ...]:
        """The players' names by seat (the server's "AI n" in the person's language)."""
        people = {s.seat for s in self.info.seats if s.person} if self.info is not None else set()
        return tuple(seat_name(name, i, i in people) for i, name in enumerate(self._view.names))

    @property
    def n(self) -> int:
        """The number of seats."""
        return len(self._view.names)

    @property
    def rules(self) -> RuleSet:
        """The rule set in play."""
        return self._view.rules

    @property
    def max_deals(self) -> int | None:
        """The agreed length of the game in deals (None: no limit)."""
        return self._view.max_deals

    @property
    def bottom(self) -> int:
        """This chair's seat (a spectator's: seat 0)."""
        seat = self.welcome.seat
        return seat if seat is not None else 0

    @property
    def view(self) -> View:
        """The view of the latest update taken."""
        return self._view

    @property
    def fixed_deck(self) -> bool:
        """Whether the table was created with a seed (a server that allows seeds says so)."""
        return self.info is not None and self.info.fixed_deck

    @property
    def replay(self) -> bool:
        """Never: a network game is played now."""
        return False

    @property
    def shared(self) -> bool:
        """Never: one person at most sits at a network table's screen."""
        return False

    def look(self, seat: int | None) -> None:
        """Nothing changes: each screen at a network table is one person's."""

    @property
    def waiting_for(self) -> int | None:
        """The seat the server waits for, once the screen has caught up (None meanwhile, while the
        person's own action is on its way, and while the connection is being restored: an action
        sent then would be lost)."""
        if len(self.feed) or self.sent is not None or self.lost or self.reconnecting:
            return None
        return self._view.to_act

    @property
    def human_to_act(self) -> bool:
        """Whether the person at this screen must act now."""
        return self.you(self.waiting_for)

    @property
    def next_deal_clock(self) -> NextDeal | None:
        """The pause's word, counted down, while the game is between deals and its next deal has
        not started (None otherwise)."""
        pause, view = self.pause, self._view
        if pause is None or view.phase is not Phase.BETWEEN or pause.deal <= view.deal_no or len(self.feed):
            return None
        if self.reconnecting:
            return None  # the host may be restarting: its pause is not known until it says it again
        return NextDeal(pause.deal, max(0.0, pause.seconds - (time.monotonic() - self.pause_at)))

    @property
    def offline(self) -> bool:
        """Whether the connection is being restored (nothing sent meanwhile would arrive)."""
        return self.reconnecting

    @property
    def over(self) -> bool:
        """Whether the game has ended."""
        return self._view.phase is Phase.OVER

    @property
    def setup(self) -> Setup | None:
        """None: a network game is not started again from this screen."""
        return None

    @property
    def kept(self) -> Kept | None:
        """None: the host keeps the game; nothing is saved or counted here."""
        return None

    def you(self, seat: int | None) -> bool:
        """Whether ``seat`` is the person at this screen."""
        return seat is not None and seat == self.welcome.seat

    def person(self, seat: int | None) -> bool:
        """Whether ``seat`` is played at this screen (the person's own seat)."""
        return self.you(seat)

    # ------------------------------------------------------------------ driving

    def shown(self, event: Event) -> None:
        """The screen shows ``event``: the ledger follows."""
        self.ledger.take((event,))
        if isinstance(event, DealEnded):
            self.settled_seen = max(self.settled_seen, event.deal)

    @property
    def turn_clock(self) -> float | None:
        """Seconds left to the person's decision before the host's computer makes it (the ``turn``
        message's), while they are asked; None otherwise."""
        turn = self.turn
        if turn is None or not self.human_to_act or turn.seat != self.welcome.seat:
            return None
        return max(0.0, turn.seconds - (time.monotonic() - self.turn_at))

    def ai_here(self, seat: int) -> bool:
        """Never: the host's AI plays every seat no person here holds."""
        return False

    def ai_act(self) -> None:
        """Nothing: the AI of a network table plays at its host (see :meth:`ai_here`)."""

    def poll(self) -> None:
        """Take in every message that has arrived (never waits)."""
        messages = self.client.poll()
        if messages:
            self._take_all(messages)

    # ------------------------------------------------------------------ messages

    def _take_all(self, messages: list[ServerMessage]) -> None:
        for message in messages:
            self._take_one(message)

    def _take_one(self, message: ServerMessage) -> None:
        if isinstance(message, Update):
            self._update(message)
        elif isinstance(message, Pause):
            self.pause = message
            self.pause_at = time.monotonic()
        elif isinstance(message, Turn):
            self.turn = message
            self.turn_at = time.monotonic()
        elif isinstance(message, TableInfo):
            self.info = message
            follow_saving(self.notices, message)
        elif isinstance(message, Welcome):
            self.welcome = message
            if self.reconnecting:
                self._back()
        elif isinstance(message, Error):
            if message.ref is not None and message.ref == self.sent:
                self.sent = None  # refused: the person may try again
            if message.code != "not_now":  # a late "ready": nothing for people to read
                self.notices.notice(refusal(message))
        elif isinstance(message, Closed):
            self.sent = None
            if message.retrying:
                if not self.reconnecting:
                    self.reconnecting = True
                    self.notices.notice(reconnecting, RECONNECT_NOTICE_SECONDS)
            else:
                self._drop_reconnecting()
                if not self.over and not self.lost:
                    self.lost = True
                    self.notices.notice(partial(closed_words, message.reason))
                    if self.on_lost is not None:
                        self.on_lost()  # nothing more can happen at this table: back to the menu

    def _update(self, update: Update) -> None:
        if update.ref is not None and update.ref == self.sent:
            self.sent = None
        if update.sync:
            if update.view != self._view:
                self._resync(update.view, update.history, update.ended)
            self._tell(update)
            return
        if self.sent is not None and update.view.to_act != self.welcome.seat:
            self.sent = None  # the AI moved for the person meanwhile (their time ran out)
        if self.turn is not None and update.view.to_act != self.turn.seat:
            self.turn = None  # that clock is over
        self._view = update.view
        self.feed.push(update.events)
        self._tell(update)

    def _tell(self, update: Update) -> None:
        """Say what happened without the person: a move played for them (their time ran out, or
        while they were away), a deal a restarted host deals again, the deal they missed."""
        timed = [p for p in update.played_for if p.why is StandIn.TIME]
        for move in timed:
            self.turn = None  # their clock ran out: the countdown goes with the prompt
            self.notices.notice(partial(time_up, move.action), TOLD_SECONDS)
        away = [p for p in update.played_for if p.why is StandIn.AWAY]
        if away:
            drop_notice(self.notices, back_at_table)  # said better: what was played meanwhile
            self.notices.notice(partial(back_words, len(away)), TOLD_SECONDS)
        if update.redealt is not None:
            self.ledger.redealt = update.redealt  # its ledger says so when it is settled
        if update.redealt is not None and update.redealt != self.redealt_told:
            self.redealt_told = update.redealt
            self.notices.notice(partial(redealt_words, update.redealt), TOLD_SECONDS)
        last = update.last_deal
        if last is not None and last.deal > self.settled_seen:
            self.settled_seen = last.deal
            if self.welcome.seat is not None:
                words = partial(missed_deal_words, last, self.names, self.welcome.seat, update.history)
                self.notices.notice(words, TOLD_SECONDS)

    def _resync(self, view: View, history: History | None, ended: Event | None = None) -> None:
        """The server's game is not what this screen was shown: start the table again from ``view``
        (a finished game's end with it, so that the final standings say how it ended)."""
        self._view = view
        self.feed.clear()
        self.ledger = self._ledger(view, (), history or self.ledger.history)
        self.feed.push(hands_on_table(view))
        if ended is not None:
            self.feed.push([ended])
        if self.on_resync is not None:
            self.on_resync()

    def _back(self) -> None:
        self.reconnecting = False
        self.sent = None  # nothing sent before the seat was taken back can still be answered
        if self.ready_for is not None and self.ready_for > self._view.deal_no:
            self.client.ready(self.ready_for)  # it may have been lost with the connection
        self._drop_reconnecting()
        self.notices.notice(back_at_table)

    def _drop_reconnecting(self) -> None:
        drop_notice(self.notices, reconnecting)
        drop_notice(self.notices, not_while_reconnecting)  # a refusal no longer true goes with it


class NetworkSeat(RemoteTable):
    """A seat at a network table, played by the person at this screen."""

    @property
    def seat(self) -> int:
        """The person's seat."""
        seat = self.welcome.seat
        assert seat is not None  # remote_table gives a seat only to a welcome with one
        return seat

    @property
    def watching(self) -> bool:
        """Never: the person plays their seat."""
        return False

    @property
    def looking(self) -> int | None:
        """The person's seat."""
        return self.seat

    @property
    def eyes(self) -> int | None:
        """The person's seat: the words speak to them."""
        return self.seat

    @property
    def can_end(self) -> bool:
        """Only the host may end the game early."""
        return self.client.host

    def start_deal(self) -> None:
        """Ready for the deal after the one shown (it starts once all are ready, or the pause runs out)."""
        if self.over:
            return
        deal = self.ledger.deal + 1
        self.ready_for = deal
        self.client.ready(deal)

    def act(self, action: Action) -> None:
        """Send the person's ``action``; its events come back in an update."""
        if not self.human_to_act:
            raise IllegalAction("it is not this seat's turn")
        if self.sent is None:
            self.sent = self.client.send(action)

    def end_now(self) -> None:
        """Host: end the game between deals (the final standings come in an update)."""
        if self.client.host:
            self.client.end()

    @property
    def page_shown(self) -> str | None:
        """The page's URL to show on the table: the host's window shows where phones join."""
        return self.page if self.client.host else None

    def close(self) -> None:
        """Leave the table for good: the seat goes to the AI; a table this window hosts closes."""
        drop_notice(self.notices, unsaved)  # what is said of this table's saving goes with it
        if not self.over:
            self.client.leave()
        self.client.close(timeout=0.5)
        if self.server is not None:
            self.server.stop(timeout=2.0)
            self.server = None


class Spectator(RemoteTable):
    """A spectator's chair at a network table: every public fact, nobody's cards until the showdown."""

    @property
    def watching(self) -> bool:
        """Always: nobody plays from a spectator's chair."""
        return True

    @property
    def looking(self) -> int | None:
        """Nobody in particular."""
        return None

    @property
    def eyes(self) -> int | None:
        """None: the words name every player."""
        return None

    @property
    def can_end(self) -> bool:
        """Never: a spectator watches."""
        return False

    def start_deal(self) -> None:
        """Nothing to say: the table goes on without its spectators."""

    def act(self, action: Action) -> None:
        """Refused: spectators watch."""
        raise IllegalAction("spectators watch: they cannot act")

    def end_now(self) -> None:
        """Nothing: only the host may end the game."""

    @property
    def page_shown(self) -> str | None:
        """The page's URL to show on the table when people play at it (on their phones, as like as
        not: a screen that watches a table of people is the big screen they share)."""
        if self.info is None or not any(seat.person for seat in self.info.seats):
            return None
        return self.page

    def close(self) -> None:
        """Leave the chair; a table this window hosts closes."""
        drop_notice(self.notices, unsaved)
        self.client.close(timeout=0.5)
        if self.server is not None:
            self.server.stop(timeout=2.0)
            self.server = None


def remote_table(
    client: Client,
    welcome: Welcome,
    info: TableInfo | None,
    messages: list[ServerMessage],
    notices: Notices,
    server: ServerThread | None = None,
) -> NetworkSeat | Spectator:
    """The source of a network table for ``welcome``: a seat, or a spectator's chair without one."""
    kind: type[NetworkSeat] | type[Spectator] = Spectator if welcome.seat is None else NetworkSeat
    return kind(client, welcome, info, messages, notices, server)
