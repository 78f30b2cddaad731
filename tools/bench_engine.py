"""Benchmark the engine: complete deals per second for 6 threshold players, and time per apply.

    .venv/bin/python tools/bench_engine.py [--deals N] [--repeat R] [--sim-games G] [--only-sim] [--cpu]

Last, :func:`game.play.sim.simulate` (6 threshold players, foster, the summary counted from the
deal records) beside a minimal simulator of the same rules (:func:`minimal_sim`: plain lists,
no events, views or records) playing the very same games (checked): the time of each and
their ratio, the engine's overhead over the rules themselves; then beside :func:`clean_sim`,
which keeps the very same records (checked), lean (agents shown only what a threshold player
reads) and fair (each agent shown the very view the engine gives it).

Four modes: (a) events and log off, (b) events on, (c) events and log on, (d) as (c) and
every record written as a JSON Lines line to a temporary file. The process is pinned to
one core where the system allows it, and the best of ``--repeat`` runs is reported.
"""

from __future__ import annotations

import argparse
import gc
import io
import os
import random
import sys
import tempfile
import time
from collections.abc import Callable, Sequence
from pathlib import Path
from typing import Any, TextIO

# Run from anywhere: the repository root holds the game package.
sys.path.insert(0, str(Path(__file__).resolve().parent.parent))

from game.ai.specs import parse_agent
from game.formats.deallog import write_records
from game.limits import DEALS
from game.play.runner import play_deal
from game.play.sim import Summary, default_specs, simulate
from game.rules.actions import STAND, Kind
from game.rules.agents import Agent, ThresholdAgent
from game.rules.cards import DECK, SIX_OF_HEARTS, Card
from game.rules.engine import Game
from game.rules.events import FARM, Reason
from game.rules.phase import Phase
from game.rules.records import Auction, DealRecord, Transfer, new_record
from game.rules.ruleset import FOSTER, RuleSet
from game.rules.view import View, ViewDraft

PLAYERS = 6
# Chips nobody can lose in a benchmark, so the game never ends for want of players.
ENDLESS_CHIPS = 10**12
# Records kept in memory before they are dropped (or written), so memory stays flat.
BATCH = 1000


def _agents() -> list[ThresholdAgent]:
    return [ThresholdAgent(11 + seat % 5, 0.25 + 0.1 * seat) for seat in range(PLAYERS)]


def _game(events: bool, log: bool, seed: int) -> Game:
    names = [f"P{seat}" for seat in range(PLAYERS)]
    return Game(names, chips=ENDLESS_CHIPS, seed=seed, record_events=events, keep_log=log)


def deals_per_second(deals: int, events: bool, log: bool, out: TextIO | None, seed: int = 1) -> float:
    """Play ``deals`` complete deals in one game and return deals per second."""
    game = _game(events, log, seed)
    agents = _agents()
    start = time.perf_counter()
    for i in range(deals):
        play_deal(game, agents)
        if log and (i + 1) % BATCH == 0:
            if out is not None:
                write_records(game.log, out)
            game.log.clear()
    if out is not None:
        write_records(game.log, out)
        out.flush()
    return deals / (time.perf_counter() - start)


def apply_time(deals: int, seed: int = 1) -> tuple[float, int]:
    """Mean seconds per ``Game.apply`` call (events and log off), and how many calls were timed.

    Each call is timed on its own; the cost of reading the clock is measured and taken off.
    """
    game = _game(False, False, seed)
    agents = _agents()
    clock = time.perf_counter
    spent = 0.0
    calls = 0
    for _ in range(deals):
        game.next_deal()
        while game.to_act is not None:
            seat = game.to_act
            action = agents[seat].choose(game.view_for(seat))
            t0 = clock()
            game.apply(action)
            spent += clock() - t0
            calls += 1
    t0 = clock()
    for _ in range(calls):
        clock()
    overhead = (clock() - t0) / calls if calls else 0.0
    return max(spent / calls - overhead, 0.0) if calls else 0.0, calls


