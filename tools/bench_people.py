"""The AI against people: what each AI earns beside human-like players, and what a best responder would.

    .venv/bin/python tools/bench_people.py --deals 6000 --seed 3 [--kinds bold,bluffer] [--jobs 2]

For each kind of person of :mod:`tools.people`, tournaments of 3 seats (duplicate blocks:
every line-up plays the same shuffles, the players moving round the seats):

- one person and two Experts, beside one person, one Expert and one **best responder** (an
  Expert told the person's strategy: :class:`Informed`); the responder's extra is its chips per
  seat and deal less an Expert's in its place, on the same shuffles, with a 95 % interval over
  the paired blocks;
- two people and one Expert, beside two people and one best responder (the same shuffles);
- one person and two Normals, and one person and two Easys: the ranking of the levels;
- with ``--mixed``, one person, one Expert and one Normal at one table: the Expert's chips less
  the Normal's on the same cards (two Experts and two Normals are ranked also by how each pair
  bids between themselves; at one table only each one's own play counts).

With ``--by-deal``, each kind also gets its figures by stretch of the game (deal 1, deals 2-5,
6-10, 11-20, 21-40, the rest): each AI's chips per deal beside one person (and, with the
responder, the Expert's and the responder's beside two), and the farms the person bought beside
two Experts. A gap that lies in a game's first deals is the cost of learning him.

Figures are chips per seat and deal (standings: chips plus an unwon farm for its farmer). Every
player is made afresh for each game of 100 deals; with ``--keep`` each keeps its memory from game
to game (the same people at the same table again).
"""

from __future__ import annotations

import argparse
import math
import sys
import time
from collections.abc import Sequence
from concurrent.futures import ProcessPoolExecutor
from dataclasses import replace
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent.parent))

from game.ai.expert import ExpertAgent
from game.ai.memory import TableMemory
from game.ai.model import THRESHOLDS
from game.ai.personality import PERSONALITIES
from game.ai.specs import register_agent_kind
from game.rules.view import View
from tools import tournament
from tools.people import PEOPLE, Person

#: What the best responder is told of each kind: the totals it stands from (equally likely).
STANDS = {"newcomer": (12, 13, 14), "cautious": (11,), "bold": (15,), "bluffer": (13,), "chaser": (16,),
          "hoarder": (14,), "latecomer": (12,), "sulker": (14,), "showoff": (10,), "gambler": (16,)}
#: The kinds whose bid limit is a fixed function of the table (the responder may push them to it).
FIXED_LIMIT = {"cautious", "bold", "bluffer", "chaser", "hoarder", "latecomer", "sulker", "showoff",
               "gambler"}


class Informed(ExpertAgent):
    """An Expert told which seats are people of which kind (from their names) and how they play."""

    level = "informed"

    def _memory(self, view: View) -> TableMemory:
        memory = super()._memory(view)
        for seat, name in enumerate(view.names):
            kind = _kind(name)
            if kind is None:
                continue
            player = memory.player(seat)
            stands = STANDS[kind]
            wanted = [-40.0] * len(player.log_like)
            for s in stands:
                wanted[THRESHOLDS.index(s)] = 0.0
            if player.log_like != wanted or player.as_experts != -40.0:
                player.log_like = wanted
                player.as_experts = -40.0
                player.decisions = max(player.decisions, 1)
                memory.forget_beliefs()
        return memory

    def limit(self, view: View, memory: TableMemory) -> int:
        """Its own break-even price, or a chip under an active person's known limit when that is higher."""
        own = super().limit(view, memory)
        passed = {seat for seat, amount in view.calls if amount is None}
        best = own
        for seat, name in enumerate(view.names):
            kind = _kind(name)
            if kind is None or kind not in FIXED_LIMIT or seat in passed or seat == view.seat:
                continue
            person: Person = PEOPLE[kind](0)
            # His limit as he works it out, from his own seat (some people mind their chips).
            best = max(best, person.limit(replace(view, seat=seat)) - 1)
        return min(view.max_bid, best)


