"""The guided first game, as data: a short game of three on stacked decks, and the steps that teach it.

A newcomer learns Farmer by playing it once with a guide at their elbow. The game is a real
one under Foster's rules (the default) at a table of three: the person at seat 0 and two
scripted players. Every deal's deck is stacked and every move of the scripted players is
fixed, and wherever the person's choice could spoil a lesson the step on show allows only
the right action, so each lesson happens for sure:

1. the auction: the person passes and watches Bastien buy the farm (what a bid buys); they
   stand on 13 and Anne, nearest to 16 with 15, takes a chip from them;
2. the person must draw, goes over 16 and pays the farmer a chip per point over;
3. the person makes exactly 16 with the six of hearts and wins the farm;
4. the person buys the new farm, is farmer for the last deal, collects from both players
   going over, and keeps the farm nobody won at the end of the game.

:data:`FIRST_GAME` is that script; :data:`VISITOR_HINTS` is the first few of the same lessons
as hints for a game on ordinary decks (the kiosk's visitor game), each shown once as it
becomes relevant. :class:`GuideRun` follows a table through a script: which step is on show,
what the person may do meanwhile, whether the table waits for "Got it". The words of each
step are the screen's (see :mod:`scenes.table.guide_words`). No pygame.
"""

from __future__ import annotations

import random
from collections.abc import Callable, Iterable, Sequence
from dataclasses import dataclass
from enum import Enum

from game.ai.specs import parse_agent
from game.play.match import HUMAN, Match, player_spec
from game.play.replay import ScriptedAgent
from game.rules.actions import Action, Kind
from game.rules.agents import Agent
from game.rules.cards import DECK, Card, parse_cards
from game.rules.engine import Game
from game.rules.events import (
    Busted,
    ChipsMoved,
    Event,
    FarmWon,
    GameEnded,
    NearestFound,
    Reason,
    Stood,
)
from game.rules.phase import Phase
from game.rules.records import DealRecord
from game.rules.ruleset import FOSTER
from game.rules.view import View

OPPONENTS = ("Anne", "Bastien")
"""The guided game's two other players, at seats 1 and 2 (Bastien is the first farmer)."""
YOU = 0
"""The person's seat in the guided game."""
CHIPS = 100
"""Every player's chips at the start, as in any game."""
SEED = 1
"""The guided game's seed (its decks are stacked; the seed only feeds the AIs after a skip)."""
SKIPPED_LEVEL = "normal"
"""The level the two other players play at once the guide is skipped."""


class Lesson(Enum):
    """What the guided game teaches; each one is checked in the engine's record (:func:`lessons_in`)."""

    AUCTION = "auction"
    """The person took part in an auction for the farm."""
    BID_BUYS = "bid buys"
    """The highest bid went into the farm and its bidder became farmer."""
    MUST_DRAW = "must draw"
    """The person took the card every player must take after the first."""
    STAND = "stand"
    """The person stood below 16."""
    NEAREST = "nearest"
    """Nobody made 16, and the player nearest below it took a chip from each other player."""
    OVER = "over"
    """The person went over 16 and paid the farmer a chip per point over."""
    FARM_WON = "farm won"
    """The person made exactly 16 and took the whole farm."""
    FARMER = "farmer"
    """The person bought a farm and was farmer for a deal."""
    COLLECT = "collect"
    """As farmer, the person was paid by a player who went over 16."""
    KEPT_AT_END = "kept at end"
    """The game ended with a farm nobody won, which stayed with its farmer, the person."""


class When(Enum):
    """The moment a step comes up."""

    ASKED = "asked"
    """The person is asked to act (their bid, their card), with nothing left to show first."""
    SHOWN = "shown"
    """The table has just begun to show an event (see :attr:`Step.event`)."""
    LEDGER = "ledger"
    """The deal's ledger is up, waiting for the person to go on."""
    AFTER = "after"
    """At once, when the step before it is done."""


