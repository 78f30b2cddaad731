"""A game played at a network table: the table's session whose engine runs at the host.

A :class:`RemoteSession` is what :class:`scenes.table.scene.TableScene` plays when the
game runs on a server: no :class:`~game.engine.Game` is built here. Each frame the table
calls :meth:`RemoteSession.poll`, which takes what the :class:`~game.net.client.Client`
received (never waiting): an ``update``'s events, already observed for this seat by the
server, go into the feed and the ledger, and its view becomes the session's view. The
person's actions and "ready for the next deal" go back to the server; the host's AI plays
every other seat, so nothing here ever asks an AI.

Refusals and a dropped connection become the app's one-line notices; the client comes back
by itself with its token, and when the server's picture of the game differs from what this
screen was shown (moves played while away), the table is rebuilt from the server's view.
"""

from __future__ import annotations

from collections.abc import Callable, Iterable
from typing import Any, Protocol

from game.actions import Action
from game.engine import Game
from game.events import FARM, CardDealt, ChipsMoved, Event
from game.feed import Feed
from game.ledger import Ledger
from game.limits import DEFAULT_DEALS
from game.net.client import Client
from game.net.protocol import Closed, Error, Pause, ServerMessage, TableInfo, Turn, Update, Welcome
from game.net.server import ServerThread
from game.phase import Phase
from game.rules import RuleSet
from game.view import View
from scenes.i18n import _
from scenes.table.session import Session, Setup

RECONNECT_NOTICE_SECONDS = 600.0
"""How long "Reconnecting…" may stay up (it goes as soon as the connection is back)."""


class Notices(Protocol):
    """Where one-line notices are shown (the app)."""

    notices: list[tuple[Callable[[], str], float]]

    def notice(self, message: Callable[[], str], seconds: float = ...) -> None:
        """Show ``message`` for ``seconds``."""
        ...


def reconnecting() -> str:
    """The notice shown while the connection is being restored."""
    return _("Reconnecting…")


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


def before(view: View, events: Iterable[Event]) -> tuple[list[int], int]:
    """Everyone's chips and the farm as they stood before ``events`` led to ``view``."""
    chips, farm = list(view.chips), view.farm
    for event in events:
        if isinstance(event, ChipsMoved):
            if event.source == FARM:
                farm += event.amount
            else:
                chips[int(event.source)] += event.amount
            if event.target == FARM:
                farm -= event.amount
            else:
                chips[int(event.target)] -= event.amount
    return chips, farm


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
            out.append(CardDealt(seat, card, False, i == 0, i + 1))
    return out