# ---------------------------------------------------------------------- the minimal simulator


class _Seen:
    """What a minimal simulator shows an agent: the fields a view gives that the agent reads."""

    __slots__ = ("deck_size", "farm", "high_bid", "max_bid", "must_draw", "phase", "total")

    def __init__(self) -> None:
        self.phase = Phase.AUCTION
        self.farm = self.max_bid = self.high_bid = self.total = self.deck_size = 0
        self.must_draw = False


def minimal_sim(
    agents: Sequence[Agent], *, deals: int, games: int, seed: int, chips: int
) -> tuple[int, int, int, int, int, int, int, list[list[int]]]:
    """Foster's rules played by ``agents``, as plainly as they can be written: plain lists, no
    events, views, records or checks, each decision asked of the agent with just what it reads
    (one object, changed in place); the baseline :func:`game.play.sim.simulate` is measured against.

    It draws from the same random numbers as the engine (a seed per game from ``seed``, the
    lot, a lazily shuffled deck), so it plays the very same games: returns (games, deals, farms
    won, hands, busts, deals with a 16, hands of 16, the chips each seat holds at the end of each
    game), as the summary counts them.
    """
    points = [card.points for card in DECK]
    six = DECK.index(SIX_OF_HEARTS)
    size = len(DECK)
    n = len(agents)
    choose = [agent.choose for agent in agents]
    seen: Any = _Seen()
    auction, play = Phase.AUCTION, Phase.PLAY
    master = random.Random(seed)
    played = farms = hands = busts = sixteen_deals = sixteen_hands = 0
    final: list[list[int]] = []
    for _ in range(games):
        rng = random.Random(master.getrandbits(64))
        stacks = [chips] * n
        farm = 0
        farmer = -1
        first = -1
        won = True
        deal = 0
        while n - stacks.count(0) >= 3 and deal < deals:
            deal += 1
            seated = [s for s in range(n) if stacks[s] > 0]
            if won:
                for s in seated:  # the ante
                    stacks[s] -= 1
                    farm += 1
                # The auction: clockwise from the lot (the first deal) or the farmer's left.
                if first < 0:
                    first = rng.choice(seated)
                    opener = first
                else:
                    opener = next(s for s in ((farmer + k) % n for k in range(1, n + 1)) if s in seated)
                high, high_bidder = 0, -1
                active = [(opener + k) % n for k in range(n) if (opener + k) % n in seated]
                seen.phase = auction
                seen.farm = farm
                i = 0
                while True:
                    seat = active[i]
                    seen.high_bid = high
                    seen.max_bid = stacks[seat]
                    action = choose[seat](seen)
                    if action.kind is Kind.BID:
                        high, high_bidder = action.amount, seat
                        i += 1
                    else:
                        del active[i]
                    if not active or active == [high_bidder]:
                        break
                    i %= len(active)
                if high_bidder < 0:
                    farmer = opener
                else:
                    farmer = high_bidder
                    stacks[farmer] -= high
                    farm += high
            order = [s for s in ((farmer + k) % n for k in range(1, n)) if s in seated]
            cards = list(range(size))
            top = 0
            held: dict[int, list[int]] = {}
            totals: dict[int, int] = {}
            for seat in order:
                j = top + int(rng.random() * (size - top))
                cards[top], cards[j] = cards[j], cards[top]
                held[seat] = [cards[top]]
                totals[seat] = points[cards[top]]
                top += 1
            seen.phase = play
            for seat in order:
                hand = held[seat]
                total = totals[seat]
                seen.must_draw = top < size
                while True:
                    seen.total = total
                    seen.deck_size = size - top
                    if choose[seat](seen) is STAND:
                        break
                    j = top + int(rng.random() * (size - top))
                    cards[top], cards[j] = cards[j], cards[top]
                    hand.append(cards[top])
                    total += points[cards[top]]
                    top += 1
                    seen.must_draw = False
                    if total > 16:
                        break
                totals[seat] = total
            # Settling up.
            made = 0
            for seat in order:
                total = totals[seat]
                hands += 1
                if total > 16:
                    busts += 1
                    paid = min(total - 16, stacks[seat])
                    stacks[seat] -= paid
                    stacks[farmer] += paid
                elif total == 16:
                    made += 1
            sixteen_hands += made
            sixteen_deals += made > 0
            winner = -1
            if made:
                winner = min(
                    (s for s in order if totals[s] == 16),
                    key=lambda s: (six not in held[s], len(held[s]), order.index(s)),
                )
            else:
                under = [s for s in order if totals[s] < 16]
                if under:
                    near = min(
                        under,
                        key=lambda s: (16 - totals[s], six not in held[s], len(held[s]), order.index(s)),
                    )
                    for seat in order:
                        if seat != near and stacks[seat] > 0:
                            stacks[seat] -= 1
                            stacks[near] += 1
            if winner >= 0:
                stacks[winner] += farm
                farm = 0
                farms += 1
            won = winner >= 0
            played += 1
        final.append(stacks)
    return games, played, farms, hands, busts, sixteen_deals, sixteen_hands, final


