"""The expert: plays the action with the highest expected chips, at this table.

In the deal it weighs standing against drawing by dynamic programming over its own future
cards, drawn from the unseen deck card by card (so a ten drawn is a ten fewer). What the
others do is read from what the table shows: how many cards each earlier player took says
what they probably hold (a player who took five cards rarely holds many tens, and the deck
is the richer in tens for it), and each player, earlier or later, plays as this seat has
seen them play: a belief over the total they stand from, learnt from every showdown
(:mod:`game.ai.memory`), starting from how Experts play. Every outcome is priced as the
rules pay it: the farm (and, where the winner deals next, the farmer's seat) to the best
16, a chip per point over 16 to the farmer, the nearest hand's chips or the corbeille; a
farm that nobody wins stays on the table, and this seat keeps its share of it.

In the auction it bids up to the farm's break-even price for this seat at this table
(:mod:`game.ai.farm_value`), with no margin: a rival who bids it up to that price and
stops leaves it no worse off than if he had bought the farm himself. Past it, it raises a
rival whose limit it has read to the edge of that limit (:meth:`ExpertAgent.push`), and buys
from an overbidder it has not seen play where learning how he plays is worth the chips
(:meth:`ExpertAgent.explore`). In a game's first auction at a table nobody has seen play it bids
the farm's public price, and from near it straight to it (:meth:`ExpertAgent.opening`). Once
every overbidder in an auction has dropped out, it does not bid up a rival who prices farms as it
does (:meth:`ExpertAgent.settled`).
"""

from __future__ import annotations

import random
from collections.abc import Iterable
from dataclasses import dataclass

from game.ai.bidders import Reach
from game.ai.farm_value import Economy, FarmPrice, farm_value, lasting, seat_of
from game.ai.memory import TableMemory
from game.ai.model import SIX, VALUES, Outcome, mixed_outcome, value_counts, warm_up
from game.ai.personality import Personality
from game.rules.actions import DRAW, PASS, STAND, Action, bid
from game.rules.cards import SIX_OF_HEARTS
from game.rules.events import Event
from game.rules.phase import Phase
from game.rules.ruleset import Ranking
from game.rules.view import View

_NVALUES = len(VALUES)
#: The most seats (with chips) at which the Expert probes an overbidder's limit.
PROBE_SEATS = 4
#: How far a probe reaches past the least an overbidder is known to pay, in multiples of how far
#: that is above this seat's own limit. Raising one chip at a time, the Expert buys a probed farm
#: only at his limit and a chip, whatever the reach, so a long reach costs no more when it
#: finds the limit and finds it in fewer auctions; until it does, he buys below his limit, and
#: at a fresh table those first auctions are a good share of a game's.
PROBE_REACH = 3
#: The most farms still to be sold in a game that seeing an overbidder play is counted to pay on.
#: A player who outbids the table for every farm plays no hand while he holds it, so this seat
#: learns how he plays only from a farm it buys from him; what it learns then prices every later
#: farm, but he may change his ways, and it may learn it anyway when another seat buys.
EXPLORE_FARMS = 8.0
#: The least share of a value's unseen cards the deck is taken to hold, however many of them the
#: earlier players' habits say they hold: the habits count cards from a full deck, so beside a
#: deck short of a value they may say more than are left, and a card that is unseen may be next.
DECK_FLOOR = 0.05
#: In a game's first auction at a table nobody has seen play, how near its ceiling the Expert
#: raises straight to it rather than a chip at a time (see :meth:`ExpertAgent.opening`).
OPENING_JUMP = 3


@dataclass(frozen=True, slots=True)
class Rival:
    """Another player of the deal, as this seat expects their hand to end."""

    hand: Outcome
    """How their hand is expected to end."""
    before: bool
    """Whether they are served before us (they win exact ties that nothing else breaks)."""
    count: int = 1
    """How many players this stands for."""
    key: tuple[object, ...] = ()
    """What the hand's outcome was made from (for caches; empty: not cached)."""


