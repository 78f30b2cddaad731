"""Playing a deal log back through the engine: a logged game watched again, and resumed AIs warmed up.

A deal log (:mod:`game.formats.deallog`) holds each deal's hands, order and auction calls. To play
it back, each deal's deck is stacked so that it deals the logged hands, and every seat is
a :class:`ScriptedAgent` that makes the logged calls: bids and passes in order, cards
until its hand is as long as the logged one, then a stand. The engine does the rest, so
the chips, farm and farmer after every deal are the engine's own, deal by deal.

:func:`replay_match` is a logged game ready to be played back that way (the table shows it
with every card); :func:`warm_up` lets the AIs of a game continued from a save look over
the deals already played, exactly as they saw them, so that what they learned of the
table is what it would have been without the break. No pygame.
"""

from __future__ import annotations

import os
from collections.abc import Sequence

from game.ai.observing import feed
from game.formats.deallog import LogError, check, first_seat, read_log, stacked_deck
from game.play.match import Match, reseed
from game.rules.actions import DRAW, PASS, STAND, Action, bid
from game.rules.engine import Game, Phase
from game.rules.events import Event
from game.rules.records import DealRecord
from game.rules.ruleset import rules_named
from game.rules.view import View

SCRIPTED = "scripted"
"""The player spec of a seat that makes a deal log's logged calls."""


class ScriptedAgent:
    """Makes one seat's planned calls of one deal at a time: a deal record's (see :meth:`follow`),
    or any script's (see :meth:`plan`)."""

    def __init__(self, seat: int) -> None:
        """The scripted player of ``seat``."""
        self.seat = seat
        self.calls: list[int | None] = []
        self.cards = 0

    def follow(self, record: DealRecord) -> None:
        """Play ``record``'s deal next."""
        bids = record.auction.bids if record.auction is not None else ()
        self.plan([amount for seat, amount in bids if seat == self.seat], len(record.hands[self.seat]))

    def plan(self, calls: Sequence[int | None], cards: int) -> None:
        """Play the next deal with ``calls`` in its auction (None: a pass) and ``cards`` in hand."""
        self.calls = list(calls)
        self.cards = cards

    def choose(self, view: View) -> Action:
        """The planned call in the auction; in the deal, a card while the planned hand is longer
        (and the card a seat must take).

        A planned bid the table has gone past is a pass, and none is above what the seat may bid:
        a logged game never meets either, a scripted one whose person bid freely may."""
        if view.phase is Phase.AUCTION:
            amount = self.calls.pop(0) if self.calls else None
            if amount is None or amount <= view.high_bid:
                return PASS
            return bid(min(amount, view.max_bid))
        if view.must_draw or (len(view.hand) < self.cards and DRAW in view.legal_actions()):
            return DRAW
        return STAND


class ScriptedMatch(Match):
    """A logged game played back: every seat a :class:`ScriptedAgent`, each deal's deck stacked.

    A :class:`~game.play.match.Match` like any other (its AIs are the scripts), whose
    :meth:`start_deal` first stacks the next logged deal's deck and gives each script its calls.
    """

    def __init__(self, records: Sequence[DealRecord]) -> None:
        """The first game of a deal log (already checked, see :func:`load_log`)."""
        first = records[0]
        names = first.seats
        game = Game(
            names,
            rules_named(first.rules, first.rotating),
            chips=first.chips_before,
            seed=0,
            first_seat=first_seat(first),
            max_deals=len(records),
        )
        self.records = list(records)
        self.scripts = [ScriptedAgent(seat) for seat in range(len(names))]
        super().__init__(game, [SCRIPTED] * len(names), 0, agents=dict(enumerate(self.scripts)))

    def start_deal(self) -> list[Event]:
        """Stack the next logged deal's deck, let every seat follow its record, and deal."""
        record = self.records[self.game.deal_no]
        for script in self.scripts:
            script.follow(record)
        self.game.stack_deck(stacked_deck(record, self.game.rules.draws_from_bottom))
        return super().start_deal()


def warm_up(match: Match) -> None:
    """Let the AIs of a resumed ``match`` see the deals already played, as they saw them then.

    The logged deals are played again through the engine with every seat making its
    logged calls; whenever an AI seat is to act, its agent is shown its view and asked,
    with the random stream it had in that deal, and its answer is set aside (the log
    already says what it did). Its memory of the table is then what it was at the save.
    """
    log = match.game.log
    agents = match.agents
    if not log or not agents:
        return
    rules = match.game.rules
    game = Game(
        log[0].seats,
        rules,
        chips=log[0].chips_before,
        seed=0,
        first_seat=first_seat(log[0]),
        keep_log=False,
    )
    scripts = [ScriptedAgent(seat) for seat in range(game.n_seats)]
    for record in log:
        if game.phase is not Phase.BETWEEN:
            return  # a log the engine does not follow: the AIs simply start afresh
        for script in scripts:
            script.follow(record)
        reseed(agents, match.seed, record.deal)
        game.stack_deck(stacked_deck(record, rules.draws_from_bottom))
        feed(agents, game.next_deal())  # shown what their seats saw, as in play (see game.match)
        while game.to_act is not None:
            seat = game.to_act
            view = game.view_for(seat)
            agent = agents.get(seat)
            if agent is not None:
                agent.choose(view)
            feed(agents, game.apply(scripts[seat].choose(view)))


def load_log(path: str | os.PathLike[str]) -> list[DealRecord]:
    """The first game of the deal log at ``path``, checked against the rules.

    Raises :class:`~game.formats.deallog.LogError` for a log that cannot be read or breaks a rule,
    and OSError when the file cannot be opened.
    """
    try:
        games = read_log(path)
    except UnicodeDecodeError:
        raise LogError("the file is not text") from None
    if not games or not games[0]:
        raise LogError("the file holds no deals")
    check(games[:1])
    return games[0]