def _full_view(
    seat: int, rules: RuleSet, phase: Phase, names: tuple[str, ...], deal: int, deals: int,
    chips: tuple[int, ...], farm: int, farmer: int | None, high: int, high_bidder: int | None,
    calls: tuple[tuple[int, int | None], ...], hand: tuple[Card, ...], total: int,
    order: tuple[int, ...], counts: tuple[int, ...], deck_size: int, must_draw: bool, served: int,
) -> View:
    """Every field of the :class:`~game.rules.view.View` the engine gives ``seat`` to act, made as the
    engine makes it (one store a field into a draft, then frozen)."""
    view: Any = object.__new__(ViewDraft)
    view.seat = seat
    view.rules = rules
    view.phase = phase
    view.names = names
    view.deal_no = deal
    view.max_deals = deals
    view.chips = chips
    view.farm = farm
    view.farmer = farmer
    view.to_act = seat
    view.high_bid = high
    view.high_bidder = high_bidder
    view.calls = calls
    view.max_bid = chips[seat]
    view.hand = hand
    view.total = total
    view.order = order
    view.card_counts = counts
    view.deck_size = deck_size
    view.must_draw = must_draw
    view.served = served
    view.shown_hands = None
    view.__class__ = View
    frozen: View = view
    return frozen


def clean_sim(
    agents: Sequence[Agent], names: Sequence[str], *, deals: int, games: int, seed: int, chips: int,
    views: bool = False, keep: bool = False,
) -> tuple[Summary, list[DealRecord]]:
    """:func:`minimal_sim`'s plain foster, written as cleanly, that also keeps the engine's records:
    every deal as the :class:`~game.rules.records.DealRecord` the engine makes of it (antes, price, chips
    over 16, nearest, farm won, in the engine's order), and the summary counted from them as
    :func:`game.play.sim.simulate` counts it. The baseline ``game.play.sim`` is held to.

    Without ``views`` each decision is asked with :func:`minimal_sim`'s one object changed in place,
    holding just the fields a threshold player reads: leaner than fair, since ``game.play.sim`` gives
    every agent all that its seat may know. With ``views`` each decision is asked with the full
    :class:`~game.rules.view.View` the engine would give (the same agents' information). Like
    ``game.play.sim``, a game's records are dropped once counted; ``keep`` returns them all (a check).
    """
    six_card = SIX_OF_HEARTS
    size = len(DECK)
    n = len(agents)
    seats = tuple(names)
    choose = [agent.choose for agent in agents]
    seen: Any = _Seen()
    auction_phase, play = Phase.AUCTION, Phase.PLAY
    master = random.Random(seed)
    summary = Summary()
    kept: list[DealRecord] = []
    for _ in range(games):
        rng = random.Random(master.getrandbits(64))
        stacks = [chips] * n
        farm = 0
        farmer = -1
        first = -1
        won = True
        deal = 0
        left = high = 0
        high_bidder = -1
        records: list[DealRecord] = []
        while n - stacks.count(0) >= 3 and deal < deals:
            deal += 1
            before, farm_before = tuple(stacks), farm
            transfers: list[Transfer] = []
            seated = [s for s in range(n) if stacks[s] > 0]
            sale: Auction | None = None
            if won:
                for s in seated:
                    stacks[s] -= 1
                    farm += 1
                    transfers.append(Transfer(s, FARM, 1, Reason.ANTE))
                if first < 0:
                    first = rng.choice(seated)
                    opener = first
                else:
                    opener = next(s for s in ((farmer + k) % n for k in range(1, n + 1)) if s in seated)
                high, high_bidder = 0, -1
                calls: list[tuple[int, int | None]] = []
                active = [(opener + k) % n for k in range(n) if (opener + k) % n in seated]
                seen.phase = auction_phase
                seen.farm = farm
                i = 0
                chips_t = tuple(stacks)
                while True:
                    seat = active[i]
                    if views:
                        # (An auction's view shows the last deal's deck, as the engine's does.)
                        action = choose[seat](_full_view(
                            seat, FOSTER, auction_phase, seats, deal, deals, chips_t, farm,
                            None if farmer < 0 else farmer, high,
                            None if high_bidder < 0 else high_bidder, tuple(calls), (), 0, (),
                            (0,) * n, left, left > 0, 0,
                        ))
                    else:
                        seen.high_bid = high
                        seen.max_bid = stacks[seat]
                        action = choose[seat](seen)
                    if action.kind is Kind.BID:
                        high, high_bidder = action.amount, seat
                        calls.append((seat, high))
                        i += 1
                    else:
                        calls.append((seat, None))
                        del active[i]
                    if not active or active == [high_bidder]:
                        break
                    i %= len(active)
                if high_bidder < 0:
                    farmer = opener
                    sale = Auction(tuple(calls), None, 0)
                else:
                    farmer = high_bidder
                    stacks[farmer] -= high
                    farm += high
                    transfers.append(Transfer(farmer, FARM, high, Reason.BID))
                    sale = Auction(tuple(calls), farmer, high)
            order = [s for s in ((farmer + k) % n for k in range(1, n)) if s in seated]
            cards = list(DECK)
            top = 0
            held: list[list[Card]] = [[] for _ in range(n)]
            totals = [0] * n
            for seat in order:
                j = top + int(rng.random() * (size - top))
                cards[top], cards[j] = cards[j], cards[top]
                held[seat].append(cards[top])
                totals[seat] = cards[top].points
                top += 1
            seen.phase = play
            if views:
                order_t, chips_t, calls_t = tuple(order), tuple(stacks), () if sale is None else sale.bids
                bought = None if high_bidder < 0 else high_bidder  # the last farm's buyer
                counts = [1 if s in order else 0 for s in range(n)]
            for served, seat in enumerate(order):
                hand = held[seat]
                total = totals[seat]
                must = top < size
                seen.must_draw = must
                while True:
                    if views:
                        choice = choose[seat](_full_view(
                            seat, FOSTER, play, seats, deal, deals, chips_t, farm, farmer, high,
                            bought, calls_t, tuple(hand), total, order_t, tuple(counts), size - top,
                            must, served,
                        ))
                    else:
                        seen.total = total
                        seen.deck_size = size - top
                        choice = choose[seat](seen)
                    if choice is STAND:
                        break
                    j = top + int(rng.random() * (size - top))
                    cards[top], cards[j] = cards[j], cards[top]
                    hand.append(cards[top])
                    total += cards[top].points
                    top += 1
                    if views:
                        counts[seat] += 1
                    must = seen.must_draw = False
                    if total > 16:
                        break
                totals[seat] = total
            left = size - top
            for seat in order:
                over = totals[seat] - 16
                if over > 0 and stacks[seat] > 0:
                    paid = min(over, stacks[seat])
                    stacks[seat] -= paid
                    stacks[farmer] += paid
                    transfers.append(Transfer(seat, farmer, paid, Reason.OVER))
            made = [s for s in order if totals[s] == 16]
            winner = nearest = None
            if made:
                winner = min(made, key=lambda s: (six_card not in held[s], len(held[s]), order.index(s)))
            else:
                under = [s for s in order if totals[s] < 16]
                if under:
                    nearest = min(
                        under,
                        key=lambda s: (16 - totals[s], six_card not in held[s], len(held[s]), order.index(s)),
                    )
                    for seat in order:
                        if seat != nearest and stacks[seat] > 0:
                            stacks[seat] -= 1
                            stacks[nearest] += 1
                            transfers.append(Transfer(seat, nearest, 1, Reason.NEAREST))
            if winner is not None:
                if farm > 0:
                    transfers.append(Transfer(FARM, winner, farm, Reason.FARM))
                stacks[winner] += farm
                farm = 0
            won = winner is not None
            records.append(new_record(
                deal, "foster", False, seats, farmer, before, farm_before, sale,
                tuple(tuple(h) for h in held), tuple(order), tuple(transfers), tuple(stacks), farm,
                winner, nearest,
            ))
        summary.add_game(records, stacks)
        if keep:
            kept.extend(records)
    return summary, kept


