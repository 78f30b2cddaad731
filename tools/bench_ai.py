"""How long each AI level takes to decide, by phase: p50, p99 and worst, in milliseconds.

    python tools/bench_ai.py --deals 300 --players 6 --seed 1

Tables mix the three levels (every seat a level in turn, personalities varied) and every
rule set is played in turn; AIs that learn are told what their seat saw of every deal, as
in play, so that the Expert decides with what it has learnt of the table. The time spent
in ``choose`` is measured, and (phase ``observe``) the time an AI takes to read a deal's
events: as CPU time of this process (what the decision costs, whatever else the machine is
running) and, for the 99th percentile, also as wall-clock time.
"""

from __future__ import annotations

import argparse
import sys
import time
from collections import defaultdict
from collections.abc import Sequence
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent.parent))

from game.ai import LEVELS, PERSONALITIES, make_agent
from game.rules.engine import MAX_SEATS, MIN_SEATS, Game, Phase
from game.rules.observe import observe
from game.rules.ruleset import RULE_KEYS, rules_named

RULES = RULE_KEYS


def percentile(sorted_values: Sequence[float], q: float) -> float:
    """The ``q`` quantile (0 to 1) of already sorted values, nearest rank."""
    if not sorted_values:
        return 0.0
    index = min(len(sorted_values) - 1, max(0, round(q * len(sorted_values)) - 1))
    return sorted_values[index]


Times = dict[tuple[str, str], list[tuple[float, float]]]


def measure(deals: int, players: int, seed: int) -> Times:
    """Decision times in seconds ``(cpu, wall)`` by (level, phase) over ``deals`` deals per rule set."""
    levels = list(LEVELS)
    moods = list(PERSONALITIES)
    times: Times = defaultdict(list)
    cpu = time.process_time
    wall = time.perf_counter
    for r, rules_name in enumerate(RULES):
        rules = rules_named(rules_name)
        seat_levels = [levels[(s + r) % len(levels)] for s in range(players)]
        agents = [
            make_agent(level, moods[(s + r) % len(moods)], seed * 100 + s)
            for s, level in enumerate(seat_levels)
        ]
        game = Game([f"P{s}" for s in range(players)], rules, chips=100_000, seed=seed + r,
                    keep_log=False)
        for _ in range(deals):
            events = game.next_deal()
            while game.to_act is not None:
                seat = game.to_act
                view = game.view_for(seat)
                phase = "auction" if game.phase is Phase.AUCTION else "deal"
                start_cpu, start_wall = cpu(), wall()
                action = agents[seat].choose(view)
                times[(seat_levels[seat], phase)].append((cpu() - start_cpu, wall() - start_wall))
                events.extend(game.apply(action))
            for seat, agent in enumerate(agents):
                hook = getattr(agent, "observe", None)
                if callable(hook):
                    seen = observe(events, seat)
                    start_cpu, start_wall = cpu(), wall()
                    hook(seen)
                    times[(seat_levels[seat], "observe")].append((cpu() - start_cpu, wall() - start_wall))
    return times


def main(argv: Sequence[str] | None = None) -> int:
    """Command line entry point."""
    parser = argparse.ArgumentParser(description="Decision times of the AI levels.")
    parser.add_argument("--deals", type=int, default=300, help="deals per rule set")
    parser.add_argument("--players", type=int, default=6, help="seats at the table (3-10)")
    parser.add_argument("--seed", type=int, default=1, help="seed")
    args = parser.parse_args(argv)
    if args.deals < 1 or not MIN_SEATS <= args.players <= MAX_SEATS:
        print(f"bench_ai: --deals must be at least 1 and --players from {MIN_SEATS} to {MAX_SEATS}",
              file=sys.stderr)
        return 2
    times = measure(args.deals, args.players, args.seed)
    print(f"decision times, {args.players} players, {args.deals} deals per rule set ({', '.join(RULES)})")
    print(f"{'level':<8} {'phase':<8} {'decisions':>9} {'p50 ms':>8} {'p99 ms':>8} {'max ms':>8} "
          f"{'p99 wall':>9}")
    for level in LEVELS:
        for phase in ("auction", "deal", "observe"):
            pairs = times.get((level, phase), [])
            if not pairs:
                continue
            values = sorted(c for c, _ in pairs)
            walls = sorted(w for _, w in pairs)
            print(f"{level:<8} {phase:<8} {len(values):>9} {percentile(values, 0.5) * 1000:>8.3f} "
                  f"{percentile(values, 0.99) * 1000:>8.3f} {values[-1] * 1000:>8.3f} "
                  f"{percentile(walls, 0.99) * 1000:>9.3f}")
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