class Gate(Enum):
    """What ends a step."""

    GOT_IT = "got it"
    """A pure explanation: the table waits until the person says "Got it" (Enter or a click)."""
    DO = "do"
    """The person's move: only :attr:`Step.allowed` may be played while it is on show."""
    GO_ON = "go on"
    """The person goes on from the ledger (the next deal starts)."""


class Who(Enum):
    """A player, as a step names them: to match an event, or to point at their plate."""

    YOU = "you"
    """The person being guided."""
    FARMER = "farmer"
    """The farmer of the deal."""
    OTHER = "other"
    """Anyone but the person."""
    PAYEE = "payee"
    """Whoever receives the chips of the event the step came up for (to point at)."""


class Spot(Enum):
    """What a step points at on the table."""

    FARM = "farm"
    """The farm's chips."""
    PLATE = "plate"
    """A player's name plate (see :attr:`Step.who`)."""
    HAND = "hand"
    """The person's cards."""
    BID = "bid"
    """The Bid button."""
    PASS = "pass"
    """The Pass button."""
    CARD = "card"
    """The Card button."""
    STAND = "stand"
    """The Stand button."""
    GO_ON = "go on"
    """The button that goes on: Next deal under a ledger, the first choice under the final standings."""


class StepId(Enum):
    """Every step of every script; the screen gives each its words."""

    FARM_FOR_SALE = "farm for sale"
    PASS_FIRST = "pass first"
    BID_PAID = "bid paid"
    FARMER_SEAT = "farmer seat"
    MUST_DRAW = "must draw"
    STAND = "stand"
    NEAREST = "nearest"
    LEDGER = "ledger"
    SAME_FARMER = "same farmer"
    OVER = "over"
    PAY_FARMER = "pay farmer"
    SIXTEEN = "sixteen"
    FARM_WON = "farm won"
    BUY = "buy"
    YOU_FARMER = "you farmer"
    COLLECT = "collect"
    LAST_DEAL = "last deal"
    THE_END = "the end"
    HINT_BID = "hint bid"
    HINT_DRAW = "hint draw"
    HINT_MORE = "hint more"


ANY: frozenset[Kind] = frozenset(Kind)
"""Every move allowed (a hint that only explains)."""
NOTHING: frozenset[Kind] = frozenset()


@dataclass(frozen=True)
class Step:
    """One step of a guide: when it comes up, what it points at, what ends it.

    The conditions left at None match anything: ``deal`` the deal number, ``phase`` and
    ``must_draw`` the person's view when asked, ``event`` the kind of event shown, ``reason``
    a payment's reason, ``by`` and ``to`` who the event is by (a payment's payer) and to.
    """

    id: StepId
    when: When
    spot: Spot
    gate: Gate = Gate.GOT_IT
    allowed: frozenset[Kind] = NOTHING
    """The moves the person may make while the step is on show (Gate.DO; none otherwise)."""
    who: Who = Who.YOU
    """Whose plate a :attr:`Spot.PLATE` step points at."""
    deal: int | None = None
    phase: Phase | None = None
    must_draw: bool | None = None
    event: type[Event] | None = None
    reason: Reason | None = None
    by: Who | None = None
    to: Who | None = None
    lesson: Lesson | None = None
    """What the step teaches (checked in the engine once the game is played)."""

    @property
    def holds(self) -> bool:
        """Whether the table waits while the step is on show."""
        return self.gate is Gate.GOT_IT

    def allows(self, kind: Kind) -> bool:
        """Whether the person may play a move of ``kind`` while the step is on show."""
        return self.gate is Gate.DO and kind in self.allowed


def _party(seat: int | None, who: Who | None, you: int, farmer: int | None) -> bool:
    """Whether ``seat`` is the ``who`` of a step's condition (None: anyone)."""
    if who is None:
        return True
    if who is Who.YOU:
        return seat == you
    if who is Who.FARMER:
        return seat is not None and seat == farmer
    return seat != you


def _parties(event: Event) -> tuple[int | None, int | None]:
    """Who ``event`` is by and to: a payment's payer and payee, else its seat (None for the farm)."""
    if isinstance(event, ChipsMoved):
        source = event.source if isinstance(event.source, int) else None
        target = event.target if isinstance(event.target, int) else None
        return source, target
    seat = getattr(event, "seat", None)
    return (seat if isinstance(seat, int) else None), None


