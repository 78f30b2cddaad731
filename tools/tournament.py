"""A seeded tournament between AI players: who wins how many chips per deal, with 95 % intervals.

    python tools/tournament.py --agents expert,normal,easy,threshold:13 --players 6 --deals 20000 --seed 1
    python tools/tournament.py --one never --among expert --players 3 --deals 20000 --seed 5

Agents are agent specs (:mod:`game.ai.specs`): ``easy``, ``normal`` or ``expert`` (optionally
``:PERSONALITY``, e.g. ``expert:bold``; each seat gets its own seed unless the spec names one)
and ``threshold:T`` (stands from T points; ``threshold:T:SHARE`` also bids up to SHARE of the
farm), and the exploiters ``never``, ``breakeven`` and ``shill``. The deals are played as
games of ``--game-length`` deals with large stacks, so that nobody runs out; from game to
game the agents move round the seats, so every agent plays every seat. An agent's result
is the change of its standings (chips, plus an unwon farm for its farmer) over each game,
per seat and per deal.

``--one X --among Y`` seats one X among ``--players`` − 1 of Y (X moves round every seat):
the line-up in which an exploiter is tried against a level.

Agents that learn (the Expert) are told what their seat saw of every deal
(``game.rules.observe.observe(events, seat)``, the showdown included). They are made afresh for
every game unless ``--keep``: then each player keeps its memory from game to game (it is
known at the table by its name, which moves with it round the seats).

The games come in blocks: one game for each way of moving the agents round the seats. By
default (``--duplicate``) the games of a block share one seed, so each agent in turn sits
where every other agent sat, in front of the same shuffles and the same lot (the cards a
seat receives differ once the players before it draw differently). Luck of the cards then
falls on every agent alike, which narrows the intervals. The blocks are independent, and
the interval is the ratio estimator's over blocks (``--no-duplicate``: a seed per game,
the interval over games).
"""

from __future__ import annotations

import argparse
import json
import math
import random
import sys
import time
from collections.abc import Callable, Sequence
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

sys.path.insert(0, str(Path(__file__).resolve().parent.parent))

from game.ai.observing import feed
from game.ai.specs import parse_agent
from game.limits import PLAYERS
from game.rules.agents import Agent
from game.rules.cards import DECK
from game.rules.engine import Game, Phase
from game.rules.events import Event
from game.rules.ruleset import rules_named


def agent_factory(spec: str) -> Callable[[int], Agent]:
    """A function ``seed -> Agent`` for ``spec`` (see :mod:`game.ai.specs`); ``ValueError`` if bad."""
    parse_agent(spec, 0)  # refuse a bad spec now, not in the middle of the tournament
    return lambda seed: parse_agent(spec, seed)


#: The stretches of a game that figures are also kept by: deal 1, deals 2-5, 6-10, 11-20, 21-40 and
#: the rest (the last deal number of each). Where in a game an agent gains or loses tells a cost of
#: learning (the first deals, before a player's hands are seen) from one that lasts.
STRETCHES: tuple[int, ...] = (1, 5, 10, 20, 40)


def stretch_of(deal: int) -> int:
    """The index in :data:`STRETCHES` (or one past it: the rest of the game) of deal ``deal`` (from 1)."""
    for i, last in enumerate(STRETCHES):
        if deal <= last:
            return i
    return len(STRETCHES)


@dataclass
class Stretch:
    """One agent's figures over one stretch of every game (see :data:`STRETCHES`)."""

    seat_deals: int = 0
    chips: int = 0
    """Change of its standings (chips, plus an unwon farm for its farmer) over the stretch's deals."""
    farms_bought: int = 0
    price_paid: int = 0