@dataclass(frozen=True, slots=True)
class Evaluation:
    """The expected chips of standing now and of drawing (then playing on at best)."""

    stand: float
    draw: float

    @property
    def best(self) -> Action:
        """Draw when it is worth more than standing."""
        return DRAW if self.draw > self.stand else STAND


#: Tie chances already worked out, by what the rival's outcome was made from (a pure function).
_TIES: dict[tuple[object, ...], float] = {}


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


class TableModel:
    """The Expert's model of the table at one decision: the rivals, the prizes, and the deck it draws from."""

    def __init__(
        self, view: View, personality: Personality, memory: TableMemory | None = None,
        economy: Economy | None = None,
    ) -> None:
        """Read the table from ``view`` (the seat must be in the deal), with what ``memory`` learnt."""
        rules = view.rules
        self.ranking = rules.ranking
        self.ferme = rules.nearest_takes_farm
        order = view.order
        me = seat_of(view)
        mine = order.index(me)
        counts = view.card_counts
        compulsory = rules.compulsory_draw
        self.players = len(order)
        if memory is None:
            memory = TableMemory(rules)
        if economy is None:
            economy = Economy.of(view, memory)
        self.rivals = []
        for served, seat in enumerate(order):
            if seat == me:
                continue
            known = counts[seat] if view.finished(seat) else None
            weights = memory.belief(seat, self.players)
            before = served < mine
            self.rivals.append(Rival(
                mixed_outcome(compulsory, weights, known), before, 1, (compulsory, weights, known, before),
            ))
        # The deck we draw from: the unseen cards less what the earlier players probably
        # hold, scaled to the deck's real size (the later players' first cards are a fair
        # sample of the rest, so they change its size, not its make-up).
        unseen = value_counts(view.unseen)
        weights_left = [float(x) for x in unseen]
        for rival in self.rivals:
            if rival.before:
                for i in range(_NVALUES):
                    weights_left[i] -= rival.count * rival.hand.counts[i]
        weights_left = [max(DECK_FLOOR * u, w) for u, w in zip(unseen, weights_left, strict=True)]
        left = sum(weights_left)
        scale = view.deck_size / left if left > 0 else 0.0
        self.weights = [w * scale for w in weights_left]
        # Winning the farm (where the winner deals next) also makes us the farmer of the
        # deals the game has after this one.
        after = view.deals_after
        edge = economy.seat_worth(me, after)
        self.prize = (view.farm + edge) * personality.prize_weight
        # A farm that nobody wins stays on the table for a later deal, where this seat's
        # share of it is its share of the farm's wins; one nobody wins by the game's end
        # stays with its farmer.
        _deals, unwon = lasting(economy.won(order), after)
        self.carry = self.prize * economy.share(me, order) * (1.0 - unwon)
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
        ranking = self.ranking
        for rival in self.rivals:
            if rival.key:
                tie_key = (ranking, rival.key, total, cards, six)
                tie = _TIES.get(tie_key)
                if tie is None:
                    if len(_TIES) > 200_000:
                        _TIES.clear()
                    tie = _TIES[tie_key] = _tie_beaten(ranking, rival, total, cards, six)
            else:
                tie = _tie_beaten(ranking, rival, total, cards, six)
            best *= (1.0 - rival.hand.above[total] - tie) ** rival.count
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


def evaluate(view: View, personality: Personality, memory: TableMemory | None = None) -> Evaluation:
    """The expected chips of standing and of drawing for the seat of ``view``, to act in the deal."""
    table = TableModel(view, personality, memory)
    hand = view.hand
    can_stand = not view.must_draw
    return table.evaluate(view.total, len(hand), SIX_OF_HEARTS in hand, can_stand)


