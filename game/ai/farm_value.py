"""A price for the farm, and for the farmer's seat, from how this table really plays.

A farmer takes a chip per point from every player who goes over 16, deal after deal, until
someone wins the farm; meanwhile he plays no hand, so he pays nothing over 16, wins and
pays nothing as the nearest, and cannot win the farm himself. For one seat ``i`` of this
table (every player with their own rates, :class:`~game.ai.memory.SeatFigures`):

- as farmer it collects ``B`` per deal (the others' points over 16) for ``D`` deals (one
  over the chance that a deal ends the farm, with the others playing);
- had another seat ``j`` bought instead, it would have paid its own points over 16 and
  earned its nearest chips for that farm's ``D_j`` deals (``A``; served where ``j``'s farm
  serves it: two hands alike go to the one served first), and won the farm (and,
  where the winner deals next, the farmer's seat, worth ``E``) with its share ``Q`` of the
  farm's wins.

Buying at ``b`` (which goes into the farm) rather than letting a rival buy at ``b`` is worth
``D·B − b − A − Q·(F + b + E)``, so the **break-even bid** is ``(D·B − A − Q·(F + E)) / (1 + Q)``:
a rival who bids us up to it and stops leaves us no worse off than if he had bought. The
**farmer's seat** (where the winner deals next) is worth the same with the new farm's antes
and no bid: ``E = (D·B − A − Q·F′) / (1 + Q)``, ``A`` and ``Q`` averaged over the rivals who
might have held it. ``A`` and ``Q`` are averaged over the seats that might have bought.

**The end of the game.** When the number of deals is agreed, a farm lives at most the ``L``
deals left, and one that nobody has won by then stays with its farmer (bid and all). With
``w`` the chance that a deal ends the farm, it is collected on for ``D = (1 − (1 − w)^L) / w``
deals, it comes back whole with chance ``u = (1 − w)^L``, and a rival's farm is won within the
game with chance ``1 − u``: the break-even bid becomes
``(D·B + u·F − A − Q·(F + E)) / (1 − u + Q)`` (the same as above when ``L`` is unbounded), and
in the last deals it is worth bidding high, since the bid mostly comes back.

The rates start from those measured at tables of Experts (:mod:`game.ai.rates`) and move to
each player's own as the showdowns show them (:mod:`game.ai.memory`).
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass
from functools import lru_cache

from game.ai.memory import PRIOR_HANDS, SeatFigures, TableMemory
from game.ai.model import Outcome
from game.ai.rates import table_rates
from game.rules.phase import Phase
from game.rules.ruleset import Ranking, RuleSet, Succession
from game.rules.view import View


@dataclass(frozen=True, slots=True)
class FarmPrice:
    """What the farm on the table is worth to the seat that would hold it."""

    per_deal: float
    """Chips a farmer expects to collect from players going over 16 in one deal."""
    deals: float
    """Deals the farm is expected to last (until someone wins it)."""
    holds: int
    """Chips in the farm now (the farmer keeps them only while nobody wins it)."""
    fair_bid: float
    """The highest bid that still pays: above it, letting another seat buy is better."""
    deals_left: int | None = None
    """The deals the game has left, this one included (None: no end agreed)."""
    kept: float = 0.0
    """The chance that nobody wins the farm before the game ends (it stays with its farmer, bid and all)."""

    @property
    def collections(self) -> float:
        """Chips the farmer expects to collect over the farm's life."""
        return self.per_deal * self.deals

    @property
    def worth(self) -> float:
        """Collections over the farm's life plus what it holds: the farm's worth to its farmer."""
        return self.collections + self.holds