def shown_matches(step: Step, event: Event, deal: int, you: int, farmer: int | None) -> bool:
    """Whether ``step`` comes up as ``event`` is shown in ``deal`` (``farmer`` as the table shows it)."""
    if step.when is not When.SHOWN or step.event is None or not isinstance(event, step.event):
        return False
    if step.deal is not None and step.deal != deal:
        return False
    if step.reason is not None and (not isinstance(event, ChipsMoved) or event.reason is not step.reason):
        return False
    by, to = _parties(event)
    return _party(by, step.by, you, farmer) and _party(to, step.to, you, farmer)


def asked_matches(step: Step, view: View) -> bool:
    """Whether ``step`` comes up as the person is asked to act, with ``view`` before them."""
    if step.when is not When.ASKED:
        return False
    if step.deal is not None and step.deal != view.deal_no:
        return False
    if step.phase is not None and step.phase is not view.phase:
        return False
    return step.must_draw is None or step.must_draw == view.must_draw


def ledger_matches(step: Step, deal: int) -> bool:
    """Whether ``step`` comes up when the ledger of ``deal`` is on show."""
    return step.when is When.LEDGER and (step.deal is None or step.deal == deal)


# ---------------------------------------------------------------------- the scripts

_SHOWN, _ASKED = When.SHOWN, When.ASKED

FIRST_GAME: tuple[Step, ...] = (
    # Deal 1: the auction (watched), the compulsory card, standing, the nearest.
    Step(StepId.FARM_FOR_SALE, _ASKED, Spot.FARM, deal=1, phase=Phase.AUCTION, lesson=Lesson.AUCTION),
    Step(StepId.PASS_FIRST, When.AFTER, Spot.PASS, Gate.DO, frozenset({Kind.PASS})),
    Step(
        StepId.BID_PAID,
        _SHOWN,
        Spot.FARM,
        deal=1,
        event=ChipsMoved,
        reason=Reason.BID,
        lesson=Lesson.BID_BUYS,
    ),
    Step(StepId.FARMER_SEAT, When.AFTER, Spot.PLATE, who=Who.FARMER),
    Step(
        StepId.MUST_DRAW,
        _ASKED,
        Spot.CARD,
        Gate.DO,
        frozenset({Kind.DRAW}),
        deal=1,
        phase=Phase.PLAY,
        must_draw=True,
        lesson=Lesson.MUST_DRAW,
    ),
    Step(
        StepId.STAND,
        _ASKED,
        Spot.STAND,
        Gate.DO,
        frozenset({Kind.STAND}),
        deal=1,
        phase=Phase.PLAY,
        must_draw=False,
        lesson=Lesson.STAND,
    ),
    Step(
        StepId.NEAREST,
        _SHOWN,
        Spot.PLATE,
        who=Who.PAYEE,
        deal=1,
        event=ChipsMoved,
        reason=Reason.NEAREST,
        lesson=Lesson.NEAREST,
    ),
    Step(StepId.LEDGER, When.LEDGER, Spot.GO_ON, Gate.GO_ON, deal=1),
    # Deal 2: over 16, paying the farmer.
    Step(
        StepId.SAME_FARMER,
        _ASKED,
        Spot.CARD,
        Gate.DO,
        frozenset({Kind.DRAW}),
        deal=2,
        phase=Phase.PLAY,
        must_draw=True,
    ),
    Step(StepId.OVER, _SHOWN, Spot.HAND, deal=2, event=Busted, by=Who.YOU),
    Step(
        StepId.PAY_FARMER,
        _SHOWN,
        Spot.PLATE,
        who=Who.FARMER,
        deal=2,
        event=ChipsMoved,
        reason=Reason.OVER,
        by=Who.YOU,
        lesson=Lesson.OVER,
    ),
    # Deal 3: exactly 16, the farm won.
    Step(StepId.SIXTEEN, _SHOWN, Spot.HAND, deal=3, event=Stood, by=Who.YOU),
    Step(StepId.FARM_WON, _SHOWN, Spot.PLATE, deal=3, event=FarmWon, by=Who.YOU, lesson=Lesson.FARM_WON),
    # Deal 4: buying the farm, the farmer's seat, the end of the game.
    Step(StepId.BUY, _ASKED, Spot.BID, Gate.DO, frozenset({Kind.BID}), deal=4, phase=Phase.AUCTION),
    Step(
        StepId.YOU_FARMER,
        _SHOWN,
        Spot.PLATE,
        deal=4,
        event=ChipsMoved,
        reason=Reason.BID,
        by=Who.YOU,
        lesson=Lesson.FARMER,
    ),
    Step(
        StepId.COLLECT,
        _SHOWN,
        Spot.PLATE,
        deal=4,
        event=ChipsMoved,
        reason=Reason.OVER,
        to=Who.YOU,
        lesson=Lesson.COLLECT,
    ),
    Step(StepId.LAST_DEAL, _SHOWN, Spot.FARM, deal=4, event=NearestFound, lesson=Lesson.KEPT_AT_END),
    Step(StepId.THE_END, _SHOWN, Spot.GO_ON, Gate.GO_ON, event=GameEnded),
)
"""The guided first game's steps, in the order they come up."""

