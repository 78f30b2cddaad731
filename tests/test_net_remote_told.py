"""What a network table's window is told in a whole state (a sync): a finished game's end goes to its
final standings (a stopped game says nobody won), a person back is told what the computer played and
how the deal they missed ended, and a deal a restarted host deals again is said once."""

from __future__ import annotations

from collections.abc import Callable

from game.net.protocol import Closed, LastDeal, PlayedFor, StandIn, Update, Welcome
from game.rules.actions import DRAW, PASS, bid
from game.rules.engine import Game
from game.rules.events import EndReason, GameEnded
from scenes.i18n import set_language
from scenes.net.remote import Arrival, RemoteTable, Spectator, remote_table, time_up


class Quiet:
    """A client that has nothing more to say (every message is handed in at the start)."""

    host = False

    def poll(self) -> list[object]:
        return []


class Said:
    """The app's notices, as a network table uses them."""

    def __init__(self) -> None:
        self.notices: list[tuple[Callable[[], str], float]] = []

    def notice(self, message: Callable[[], str], seconds: float = 9.0) -> None:
        self.notices.append((message, seconds))

    def words(self) -> list[str]:
        return [m() for m, _s in self.notices]


def table(*updates: Update, seat: int = 1) -> tuple[RemoteTable, Said]:
    set_language("en")
    said = Said()
    made = remote_table(Quiet(), Welcome("ABCD2345", seat, "t", False), None,  # type: ignore[arg-type]
                        [*updates], said)
    return made, said


def test_a_finished_games_sync_puts_its_end_on_the_final_standings() -> None:
    game = Game(["A", "B", "C"], seed=4)
    game.next_deal()
    while game.mid_deal:
        game.apply(game.legal_actions()[0])
    ended = game.end(EndReason.STOPPED)[-1]
    assert isinstance(ended, GameEnded)
    view = game.view_for(1)
    source, _said = table(Update(9, (), view, None, True, ((100, 100, 100), tuple(view.chips)), ended=ended))
    shown = [source.feed.pop() for _ in range(len(source.feed))]
    assert shown[-1] == ended and ended.reason is EndReason.STOPPED


def test_a_person_back_hears_what_was_played_for_them_and_the_deal_they_missed() -> None:
    game = Game(["Ann", "Ben", "Cy"], seed=4)
    game.next_deal()
    view = game.view_for(1)
    history = ((100, 100, 100), (99, 97, 104))
    missed = LastDeal(1, 0, 2, None, 6)
    played = (PlayedFor(1, PASS, StandIn.AWAY), PlayedFor(1, DRAW, StandIn.AWAY))
    _source, said = table(Update(3, (), view, None, True, history, played, None, missed))
    words = said.words()
    assert "You are back: the computer played 2 moves for you." in words
    assert "Deal 1: Cy won the farm (6 chips). Your chips: −3 in that deal, 97 at its end." in words


def test_a_deal_dealt_again_is_said_once_and_time_up_says_the_move_played() -> None:
    game = Game(["Ann", "Ben", "Cy"], seed=4)
    game.next_deal()
    view = game.view_for(1)
    sync = Update(3, (), view, None, True, ((100, 100, 100),), (), 1)
    source, said = table(sync, Update(4, (), view, None, True, ((100, 100, 100),), (), 1))
    again = "The host restarted: deal 1 is dealt again (its cards and chips went back)."
    assert said.words().count(again) == 1
    assert time_up(bid(7)) == "Time's up: the computer bid 7 for you."
    assert time_up(PASS) == "Time's up: the computer passed for you."
    assert source.turn_clock is None  # no turn message came: no clock


class Closing(Quiet):
    """A client whose connection is gone for good once asked again, and that can be closed."""

    def __init__(self) -> None:
        self.said: list[object] = [Closed("the host left", retrying=False)]

    def poll(self) -> list[object]:
        said, self.said = self.said, []
        return said

    def close(self, timeout: float = 0.0) -> None:
        """Nothing to close."""


def test_a_table_waits_for_its_welcome_and_first_update_then_plays_what_came_with_it() -> None:
    """One way to wait for a network table, for the lobby and the kiosk's live table alike."""
    game = Game(["Ann", "Ben", "Cy"], seed=4)
    view = game.view_for(None)
    events = tuple(game.next_deal())
    later = game.view_for(None)
    arrival = Arrival(Quiet())  # type: ignore[arg-type]
    early = Update(1, (), view)
    assert not arrival.take(early)  # an update before the welcome: not yet
    assert not arrival.take(Welcome("ABCD2345", None, None, False))
    assert arrival.welcome is not None and arrival.info is None
    assert arrival.take(Update(2, (), view))
    rest = [Update(3, events, later)]
    made = arrival.table(Said(), rest)
    assert isinstance(made, Spectator) and made.view == later and len(made.feed) == len(events)


def test_whom_a_network_table_calls_is_given_at_its_making_and_a_table_left_calls_nobody() -> None:
    game = Game(["Ann", "Ben", "Cy"], seed=4)
    lost: list[RemoteTable] = []
    first = [Welcome("ABCD2345", None, None, False), Update(1, (), game.view_for(None))]
    made = remote_table(Closing(), first[0], None, first, Said(), on_lost=lost.append)  # type: ignore[arg-type]
    made.poll()
    assert lost == [made]
    again = remote_table(Closing(), first[0], None, first, Said(), on_lost=lost.append)  # type: ignore[arg-type]
    again.close()
    again.poll()
    assert lost == [made]  # closed: nobody is called
