"""A game played at a network table, whose engine runs at the host: from a seat, or a spectator's chair.

:class:`NetworkSeat` and :class:`Spectator` are the :class:`~scenes.table.source.TableSource`
of a game that runs on a server: no :class:`~game.rules.engine.Game` is built here. Each frame the
table calls :meth:`RemoteTable.poll`, which takes what the :class:`~game.net.client.Client`
received (never waiting): an ``update``'s events, already observed for this chair by the
server, go into the feed, and its view becomes the source's view; the ledger follows the
events as the table takes them to show, so every screen's chips and farm add up to what it has
shown. A seat's actions and "ready for the next deal" go back to the server; the host's AI
plays every other seat, so nothing here ever asks an AI. An :class:`Arrival` gathers a
client's first messages until the game's first update, and makes the source the welcome calls
for (:func:`remote_table`).

Refusals and a dropped connection become the app's one-line notices, and so does a table its
server cannot save (said until a save works, :func:`follow_saving`); the client comes back
by itself with its token, and when the server's picture of the game differs from what this
screen was shown (moves played while away), the table is rebuilt from the server's view.
"""

from __future__ import annotations

import math
import time
from abc import ABC, abstractmethod
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
from game.rules.view import View
from scenes.i18n import _, language, ngettext
from scenes.store.keeper import Kept
from scenes.table.feed import Feed
from scenes.table.handler import not_while_reconnecting
from scenes.table.ledger_book import Ledger, unwind
from scenes.table.source import NextDeal, TableFacts, has_ended, human_to_act

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


Callback = Callable[["RemoteTable"], None]
"""What a network table calls with itself when it is lost or must be drawn afresh."""


class RemoteTable(ABC):
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
        *,
        on_lost: Callback | None = None,
        on_resync: Callback | None = None,
    ) -> None:
        """The chair of ``client``, welcomed with ``welcome``; ``messages`` (one update at least)
        are those received so far. ``server`` is the table server this window runs, if any.

        ``on_lost`` is called once the connection is gone for good (the table can only be left);
        ``on_resync`` when the table must be drawn afresh from the server's view. Each is given
        this source; neither is called once it is closed."""
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
        self._facts: tuple[object, TableFacts] | None = None
        """The facts last told, and what they were told from (see :attr:`facts`)."""
        # The server has already observed every event for this chair: the feed shows them all.
        self.feed = Feed(welcome.seat, everything=True, taken=self._taken)
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
        self.on_lost = on_lost
        """Called once the connection is gone for good (None: nobody is told)."""
        self.on_resync = on_resync
        """Called when the table must be drawn afresh from the server's view (None: nobody is told)."""
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
    def facts(self) -> TableFacts:
        """What stays true of the table, as the latest word from its server says it: its names
        (the server's "AI n" in the person's language, said again when the language changes) and
        whether its deck is fixed come with the table's description."""
        view, seat, info = self._view, self.welcome.seat, self.info
        key = (info, seat, view.names, view.rules, view.max_deals, language())
        if self._facts is not None and self._facts[0] == key:
            return self._facts[1]
        people = {s.seat for s in info.seats if s.person} if info is not None else set()
        facts = TableFacts(
            names=tuple(seat_name(name, i, i in people) for i, name in enumerate(view.names)),
            rules=view.rules,
            max_deals=view.max_deals,
            bottom=seat if seat is not None else 0,
            people=frozenset() if seat is None else frozenset((seat,)),
            fixed_deck=info is not None and info.fixed_deck,
        )
        self._facts = (key, facts)
        return facts

    @property
    def view(self) -> View:
        """The view of the latest update taken."""
        return self._view

    def look(self, seat: int | None) -> None:
        """Nothing changes: each screen at a network table is one person's."""
        return None

    @property
    def waiting_for(self) -> int | None:
        """The seat the server waits for, once the screen has caught up (None meanwhile, while the
        person's own action is on its way, and while the connection is being restored: an action
        sent then would be lost)."""
        if len(self.feed) or self.sent is not None or self.lost or self.reconnecting:
            return None
        return self._view.to_act

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

    # ------------------------------------------------------------------ driving

    @property
    def kept(self) -> Kept | None:
        """None: the host keeps the game; nothing is saved or counted here."""
        return None

    def _taken(self, event: Event) -> None:
        """The screen takes ``event`` from the feed to show it: the ledger follows."""
        self.ledger.take((event,))
        if isinstance(event, DealEnded):
            self.settled_seen = max(self.settled_seen, event.deal)

    @property
    def turn_clock(self) -> float | None:
        """Seconds left to the person's decision before the host's computer makes it (the ``turn``
        message's), while they are asked; None otherwise."""
        turn, seat = self.turn, self.welcome.seat
        if turn is None or seat is None or self.waiting_for != seat or turn.seat != seat:
            return None
        return max(0.0, turn.seconds - (time.monotonic() - self.turn_at))

    def ai_act(self) -> None:
        """Nothing: the AI of a network table plays at its host (none of its seats is an ``ai_seat``)."""
        return None

    def poll(self) -> None:
        """Take in every message that has arrived (never waits)."""
        messages = self.client.poll()
        if messages:
            self._take_all(messages)

    # ------------------------------------------------------------------ who is at the screen

    @property
    @abstractmethod
    def looking(self) -> int | None:
        """The seat of the person at this screen (None: a spectator's chair)."""

    @property
    @abstractmethod
    def can_end(self) -> bool:
        """Whether the person here may end the game early."""

    @property
    @abstractmethod
    def page_shown(self) -> str | None:
        """The URL of the table's page to show on the table (None: none)."""

    @abstractmethod
    def start_deal(self) -> None:
        """Go on after a deal's ledger."""

    @abstractmethod
    def act(self, action: Action) -> None:
        """Play the person's ``action``."""

    @abstractmethod
    def end_now(self) -> None:
        """End the game between deals."""

    @abstractmethod
    def close(self) -> None:
        """Leave the table for good."""

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
                if self._view.phase is not Phase.OVER and not self.lost:
                    self.lost = True
                    self.notices.notice(partial(closed_words, message.reason))
                    if self.on_lost is not None:
                        self.on_lost(self)  # nothing more can happen at this table: back to the menu

    def _update(self, update: Update) -> None:
        if update.ref is not None and update.ref == self.sent:
            self.sent = None
        if update.sync:
            if update.view != self._view:
                seen = self.ledger
                self._resync(update.view, update.history, update.ended)
                if update.redealt != update.view.deal_no:  # a deal dealt again: its first payments went back
                    self.ledger.keep_seen(seen)  # what this screen saw paid before it was away stays itemised
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
                words = partial(missed_deal_words, last, self.facts.names, self.welcome.seat, update.history)
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
            self.on_resync(self)

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
    def looking(self) -> int | None:
        """The person's seat."""
        return self.seat

    @property
    def can_end(self) -> bool:
        """Only the host may end the game early."""
        return self.client.host

    def start_deal(self) -> None:
        """Ready for the deal after the one shown (it starts once all are ready, or the pause runs out)."""
        if has_ended(self):
            return
        deal = self.ledger.deal + 1
        self.ready_for = deal
        self.client.ready(deal)

    def act(self, action: Action) -> None:
        """Send the person's ``action``; its events come back in an update."""
        if not human_to_act(self):
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
        self.on_lost = self.on_resync = None  # a table left calls nobody back
        drop_notice(self.notices, unsaved)  # what is said of this table's saving goes with it
        self._drop_reconnecting()  # a table left is no longer being reconnected to
        if not has_ended(self):
            self.client.leave()
        self.client.close(timeout=0.5)
        if self.server is not None:
            self.server.stop(timeout=2.0)
            self.server = None