VISITOR_HINTS: tuple[Step, ...] = (
    Step(StepId.HINT_BID, _ASKED, Spot.BID, Gate.DO, ANY, phase=Phase.AUCTION),
    Step(StepId.HINT_DRAW, _ASKED, Spot.CARD, Gate.DO, ANY, phase=Phase.PLAY, must_draw=True),
    Step(StepId.HINT_MORE, _ASKED, Spot.STAND, Gate.DO, ANY, phase=Phase.PLAY, must_draw=False),
)
"""The first lessons as hints for a game on ordinary decks: each comes up once, when it applies."""


# ---------------------------------------------------------------------- the decks and the players


def stacked(top: str) -> tuple[Card, ...]:
    """A whole deck dealing ``top`` first, the other cards after them in the deck's order."""
    head = parse_cards(top)
    return (*head, *(card for card in DECK if card not in head))


@dataclass(frozen=True)
class GuidedDeal:
    """One deal of the guided game: its stacked deck and what the scripted players do in it."""

    deck: tuple[Card, ...]
    """Top first. The person's cards and choices are fixed by the steps, so the others' are too."""
    calls: tuple[tuple[int | None, ...], ...]
    """Each seat's calls in the auction in turn (a bid, or None for a pass; a pass when they run out)."""
    cards: tuple[int, ...]
    """How many cards each seat holds when it stands (its draws; a bust stops it sooner)."""


DEALS: tuple[GuidedDeal, ...] = (
    # Anne bids 1, Bastien 2, the person passes, Anne passes: Bastien is farmer of a farm of 5.
    # The person: 10, then 3 (13), stands; Anne: 7, 4, 4 (15) stands and is nearest.
    GuidedDeal(stacked("10H 7D 3S 4C 4H"), ((), (1, None), (2,)), (0, 3, 0)),
    # The person: 9, then K (19), over by 3; Anne: 10, then 7 (17), over by 1.
    GuidedDeal(stacked("9C 10D KS 7C"), ((), (), ()), (0, 2, 0)),
    # The person: 10, then the 6♥ (16); Anne: 7, then 5 (12), stands. The person wins the farm.
    GuidedDeal(stacked("10C 7S 6H 5D"), ((), (), ()), (0, 2, 0)),
    # A new farm: the person bids, the others pass. Anne: 9, J (19); Bastien: 7, 3, 10 (20).
    GuidedDeal(stacked("9S 7C JH 3H 10S"), ((), (), ()), (0, 2, 3)),
)
"""The guided game's deals, in order (its length)."""


