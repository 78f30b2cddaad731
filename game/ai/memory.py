"""What an AI remembers of its table: every player's hands as the showdowns turned them over.

At the showdown every hand is shown, card by card in the order it was taken, so a seat can
read back each player's decisions: on which totals they drew and on which they stood. It
keeps, per player, how many hands it saw and what they did (points over 16, 16s, farms won,
chips won and paid as nearest), and a belief over the habits of :mod:`game.ai.model`
(which total each player stands from, or as the table's Experts do), updated by Bayes' rule
from those decisions.

The memory learns only from :func:`game.rules.observe.observe` events fed to :meth:`TableMemory.observe`
(public facts and the seat's own cards; the showdown shows the rest) and from the seat's own
views (the players' names), so what it knows is a pure function of what its seat saw: the
same deals seen again (a saved game warmed up) teach it the same. Players are remembered by
name, so a memory kept from game to game at the same table keeps what it learnt.
"""

from __future__ import annotations

import math
from collections.abc import Callable, Iterable
from dataclasses import dataclass, field
from functools import lru_cache

from game.ai.bidders import LimitModel, Reach, fit_limit
from game.ai.model import HABIT_RULES, THRESHOLDS, Outcome, mixed_outcome, stand_chance
from game.ai.rates import TableRates, table_rates
from game.rules.events import BidMade, ChipsMoved, DealEnded, DealStarted, Event, HandShown, Passed, Reason
from game.rules.ruleset import RuleSet

#: How many hands of what the player's habits predict their own counts are weighed with.
#: The habits, read from every decision, already tell players apart; what they leave unsaid
#: is small (a tenth of a point over 16 a hand), while one hand's points over 16 vary by
#: ±1.7, so counts earn their weight only over hundreds of hands (the variance of a hand over
#: that of what the habits miss: ~300). A price that moves with a few dozen lucky or unlucky
#: hands is one a bidder with a fixed limit buys from whenever it dips.
PRIOR_HANDS = {"over": 300.0, "sixteen": 300.0, "bust": 300.0, "wins": 300.0, "nearest": 120.0}
#: The chance that a player acts against their habit in one decision (so that one odd
#: decision does not rule a habit out: people, and context-minded AIs, are not machines).
SLIP = 0.08
#: The prior weight of the erratic habit, and the least weight any habit starts with.
ERRATIC_PRIOR = 0.04
FLOOR_PRIOR = 0.01
#: The prior weight of "plays as the table's Experts do" (:meth:`TableMemory.belief`): for a
#: stranger, and for a player who bids as no Expert does (most such players are people).
AS_EXPERTS_PRIOR = 0.97
AS_EXPERTS_PEOPLE = 0.02
#: How many of a player's latest auctions tell their bidding limit (people change their minds).
AUCTIONS_KEPT = 24
#: A bid above ``OVERBID_SHARE`` times what the farm was worth at the auction and ``OVERBID_CHIPS``
#: more marks a player who does not play as Experts do. Worth is the farm's public price or, when
#: higher, the most this seat would pay for it: Experts bid their break-even price, which in
#: self-play never passes the public price by a chip (at any rule set or table size), and at a
#: table where the farm is worth more (beside a player who goes over often) both Experts know it.
OVERBID_SHARE = 1.1
OVERBID_CHIPS = 1.0
#: The totals people stand from, as far as a seat that has not seen them play can tell: a
#: player who bids as no Expert does is not assumed to stand where Experts stand (from 8 under
#: Foster's rules) but from any of these alike, until his hands are seen. People stand higher
#: than the odds advise: priced as an Expert, a player who outbids the table for every farm
#: would be taken to pay a farmer far less than he does, and the farms he buys would go cheap.
PEOPLE_STANDS = range(11, 17)


@dataclass(frozen=True, slots=True)
class AuctionSeen:
    """What one auction showed of one player's limit."""

    top: int
    """The highest bid they made (0: none): their limit is at least this."""
    refused: int | None
    """The bid they passed rather than make (their limit is below it); None: they never passed."""
    deal: int | None = None
    """The deal's number in its game (None: not known)."""
    price: float | None = None
    """The farm's public price at the auction (:func:`game.ai.farm_value.farm_value`; None: not known)."""
    worth: float | None = None
    """The most the seat that saw the auction would pay for the farm there (None: not known)."""

    def overbid(self) -> bool:
        """Whether the player bid beyond what the farm was worth (see :data:`OVERBID_SHARE`)."""
        known = [x for x in (self.price, self.worth) if x is not None]
        return bool(known) and self.top > OVERBID_SHARE * max(known) + OVERBID_CHIPS