def sim_against_minimal(
    players: int, deals: int, games: int, seed: int, repeat: int,
    clock: Callable[[], float] = time.perf_counter,
) -> tuple[float, float]:
    """Seconds by ``clock`` (best of ``repeat``) of :func:`game.play.sim.simulate` and of :func:`minimal_sim`
    playing the same games; raises AssertionError if they did not play them alike."""
    specs = default_specs(players, seed)
    best_sim = best_min = float("inf")
    for _ in range(repeat):
        t0 = clock()
        summary = simulate(FOSTER, specs, deals=deals, games=games, seed=seed, chips=100)
        best_sim = min(best_sim, clock() - t0)
        t0 = clock()
        agents = [parse_agent(spec, 0) for spec in specs]
        counts = minimal_sim(agents, deals=deals, games=games, seed=seed, chips=100)
        best_min = min(best_min, clock() - t0)
        mine = (
            summary.games, summary.deals, summary.farms_won, summary.hands, summary.busts,
            summary.sixteen_deals, summary.sixteen_hands, summary.final_chips,
        )
        assert mine == counts, "game.play.sim and the minimal simulator played different games"
    return best_sim, best_min


def sim_against_clean(
    players: int, deals: int, games: int, seed: int, repeat: int,
    clock: Callable[[], float] = time.perf_counter,
) -> tuple[float, float, float]:
    """Seconds by ``clock`` (best of ``repeat``) of :func:`game.play.sim.simulate`, of the lean
    :func:`clean_sim` and of the fair one (full views) playing the same games; raises AssertionError
    unless all three keep the very same records and summary.

    Each run starts from a collected heap and keeps no earlier run's records alive, so the garbage
    collector's passes (which walk every live object) weigh on each alike.
    """
    specs = default_specs(players, seed)
    names = [f"{spec.split(':')[0].title()} {seat}" for seat, spec in enumerate(specs)]
    out = io.StringIO()
    summary = simulate(FOSTER, specs, deals=deals, games=games, seed=seed, chips=100, log=out)
    for views in (False, True):
        agents = [parse_agent(spec, 0) for spec in specs]
        clean, records = clean_sim(
            agents, names, deals=deals, games=games, seed=seed, chips=100, views=views, keep=True
        )
        mine = io.StringIO()
        write_records(records, mine)
        assert out.getvalue() == mine.getvalue(), "the two simulators kept different records"
        assert summary.final_chips == clean.final_chips and summary.deals == clean.deals
    del out, mine, records, summary, clean
    best = [float("inf")] * 3
    for _ in range(repeat):
        for k in range(3):
            gc.collect()
            t0 = clock()
            if k == 0:
                simulate(FOSTER, specs, deals=deals, games=games, seed=seed, chips=100)
            else:
                agents = [parse_agent(spec, 0) for spec in specs]
                clean_sim(agents, names, deals=deals, games=games, seed=seed, chips=100, views=k == 2)
            best[k] = min(best[k], clock() - t0)
    return best[0], best[1], best[2]


