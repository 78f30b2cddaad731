"""The expert: plays the action with the highest expected chips.

In the deal it weighs standing against drawing by dynamic programming over its own future
cards, drawn from the unseen deck card by card (so a ten drawn is a ten fewer). What the
others do is read from what the table shows: how many cards each earlier player took says
what they probably hold (a player who took five cards rarely holds many tens, and the deck
is the richer in tens for it), and the players still to come will play as the model of
:mod:`game.ai.model` plays. Every outcome is priced as the rules pay it: the farm (and,
where the winner deals next, the farmer's seat) to the best 16, a chip per point over 16
to the farmer, the nearest hand's chips or the corbeille; a farm that nobody wins stays on
the table, and this seat keeps about one hand's share of it.

In the auction it bids up to the break-even price of :mod:`game.ai.farm_value`, shaded by the
size of the table (:func:`bid_margin`).
"""

from __future__ import annotations

import random
from dataclasses import dataclass

from game.actions import DRAW, PASS, STAND, Action, bid
from game.ai.farm_value import TableRates, TableWatch, farm_value, farmer_edge, players_in_deal
from game.ai.model import SIX, VALUES, Outcome, outcome, value_counts, warm_up
from game.ai.personality import Personality
from game.cards import SIX_OF_HEARTS
from game.phase import Phase
from game.rules import Ranking
from game.view import View

_NVALUES = len(VALUES)
def bid_margin(players: int) -> float:
    """The share of the farm's break-even price the expert bids up to, with ``players`` playing hands.

    At five players it bids the whole break-even price. At a larger table it bids less:
    there the farm is won sooner and rival bidders who price it the same way would drive
    each other to a price that leaves the farmer nothing, while the price itself goes into
    a farm that some other player is likely to win. At a small table the farm lasts longer
    than the early deals show, and it bids a little more. (Measured with tools/tournament.py
    at 3 to 10 players over several seeds.)
    """
    return min(1.15, max(0.75, 1.0 - 0.05 * (players - 5)))


@dataclass(frozen=True, slots=True)
class Rival:
    """A group of other players who look alike from here: same outcome, same side of us."""

    hand: Outcome
    """How each of their hands is expected to end."""
    before: bool
    """Whether they are served before us (they win exact ties that nothing else breaks)."""
    count: int
    """How many players the group holds."""


@dataclass(frozen=True, slots=True)
class Evaluation:
    """The expected chips of standing now and of drawing (then playing on at best)."""

    stand: float
    draw: float

    @property
    def best(self) -> Action:
        """Draw when it is worth more than standing."""
        return DRAW if self.draw > self.stand else STAND


def _tie_beaten(ranking: Ranking, rival: Rival, total: int, cards: int, six: bool) -> float:
    """The chance that a rival hand standing on ``total`` ranks above ours (same total)."""
    beaten = 0.0
    for their_cards, their_six, p in rival.hand.ties[total]:
        if six:
            # We hold the only 6♥: the rival cannot.
            their_six = False
        if ranking is Ranking.FOSTER:
            ours: tuple[int, ...] = (0 if six else 1, cards)
            theirs: tuple[int, ...] = (0 if their_six else 1, their_cards)
        elif ranking is Ranking.LACOMBE:
            ours = (cards, 0 if six else 1)
            theirs = (their_cards, 0 if their_six else 1)
        else:
            # French ranking: the 6♥, then two cards; nines and suits we cannot see: even odds.
            ours = (0 if six else 1, 0 if cards == 2 else 1)
            theirs = (0 if their_six else 1, 0 if their_cards == 2 else 1)
            if theirs == ours:
                beaten += p * 0.5
                continue
        if theirs < ours or (theirs == ours and rival.before):
            beaten += p
    return beaten