#: Weights below this share are dropped from a belief (they hardly move a decision, and
#: every habit kept costs time in every decision).
NEGLIGIBLE = 0.02


def _log_chances(stood: bool) -> tuple[tuple[float, ...], ...]:
    """Per total (0 to 16), per habit: the log-chance of standing (or of drawing) there."""
    rows = []
    for total in range(17):
        row = []
        for h in range(len(HABIT_RULES)):
            p = SLIP + (1 - 2 * SLIP) * stand_chance(h, total)
            row.append(math.log(p if stood else 1 - p))
        rows.append(tuple(row))
    return tuple(rows)


_LOG_STAND = _log_chances(True)
_LOG_DRAW = _log_chances(False)


@lru_cache(maxsize=64)
def _as_experts_logs(rates: TableRates) -> tuple[tuple[float, float], ...]:
    """Per total (0 to 16): the log-chance of standing, and of drawing, there for a player who
    decides as a table's measured Experts do (``rates.stand``), one decision at a time."""
    rows = []
    for total in range(17):
        p = SLIP + (1 - 2 * SLIP) * rates.stand[total]
        rows.append((math.log(p), math.log(1 - p)))
    return tuple(rows)


def prior_weights(rates: TableRates) -> list[float]:
    """Habit weights that reproduce the measured ``stand`` curve of a table (a threshold mix).

    A rising chance of standing ``s(t)`` is exactly a mixture of threshold players, the
    one standing from ``t`` weighing ``s(t) − s(t−1)``; the erratic player and a floor keep
    every habit possible.
    """
    weights = []
    below = 0.0
    for t in THRESHOLDS:
        s = 1.0 if t == THRESHOLDS[-1] else rates.stand[t]
        weights.append(max(0.0, s - below) + FLOOR_PRIOR)
        below = max(below, s)
    weights.append(ERRATIC_PRIOR)
    total = sum(weights)
    return [w / total for w in weights]


@dataclass
class Player:
    """What this seat has seen of one player's hands."""

    hands: int = 0
    over: int = 0
    sixteens: int = 0
    busts: int = 0
    wins: int = 0
    nearest: int = 0
    """Chips won (less paid) as or to the nearest hand."""
    log_like: list[float] = field(default_factory=lambda: [0.0] * len(HABIT_RULES))
    """Log-likelihood of the decisions seen, per habit."""
    as_experts: float = 0.0
    """Log-likelihood of the decisions seen if each was made as the measured Experts of a table
    of that deal's size decide (standing on each total as often as they did)."""
    decisions: int = 0
    overbids: bool = False
    """Whether they ever bid above what a table of Experts would (see :data:`OVERBID_SHARE`)."""
    auctions: list[AuctionSeen] = field(default_factory=list)
    """Their latest auctions, oldest first (at most :data:`AUCTIONS_KEPT`)."""
    _model: LimitModel | bool | None = field(default=None, repr=False, compare=False)
    """The model their auctions fit (False: none fits; None: not worked out since the last one)."""

    def learn_auction(self, seen: AuctionSeen) -> None:
        """Count one auction they took part in."""
        self.auctions.append(seen)
        del self.auctions[:-AUCTIONS_KEPT]
        self._model = None
        self.overbids = self.overbids or seen.overbid()

    def limit_model(self) -> LimitModel | None:
        """Their bidding limit as their latest auctions show it (:mod:`game.ai.bidders`), or None
        before their first auction or when no rule fits them."""
        if self._model is None and self.auctions:
            self._model = fit_limit(self.auctions) or False
        return self._model if isinstance(self._model, LimitModel) else None

    def learn_hand(self, totals: list[int], compulsory: bool, forced_last: bool, experts: TableRates) -> None:
        """Count a shown hand whose running totals were ``totals`` (after each card); ``experts``:
        the measured rates of a table of Experts of the deal's size."""
        as_experts = _as_experts_logs(experts)
        final = totals[-1]
        self.hands += 1
        self.over += max(0, final - 16)
        self.sixteens += final == 16
        self.busts += final > 16
        for i, total in enumerate(totals):
            if compulsory and i == 0:
                continue  # the second card was owed, not chosen
            last = i == len(totals) - 1
            if last and (final > 16 or forced_last):
                continue  # over 16 (no choice), or the deck ran out
            logs = _LOG_STAND[total] if last else _LOG_DRAW[total]
            self.log_like = [a + b for a, b in zip(self.log_like, logs, strict=True)]
            self.as_experts += as_experts[total][0 if last else 1]
            self.decisions += 1