@dataclass
class Tally:
    """One agent's figures over the tournament."""

    spec: str
    seat_deals: int = 0
    chips: int = 0
    hands: int = 0
    sixteens: int = 0
    overs: int = 0
    farms_won: int = 0
    farm_chips: int = 0
    """Chips of the farms it won."""
    farmer_deals: int = 0
    farmer_chips: int = 0
    """Chips it gained in the deals it was farmer (collections, less its ante and price)."""
    farms_bought: int = 0
    price_paid: int = 0
    per_game: list[tuple[int, int]] = field(default_factory=list)
    """(chips, seat-deals) per game, for the interval."""
    block: int = 1
    """How many consecutive games form one independent unit for the interval."""
    stretches: list[Stretch] = field(default_factory=lambda: [Stretch() for _ in range(len(STRETCHES) + 1)])
    """Its figures by stretch of the game (see :data:`STRETCHES`)."""

    def mean(self) -> float:
        """Mean chips won per seat and deal."""
        return self.chips / self.seat_deals if self.seat_deals else 0.0

    def half_width(self) -> float:
        """Half the 95 % confidence interval of :meth:`mean` (ratio estimator over games)."""
        units: list[tuple[int, int]] = []
        for start in range(0, len(self.per_game), self.block):
            part = self.per_game[start:start + self.block]
            units.append((sum(c for c, _ in part), sum(n for _, n in part)))
        games = [(c, n) for c, n in units if n > 0]
        g = len(games)
        if g < 2:
            return math.inf
        mean = self.mean()
        avg_n = sum(n for _, n in games) / g
        var = sum((c - mean * n) ** 2 for c, n in games) / (g - 1) / g / avg_n**2
        return 1.96 * math.sqrt(var)

    def summary(self) -> dict[str, Any]:
        """The figures as plain data."""
        return {
            "agent": self.spec,
            "seat_deals": self.seat_deals,
            "chips_per_deal": self.mean(),
            "ci95": self.half_width(),
            "farmer_deals": self.farmer_deals,
            "farmer_chips_per_deal": self.farmer_chips / self.farmer_deals if self.farmer_deals else 0.0,
            "farms_won": self.farms_won,
            "farm_chips_won": self.farm_chips,
            "farms_bought": self.farms_bought,
            "mean_price": self.price_paid / self.farms_bought if self.farms_bought else 0.0,
            "hands": self.hands,
            "made_16": self.sixteens / self.hands if self.hands else 0.0,
            "went_over": self.overs / self.hands if self.hands else 0.0,
        }


def lineup(one: str, among: str, players: int) -> list[str]:
    """One seat of ``one`` among ``players`` − 1 seats of ``among``."""
    return [one] + [among] * (players - 1)


def _play_deal(game: Game, agents: Sequence[Agent], tallies: Sequence[Tally], deal: int) -> list[Event]:
    """Deal ``deal`` of its game (from 1); counts the farm bought, the farm won and its chips in
    ``tallies`` (by seat)."""
    events = game.next_deal()
    farm = game.farm
    while game.to_act is not None:
        seat = game.to_act
        auction = game.phase is Phase.AUCTION
        events.extend(game.apply(agents[seat].choose(game.view_for(seat))))
        sold = auction and game.phase is not Phase.AUCTION
        if sold and game.farmer is not None and game.high_bidder is not None:
            tally = tallies[game.farmer]
            tally.farms_bought += 1
            tally.price_paid += game.high_bid
            stretch = tally.stretches[stretch_of(deal)]
            stretch.farms_bought += 1
            stretch.price_paid += game.high_bid
        if game.phase is Phase.PLAY:
            farm = game.farm  # nothing changes the farm in play until it is won
    if game.winner is not None:
        tallies[game.winner].farms_won += 1
        tallies[game.winner].farm_chips += farm
    return events


