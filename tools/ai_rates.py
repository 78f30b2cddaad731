"""Measure how tables of Experts play, and write the rates the AI ships with (``game/ai/rates.json``).

    python tools/ai_rates.py --deals 3000 --seed 12 --jobs 2

For every rule set and every table size (3 to 10 seats) it plays ``--deals`` deals of
Experts against Experts (games of 100 deals, large stacks, every Expert told what its seat
saw, as in play) and counts, from the showdowns: the points over 16 per hand, the share of
hands that make 16, go over, win the farm; the share of deals that end the farm; and, per
total, how often a player who could choose stood. The file records the seed and the deals,
so that it can be made again exactly. The Expert's own play depends on these rates: run it
again after changing the Expert, until the figures settle.
"""

from __future__ import annotations

import argparse
import json
import sys
import time
from collections.abc import Sequence
from concurrent.futures import ProcessPoolExecutor
from pathlib import Path
from typing import Any

sys.path.insert(0, str(Path(__file__).resolve().parent.parent))

from game.ai.observing import feed
from game.ai.specs import parse_agent
from game.limits import PLAYERS
from game.rules.agents import Agent
from game.rules.engine import Game
from game.rules.events import DealEnded, HandShown
from game.rules.ruleset import RULE_KEYS, rules_named

OUT = Path(__file__).resolve().parent.parent / "game" / "ai" / "rates.json"
GAME_LENGTH = 100


def measure(rules_key: str, seats: int, deals: int, seed: int) -> dict[str, Any]:
    """The rates of ``deals`` deals of Experts at ``seats`` seats under ``rules_key``."""
    rules = rules_named(rules_key)
    hands = over = sixteens = busts = wins = 0
    deals_seen = won = 0
    stand = [[0, 0] for _ in range(17)]
    played = 0
    game_no = 0
    while played < deals:
        agents: list[Agent] = [parse_agent("expert", seed * 1_000 + game_no * 17 + s) for s in range(seats)]
        # The game's length is agreed, as in tournaments and in play: the Experts know it.
        length = min(GAME_LENGTH, deals - played)
        game = Game([f"P{s}" for s in range(seats)], rules, chips=1_000_000,
                    seed=seed * 7_919 + game_no, keep_log=False, max_deals=length)
        for _ in range(length):
            events = game.next_deal()
            while game.to_act is not None:
                seat = game.to_act
                events.extend(game.apply(agents[seat].choose(game.view_for(seat))))
            feed(dict(enumerate(agents)), events)
            shown = [e for e in events if isinstance(e, HandShown)]
            deck_empty = sum(len(e.cards) for e in shown) >= 45
            for event in shown:
                hands += 1
                total = event.total
                over += max(0, total - 16)
                sixteens += total == 16
                busts += total > 16
                running = 0
                for i, card in enumerate(event.cards):
                    running += card.points
                    if rules.compulsory_draw and i == 0:
                        continue
                    last = i == len(event.cards) - 1
                    if last and (running > 16 or deck_empty):
                        continue
                    stand[running][1] += 1
                    stand[running][0] += last
            end = next(e for e in events if isinstance(e, DealEnded))
            deals_seen += 1
            if end.winner is not None:
                won += 1
                wins += 1
            played += 1
        game_no += 1
    return {
        "deals": deals_seen,
        "hands": hands,
        "over": round(over / hands, 4),
        "sixteen": round(sixteens / hands, 4),
        "bust": round(busts / hands, 4),
        "wins": round(wins / hands, 4),
        "won": round(won / deals_seen, 4),
        "stand": stand,
    }


def _job(args: tuple[str, int, int, int]) -> tuple[str, int, dict[str, Any]]:
    rules_key, seats, deals, seed = args
    return rules_key, seats, measure(rules_key, seats, deals, seed)


def main(argv: Sequence[str] | None = None) -> int:
    """Command line entry point."""
    parser = argparse.ArgumentParser(description="Measure tables of Experts; write game/ai/rates.json.")
    parser.add_argument("--deals", type=int, default=3000, help="deals per rule set and table size")
    parser.add_argument("--seed", type=int, default=12, help="seed of the whole measurement")
    parser.add_argument("--jobs", type=int, default=1, help="processes to run at once")
    parser.add_argument("--out", type=Path, default=OUT, help="where to write the file")
    parser.add_argument("--note", default="", help="a note kept in the file (which pass this is, say)")
    args = parser.parse_args(argv)
    if args.deals < 1 or args.jobs < 1:
        print("ai_rates: --deals and --jobs must be at least 1", file=sys.stderr)
        return 2
    started = time.perf_counter()
    work = [
        (key, seats, args.deals, args.seed * 100 + seats)
        for key in RULE_KEYS for seats in range(PLAYERS.low, PLAYERS.high + 1)
    ]
    tables: dict[str, dict[str, Any]] = {key: {} for key in RULE_KEYS}
    with ProcessPoolExecutor(args.jobs) as pool:
        for key, seats, found in pool.map(_job, work):
            # Keyed by the players who play hands: every seat but the farmer's.
            tables[key][str(seats - 1)] = found
            print(f"{key:<18} {seats:>2} seats: over {found['over']:.3f}  16 {found['sixteen']:.3f}  "
                  f"won {found['won']:.3f}", flush=True)
    document = {
        "about": "Rates of tables of Experts (steady) playing each other, per rule set and players in a "
                 "deal (seats less the farmer); stand[t] = [times stood, times able to choose] on t points.",
        "made_by": f"python tools/ai_rates.py --deals {args.deals} --seed {args.seed}",
        "seed": args.seed,
        "deals_per_table": args.deals,
        "game_length": GAME_LENGTH,
        "tables": tables,
    }
    if args.note:
        document["note"] = args.note
    text = json.dumps(document, separators=(",", ":"), sort_keys=True)
    args.out.write_text(text + "\n", encoding="utf-8")
    print(f"wrote {args.out} ({len(text)} bytes) in {time.perf_counter() - started:.0f} s")
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