class Table:
    """What one decision knows: the rivals, the prizes, and the deck we draw from."""

    def __init__(self, view: View, personality: Personality, rates: TableRates | None = None) -> None:
        """Read the table from ``view`` (the seat must be in the deal); ``rates`` as seen so far."""
        rules = view.rules
        self.ranking = rules.ranking
        self.ferme = rules.nearest_takes_farm
        order = view.order
        me = view.seat
        mine = order.index(me)
        counts = view.card_counts
        compulsory = rules.compulsory_draw
        self.players = len(order)
        groups: dict[tuple[int | None, bool], int] = {}
        for served, seat in enumerate(order):
            if seat == me:
                continue
            known = counts[seat] if view.finished(seat) else None
            key = (known, served < mine)
            groups[key] = groups.get(key, 0) + 1
        self.rivals = [Rival(outcome(compulsory, k), before, n) for (k, before), n in groups.items()]
        # The deck we draw from: the unseen cards less what the earlier players probably
        # hold, scaled to the deck's real size (the later players' first cards are a fair
        # sample of the rest, so they change its size, not its make-up).
        unseen = value_counts(view.unseen)
        weights = [float(x) for x in unseen]
        for rival in self.rivals:
            if rival.before:
                for i in range(_NVALUES):
                    weights[i] -= rival.count * rival.hand.counts[i]
        weights = [max(0.0, w) for w in weights]
        left = sum(weights)
        scale = view.deck_size / left if left > 0 else 0.0
        self.weights = [w * scale for w in weights]
        edge = farmer_edge(rules, self.players, rates)
        self.prize = (view.farm + edge) * personality.prize_weight
        # A farm that nobody wins stays on the table for a later deal, where this seat's
        # share of it is about one hand's: what a 16 wins is the farm less that share.
        self.carry = view.farm * personality.prize_weight / max(1, self.players)
        self.bust_weight = personality.bust_weight
        self._stand: dict[tuple[int, int, bool], float] = {}
        self._bust: dict[int, float] = {}
        self._nobody16 = 1.0
        self._all_bust = 1.0
        for rival in self.rivals:
            self._nobody16 *= (1.0 - rival.hand.sixteen) ** rival.count
            self._all_bust *= rival.hand.bust**rival.count

    def bust_value(self, total: int) -> float:
        """Expected chips of ending over 16 on ``total``."""
        found = self._bust.get(total)
        if found is not None:
            return found
        value = -(total - 16) * self.bust_weight
        if not self.ferme:
            # We pay the nearest a chip when nobody made 16 and someone stayed under.
            value -= self._nobody16 - self._all_bust
            value += self._nobody16 * self.carry
        else:
            value += self._all_bust * self.carry
        self._bust[total] = value
        return value

    def stand_value(self, total: int, cards: int, six: bool) -> float:
        """Expected chips of standing on ``total`` with ``cards`` cards (``six``: holding the 6♥)."""
        key = (total, cards, six)
        found = self._stand.get(key)
        if found is not None:
            return found
        best = 1.0  # the chance that no rival ranks above us
        for rival in self.rivals:
            beaten = rival.hand.above[total] + _tie_beaten(self.ranking, rival, total, cards, six)
            best *= (1.0 - beaten) ** rival.count
        if total == 16 or self.ferme:
            value = best * self.prize
        else:
            # Nearest: a chip from every other player; otherwise we pay the nearest one,
            # unless someone made 16.
            value = (self.players - 1) * best - (self._nobody16 - best) + self._nobody16 * self.carry
        self._stand[key] = value
        return value

    def evaluate(self, total: int, cards: int, six: bool, can_stand: bool) -> Evaluation:
        """Standing now against drawing now and then playing on at best."""
        weights = self.weights
        memo: dict[tuple[int, ...], float] = {}
        stand_value = self.stand_value
        bust_value = self.bust_value

        def draw_value(drawn: list[int], t: int, c: int, h: bool) -> float:
            left = [max(0.0, weights[i] - drawn[i]) for i in range(_NVALUES)]
            mass = sum(left)
            if mass <= 1e-9:
                return float("-inf")
            acc = 0.0
            for i in range(_NVALUES):
                w = left[i]
                if w <= 0:
                    continue
                t2 = t + VALUES[i]
                if t2 > 16:
                    acc += w * bust_value(t2)
                    continue
                drawn[i] += 1
                acc += w * value(drawn, t2, c + 1, h or i == SIX)
                drawn[i] -= 1
            return acc / mass

        def value(drawn: list[int], t: int, c: int, h: bool) -> float:
            key = tuple(drawn)
            found = memo.get(key)
            if found is not None:
                return found
            # From 6 or less a card cannot take us over: standing there is never better.
            stand = stand_value(t, c, h) if t > 6 else float("-inf")
            result = max(stand, draw_value(drawn, t, c, h)) if t < 16 else stand
            memo[key] = result
            return result

        drawn = [0] * _NVALUES
        stand = stand_value(total, cards, six) if can_stand else float("-inf")
        draw = draw_value(drawn, total, cards, six) if total < 16 or not can_stand else float("-inf")
        return Evaluation(stand=stand, draw=draw)


def evaluate(view: View, personality: Personality, rates: TableRates | None = None) -> Evaluation:
    """The expected chips of standing and of drawing for the seat of ``view``, to act in the deal."""
    table = Table(view, personality, rates)
    hand = view.hand
    can_stand = not view.must_draw
    return table.evaluate(view.total, len(hand), SIX_OF_HEARTS in hand, can_stand)


class ExpertAgent:
    """Plays for the highest expected chips; see the module notes."""

    level = "expert"

    def __init__(self, personality: Personality, seed: int | None = None) -> None:
        """An expert with ``personality`` and its own random generator seeded with ``seed``."""
        self.personality = personality
        self.rng = random.Random(seed)
        self._watch: TableWatch | None = None
        warm_up()

    def choose(self, view: View) -> Action:
        """The action with the highest expected chips."""
        if self._watch is None or self._watch.rules != view.rules:
            self._watch = TableWatch(view.rules, players_in_deal(view))
        self._watch.look(view)
        if view.phase is Phase.AUCTION:
            return self._auction(view, self._watch)
        legal = view.legal_actions()
        if DRAW not in legal:
            return STAND
        if STAND not in legal or view.total + max(VALUES) <= 16:
            # No card can take us over from here, and every card brings us nearer 16.
            return DRAW
        found = evaluate(view, self.personality, self._watch.rates())
        if abs(found.draw - found.stand) < 1e-9:
            # Truly even: either is as good, so do not be predictable.
            return DRAW if self.rng.random() < 0.5 else STAND
        return found.best

    def _auction(self, view: View, watch: TableWatch) -> Action:
        price = farm_value(view, watch.rates())
        margin = bid_margin(players_in_deal(view))
        limit = min(view.max_bid, int(price.fair_bid * margin * self.personality.bid_share))
        wanted = view.high_bid + 1
        # Raising by one chip never pays more than the last rival's limit plus one.
        if wanted <= limit:
            watch.bought(view, wanted)
            return bid(wanted)
        watch.passed(view)
        return PASS

    def __repr__(self) -> str:
        return f"ExpertAgent({self.personality.key})"

