"""A seeded tournament between AI players: who wins how many chips per deal, with 95 % intervals.

    python tools/tournament.py --agents expert,normal,easy,threshold:13 --players 6 --deals 20000 --seed 1

Agents are agent specs (:mod:`game.ai.specs`): ``easy``, ``normal`` or ``expert`` (optionally
``:PERSONALITY``, e.g. ``expert:bold``; each seat gets its own seed unless the spec names one)
and ``threshold:T`` (stands from T points; ``threshold:T:SHARE`` also bids up to SHARE of the
farm). The deals are played as games of ``--game-length`` deals with large stacks, so that
nobody runs out; from game to game the agents move round the seats, so every agent plays
every seat. An agent's result is the change of its standings (chips, plus an unwon farm
for its farmer) over each game, per seat and per deal.

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
import sys
import time
from collections.abc import Callable, Sequence
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

sys.path.insert(0, str(Path(__file__).resolve().parent.parent))

from game.agents import Agent
from game.ai.specs import parse_agent
from game.engine import Game
from game.limits import PLAYERS
from game.rules import rules_named
from game.runner import play_deal


def agent_factory(spec: str) -> Callable[[int], Agent]:
    """A function ``seed -> Agent`` for ``spec`` (see :mod:`game.ai.specs`); ``ValueError`` if bad."""
    parse_agent(spec, 0)  # refuse a bad spec now, not in the middle of the tournament
    return lambda seed: parse_agent(spec, seed)


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
    farmer_deals: int = 0
    farmer_chips: int = 0
    per_game: list[tuple[int, int]] = field(default_factory=list)
    """(chips, seat-deals) per game, for the interval."""
    block: int = 1
    """How many consecutive games form one independent unit for the interval."""

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
            "hands": self.hands,
            "made_16": self.sixteens / self.hands if self.hands else 0.0,
            "went_over": self.overs / self.hands if self.hands else 0.0,
        }


def run(
    specs: Sequence[str],
    players: int,
    deals: int,
    seed: int,
    rules_name: str,
    game_length: int,
    chips: int,
    duplicate: bool = True,
) -> list[Tally]:
    """Play the tournament; returns a tally per agent spec, in the order given.

    With ``duplicate`` the games of each block of ``len(specs)`` games (one per rotation of
    the agents round the seats) share their seed; see the module notes.
    """
    rules = rules_named(rules_name)
    factories = [agent_factory(s) for s in specs]
    block = len(specs) if duplicate else 1
    tallies = [Tally(s, block=block) for s in specs]
    played = 0
    game_no = 0
    while played < deals:
        length = min(game_length, deals - played)
        seat_agent = [(s + game_no) % len(specs) for s in range(players)]
        agents: list[Agent] = [
            factories[a](seed * 1_000_003 + game_no * 101 + s) for s, a in enumerate(seat_agent)
        ]
        game = Game(
            [f"{specs[a]}#{s}" for s, a in enumerate(seat_agent)], rules, chips=chips,
            seed=seed * 7_919 + game_no // block, record_events=False, keep_log=False,
        )
        start = game.standings()
        game_seat_deals = [0] * len(specs)
        for _ in range(length):
            before = list(game.chips)
            play_deal(game, agents)
            farmer = game.farmer
            assert farmer is not None
            for seat in range(players):
                tally = tallies[seat_agent[seat]]
                game_seat_deals[seat_agent[seat]] += 1
                tally.seat_deals += 1
                if seat == farmer:
                    tally.farmer_deals += 1
                    tally.farmer_chips += game.chips[seat] - before[seat]
                elif seat in game.order:
                    tally.hands += 1
                    total = game.totals[seat]
                    tally.sixteens += total == 16
                    tally.overs += total > 16
            if game.winner is not None:
                tally = tallies[seat_agent[game.winner]]
                tally.farms_won += 1
        end = game.standings()
        game_chips = [0] * len(specs)
        for seat in range(players):
            game_chips[seat_agent[seat]] += end[seat] - start[seat]
        for a, tally in enumerate(tallies):
            tally.chips += game_chips[a]
            tally.per_game.append((game_chips[a], game_seat_deals[a]))
        played += length
        game_no += 1
    return tallies


def _parse(argv: Sequence[str] | None) -> argparse.Namespace:
    parser = argparse.ArgumentParser(description="A seeded tournament between AI players.")
    parser.add_argument("--agents", default="expert,normal,easy,threshold:13", help="comma-separated agents")
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
    if not specs:
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
        specs, args.players, args.deals, args.seed, args.rules, args.game_length, args.chips, args.duplicate
    )
    seconds = time.perf_counter() - started
    if args.json:
        print(json.dumps({
            "agents": specs, "players": args.players, "deals": args.deals, "seed": args.seed,
            "rules": args.rules, "game_length": args.game_length, "duplicate": args.duplicate,
            "seconds": round(seconds, 1),
            "results": [t.summary() for t in tallies],
        }, indent=2))
        return 0
    fmt = "duplicate blocks" if args.duplicate else "a seed per game"
    print(f"{args.deals} deals, {args.players} players, rules {args.rules}, seed {args.seed}, {fmt}"
          f" ({seconds:.0f} s)")
    print(f"{'agent':<20} {'chips/deal':>10} {'± 95 %':>7} {'as farmer':>10} {'farmer':>7} "
          f"{'farms':>6} {'16 %':>6} {'over %':>7}")
    for t in sorted(tallies, key=lambda t: -t.mean()):
        s = t.summary()
        print(f"{t.spec:<20} {s['chips_per_deal']:>+10.3f} {s['ci95']:>7.3f} "
              f"{s['farmer_chips_per_deal']:>+10.2f} {s['farmer_deals']:>7} {s['farms_won']:>6} "
              f"{s['made_16'] * 100:>6.1f} {s['went_over'] * 100:>7.1f}")
    print("chips/deal: standings change per seat and deal; as farmer: chips per deal as farmer "
          "(collections less ante and bid); farmer: deals as farmer; farms: farms won")
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
