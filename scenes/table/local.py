"""A game whose engine runs at this screen: against the computer, pass-and-play, a demo, a replay.

A :class:`LocalTable` is the :class:`~scenes.table.source.TableSource` of a
:class:`~game.play.match.Match` played here. Its people are the match's ``human`` seats: one
(a game against the computer), several sharing the screen (pass-and-play: each sees their
own cards only in their own moment), or none (the kiosk's demo and a logged game played back
are *watched*: every card shown, every word in the third person, nothing kept).

The engine runs ahead of the screen: what the person at the screen may see of its events
waits in :attr:`LocalTable.feed`, and :attr:`LocalTable.ledger` follows the events as the
table takes them to show. A game with a person is kept: the :class:`~scenes.store.keeper.Keeper`
saves it after every move the table plays (the table tells the app, which tells the keeper)
and counts it once each deal is shown settled.
"""

from __future__ import annotations

import random
from collections.abc import Sequence

from game.formats.savegame import Restored, SavedGame, snapshot
from game.play.match import HUMAN, Match
from game.play.replay import ScriptedMatch, warm_up
from game.rules.actions import Action, IllegalAction
from game.rules.engine import Game, Phase
from game.rules.events import EndReason, Event
from game.rules.records import DealRecord
from game.rules.view import View
from scenes.store.keeper import Kept
from scenes.table.feed import Feed
from scenes.table.ledger_book import Ledger, unwind
from scenes.table.setup import Setup
from scenes.table.source import NextDeal, TableFacts