class GuideMatch(Match):
    """The guided game: the person at seat 0, Anne and Bastien scripted, each deal's deck stacked.

    :meth:`let_go` turns it into an ordinary game from that moment (the guide was skipped).
    """

    def __init__(self, name: str) -> None:
        """The guided game of the person called ``name``."""
        names = (name, *OPPONENTS)
        game = Game(names, FOSTER, chips=CHIPS, seed=SEED, first_seat=1, max_deals=len(DEALS))
        self.scripts: dict[int, ScriptedAgent] = {seat: ScriptedAgent(seat) for seat in range(1, len(names))}
        agents: dict[int, Agent] = dict(self.scripts)
        super().__init__(game, [HUMAN, *(["scripted"] * len(OPPONENTS))], SEED, agents=agents)
        self.guided = True
        """Whether the decks are stacked and the others scripted (until :meth:`let_go`)."""

    def start_deal(self) -> list[Event]:
        """Stack the next deal's deck and give each scripted player its part (while guided), and deal."""
        number = self.game.deal_no
        if self.guided and number < len(DEALS):
            deal = DEALS[number]
            for script in self.scripts.values():
                script.plan(deal.calls[script.seat], deal.cards[script.seat])
            self.game.stack_deck(deal.deck)
        return super().start_deal()

    def let_go(self) -> None:
        """Play on as an ordinary game: the other players choose for themselves, the cards are shuffled."""
        if not self.guided:
            return
        self.guided = False
        game = self.game
        for seat in self.scripts:
            self.players[seat] = player_spec(SKIPPED_LEVEL, seat)
            self.agents[seat] = parse_agent(self.players[seat], self.seed + seat)
        if game.phase is Phase.PLAY:
            game.resume_deck(None, shuffled=True)  # the generator as it is
        elif game.phase is Phase.AUCTION:
            cards = list(DECK)
            random.Random(self.seed).shuffle(cards)
            game.stack_deck(cards)  # the deal to come, shuffled rather than stacked


# ---------------------------------------------------------------------- following a table


class GuideRun:
    """Where a table is in a guide's steps: the step on show, and those shown so far.

    ``in_order`` (the guided game): each step waits for its moment, in the script's order.
    Otherwise (hints): any step not yet shown comes up when its moment comes, once.
    The table tells the run what it shows (:meth:`shown`), when the person is asked
    (:meth:`asked`), when a ledger is up (:meth:`ledger`), what the person plays
    (:meth:`acted`) and when they go on (:meth:`went_on`); the screen says "Got it" (:meth:`got_it`).
    """

    def __init__(self, steps: Sequence[Step], *, in_order: bool = True, you: int = YOU) -> None:
        """Follow ``steps`` for the person at seat ``you``."""
        self.steps = tuple(steps)
        self.in_order = in_order
        self.you = you
        self.current: Step | None = None
        """The step on show (None: none)."""
        self.cause: Event | None = None
        """The event the step on show came up for (None: it came up otherwise)."""
        self.shown_steps: list[StepId] = []
        """Every step shown so far, in order."""
        self.skipped = False
        """Whether the person skipped the guide."""
        self._next = 0

    # ------------------------------------------------------------------ reading

    @property
    def active(self) -> bool:
        """Whether the guide still guides (not skipped, steps left or one on show)."""
        return not self.skipped and (self.current is not None or bool(self._waiting()))

    @property
    def holds(self) -> bool:
        """Whether the table waits for the person's "Got it"."""
        return self.current is not None and self.current.holds

    def allows(self, kind: Kind) -> bool:
        """Whether the person may play a move of ``kind`` now (any, when no step is on show)."""
        return self.current is None or self.current.allows(kind)

    @property
    def finished(self) -> bool:
        """Whether every step of the script has been shown and done."""
        return self.current is None and not self._waiting()

    # ------------------------------------------------------------------ what the table tells

    def shown(self, event: Event, deal: int, farmer: int | None) -> None:
        """The table begins to show ``event`` of ``deal`` (``farmer`` as it stands on the table)."""
        self._offer(lambda step: shown_matches(step, event, deal, self.you, farmer), event)

    def asked(self, view: View) -> None:
        """The person is asked to act, with ``view`` before them."""
        self._offer(lambda step: asked_matches(step, view), None)

    def ledger(self, deal: int) -> None:
        """The ledger of ``deal`` is up, waiting for the person."""
        self._offer(lambda step: ledger_matches(step, deal), None)

    def acted(self, action: Action) -> None:
        """The person played ``action``: a step that asked for a move is done."""
        if self.current is not None and self.current.gate is Gate.DO:
            self._done()

    def went_on(self) -> None:
        """The person went on from a ledger: a step that asked for it is done."""
        if self.current is not None and self.current.gate is Gate.GO_ON:
            self._done()

    def got_it(self) -> None:
        """The person read the step on show ("Got it")."""
        if self.current is not None and self.current.gate is Gate.GOT_IT:
            self._done()

    def skip(self) -> None:
        """The person skipped the guide: no step comes up again."""
        self.skipped = True
        self.current = None
        self.cause = None

    # ------------------------------------------------------------------ inside

    def _waiting(self) -> list[Step]:
        """The steps that may still come up, the next first."""
        if self.in_order:
            return list(self.steps[self._next :])
        return [step for step in self.steps if step.id not in self.shown_steps]

    def _offer(self, due: Callable[[Step], bool], cause: Event | None) -> None:
        if self.skipped or self.current is not None:
            return
        for step in self._waiting()[:1] if self.in_order else self._waiting():
            if step.when is not When.AFTER and due(step):
                self._show(step, cause)
                return

    def _show(self, step: Step, cause: Event | None) -> None:
        self.current = step
        self.cause = cause
        self.shown_steps.append(step.id)
        if self.in_order:
            self._next = self.steps.index(step) + 1

    def _done(self) -> None:
        self.current = None
        waiting = self._waiting()
        if self.in_order and waiting and waiting[0].when is When.AFTER:
            self._show(waiting[0], self.cause)
        else:
            self.cause = None