class RemoteSession(Session):
    """A game at a network table, seen from one seat (or a spectator's chair); see the module docstring.

    The base class's engine, match and saving are not used: the host keeps the game. Its
    ``__init__`` (which builds an engine) is deliberately not called; every member the
    table reads is set or overridden here.
    """

    replay = False

    def __init__(
        self,
        client: Client,
        welcome: Welcome,
        info: TableInfo | None,
        messages: list[ServerMessage],
        notices: Notices,
        server: ServerThread | None = None,
    ) -> None:
        """The session of ``client``, welcomed with ``welcome``; ``messages`` (one update at least)
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
        self.watching = welcome.seat is None
        self.human = welcome.seat if welcome.seat is not None else 0
        # One person at this screen (none when watching): never pass-and-play.
        self.people = () if self.watching else (self.human,)
        self.hot_seat = False
        self.viewer = None if self.watching else self.human
        self._view = first.view
        self.feed = Feed(self.human, everything=True)  # the server has already observed them
        chips, farm = before(first.view, first.events)
        self.ledger = Ledger(chips, farm=farm)
        self.deal_start: dict[str, Any] | None = None
        self.first_deal = max(0, first.view.deal_no - (0 if first.sync else 1))
        self._settled = first.view.deal_no
        self.setup = self._setup()
        self.pause: Pause | None = None
        """The last word on the pause between deals."""
        self.turn: Turn | None = None
        """The last word on whose turn it is and for how long."""
        self.sent: int | None = None
        """The ``ref`` of the person's action on its way (the buttons wait for its answer)."""
        self.lost = False
        """The connection is gone for good (the table can only be left)."""
        self.reconnecting = False
        self.ready_for: int | None = None
        """The deal this screen said it is ready for (said again after a reconnection)."""
        self.on_resync: Callable[[RemoteSession], None] | None = None
        """Called when the table must be drawn afresh from the server's view (set by the navigator)."""
        if first.sync:
            self.feed.push(hands_on_table(first.view))
        self._take_all(messages)

    def _setup(self) -> Setup:
        view = self._view
        deals = self.max_deals
        return Setup(
            list(view.names),
            ["normal"] * len(view.names),
            view.rules.name,
            view.rules.rotating,
            deals or DEFAULT_DEALS,
            None,
            self.human,
        )

    # ------------------------------------------------------------------ reading

    @property
    def game(self) -> Game:
        """No engine runs here: the host keeps the game."""
        raise RuntimeError("a network table's game runs at its host")

    @property
    def rules(self) -> RuleSet:
        """The rule set in play."""
        return self._view.rules

    @property
    def max_deals(self) -> int | None:
        """The agreed length of the game in deals (None: no limit)."""
        if self.info is None:
            return None
        deals = self.info.settings.get("deals")
        return deals if isinstance(deals, int) else None

    @property
    def keeps(self) -> bool:
        """Never: the host keeps the game, and nothing is saved or counted here."""
        return False

    @property
    def can_end(self) -> bool:
        """Only the host may end the game early."""
        return self.client.host

    @property
    def view(self) -> View:
        """The view of the latest update taken."""
        return self._view

    @property
    def n(self) -> int:
        """Number of seats."""
        return len(self._view.names)

    @property
    def names(self) -> tuple[str, ...]:
        """Names by seat."""
        return self._view.names

    @property
    def waiting_for(self) -> int | None:
        """The seat the server waits for, once the screen has caught up (None meanwhile, and while
        the person's own action is on its way)."""
        if len(self.feed) or self.sent is not None or self.lost:
            return None
        return self._view.to_act

    @property
    def over(self) -> bool:
        """Whether the game has ended."""
        return self._view.phase is Phase.OVER

    @property
    def settled_on_screen(self) -> bool:
        """Whether the screen has shown everything between deals (nothing is saved here)."""
        return self._view.phase in (Phase.BETWEEN, Phase.OVER) and not len(self.feed)

    def shown_settled(self) -> None:
        """The screen has shown the end of the current deal."""
        self._settled = self._view.deal_no

    def save_document(self) -> dict[str, Any] | None:
        """Nothing to save: the host keeps the game."""
        return None

    # ------------------------------------------------------------------ driving

    def _take(self, events: list[Event]) -> None:
        self.ledger.take(self.feed.push(events))

    def start_deal(self) -> None:
        """Ready for the next deal (it starts when everyone is ready, or the pause runs out)."""
        if self.watching or self.over:
            return
        deal = self.pause.deal if self.pause is not None else self._view.deal_no + 1
        self.ready_for = deal
        self.client.ready(deal)

    def act(self, action: Action) -> None:
        """Send the person's ``action``; its events come back in an update."""
        if self.watching:
            raise ValueError("nobody plays in a game being watched")
        if self.sent is None:
            self.sent = self.client.send(action)

    def ai_here(self, seat: int) -> bool:
        """Never: the host's AI plays every seat no person here holds."""
        return False

    def ai_act(self) -> Action:
        """Never asked (see :meth:`ai_here`)."""
        raise RuntimeError("the AI of a network table plays at its host")

    def end_now(self) -> None:
        """Host: end the game between deals (the final standings come in an update)."""
        if self.client.host:
            self.client.end()

    def poll(self) -> None:
        """Take in every message that has arrived (never waits)."""
        messages = self.client.poll()
        if messages:
            self._take_all(messages)

    def close(self) -> None:
        """Leave the table for good: the seat goes to the AI; a table this window hosts closes."""
        if not self.watching and not self.over:
            self.client.leave()
        self.client.close(timeout=0.5)
        if self.server is not None:
            self.server.stop(timeout=2.0)
            self.server = None

    # ------------------------------------------------------------------ messages

    def _take_all(self, messages: list[ServerMessage]) -> None:
        for message in messages:
            self._take_one(message)

    def _take_one(self, message: ServerMessage) -> None:
        if isinstance(message, Update):
            self._update(message)
        elif isinstance(message, Pause):
            self.pause = message
        elif isinstance(message, Turn):
            self.turn = message
        elif isinstance(message, TableInfo):
            self.info = message
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
                    self.notices.notice(lambda: _("The connection to the table is lost."))

    def _update(self, update: Update) -> None:
        if update.ref is not None and update.ref == self.sent:
            self.sent = None
        if update.sync:
            if update.view != self._view:
                self._resync(update.view)
            return
        if self.sent is not None and update.view.to_act != self.human:
            self.sent = None  # the AI moved for the person meanwhile (their time ran out)
        self._view = update.view
        self._take(list(update.events))

    def _resync(self, view: View) -> None:
        """The server's game is not what this screen was shown: start the table again from ``view``."""
        history = [row for row in self.ledger.history if len(row) == len(view.chips)]
        self._view = view
        self.feed.clear()
        self.ledger = Ledger(history[0] if history else view.chips, history[1:], view.farm)
        self.ledger.chips = list(view.chips)
        self.ledger.chips_before = tuple(view.chips)
        self.feed.push(hands_on_table(view))
        if self.on_resync is not None:
            self.on_resync(self)

    def _back(self) -> None:
        self.reconnecting = False
        if self.ready_for is not None and self.ready_for > self._view.deal_no:
            self.client.ready(self.ready_for)  # it may have been lost with the connection
        self._drop_reconnecting()
        self.notices.notice(lambda: _("Back at the table."))

    def _drop_reconnecting(self) -> None:
        self.notices.notices[:] = [(m, t) for m, t in self.notices.notices if m is not reconnecting]