def run(
    specs: Sequence[str],
    *,
    players: int,
    deals: int,
    seed: int,
    rules_name: str = "foster",
    game_length: int = 100,
    chips: int = 1_000_000,
    duplicate: bool = True,
    keep: bool = False,
    stacked: bool = False,
) -> list[Tally]:
    """Play the tournament; returns a tally per distinct agent spec, in the order first given.

    The specs are the line-up: game ``g`` seats spec ``(s + g) mod len(specs)`` at seat ``s``.
    With ``duplicate`` the games of each block of ``len(specs)`` games (one per rotation of
    the agents round the seats) share their seed; with ``keep`` every player of the line-up
    is one agent for the whole run (see the module notes). With ``stacked`` every deal is dealt
    from a deck shuffled in full from the seed, the block and the deal's number (not drawn
    card by card from the game's generator): two runs of one seed deal the same cards in the
    same order, whatever the players draw, so that line-ups compared on it differ by their
    play and little by their luck (common random numbers).
    """
    rules = rules_named(rules_name)
    factories = [agent_factory(s) for s in specs]
    block = len(specs) if duplicate else 1
    distinct = list(dict.fromkeys(specs))
    tallies = [Tally(s, block=block) for s in distinct]
    tally_of = [distinct.index(s) for s in specs]
    kept: list[Agent] = [factories[a](seed * 1_000_003 + a) for a in range(len(specs))] if keep else []
    played = 0
    game_no = 0
    while played < deals:
        length = min(game_length, deals - played)
        seat_agent = [(s + game_no) % len(specs) for s in range(players)]
        if keep:
            agents = [kept[a] for a in seat_agent]
        else:
            agents = [factories[a](seed * 1_000_003 + game_no * 101 + s) for s, a in enumerate(seat_agent)]
        observers = any(callable(getattr(agent, "observe", None)) for agent in agents)
        game = Game(
            [f"{specs[a]}#{a}" for a in seat_agent], rules, chips=chips,
            seed=seed * 7_919 + game_no // block, record_events=observers, keep_log=False, max_deals=length,
        )
        seat_tallies = [tallies[tally_of[a]] for a in seat_agent]
        start = game.standings()
        for deal in range(length):
            if stacked:
                shuffled = random.Random(f"{seed}:{game_no // block}:{deal}").sample(DECK, len(DECK))
                game.stack_deck(shuffled)
            before = list(game.chips)
            standing = game.standings()
            events = _play_deal(game, agents, seat_tallies, deal + 1)
            if observers:
                feed(dict(enumerate(agents)), events)
            farmer = game.farmer
            assert farmer is not None
            now = game.standings()
            part = stretch_of(deal + 1)
            for seat in range(players):
                tally = seat_tallies[seat]
                tally.seat_deals += 1
                stretch = tally.stretches[part]
                stretch.seat_deals += 1
                stretch.chips += now[seat] - standing[seat]
                if seat == farmer:
                    tally.farmer_deals += 1
                    tally.farmer_chips += game.chips[seat] - before[seat]
                elif seat in game.order:
                    tally.hands += 1
                    total = game.totals[seat]
                    tally.sixteens += total == 16
                    tally.overs += total > 16
        end = game.standings()
        game_chips = [0] * len(tallies)
        game_seat_deals = [0] * len(tallies)
        for seat in range(players):
            game_chips[tally_of[seat_agent[seat]]] += end[seat] - start[seat]
            game_seat_deals[tally_of[seat_agent[seat]]] += length
        for t, tally in enumerate(tallies):
            tally.chips += game_chips[t]
            tally.per_game.append((game_chips[t], game_seat_deals[t]))
        played += length
        game_no += 1
    return tallies