class TableMemory:
    """One seat's memory of a table under one rule set; see the module notes."""

    def __init__(self, rules: RuleSet) -> None:
        """An empty memory of a table playing ``rules``."""
        self.rules = rules
        self._names: tuple[str, ...] | None = None
        self._players: dict[int, Player] = {}
        self._by_name: dict[str, Player] = {}
        self._pending: list[Event] = []
        self._auction_price: tuple[int, float, float | None] | None = None
        self._prior: dict[int, tuple[float, ...]] = {}
        self._people = people_prior()
        self._beliefs: dict[tuple[int, int], tuple[float, ...]] = {}
        self._figures: dict[tuple[int, int], SeatFigures] = {}
        self.deals = 0
        """Deals seen to their end."""
        self.version = 0
        """Grows whenever something was learnt (for caches)."""

    # ------------------------------------------------------------------ learning

    def bind(self, names: tuple[str, ...]) -> None:
        """Know the players by ``names`` (from the seat's view): a player seen before keeps its record."""
        if names == self._names:
            return
        # Records made before the names were known belong to the seats' first names.
        known = self._names if self._names is not None else names
        for seat, player in self._players.items():
            if seat < len(known):
                self._by_name[known[seat]] = player
        self._names = names
        self._players = {seat: self._by_name.get(name, Player()) for seat, name in enumerate(names)}
        self._beliefs.clear()
        self._figures.clear()
        self.version += 1

    def player(self, seat: int) -> Player:
        """The record of the player at ``seat``."""
        found = self._players.get(seat)
        if found is None:
            found = self._players[seat] = Player()
        return found

    def observe(self, events: Iterable[Event]) -> None:
        """Learn from events as the seat saw them; a deal is read once it has ended."""
        for event in events:
            if isinstance(event, DealStarted):
                self._pending = []
            self._pending.append(event)
            if isinstance(event, DealEnded):
                self._learn_deal(self._pending)
                self._pending = []

    def _learn_deal(self, events: list[Event]) -> None:
        self._learn_auction(events)
        shown = [e for e in events if isinstance(e, HandShown)]
        if not shown:
            self.version += 1
            self._figures.clear()
            return
        compulsory = self.rules.compulsory_draw
        cards_out = sum(len(e.cards) for e in shown)
        deck_empty = cards_out >= 45
        experts = table_rates(self.rules, len(shown))
        for event in shown:
            totals = []
            running = 0
            for card in event.cards:
                running += card.points
                totals.append(running)
            if not totals:
                continue
            self.player(event.seat).learn_hand(totals, compulsory, deck_empty, experts)
        for happened in events:
            if isinstance(happened, ChipsMoved):
                if happened.reason is Reason.NEAREST:
                    if isinstance(happened.source, int):
                        self.player(happened.source).nearest -= happened.amount
                    if isinstance(happened.target, int):
                        self.player(happened.target).nearest += happened.amount
            elif isinstance(happened, DealEnded) and happened.winner is not None:
                self.player(happened.winner).wins += 1
        self.deals += 1
        self._beliefs.clear()
        self._figures.clear()
        self.version += 1

    def _learn_auction(self, events: list[Event]) -> None:
        """Every bidder's top bid and the bid they refused, from an auction's calls."""
        tops: dict[int, int] = {}
        refused: dict[int, int | None] = {}
        high = 0
        deal: int | None = None
        for event in events:
            if isinstance(event, DealStarted):
                deal = event.deal
            elif isinstance(event, BidMade):
                tops[event.seat] = event.amount
                refused.setdefault(event.seat, None)
                high = event.amount
            elif isinstance(event, Passed):
                tops.setdefault(event.seat, 0)
                refused[event.seat] = high + 1
        noted = self._auction_price
        price, worth = (noted[1], noted[2]) if noted is not None and noted[0] == deal else (None, None)
        for seat, top in tops.items():
            self.player(seat).learn_auction(AuctionSeen(top, refused.get(seat), deal, price, worth))

    def note_auction(self, deal: int, price: float, worth: float | None = None) -> None:
        """Remember the farm's public ``price`` at the auction of deal ``deal`` (from the seat's view)
        and the most the seat would pay for it there (``worth``; the highest noted in the deal is
        kept), to read the bids of that auction against once the deal has ended."""
        noted = self._auction_price
        if noted is not None and noted[0] == deal and noted[2] is not None:
            worth = noted[2] if worth is None else max(worth, noted[2])
        self._auction_price = (deal, price, worth)

    def seen_nothing(self) -> bool:
        """Whether this seat knows nothing of the table yet: no deal seen, no player's hand or auction."""
        return self.deals == 0 and not any(p.hands or p.auctions for p in self._players.values())

    def mark_above(
        self,
        calls: Iterable[tuple[int, int | None]],
        me: int | None,
        worth: Callable[[int, int | None], float],
    ) -> None:
        """Mark every bidder of ``calls`` but ``me`` who bid above what an Expert in his seat would
        pay as one who bids as no Expert does (:attr:`Player.overbids`), in the auction still on sale.

        For the first auction of a table where nobody has seen a deal: there every Expert prices
        the farm alike, from the measured rates, but for where it sits (``worth(seat, holder)``:
        the farm's worth to ``seat`` against ``holder``, the seat whose bid it raised, buying it
        instead: a seat whom a rival's farm would leave served last pays a little more), so a bid
        above that, even by a chip, is no Expert's, and the bidder is priced as people play while
        the auction is on, not from the next one. Once deals are seen, Experts price farms by what
        each saw, and only a bid beyond :data:`OVERBID_SHARE` marks a player, once the auction
        is over.
        """
        marked = False
        holder: int | None = None
        for seat, amount in calls:
            if amount is None:
                continue
            if seat != me and amount > worth(seat, holder):
                player = self.player(seat)
                marked = marked or not player.overbids
                player.overbids = True
            holder = seat
        if marked:
            self.forget_beliefs()

    def bid_reach(self, seat: int, deal: int, price: float | None) -> Reach | None:
        """Where the limit of the player at ``seat`` lies in deal ``deal`` at the farm's public
        ``price``, as their auctions showed it (None: not known)."""
        model = self.player(seat).limit_model()
        return None if model is None else model.reach(deal, price)

    def forget_beliefs(self) -> None:
        """Work beliefs and figures out again (a player's record was changed from outside)."""
        self._beliefs.clear()
        self._figures.clear()
        self.version += 1

    # ------------------------------------------------------------------ what it knows

    def prior(self, players: int) -> tuple[float, ...]:
        """The habit weights of a player not yet seen: those of a table of ``players`` Experts."""
        prior = self._prior.get(players)
        if prior is None:
            weights = prior_weights(table_rates(self.rules, players))
            prior = self._prior[players] = tuple(round(w, 3) for w in weights)
        return prior

    def belief(self, seat: int, players: int) -> tuple[float, ...]:
        """The weights of the habits of :data:`~game.ai.model.HABIT_RULES` for the player at ``seat``.

        ``players``: how many play hands at the table (the prior is that table's Experts).

        Beside the habits, a player may play as the table's Experts do: each decision as often
        as they measured (:attr:`Player.as_experts`). An Expert decides by what he sees, not by
        one total, and read as thresholds alone he looks like the threshold nearest his play,
        each seat a little differently, which pays a farmer less than he does (1 to 4 % under
        Foster's rules, 40 % under the French ones, where few hands go over 16). Playing as the
        Experts do ends hands as the thresholds' mix of the table's Experts (the prior) does, so a
        player read so is priced at their measured rates. It starts with most of the weight
        (:data:`AS_EXPERTS_PRIOR`): where the Experts stand from one total, a threshold explains
        their decisions as well, and a person's play soon tells him apart (a total the Experts
        stand on and he draws on costs the habit a factor of ten or more each time).
        """
        key = (seat, players)
        found = self._beliefs.get(key)
        if found is not None:
            return found
        player = self.player(seat)
        experts_prior = self.prior(players)
        prior = self._people if player.overbids else experts_prior
        as_experts = AS_EXPERTS_PEOPLE if player.overbids else AS_EXPERTS_PRIOR
        top = max(*player.log_like, player.as_experts)
        likes = zip(prior, player.log_like, strict=True)
        raw = [(1.0 - as_experts) * p * math.exp(ll - top) for p, ll in likes]
        # Playing as the Experts do ends hands as their thresholds' mix does (the prior of an
        # Expert's table reproduces how often they stand on each total).
        alike = as_experts * math.exp(player.as_experts - top)
        found = _pruned([r + alike * e for r, e in zip(raw, experts_prior, strict=True)])
        self._beliefs[key] = found
        return found

    def stranger(self, players: int) -> tuple[float, ...]:
        """The belief about a player not yet seen at a table of ``players``: the prior, pruned like any."""
        return _pruned(self.prior(players))

    def figures(self, seat: int, players: int, belief: tuple[float, ...] | None = None) -> SeatFigures:
        """The player at ``seat``'s rates per hand as far as this seat can tell.

        What the player's habits predict (the measured rates of a table of ``players``
        Experts, scaled by how this player's belief differs from an Expert's), weighed with
        their own counts once there are enough of them. With ``belief``: as if that were the
        belief about the player's habits (what he would be worth to a farmer if he played so).
        """
        key = (seat, players)
        found = self._figures.get(key) if belief is None else None
        if found is not None:
            return found
        rates = table_rates(self.rules, players)
        compulsory = self.rules.compulsory_draw
        theirs = mixed_outcome(compulsory, self.belief(seat, players) if belief is None else belief)
        # An Expert is read as the measured rates say: scale from the belief about a stranger
        # (pruned as every belief is, so that a player not yet seen gets the rates exactly).
        typical = mixed_outcome(compulsory, self.stranger(players))

        def scaled(rate: float, mine: float, usual: float) -> float:
            return rate * mine / usual if usual > 1e-6 else rate

        player = self.player(seat)
        n = player.hands

        def shrink(count: float, predicted: float, key: str) -> float:
            k = PRIOR_HANDS[key]
            return (predicted * k + count) / (k + n)

        over = scaled(rates.over, theirs.over, typical.over)
        sixteen = scaled(rates.sixteen, theirs.sixteen, typical.sixteen)
        bust = min(1.0, scaled(rates.bust, theirs.bust, typical.bust))
        if self.rules.nearest_takes_farm:
            wins = rates.wins  # the corbeille goes to the nearest too: no habit tells it better
        else:
            wins = scaled(rates.wins, theirs.sixteen, typical.sixteen)
        found = SeatFigures(
            over=shrink(player.over, over, "over"),
            sixteen=shrink(player.sixteens, sixteen, "sixteen"),
            bust=shrink(player.busts, bust, "bust"),
            wins=shrink(player.wins, wins, "wins"),
            nearest=shrink(player.nearest, 0.0, "nearest"),
            hand=theirs,
            hands=n,
        )
        if belief is None:
            self._figures[key] = found
        return found