class Economy:
    """The money of one table seen from one seat: who pays what, and what the farm is worth."""

    def __init__(
        self,
        rules: RuleSet,
        seats: Sequence[int],
        figures: dict[int, SeatFigures],
        deals_left: int | None = None,
    ) -> None:
        """``seats``: those with chips (the next deal's farmer among them); ``figures`` per seat;
        ``deals_left``: the deals the game has from the one about to be played, that one
        included (None: no end agreed)."""
        self.rules = rules
        self.seats = tuple(seats)
        self.figures = figures
        self.deals_left = deals_left
        m = max(1, len(self.seats) - 1)
        shipped = table_rates(rules, m)
        keep = shipped.bust if rules.nearest_takes_farm else 1.0 - shipped.sixteen
        model = 1.0 - keep**m
        # Hands in one deal are not independent (one deck): scale the product rule to the
        # chance measured at tables of this size.
        self._calibration = shipped.won / model if model > 1e-6 else 1.0
        self._terms: dict[tuple[int, int | None, int | None], tuple[float, float, float, float, float]] = {}
        self._worth: dict[tuple[int, int | None], float] = {}
        self._nearest: dict[tuple[int, tuple[int, ...]], float] = {}

    @classmethod
    def of(cls, view: View, memory: TableMemory | None = None) -> Economy:
        """The economy of ``view``'s table: from ``memory`` (what the seat has seen), or the shipped rates.

        The deals left count the deal being sold or played (between deals: from the next one).
        """
        seats = [s for s, c in enumerate(view.chips) if c > 0 or s in view.order or s == view.farmer]
        if view.seat is not None and view.seat not in seats:
            seats.append(view.seat)
        m = max(1, len(seats) - 1)
        if memory is None:
            shipped = table_rates(view.rules, m)
            same = SeatFigures(over=shipped.over, sixteen=shipped.sixteen, bust=shipped.bust,
                               wins=shipped.wins, nearest=0.0)
            figures = dict.fromkeys(seats, same)
        else:
            figures = {s: memory.figures(s, m) for s in seats}
        after = view.deals_after
        left = None if after is None else after + (1 if view.phase in (Phase.AUCTION, Phase.PLAY) else 0)
        return cls(view.rules, seats, figures, left)

    def won(self, players: Sequence[int]) -> float:
        """The chance that a deal with ``players`` playing hands ends the farm."""
        if self.rules.nearest_takes_farm:
            keep = 1.0
            for s in players:
                keep *= self.figures[s].bust
        else:
            keep = 1.0
            for s in players:
                keep *= 1.0 - self.figures[s].sixteen
        return min(1.0, max(1e-3, (1.0 - keep) * self._calibration))

    def terms(
        self, me: int, left: int | None = None, rival: int | None = None
    ) -> tuple[float, float, float, float, float]:
        """``(D, B, A, Q, u)`` for ``me`` as the farmer of a farm with ``left`` deals of the game
        to live (None: no end); see the module notes. ``A`` and ``Q`` are for ``rival`` holding
        the farm instead (None: any other seat, each alike)."""
        key = (me, left, rival)
        found = self._terms.get(key)
        if found is None:
            found = self._terms[key] = self._work_out(me, left, rival)
        return found

    def _work_out(
        self, me: int, left: int | None, rival: int | None
    ) -> tuple[float, float, float, float, float]:
        others = [s for s in self.seats if s != me]
        if not others:
            return 1.0, 0.0, 0.0, 0.0, 0.0
        deals, back = lasting(self.won(others), left)
        collect = sum(self.figures[s].over for s in others)
        mine = self.figures[me]
        a = q = 0.0
        buyers = [rival] if rival in others else others
        for j in buyers:
            players = self.rules.served_after(j, self.seats)
            theirs, unwon = lasting(self.won(players), left)
            a += (self.nearest(me, players) - mine.over) * theirs
            wins = sum(self.figures[s].wins for s in players)
            q += (mine.wins / wins if wins > 0 else 1.0 / len(players)) * (1.0 - unwon)
        return deals, collect, a / len(buyers), q / len(buyers), back

    def nearest(self, me: int, players: Sequence[int]) -> float:
        """``me``'s chips won (less paid) as or to the nearest hand in a deal that ``players`` play,
        served in that order.

        Where the nearest takes a chip from every other player, it is what everyone's habits
        predict for this very set of players (beside a player who goes over in most hands, one
        who stands lower is the nearest most often), in this order (two hands alike on one total
        go to the one served first: a seat served last loses most such ties), weighed with
        ``me``'s own count as :attr:`~game.ai.memory.SeatFigures.nearest` weighs it; without
        habits, the count alone.
        """
        mine = self.figures[me]
        if self.rules.nearest_takes_farm or mine.hand is None:
            return mine.nearest
        mine_at = list(players).index(me) if me in players else len(players)
        others: list[tuple[Outcome, bool]] = []
        for at, s in enumerate(players):
            hand = self.figures[s].hand
            if s == me:
                continue
            if hand is None:
                return mine.nearest
            others.append((hand, at < mine_at))
        key = (me, tuple(players))
        found = self._nearest.get(key)
        if found is None:
            predicted = _nearest_chips(self.rules.ranking, mine.hand, others)
            weight = PRIOR_HANDS["nearest"]
            found = self._nearest[key] = mine.nearest + predicted * weight / (weight + mine.hands)
        return found

    def seat_worth(self, me: int, left: int | None = None) -> float:
        """What becoming the farmer of a new farm with ``left`` deals of the game to live is worth
        to ``me``, beyond the farm won (0 unless the winner deals; None: no end).

        The new farm holds an ante from every seat with chips, and stays with its farmer if
        nobody wins it before the game ends.
        """
        if self.rules.succession is not Succession.WINNER or left == 0:
            return 0.0
        key = (me, left)
        found = self._worth.get(key)
        if found is None:
            deals, collect, a, q, back = self.terms(me, left)
            antes = len(self.seats)
            found = self._worth[key] = (deals * collect + back * antes - a - q * antes) / (1.0 - back + q)
        return found

    def price(self, me: int, farm: int, rival: int | None = None) -> FarmPrice:
        """The farm of ``farm`` chips on sale, priced for ``me`` (the farmer's seat included),
        for the deals the game has left, against ``rival`` buying it instead: the seat holding
        the high bid, which buys it if ``me`` does not outbid him (None: any other seat alike)."""
        left = self.deals_left
        deals, collect, a, q, back = self.terms(me, left, rival)
        # Winning the farm in the game's last deal leaves no deal to be the farmer of.
        edge = self.seat_worth(me, None if left is None else left - 1)
        fair = (deals * collect + back * farm - a - q * (farm + edge)) / (1.0 - back + q)
        return FarmPrice(
            per_deal=collect, deals=deals, holds=farm, fair_bid=max(0.0, fair), deals_left=left, kept=back
        )

    def share(self, me: int, players: Sequence[int]) -> float:
        """``me``'s share of the wins of a farm that ``players`` play for."""
        wins = sum(self.figures[s].wins for s in players)
        return self.figures[me].wins / wins if wins > 0 else 1.0 / max(1, len(players))