def _pin_one_core() -> str:
    if hasattr(os, "sched_setaffinity"):
        try:
            core = min(os.sched_getaffinity(0))
            os.sched_setaffinity(0, {core})
            return f"pinned to core {core}"
        except OSError:
            pass
    return "not pinned (no affinity control here)"


def main(argv: Sequence[str] | None = None) -> int:
    """Run the benchmark and print one line per mode."""
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0] if __doc__ else None)
    parser.add_argument("--deals", type=int, default=20_000, help="deals per run (default 20000)")
    parser.add_argument("--repeat", type=int, default=3, help="runs per mode; the best counts (default 3)")
    parser.add_argument(
        "--sim-games", type=int, default=200, help="games of game.play.sim and of the minimal one"
    )
    parser.add_argument("--only-sim", action="store_true", help="only game.play.sim against the minimal one")
    parser.add_argument(
        "--cpu", action="store_true",
        help="time game.play.sim and the simulators beside it by this thread's CPU time, not the wall"
        " clock (steadier on a machine other programs share)",
    )
    args = parser.parse_args(argv)
    if args.deals < 1 or args.repeat < 1:
        parser.error("--deals and --repeat must be at least 1")
    print(f"{PLAYERS} players, ThresholdAgent, {args.deals} deals per run, best of {args.repeat};"
          f" {_pin_one_core()}")
    if args.sim_games > 0:
        clock = time.thread_time if args.cpu else time.perf_counter
        sim, minimal = sim_against_minimal(PLAYERS, DEALS.high, args.sim_games, 1, args.repeat, clock)
        print(
            f"{'game.play.sim / a minimal one':36} {sim:7.3f} s / {minimal:.3f} s = {sim / minimal:.2f}x"
            f" ({args.sim_games} games of up to {DEALS.high} deals, the same games)"
        )
        sim, lean, fair = sim_against_clean(PLAYERS, DEALS.high, args.sim_games, 1, args.repeat, clock)
        print(
            f"{'game.play.sim / a clean one with records':36} {sim:7.3f} s / {lean:.3f} s = {sim / lean:.2f}x"
            f" (the same games and deal records; agents shown only what a threshold player reads)"
        )
        print(
            f"{'game.play.sim / the same with full views':36} {sim:7.3f} s / {fair:.3f} s = {sim / fair:.2f}x"
            f" (and each agent shown the very view the engine gives it)"
        )
    if args.only_sim:
        return 0
    with tempfile.TemporaryDirectory() as tmp:
        modes = [
            ("(a) events off, log off", False, False, False),
            ("(b) events on", True, False, False),
            ("(c) events on, log on", True, True, False),
            ("(d) events, log, JSON Lines file", True, True, True),
        ]
        for label, events, log, write in modes:
            best = 0.0
            for run in range(args.repeat):
                if write:
                    with open(Path(tmp) / f"bench{run}.jsonl", "w", encoding="utf-8") as out:
                        rate = deals_per_second(args.deals, events, log, out)
                else:
                    rate = deals_per_second(args.deals, events, log, None)
                best = max(best, rate)
            print(f"{label:36} {best:10,.0f} deals/s")
    mean, calls = apply_time(min(args.deals, 20_000))
    print(f"{'mean time per apply (events off)':36} {mean * 1e6:10.2f} µs over {calls:,} calls")
    return 0


if __name__ == "__main__":
    sys.exit(main())