def people_prior() -> tuple[float, ...]:
    """The habit weights of a player known not to play as Experts do: standing from any total of
    :data:`PEOPLE_STANDS` alike, the erratic habit and a floor keeping every habit possible."""
    weights = [(1.0 if t in PEOPLE_STANDS else 0.0) + FLOOR_PRIOR for t in THRESHOLDS]
    weights.append(ERRATIC_PRIOR * len(PEOPLE_STANDS))
    total = sum(weights)
    return tuple(round(w / total, 3) for w in weights)


def _pruned(weights: list[float] | tuple[float, ...]) -> tuple[float, ...]:
    """Habit weights normalised, with what cannot matter dropped and the rest rounded, so that
    like players share the cached tables."""
    total = sum(weights)
    kept = [w / total if w / total >= NEGLIGIBLE else 0.0 for w in weights]
    total = sum(kept)
    return tuple(round(w / total, 2) for w in kept)


@dataclass(frozen=True, slots=True)
class SeatFigures:
    """One player's rates per hand, as far as this seat can tell."""

    over: float
    """Points over 16 per hand (paid to the farmer)."""
    sixteen: float
    """Share of hands on exactly 16."""
    bust: float
    """Share of hands over 16."""
    wins: float
    """Share of hands that win the farm."""
    nearest: float
    """Chips won (less paid) as or to the nearest hand, per hand, as counted (weighed down
    towards 0 by :data:`PRIOR_HANDS` until there are enough hands)."""
    hand: Outcome | None = None
    """How their hand ends, as their habits predict (None: not known, say a table's measured rates)."""
    hands: int = 0
    """Hands seen, that their own counts were weighed with."""