def lasting(won: float, left: int | None) -> tuple[float, float]:
    """For a farm that each deal ends with chance ``won``, with ``left`` deals of the game to
    live (None: no end): the deals it is expected to last, and the chance nobody wins it."""
    if left is None:
        return 1.0 / won, 0.0
    keep = (1.0 - won) ** left
    return (1.0 - keep) / won, keep


def seat_of(view: View) -> int:
    """The seat ``view`` belongs to; ``ValueError`` for a spectator's, which no seat plays."""
    seat = view.seat
    if seat is None:
        raise ValueError("a spectator's view has no seat to play or price for")
    return seat


@lru_cache(maxsize=1024)
def _alike_shares(ranking: Ranking, hand: Outcome) -> tuple[float, ...]:
    """Per total below 16: the chance that two hands ending as ``hand`` does on that total, drawn
    apart, are alike to every rule that ranks them but the seat served first (the same count of
    cards, neither holding the 6♥, which only one hand can hold). The French ranking reads nines
    and suits past that, which are not known here: there no tie is taken to go by the seat."""
    shares = [0.0] * 16
    if ranking is Ranking.FERME:
        return tuple(shares)
    for t in range(16):
        chance = hand.stand[t]
        if chance <= 0.0:
            continue
        by_cards: dict[int, float] = {}
        for cards, six, p in hand.ties[t]:
            if not six:
                by_cards[cards] = by_cards.get(cards, 0.0) + p
        shares[t] = sum(p * p for p in by_cards.values()) / (chance * chance)
    return tuple(shares)


def _nearest_chips(ranking: Ranking, mine: Outcome, others: Sequence[tuple[Outcome, bool]]) -> float:
    """Chips a hand that ends as ``mine`` expects as or to the nearest among ``others`` (each a
    hand and whether it is served before ``mine``; hands taken as independent): when nobody
    makes 16, the nearest hand under 16 takes a chip from each other player. Two hands on one
    total: the one served first wins where nothing else tells them apart (as often as two hands
    like ``mine`` are alike there); otherwise each wins half the time."""
    nobody16 = 1.0 - mine.sixteen
    all_bust = mine.bust
    for other, _before in others:
        nobody16 *= 1.0 - other.sixteen
        all_bust *= other.bust
    alike = _alike_shares(ranking, mine)
    nearest = 0.0  # the chance that this hand is the nearest
    below = [other.bust for other, _before in others]  # each other's chance to end over 16 or below t
    for t in range(16):
        chance = mine.stand[t]
        if chance > 0.0:
            beaten = 1.0
            for i, (other, before) in enumerate(others):
                # Not ranked above us: below us, or on our total and losing the tie.
                won = 0.5 - alike[t] / 2 if before else 0.5 + alike[t] / 2
                beaten *= below[i] + won * other.stand[t]
            nearest += chance * beaten
        for i, (other, _before) in enumerate(others):
            below[i] += other.stand[t]
    # Won from every other player as the nearest; a chip paid when another hand is the nearest.
    return len(others) * nearest - (nobody16 - all_bust - nearest)


def farm_value(view: View, memory: TableMemory | None = None) -> FarmPrice:
    """The farm on the table, priced for the seat of ``view`` (for bids and screen hints).

    ``memory`` is what the seat has seen of the table; without it the price assumes players
    who play as the measured tables of Experts do (:mod:`game.ai.rates`).
    """
    return Economy.of(view, memory).price(seat_of(view), view.farm)