# ---------------------------------------------------------------------- what happened


def _total(hand: Iterable[Card]) -> int:
    return sum(card.points for card in hand)


def lessons_in(records: Sequence[DealRecord], result: GameEnded | None, you: int = YOU) -> set[Lesson]:
    """The lessons the deals of ``records`` (and the game's end, ``result``) show happening to ``you``."""
    seen: set[Lesson] = set()
    for rec in records:
        hand = rec.hands[you]
        total = _total(hand)
        moves = rec.transfers
        if rec.auction is not None and any(seat == you for seat, _amount in rec.auction.bids):
            seen.add(Lesson.AUCTION)
        if (
            rec.auction is not None
            and rec.auction.winner == rec.farmer
            and any(
                t.reason is Reason.BID and t.source == rec.farmer and t.amount == rec.auction.price
                for t in moves
            )
        ):
            seen.add(Lesson.BID_BUYS)
        if you in rec.order and len(hand) >= 2:
            seen.add(Lesson.MUST_DRAW)
        if you in rec.order and total < 16 and len(hand) >= 2:
            seen.add(Lesson.STAND)
        if (
            any(t.reason is Reason.NEAREST and t.target == rec.nearest for t in moves)
            and rec.nearest is not None
        ):
            seen.add(Lesson.NEAREST)
        if total > 16 and any(
            t.reason is Reason.OVER and t.source == you and t.target == rec.farmer and t.amount == total - 16
            for t in moves
        ):
            seen.add(Lesson.OVER)
        if (
            rec.winner == you
            and total == 16
            and any(t.reason is Reason.FARM and t.target == you for t in moves)
        ):
            seen.add(Lesson.FARM_WON)
        if rec.farmer == you and rec.auction is not None and rec.auction.winner == you:
            seen.add(Lesson.FARMER)
        if rec.farmer == you and any(t.reason is Reason.OVER and t.target == you for t in moves):
            seen.add(Lesson.COLLECT)
    last = records[-1] if records else None
    if (
        result is not None
        and last is not None
        and last.farmer == you
        and last.winner is None
        and last.farm_after > 0
        and result.standings[you] == last.chips_after[you] + last.farm_after
    ):
        seen.add(Lesson.KEPT_AT_END)
    return seen