def _kind(name: str) -> str | None:
    if name.startswith("person:"):
        return name.split(":")[1].split("#")[0]
    return None


def _informed(params: Sequence[str], seed: int | None) -> ExpertAgent:
    return Informed(PERSONALITIES["steady"], seed)


register_agent_kind("informed", _informed, "informed (an Expert told how the people at the table play)")


def _blocks(t: tournament.Tally) -> list[tuple[int, int]]:
    out = []
    for start in range(0, len(t.per_game), t.block):
        part = t.per_game[start:start + t.block]
        out.append((sum(c for c, _ in part), sum(n for _, n in part)))
    return out


def difference(a: tournament.Tally, b: tournament.Tally) -> tuple[float, float]:
    """``a``'s chips per seat-deal less ``b``'s, with a 95 % half-interval over paired blocks."""
    xa, xb = _blocks(a), _blocks(b)
    diffs = [ca / na - cb / nb for (ca, na), (cb, nb) in zip(xa, xb, strict=True) if na and nb]
    g = len(diffs)
    mean = sum(diffs) / g
    if g < 2:
        return mean, math.inf
    var = sum((d - mean) ** 2 for d in diffs) / (g - 1) / g
    return mean, 1.96 * math.sqrt(var)


def _run(job: tuple[list[str], int, int, str, bool, bool]) -> list[tournament.Tally]:
    specs, deals, seed, rules, stacked, keep = job
    return tournament.run(specs, players=3, deals=deals, seed=seed, rules_name=rules, keep=keep,
                          stacked=stacked)


def main(argv: Sequence[str] | None = None) -> int:
    """Print the table of figures."""
    parser = argparse.ArgumentParser(description="The AI against human-like players.")
    parser.add_argument("--kinds", default=",".join(PEOPLE))
    parser.add_argument("--deals", type=int, default=6000, help="deals per tournament (a multiple of 300)")
    parser.add_argument("--seed", type=int, default=3)
    parser.add_argument("--rules", default="foster")
    parser.add_argument("--jobs", type=int, default=1)
    parser.add_argument("--levels", action=argparse.BooleanOptionalAction, default=True,
                        help="also Normal and Easy beside one person")
    parser.add_argument("--responder", action=argparse.BooleanOptionalAction, default=True,
                        help="also the best responder beside one and two people")
    parser.add_argument("--stacked", action=argparse.BooleanOptionalAction, default=True,
                        help="every line-up dealt the same cards in the same order, deal by deal"
                             " (common random numbers; --no-stacked: the game's own shuffles)")
    parser.add_argument("--by-deal", action="store_true",
                        help="also each kind's figures by stretch of the game"
                             " (deal 1, 2-5, 6-10, 11-20, 21-40, the rest)")
    parser.add_argument("--keep", action="store_true",
                        help="every player keeps its memory from game to game (the same people again)")
    parser.add_argument("--mixed", action="store_true",
                        help="also one person, one Expert and one Normal at one table")
    args = parser.parse_args(argv)
    kinds = args.kinds.split(",")
    names = ["ee", "ie", "ppe", "ppi"] if args.responder else []
    if args.levels:
        names += ["ee", "nn", "zz"] if not args.responder else ["nn", "zz"]
    if args.mixed:
        names += ["en"] if "ee" in names else ["ee", "en"]
    jobs = []
    for kind in kinds:
        p = f"person:{kind}"
        made = {"ee": [p, "expert", "expert"], "ie": [p, "informed", "expert"], "ppe": [p, p, "expert"],
                "ppi": [p, p, "informed"], "nn": [p, "normal", "normal"], "zz": [p, "easy", "easy"],
                "en": [p, "expert", "normal"]}
        jobs += [(made[name], args.deals, args.seed, args.rules, args.stacked, args.keep) for name in names]
    started = time.perf_counter()
    with ProcessPoolExecutor(args.jobs) as pool:
        results = list(pool.map(_run, jobs))
    per = len(names)
    dealt = "the same cards for every line-up" if args.stacked else "the games' own shuffles"
    if args.keep:
        dealt += ", memories kept from game to game"
    print(f"{args.deals} deals per line-up ({dealt}), 3 seats, rules {args.rules}, seed {args.seed}"
          f" ({time.perf_counter() - started:.0f} s); chips per seat and deal, ± 95 %")
    head = f"{'person':<9} {'expert (1p)':>14}"
    if args.responder:
        head += f" {'responder +':>15} {'expert (2p)':>14} {'responder +':>15}"
    if args.levels:
        head += f" {'normal (1p)':>14} {'easy (1p)':>14} {'person vs E/N/E':>22}"
    print(head)
    for i, kind in enumerate(kinds):
        r = dict(zip(names, results[i * per:(i + 1) * per], strict=True))
        ee = r["ee"]
        line = f"{kind:<9} {ee[1].mean():>+7.3f}±{ee[1].half_width():.3f}"
        if args.responder:
            extra1 = difference(r["ie"][1], ee[1])
            expert2 = r["ppe"][1]
            extra2 = difference(r["ppi"][1], expert2)
            line += (f" {extra1[0]:>+8.3f}±{extra1[1]:.3f} {expert2.mean():>+7.3f}±{expert2.half_width():.3f}"
                     f" {extra2[0]:>+8.3f}±{extra2[1]:.3f}")
        if args.levels:
            nn, zz = r["nn"], r["zz"]
            line += (f" {nn[1].mean():>+7.3f}±{nn[1].half_width():.3f}"
                     f" {zz[1].mean():>+7.3f}±{zz[1].half_width():.3f}"
                     f" {ee[0].mean():>+7.3f}/{nn[0].mean():+.3f}/{zz[0].mean():+.3f}")
        print(line, flush=True)
    if args.mixed:
        print()
        print("one person, one Expert and one Normal at one table: chips per deal, and the Expert's less the"
              " Normal's on the same cards")
        for i, kind in enumerate(kinds):
            en = dict(zip(names, results[i * per:(i + 1) * per], strict=True))["en"]
            gap = difference(en[1], en[2])
            print(f"{kind:<9} expert {en[1].mean():>+7.3f}  normal {en[2].mean():>+7.3f}"
                  f"  expert - normal {gap[0]:>+7.3f}±{gap[1]:.3f}", flush=True)
    if args.by_deal:
        for i, kind in enumerate(kinds):
            print()
            print(by_deal(kind, dict(zip(names, results[i * per:(i + 1) * per], strict=True))), flush=True)
    return 0