class LocalTable:
    """A match played at this screen; see the module docstring."""

    def __init__(
        self,
        match: Match,
        *,
        setup: Setup | None = None,
        bottom: int | None = None,
        replay: bool = False,
        deal_events: Sequence[Event] = (),
    ) -> None:
        """Play ``match`` here, its ``human`` seats by the people at this screen.

        ``setup`` is what a game like it starts from again; ``bottom`` the seat drawn at the
        bottom (default: the first person's, else seat 0); ``replay`` marks a logged game played
        back; ``deal_events`` are the events of a deal in progress when the match was restored
        in the middle of it, to be shown again (the cards already dealt and drawn).
        """
        game = match.game
        self.match = match
        people = match.humans
        self.facts = TableFacts(
            names=tuple(game.names),
            rules=game.rules,
            max_deals=game.max_deals,
            bottom=bottom if bottom is not None else (people[0] if people else 0),
            people=frozenset(people),
            ai_seats=frozenset(match.agents),
            replay=replay,
            setup=setup,
        )
        """What stays true of this table (whoever fixed a seed here knows it: no fixed deck is said)."""
        facts = self.facts
        self._looking: int | None = None if facts.shared or facts.watching else facts.bottom
        self.feed = Feed(None if facts.shared else facts.bottom, everything=facts.watching, taken=self._taken)
        in_deal = game.phase not in (Phase.BETWEEN, Phase.OVER)
        chips, farm = unwind(game.chips, game.farm, deal_events)
        log = game.log
        self.ledger = Ledger(
            log[0].chips_before if log else chips,
            (record.chips_after for record in log),
            farm,
            game.deal_no - 1 if in_deal else game.deal_no,
        )
        self.first_deal = game.deal_no - 1 if in_deal else game.deal_no
        """The deals played before this screen took the game up (a continued game's, counted then)."""
        self._settled = self.first_deal
        if in_deal:
            self.feed.push(deal_events)

    @classmethod
    def start(cls, setup: Setup) -> LocalTable:
        """A new game of ``setup`` (a seed is drawn when it names none, so every game has one; the
        setup keeps naming none, so that a game like it deals other cards)."""
        seed = setup.seed
        if seed is None:
            # Every game has a seed, so that its AI streams can be derived again after a save.
            seed = random.SystemRandom().randrange(2**31)
        game = Game(setup.names, setup.rule_set, seed=seed, max_deals=setup.deals)
        return cls(Match(game, setup.players, seed), setup=setup, bottom=setup.human)

    # ------------------------------------------------------------------ the table

    @property
    def game(self) -> Game:
        """The engine."""
        return self.match.game

    @property
    def players(self) -> list[str]:
        """Each seat's player as saved: ``human`` or an AI spec."""
        return self.match.players

    @property
    def view(self) -> View:
        """What the person looking may know (pass-and-play: the person whose moment it is)."""
        game, facts = self.game, self.facts
        if facts.shared:
            seat = self._looking if self._looking is not None else game.to_act
            return game.view_for(seat if facts.person(seat) else facts.bottom)
        return game.view_for(facts.bottom)

    # ------------------------------------------------------------------ who looks

    @property
    def looking(self) -> int | None:
        """The seat of the person who may look at the screen now (None: nobody in particular)."""
        return self._looking

    def look(self, seat: int | None) -> None:
        """Pass-and-play: ``seat``'s person alone looks at the screen now (None: nobody)."""
        if not self.facts.shared:
            return
        self._looking = seat
        self.feed.seat = seat  # their own cards and busts are theirs to see while they play

    # ------------------------------------------------------------------ whose turn

    @property
    def waiting_for(self) -> int | None:
        """The seat the engine waits for, once the screen has caught up (else None)."""
        if len(self.feed):
            return None
        return self.game.to_act

    @property
    def turn_clock(self) -> float | None:
        """None: nobody here is hurried (the computer never decides for a person at this screen)."""
        return None

    @property
    def next_deal_clock(self) -> NextDeal | None:
        """None: the next deal here starts at once."""
        return None

    @property
    def offline(self) -> bool:
        """Never: the game is played here."""
        return False

    @property
    def over(self) -> bool:
        """Whether the game has ended."""
        return self.game.is_over

    @property
    def can_end(self) -> bool:
        """Whether a person plays here, who may end the game between deals (a watched one runs its course)."""
        return not self.facts.watching

    # ------------------------------------------------------------------ what it keeps

    @property
    def kept(self) -> Kept | None:
        """This game, when a person plays in it (a demo or a replay is not kept)."""
        return None if self.facts.watching else self

    @property
    def person_seat(self) -> int:
        """The seat whose statistics the game counts (the person at the bottom)."""
        return self.facts.bottom

    @property
    def settled_on_screen(self) -> bool:
        """Whether the screen has shown everything the engine has played (between deals)."""
        return self.game.phase in (Phase.BETWEEN, Phase.OVER) and self._settled == self.game.deal_no

    def shown_settled(self) -> None:
        """The screen has shown the end of the current deal."""
        self._settled = self.game.deal_no

    def save_document(self) -> SavedGame | None:
        """The game to save now, exactly as it stands (mid-deal too: drawn cards stay drawn)."""
        return snapshot(self.game, self.players)

    # ------------------------------------------------------------------ driving

    def _push(self, events: list[Event]) -> None:
        self.feed.push(events)

    def _taken(self, event: Event) -> None:
        """The screen takes ``event`` from the feed to show it: the ledger follows."""
        self.ledger.take((event,))

    def start_deal(self) -> None:
        """Begin the next deal (between deals only)."""
        if self.over:
            return
        self.look(None)  # a deal's first cards are nobody's to see on a shared screen
        self._push(self.match.start_deal())

    def act(self, action: Action) -> None:
        """Play ``action`` for the person looking at the screen (must be their turn and legal)."""
        seat = self._looking
        if self.facts.watching or seat is None:
            raise IllegalAction("nobody at this screen is to act")
        private = self.game.phase is Phase.PLAY  # before the move: an auction's last call deals everyone
        events = self.match.act(seat, action)
        if self.facts.shared:
            self.feed.seat = seat if private else None
        self._push(events)

    def ai_act(self) -> None:
        """Let the AI seat to act choose and play."""
        self._push(self.match.ai_act()[1])

    def end_now(self) -> None:
        """End the game between deals (the player stops early: the game is recorded as ended early)."""
        if self.game.phase is Phase.BETWEEN:
            self._push(self.game.end(EndReason.STOPPED))

    def poll(self) -> None:
        """Nothing happens elsewhere: the whole game is played here."""

    def close(self) -> None:
        """Nothing to give up: a game played here is saved by the keeper."""


def resume_table(restored: Restored) -> LocalTable:
    """A saved game taken up again exactly where it was left, its seats' players recreated.

    Raises ValueError when no seat of the save is a person's or a spec names no player this
    game knows. The deal in progress shows again as far as it had gone, drawn cards in hand.
    The AIs look over the deals already played (see :func:`game.play.replay.warm_up`) and live the
    deal in progress again (:meth:`game.play.match.Match.catch_up`), so that what they learned of
    the table, and how they play on, is what it would have been without the break.
    """
    game, players = restored.game, restored.players
    if HUMAN not in players:
        raise ValueError("a saved game needs a seat played by a person")
    table = LocalTable(
        Match(game, players), setup=Setup.of_game(game, players), deal_events=restored.deal_events
    )
    warm_up(table.match)
    table.match.catch_up(restored)
    return table


def replay_table(records: Sequence[DealRecord]) -> LocalTable:
    """A logged game (checked, see :func:`game.play.replay.load_log`) played back with every card shown."""
    match = ScriptedMatch(records)
    first = records[0]
    names = list(first.seats)
    setup = Setup(names, ["normal"] * len(names), first.rules, first.rotating, len(records), 0, 0)
    return LocalTable(match, setup=setup, replay=True)