def _parse(argv: Sequence[str] | None) -> argparse.Namespace:
    parser = argparse.ArgumentParser(description="A seeded tournament between AI players.")
    parser.add_argument("--agents", default="expert,normal,easy,threshold:13", help="comma-separated agents")
    parser.add_argument("--one", metavar="X", help="one seat of X (with --among: the others)")
    parser.add_argument("--among", metavar="Y", help="every other seat Y (with --one)")
    parser.add_argument("--keep", action="store_true", help="players keep their memory from game to game")
    parser.add_argument("--players", type=int, default=6, help="seats at the table (3-10)")
    parser.add_argument("--deals", type=int, default=20_000, help="deals to play in all")
    parser.add_argument("--seed", type=int, default=1, help="seed of the whole tournament")
    parser.add_argument("--rules", default="foster", help="foster, lacombe, ferme, foster+rotating, ...")
    parser.add_argument("--game-length", type=int, default=100, help="deals per game")
    parser.add_argument("--chips", type=int, default=1_000_000, help="starting chips per seat")
    parser.add_argument(
        "--duplicate", action=argparse.BooleanOptionalAction, default=True,
        help="the games of a rotation block share their shuffles (default; --no-duplicate: a seed per game)",
    )
    parser.add_argument("--json", action="store_true", help="print the figures as JSON")
    return parser.parse_args(argv)


def main(argv: Sequence[str] | None = None) -> int:
    """Command line entry point."""
    args = _parse(argv)
    specs = [s.strip() for s in args.agents.split(",") if s.strip()]
    problem = None
    if (args.one is None) != (args.among is None):
        problem = "--one and --among go together"
    elif args.one is not None:
        specs = lineup(args.one.strip(), args.among.strip(), args.players)
    if problem is not None:
        pass
    elif not specs:
        problem = "name at least one agent with --agents"
    elif args.players not in PLAYERS:
        problem = f"--players must be from {PLAYERS.low} to {PLAYERS.high}"
    elif args.deals < 1 or args.game_length < 1:
        problem = "--deals and --game-length must be at least 1"
    elif args.chips < 1:
        problem = "--chips must be at least 1"
    if problem is None:
        try:
            rules_named(args.rules)
            for spec in specs:
                agent_factory(spec)
        except ValueError as exc:
            problem = str(exc)
    if problem is not None:
        print(f"tournament: {problem}", file=sys.stderr)
        return 2
    started = time.perf_counter()
    tallies = run(
        specs, players=args.players, deals=args.deals, seed=args.seed, rules_name=args.rules,
        game_length=args.game_length, chips=args.chips, duplicate=args.duplicate, keep=args.keep,
    )
    seconds = time.perf_counter() - started
    if args.json:
        print(json.dumps({
            "agents": specs, "players": args.players, "deals": args.deals, "seed": args.seed,
            "rules": args.rules, "game_length": args.game_length, "duplicate": args.duplicate,
            "keep": args.keep,
            "seconds": round(seconds, 1),
            "results": [t.summary() for t in tallies],
        }, indent=2))
        return 0
    fmt = "duplicate blocks" if args.duplicate else "a seed per game"
    print(f"{args.deals} deals, {args.players} players, rules {args.rules}, seed {args.seed}, {fmt}"
          f" ({seconds:.0f} s)")
    print(f"{'agent':<20} {'chips/deal':>10} {'± 95 %':>7} {'as farmer':>10} {'farmer':>7} "
          f"{'bought':>7} {'price':>6} {'farms':>6} {'farm won':>8} {'16 %':>6} {'over %':>7}")
    for t in sorted(tallies, key=lambda t: -t.mean()):
        s = t.summary()
        print(f"{t.spec:<20} {s['chips_per_deal']:>+10.3f} {s['ci95']:>7.3f} "
              f"{s['farmer_chips_per_deal']:>+10.2f} {s['farmer_deals']:>7} {s['farms_bought']:>7} "
              f"{s['mean_price']:>6.1f} {s['farms_won']:>6} "
              f"{s['farm_chips_won'] / max(1, s['farms_won']):>8.1f} "
              f"{s['made_16'] * 100:>6.1f} {s['went_over'] * 100:>7.1f}")
    print("chips/deal: standings change per seat and deal (all its seats together: per seat); "
          "as farmer: chips per deal as farmer (collections less ante and price); farmer: deals as "
          "farmer; bought, price: farms bought at auction, mean price; farms, farm won: farms won, "
          "mean chips in them")
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