class ExpertAgent:
    """Plays for the highest expected chips; see the module notes.

    Feed it what its seat sees with :meth:`observe` (``game.rules.observe.observe(events, seat)``)
    and it learns the table from every showdown; it keeps what it learnt from game to game
    for as long as it sits at the same table (players are known by name).
    """

    level = "expert"

    def __init__(self, personality: Personality, seed: int | None = None) -> None:
        """An expert with ``personality`` and its own random generator seeded with ``seed``."""
        self.personality = personality
        self.rng = random.Random(seed)
        self.memory: TableMemory | None = None
        self._early: list[Event] = []
        self._economy: tuple[object, Economy] | None = None
        self._public: tuple[object, float] | None = None
        warm_up()

    def _memory(self, view: View) -> TableMemory:
        memory = self.memory
        if memory is None or memory.rules != view.rules:
            memory = self.memory = TableMemory(view.rules)
        memory.bind(view.names)
        return memory

    def observe(self, events: Iterable[Event]) -> None:
        """Learn from events as this seat saw them (``game.rules.observe.observe(events, seat)``)."""
        if self.memory is None:
            # The rule set is known from the first view; keep the events until then.
            self._early.extend(events)
            return
        self.memory.observe(events)

    def choose(self, view: View) -> Action:
        """The action with the highest expected chips."""
        memory = self._memory(view)
        if self._early:
            memory.observe(self._early)
            self._early = []
        if view.phase is Phase.AUCTION:
            price = self.public_price(view)
            if view.deal_no == 1 and memory.seen_nothing():
                # A game's first auction at a table nobody has seen play: every Expert prices the
                # farm as this seat would in his place, and bids at least its public price (see
                # opening), so a bid above both is no Expert's until someone is marked (then an
                # Expert may bid above it to learn how he plays, and is marked as well: his hands
                # soon tell, and beside him the marked player is not explored).
                economy = self.economy(view, memory)
                floor = float(int(price))

                def worth(seat: int, holder: int | None) -> float:
                    return max(floor, economy.price(seat, view.farm, holder).fair_bid)

                memory.mark_above(view.calls, view.seat, worth)
            ceiling = self.ceiling(view, memory)
            memory.note_auction(view.deal_no, price, ceiling)
            return self.bid(view, memory, ceiling)
        legal = view.legal_actions()
        if DRAW not in legal:
            return STAND
        if STAND not in legal or view.total + max(VALUES) <= 16:
            # No card can take us over from here, and every card brings us nearer 16.
            return DRAW
        table = TableModel(view, self.personality, memory, self.economy(view, memory))
        hand = view.hand
        found = table.evaluate(view.total, len(hand), SIX_OF_HEARTS in hand, not view.must_draw)
        if abs(found.draw - found.stand) < 1e-9:
            # Truly even: either is as good, so do not be predictable.
            return DRAW if self.rng.random() < 0.5 else STAND
        return found.best

    def table(self, view: View) -> TableModel:
        """What this seat knows at a decision in the deal: its rivals, the prizes, the deck it draws from."""
        memory = self._memory(view)
        return TableModel(view, self.personality, memory, self.economy(view, memory))

    def economy(self, view: View, memory: TableMemory) -> Economy:
        """The table's money as this seat sees it (worked out again only when something changed)."""
        seats = tuple(c > 0 for c in view.chips)
        key = (
            memory.version, id(memory), view.rules, seats, view.order, view.farmer, view.deal_no, view.phase,
        )
        cached = self._economy
        if cached is not None and cached[0] == key:
            return cached[1]
        found = Economy.of(view, memory)
        self._economy = (key, found)
        return found

    def price(self, view: View, memory: TableMemory | None = None) -> FarmPrice:
        """The farm on sale priced for this seat at this table, against the seat that holds the
        high bid buying it instead (before any bid, any other seat alike): beside a player who
        goes over in most hands, a rival's farm is worth more to this seat than a farm of his."""
        memory = memory if memory is not None else self._memory(view)
        me = seat_of(view)
        rival = view.high_bidder if view.phase is Phase.AUCTION and view.high_bid > 0 else None
        return self.economy(view, memory).price(me, view.farm, None if rival == me else rival)

    def limit(self, view: View, memory: TableMemory) -> int:
        """The most this seat bids: the break-even price (a cautious expert a little less)."""
        return min(view.max_bid, int(self.price(view, memory).fair_bid * self._share))

    @property
    def _share(self) -> float:
        """The share of the break-even price this seat bids up to (a cautious expert a little less)."""
        return min(1.0, self.personality.bid_share)

    def ceiling(self, view: View, memory: TableMemory) -> int:
        """The most this seat bids for its own sake: its :meth:`limit` (in a game's first auction
        at least the :meth:`opening` price), or what learning how an overbidder plays is worth when
        that is more (:meth:`explore`; not :meth:`push`, which raises a rival for his sake)."""
        own = self._own(view, memory)
        return max(own, self.explore(view, memory, own))

    def _own(self, view: View, memory: TableMemory) -> int:
        """The most this seat bids on its own price: its :meth:`limit`, or the :meth:`opening`
        price where that is more."""
        own = self.limit(view, memory)
        opening = self.opening(view, memory)
        return own if opening is None else max(own, opening)

    def opening(self, view: View, memory: TableMemory | None = None) -> int | None:
        """In a game's first auction at a table nobody has seen play, while no rival who bid in it is
        marked as bidding as no Expert does: the farm's public price in whole chips (a cautious
        expert's share of it; within the seat's chips), which this seat bids up to even where its
        own price is a little lower, and from :data:`OPENING_JUMP` chips under its ceiling straight
        to it. None in any other auction.

        There every seat prices the farm alike (its own price differs by a chip or less with where
        it sits), so nobody who plays by the odds bids past the public price, and the seat that
        bids it first holds the bid. A stranger who holds it buys the farm without bidding past
        anything, so nothing marks him; and as its farmer he plays no hand, so nothing shows how he
        plays for as long as he keeps it (beside two Experts, who seldom make 16, ten deals and more).
        Bidding the price at once makes a stranger who wants the farm bid past it, which marks him,
        and the Experts then price him as people play.
        """
        memory = memory if memory is not None else self._memory(view)
        if view.phase is not Phase.AUCTION or view.deal_no != 1 or not memory.seen_nothing():
            return None
        if any(a is not None and s != view.seat and memory.player(s).overbids for s, a in view.calls):
            return None
        return min(view.max_bid, int(self.public_price(view) * self._share))

    def public_price(self, view: View) -> float:
        """The farm on sale priced as the shipped rates of a table of Experts price it, the same
        for every seat (:func:`~game.ai.farm_value.farm_value`): what a bidder's limit is read against."""
        key = (view.rules, view.deal_no, view.farm, view.deals_after, tuple(c > 0 for c in view.chips))
        cached = self._public
        if cached is not None and cached[0] == key:
            return cached[1]
        found = farm_value(view).fair_bid
        self._public = (key, found)
        return found

    def push(self, view: View, memory: TableMemory, own: int) -> int:
        """The most worth bidding so that a rival still in the auction who pays more than ``own``
        pays up to the edge of his limit, as his auctions showed it (``own`` when there is none).

        His limit at this auction is read from the rule his auctions fit (:mod:`game.ai.bidders`:
        in chips, as a share of the farm's public price, early or late in a game). Where that
        rule tells it to a chip, he is raised to a chip under the most he pays, so that he buys
        at it; otherwise to a chip under the least he pays, which he surely bids. A rival the
        rule bounds only from below is probed further each auction (:data:`PROBE_REACH` times
        as far above that as it is above ``own``, no further than the rule allows): at worst this
        seat buys a farm at his limit, once, and learns it (and sees him play); it probes only at
        a table of at most :data:`PROBE_SEATS` seats, where its share of what he pays more is
        worth the risk, and not where another overbidder has bid him up past this seat's limit
        (:meth:`_pushed`). A rival whose auctions fit no rule is not pushed, nor one who sits some
        auctions out before he has bid in this one.
        """
        passed = {seat for seat, amount in view.calls if amount is None}
        best = own
        # What a pushed rival pays more goes into the farm, which every other player may win, but a
        # probe that finds his limit buys this seat a dear farm: it pays at a small table only.
        probe = sum(1 for c in view.chips if c > 0) <= PROBE_SEATS
        price: float | None = None
        for seat, chips in enumerate(view.chips):
            if seat == view.seat or seat in passed or chips <= 0:
                continue
            if price is None:
                price = self.public_price(view)
            reach = memory.bid_reach(seat, view.deal_no, price)
            bid_now = max((a for s, a in view.calls if s == seat and a is not None), default=0)
            if reach is None or (reach.once_in and not bid_now):
                continue
            if reach.high == 0 and bid_now > 0:
                # His auctions told that he does not bid, and he bids (a latecomer's first bid):
                # his limit moved. Once he bids past this seat's own limit he is probed as one who
                # paid a chip more, from the next auction on as his auctions then tell.
                reach = Reach(min(bid_now, own + 1), None)
            low = min(reach.low, chips)
            high = None if reach.high is None else min(reach.high, chips)
            if high is not None and high - low <= 1:
                target = high - 1
            elif low <= own:
                continue
            elif probe and not self._pushed(view, memory, seat, bid_now, own):
                reach_to = low + PROBE_REACH * (low - own)
                target = reach_to if high is None else min(high - 1, reach_to)
            else:
                target = low - 1
            best = max(best, target)
        return min(view.max_bid, best)

    @staticmethod
    def _pushed(view: View, memory: TableMemory, seat: int, bid_now: int, own: int) -> bool:
        """Whether another player who bids as no Expert does (:attr:`~game.ai.memory.Player.overbids`)
        bid in this auction past ``own`` and to within a chip of ``seat``'s bid ``bid_now``.

        Then what ``seat`` pays is set by that player, not by this seat, and so it will be while
        both sit at the table: a probe would buy this seat a farm at ``seat``'s limit to learn a
        limit it gains little by (two people who overbid alike bid each other up to it anyway).
        An Expert marked for raising an overbidder bids no further than its own price, about this
        seat's, so it does not stop the probe.
        """
        return any(
            other not in (seat, view.seat)
            and amount is not None
            and amount > own
            and amount >= bid_now - 1
            and memory.player(other).overbids
            for other, amount in view.calls
        )

    def explore(self, view: View, memory: TableMemory, own: int) -> int:
        """The most worth bidding so as to see an overbidder play whose habits are not known yet
        (``own`` when there is none).

        A rival marked as one who bids as no Expert does (:attr:`~game.ai.memory.Player.overbids`),
        still in the auction and bidding past ``own``, is priced by a belief over how he plays,
        and ``own`` is what the farm is worth on that belief. Bought from him at ``x``, it costs
        ``x`` less that worth, once; but then he plays and this seat learns his habit, and on each
        of the farms still to be sold (at most :data:`EXPLORE_FARMS`) it gains what the farm is
        worth beside a player of that habit over what he pays, where that is more: the farm is
        worth bidding up to the highest ``x`` at which the gain still covers the cost. Beside a
        player who goes over in most hands the farm is worth far more than an average stranger
        makes it, and he pays little more than the average; beside one whose price lies above what
        any habit makes the farm worth, nothing is gained and he is not raised. Nor is he beside
        another such player still in the auction (:meth:`_rivalled`): the two of them set the price
        between them, whatever either plays like.
        """
        passed = {seat for seat, amount in view.calls if amount is None}
        economy = self.economy(view, memory)
        me = seat_of(view)
        best = own
        bids = {seat: amount for seat, amount in view.calls if amount is not None}
        for seat, amount in bids.items():
            if amount < own or seat in passed or seat == me or seat not in economy.seats:
                continue
            if not memory.player(seat).overbids or self._rivalled(view, memory, seat, passed):
                continue
            worth = self._worth_by_habit(view, memory, economy, seat)
            if len(worth) < 2:
                continue
            now = economy.price(me, view.farm, seat)
            left = economy.deals_left
            farms = EXPLORE_FARMS if left is None else max(0.0, left - now.deals) / now.deals
            farms = min(EXPLORE_FARMS, farms)
            expected = now.fair_bid * self._share
            x = best + 1
            while x <= view.max_bid and farms * sum(w * max(0.0, v - x) for w, v in worth) >= x - expected:
                x += 1
            best = max(best, x - 1)
        return min(view.max_bid, best)

    def settled(self, view: View, memory: TableMemory | None = None) -> bool:
        """Whether the auction of ``view`` is left to players who price farms as this seat does: a
        rival marked as bidding as no Expert does (:attr:`~game.ai.memory.Player.overbids`) bid in
        it, every such rival has passed, and the high bid is another rival's, one not so marked.
        Then this seat passes.

        The overbidder's limit has set the price. The holder prices the farm as this seat does
        (from where he sits, within a chip or two), so raising him only takes the price towards
        both their break-even prices, where neither gains by buying, and every chip of it goes into
        a farm the overbidder wins as often as anyone (beside a player who draws to 16, two farms
        in three). Where the holder leaves this seat the farm at that price in turn, as another
        Expert does, each of the two holds the bid in half of such auctions and keeps more, on
        average, than by bidding each other up: what a bid past the holder's would win is a
        share of those chips, what the holder keeps is all of them.
        """
        memory = memory if memory is not None else self._memory(view)
        holder = view.high_bidder
        if view.phase is not Phase.AUCTION or holder is None or holder == view.seat:
            return False
        if memory.player(holder).overbids:
            return False
        passed = {seat for seat, amount in view.calls if amount is None}
        overbidders = {
            seat for seat, amount in view.calls
            if amount is not None and seat != view.seat and memory.player(seat).overbids
        }
        return bool(overbidders) and overbidders <= passed

    def bids_to_learn(self, view: View, amount: int) -> bool:
        """Whether this seat bids ``amount`` in the auction of ``view`` only to see an overbidder play
        (:meth:`explore`): past its own :meth:`limit`, the :meth:`opening` price and what :meth:`push`
        raises a rival to."""
        memory = self._memory(view)
        own = self._own(view, memory)
        return amount > own and amount > self.push(view, memory, own)

    def _worth_by_habit(
        self, view: View, memory: TableMemory, economy: Economy, seat: int
    ) -> list[tuple[float, float]]:
        """For each habit this seat gives the player at ``seat`` some weight: that weight, and the
        most this seat would bid for the farm on sale (against him buying it) if he played so."""
        players = max(1, len(economy.seats) - 1)
        belief = memory.belief(seat, players)
        me = seat_of(view)
        worth = []
        for k, weight in enumerate(belief):
            if weight <= 0:
                continue
            point = tuple(1.0 if i == k else 0.0 for i in range(len(belief)))
            figures = dict(economy.figures)
            figures[seat] = memory.figures(seat, players, point)
            priced = Economy(view.rules, economy.seats, figures, economy.deals_left)
            worth.append((weight, priced.price(me, view.farm, seat).fair_bid * self._share))
        return worth

    @staticmethod
    def _rivalled(view: View, memory: TableMemory, seat: int, passed: set[int]) -> bool:
        """Whether another player who bids as no Expert does is still in the auction beside ``seat``."""
        return any(
            other not in (seat, view.seat) and other not in passed and memory.player(other).overbids
            for other, amount in view.calls if amount is not None
        )

    def bid(self, view: View, memory: TableMemory, ceiling: int | None = None) -> Action:
        """Raise by one chip while that stays within :meth:`ceiling` (``ceiling`` when already
        worked out) or :meth:`push`, else pass; in a game's first auction, from near the ceiling
        straight to it (:meth:`opening`); pass once the auction is :meth:`settled`."""
        if self.settled(view, memory):
            return PASS
        wanted = view.high_bid + 1
        most = self.ceiling(view, memory) if ceiling is None else ceiling
        if wanted <= most:
            if most - OPENING_JUMP <= wanted and self.opening(view, memory) is not None:
                return bid(most)
            # Raising by one chip never pays more than the last rival's limit plus one.
            return bid(wanted)
        return bid(wanted) if wanted <= self.push(view, memory, self.limit(view, memory)) else PASS

    def __repr__(self) -> str:
        return f"{type(self).__name__}({self.personality.key})"
