"""The engine's written-out paths against the rules computed plainly, over many seeded games.

The engine finds the auction's opener and bidders and the seats it serves in tables made once
a game, deals from the deck's fields itself, pays the players over 16 and finds the best totals
in one pass at the showdown, and skips ranking a lone 16 when no event asks why it won: each
must give what the rules (and the deck's own methods), written out the slow and obvious way, give.
"""

from __future__ import annotations

import random

from helpers import NAMES, RandomAgent

from game.formats.deallog import dumps
from game.rules.actions import Action
from game.rules.agents import ThresholdAgent
from game.rules.cards import DECK
from game.rules.deck import Deck
from game.rules.engine import Game, Phase
from game.rules.events import Reason
from game.rules.ranking import nearest_key, rank_key
from game.rules.records import DealRecord, Transfer
from game.rules.ruleset import RULE_KEYS, RuleSet, rules_named

GAMES = 240


def seeded_game(seed: int, record_events: bool) -> Game:
    """A table for ``seed``: any rule set, 3 to 10 players, short or long stacks, played to its end
    by random players and threshold players."""
    rng = random.Random(seed)
    players = rng.randint(3, 10)
    rules = rules_named(rng.choice(RULE_KEYS))
    chips = [rng.randint(1, 12) for _ in range(players)] if rng.random() < 0.5 else rng.choice([4, 30])
    game = Game(
        NAMES[:players], rules, chips=chips, seed=seed, max_deals=rng.randint(5, 40),
        record_events=record_events,
    )
    agents = [
        RandomAgent(seed * 7 + s) if rng.random() < 0.6 else ThresholdAgent(rng.randint(10, 16), rng.random())
        for s in range(players)
    ]
    while game.phase is Phase.BETWEEN:
        game.next_deal()
        while (seat := game.to_act) is not None:
            game.apply(agents[seat].choose(game.view_for(seat)))
    return game


def plain_order(rules: RuleSet, rec: DealRecord) -> tuple[int, ...]:
    """The seats served: from the farmer's neighbour in the rules' direction, round the table,
    each seat that had chips when the deal began."""
    n = len(rec.seats)
    around = [(rec.farmer + int(rules.direction) * k) % n for k in range(1, n)]
    return tuple(seat for seat in around if rec.chips_before[seat] > 0)


def plain_callers(rec: DealRecord, farmer_before: int | None) -> list[int]:
    """The seats that call in the auction, in turn: clockwise (under every rule set) from the first
    seat with chips on the last farmer's left (the first deal's opener is drawn by lot: the record's),
    round the seats that had chips, each skipped once it has passed."""
    assert rec.auction is not None
    n = len(rec.seats)
    if farmer_before is None:
        opener = rec.auction.bids[0][0]
    else:
        left = [(farmer_before + k) % n for k in range(1, n + 1)]
        opener = next(seat for seat in left if rec.chips_before[seat] > 0)
    bidders = [(opener + k) % n for k in range(n) if rec.chips_before[(opener + k) % n] > 0]
    callers, passed, seat = [], set(), opener
    for _, amount in rec.auction.bids:
        callers.append(seat)
        if amount is None:
            passed.add(seat)
        i = bidders.index(seat)
        seat = next((s for s in bidders[i + 1 :] + bidders[: i + 1] if s not in passed), seat)
    return callers


def plain_overs(rec: DealRecord) -> list[Transfer]:
    """What the players over 16 pay the farmer, in service order: a chip per point over, as far as
    their chips (after the antes and the auction) go."""
    chips = list(rec.chips_before)
    for t in rec.transfers:
        if t.reason in (Reason.ANTE, Reason.BID):
            assert isinstance(t.source, int)
            chips[t.source] -= t.amount
    paid = []
    for seat in rec.order:
        over = sum(card.points for card in rec.hands[seat]) - 16
        amount = min(over, chips[seat])
        if amount > 0:
            chips[seat] -= amount
            chips[rec.farmer] += amount
            paid.append(Transfer(seat, rec.farmer, amount, Reason.OVER))
    return paid


def plain_result(rules: RuleSet, rec: DealRecord) -> tuple[int | None, int | None]:
    """(winner, nearest) as the rules rank every hand: the best 16, else the best under 16."""
    totals = {seat: sum(card.points for card in rec.hands[seat]) for seat in rec.order}
    sixteens = [seat for seat in rec.order if totals[seat] == 16]
    if sixteens:
        return min(sixteens, key=lambda s: rank_key(rules.ranking, rec.hands[s], rec.order.index(s))), None
    under = [seat for seat in rec.order if totals[seat] < 16]
    if not under:
        return None, None
    near = min(under, key=lambda s: nearest_key(rules.ranking, totals[s], rec.hands[s], rec.order.index(s)))
    return (near, None) if rules.nearest_takes_farm else (None, near)


def test_order_payments_and_winners_are_the_rules_computed_plainly() -> None:
    """Every deal of many seeded games: the seats that call in the auction, the seats served, what
    those over 16 pay the farmer, the farm's winner and the nearest are what the rules give,
    computed plainly."""
    deals = sixteens = overs = auctions = 0
    for seed in range(GAMES):
        game = seeded_game(seed, record_events=False)
        farmer_before: int | None = None
        for rec in game.log:
            if rec.auction is not None:
                callers = [seat for seat, _ in rec.auction.bids]
                assert callers == plain_callers(rec, farmer_before), (seed, rec.deal)
                auctions += 1
            farmer_before = rec.farmer
            assert rec.order == plain_order(game.rules, rec), (seed, rec.deal)
            mine = [t for t in rec.transfers if t.reason is Reason.OVER]
            assert mine == plain_overs(rec), (seed, rec.deal)
            assert (rec.winner, rec.nearest) == plain_result(game.rules, rec), (seed, rec.deal)
            deals += 1
            overs += len(mine)
            sixteens += any(sum(c.points for c in rec.hands[s]) == 16 for s in rec.order)
    # Enough of each case to count: many deals, auctions, payments over 16, and deals won by a 16.
    assert deals > 2000 and auctions > 150 and overs > 1000 and sixteens > 200