def by_deal(kind: str, results: dict[str, list[tournament.Tally]]) -> str:
    """The figures of ``kind``'s line-ups by stretch of the game, as a table (see the module notes)."""
    columns = [("expert", "ee", 1), ("responder", "ie", 1), ("normal", "nn", 1), ("easy", "zz", 1),
               ("expert 2p", "ppe", 1), ("resp. 2p", "ppi", 1)]
    shown = [(title, results[name][at]) for title, name, at in columns if name in results]
    person = results["ee"][0]
    lows = (1, *(last + 1 for last in tournament.STRETCHES))
    highs = (*tournament.STRETCHES, None)
    lines = [f"{kind}, by stretch of the game: chips per deal beside one person (2p: beside two); the farms"
             " he bought beside two Experts (mean price)",
             f"{'deals':<8}" + "".join(f"{title:>11}" for title, _ in shown) + f"{'he bought':>16}"]
    for part, (low, high) in enumerate(zip(lows, highs, strict=True)):
        label = str(low) if high == low else f"{low}-{high}" if high is not None else f"{low}-"
        cells = ""
        for _, tally in shown:
            stretch = tally.stretches[part]
            cells += f"{stretch.chips / stretch.seat_deals:>+11.3f}" if stretch.seat_deals else f"{'':>11}"
        his = person.stretches[part]
        mean = f"({his.price_paid / his.farms_bought:.1f})" if his.farms_bought else ""
        lines.append(f"{label:<8}{cells}{his.farms_bought:>9} {mean:<6}")
    return "\n".join(lines)


if __name__ == "__main__":
    raise SystemExit(main())