class Spectator(RemoteTable):
    """A spectator's chair at a network table: every public fact, nobody's cards until the showdown."""

    @property
    def looking(self) -> int | None:
        """Nobody in particular."""
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
        self.on_lost = self.on_resync = None  # a table left calls nobody back
        drop_notice(self.notices, unsaved)
        self._drop_reconnecting()  # a table left is no longer being reconnected to
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
    *,
    on_lost: Callback | None = None,
    on_resync: Callback | None = None,
) -> NetworkSeat | Spectator:
    """The source of a network table for ``welcome``: a seat, or a spectator's chair without one
    (see :class:`RemoteTable` for the rest)."""
    kind: type[NetworkSeat] | type[Spectator] = Spectator if welcome.seat is None else NetworkSeat
    return kind(client, welcome, info, messages, notices, server, on_lost=on_lost, on_resync=on_resync)


class Arrival:
    """A client's first messages at a table, until it is welcomed and sent the game's first update:
    then its table can be played (:meth:`table`). The lobby and the kiosk's live table both wait so."""

    def __init__(self, client: Client) -> None:
        """Gather what ``client`` (``create``, ``join``, ``resume`` or ``watch`` already sent) is told."""
        self.client = client
        self.messages: list[ServerMessage] = []
        """Every message taken so far, in order (the table plays them all)."""
        self.welcome: Welcome | None = None
        """The welcome to the table, once it came."""
        self.info: TableInfo | None = None
        """The latest description of the table, if any came."""

    def take(self, message: ServerMessage) -> bool:
        """Keep ``message``; whether the table can be played now (its first update after the welcome)."""
        self.messages.append(message)
        if isinstance(message, Welcome):
            self.welcome = message
        elif isinstance(message, TableInfo):
            self.info = message
        return isinstance(message, Update) and self.welcome is not None

    def table(
        self,
        notices: Notices,
        rest: Sequence[ServerMessage] = (),
        server: ServerThread | None = None,
        *,
        on_lost: Callback | None = None,
        on_resync: Callback | None = None,
    ) -> NetworkSeat | Spectator:
        """The table, once :meth:`take` said it can be played; ``rest`` came in the same batch as
        the first update (the host's moves that came with it): the table plays them too."""
        assert self.welcome is not None, "a table is played once its welcome has come"
        return remote_table(
            self.client, self.welcome, self.info, [*self.messages, *rest], notices, server,
            on_lost=on_lost, on_resync=on_resync,
        )