def test_the_records_are_the_same_with_events_on_or_off() -> None:
    """A game played with its events recorded keeps the very records, byte for byte, of the same
    game played without them (the engine ranks a lone 16 only when an event asks why it won)."""
    for seed in range(0, GAMES, 3):
        quiet, told = seeded_game(seed, record_events=False), seeded_game(seed, record_events=True)
        assert quiet.log == told.log and quiet.chips == told.chips
        assert dumps(quiet.log) == dumps(told.log)


def test_the_engine_deals_what_the_decks_own_methods_deal() -> None:
    """Shuffled or stacked, from the top or the bottom: every deal gives each seat the cards, and
    leaves the deck as, :meth:`Deck.take_tops` for the first cards then :meth:`Deck.take_top` (or
    :meth:`Deck.take_bottom`) for each card drawn give from the same random numbers."""
    compared = 0
    for seed in range(80):
        rng = random.Random(seed)
        players = rng.randint(3, 10)
        rules = rules_named(RULE_KEYS[seed % len(RULE_KEYS)])
        stacked = seed % 4 == 3
        game = Game(NAMES[:players], rules, chips=rng.choice([5, 40]), seed=seed, max_deals=12)
        agents = [RandomAgent(seed * 13 + s) for s in range(players)]
        while not game.is_over:
            stack = rng.sample(DECK, len(DECK)) if stacked else None
            if stack is not None:
                game.stack_deck(stack)
            state = game.rng.getstate()  # (the lot draws from it before the first deal's cards)
            game.next_deal()
            while game.to_act is not None and not game.order:  # the auction
                game.apply(agents[game.to_act].choose(game.view_for(game.to_act)))
            if not game.mid_deal:
                break
            shuffled = random.Random()
            shuffled.setstate(state)
            deck = Deck(stack, None) if stack is not None else Deck(DECK, shuffled)
            first = deck.take_tops(len(game.order))
            if game.deal_no > 1 or stack is not None:
                assert [game.hands[seat] for seat in game.order] == [[card] for card in first]
            while (seat := game.to_act) is not None:
                before = len(game.hands[seat])
                game.apply(agents[seat].choose(game.view_for(seat)))
                if game.deal_no == 1 and stack is None:
                    continue
                if len(game.hands[seat]) > before:
                    card = deck.take_bottom() if rules.draws_from_bottom else deck.take_top()
                    assert game.hands[seat][-1] is card, (seed, game.deal_no)
                    compared += 1
                if game.to_act is not None:
                    assert game.deal_deck() == (tuple(deck.cards), not stacked)
                    assert game.deck_size == len(deck)
    assert compared > 1000


def test_an_action_made_anew_plays_as_the_shared_one() -> None:
    """The engine plays the shared DRAW and STAND by a shorter path: an equal action made anew (as a
    network message or a replay makes it) gives the very same events, views, moves and records."""
    for seed in range(40):
        rng = random.Random(seed)
        players = rng.randint(3, 8)
        rules = rules_named(RULE_KEYS[seed % len(RULE_KEYS)])
        shared, anew = (Game(NAMES[:players], rules, chips=20, seed=seed, max_deals=8) for _ in range(2))
        agents = [RandomAgent(seed * 5 + s) for s in range(players)]
        while not shared.is_over:
            assert shared.next_deal() == anew.next_deal()
            while (seat := shared.to_act) is not None:
                view = shared.view_for(seat)
                assert view == anew.view_for(seat)
                action = agents[seat].choose(view)
                assert shared.apply(action) == anew.apply(Action(action.kind, action.amount))
                assert shared.deal_moves() == anew.deal_moves()
        assert shared.log == anew.log and shared.result == anew.result


def test_the_moves_of_a_deal_are_every_move_made_in_it() -> None:
    """At every step of many seeded games (short stacked decks among them, where players must
    stand for want of cards), the deal's moves read from the deal are the moves made, in order."""
    steps = stands_on_empty = 0
    for seed in range(120):
        rng = random.Random(seed)
        players = rng.randint(3, 10)
        rules = rules_named(RULE_KEYS[seed % len(RULE_KEYS)])
        game = Game(NAMES[:players], rules, chips=rng.choice([3, 12, 50]), seed=seed, max_deals=10)
        agents = [RandomAgent(seed * 3 + s) for s in range(players)]
        while not game.is_over:
            if seed % 3 == 0:  # a stack of just a few cards more than the first ones
                game.stack_deck(rng.sample(DECK, len(game.seats_with_chips()) + rng.randint(0, 6)))
            game.next_deal()
            made: list[tuple[int, Action]] = []
            assert game.deal_moves() == made
            while (seat := game.to_act) is not None:
                action = agents[seat].choose(game.view_for(seat))
                stands_on_empty += game.phase is Phase.PLAY and game.deck_size == 0
                game.apply(action)
                made.append((seat, action))
                if game.mid_deal:
                    assert game.deal_moves() == made, (seed, game.deal_no)
                    steps += 1
            assert game.deal_moves() == []
    assert steps > 3000 and stands_on_empty > 50
