"""The simulator: seeded games between AI players, a short summary, and optionally a deal log.

    python -m game.play.sim --rules foster --players 6 --deals 100 --games 10 --seed 1 --log out.jsonl

Every seat is an agent made by :func:`game.ai.specs.parse_agent` from a spec such as
``threshold:13``, ``expert`` or ``normal:bold`` (the AI levels of :mod:`game.ai`, with a
personality; seed 0 unless the spec names one); new kinds of agent are added with
:func:`game.ai.specs.register_agent_kind`. ``--players`` and ``--deals`` (per game) keep
within :data:`game.limits.PLAYERS` and :data:`game.limits.DEALS`. Without ``--agent`` the seats are
threshold players whose threshold and bidding share vary a little per seat, drawn from the
seed, so that the play is not uniform.
"""

from __future__ import annotations

import argparse
import random
import sys
import time
from collections.abc import Callable, Sequence
from dataclasses import dataclass, field
from typing import NoReturn, TextIO

from game.ai.specs import agent_kinds, parse_agent
from game.formats.deallog import write_records
from game.limits import DEALS, PLAYERS
from game.rules.actions import Action
from game.rules.engine import Game, Phase
from game.rules.records import DealRecord
from game.rules.ruleset import ROTATABLE, RULE_NAMES, RuleSet, rules_named
from game.rules.view import View

_BETWEEN = Phase.BETWEEN


def default_specs(players: int, seed: int, threshold: int | None = None) -> list[str]:
    """Threshold players for ``players`` seats, varied per seat from ``seed``.

    Thresholds run 11..15 (all ``threshold`` when given) and bidding shares 0.25..0.75,
    so the seats play a little differently from one another.
    """
    rng = random.Random(f"agents:{seed}")
    specs = []
    for _ in range(players):
        t = threshold if threshold is not None else rng.randint(11, 15)
        share = rng.choice((0.25, 0.4, 0.5, 0.6, 0.75))
        specs.append(f"threshold:{t}:{share}")
    return specs


# ---------------------------------------------------------------------- statistics


@dataclass
class Summary:
    """What a simulation run did, counted from its deal records."""

    games: int = 0
    deals: int = 0
    farms_won: int = 0
    """Deals whose farm was won."""
    hands: int = 0
    """Hands played (a seat served in a deal)."""
    busts: int = 0
    """Hands that went over 16."""
    sixteen_deals: int = 0
    """Deals in which at least one hand made exactly 16."""
    sixteen_hands: int = 0
    """Hands that made exactly 16."""
    final_chips: list[list[int]] = field(default_factory=list)
    """Chips per seat at the end of each game."""
    seconds: float = 0.0
    """Time spent playing (not writing the log)."""

    def add_game(self, records: Sequence[DealRecord], chips: Sequence[int]) -> None:
        """Count one finished game from its records and its final chips."""
        self.games += 1
        for rec in records:
            self.deals += 1
            if rec.winner is not None:
                self.farms_won += 1
            made = 0
            hands = rec.hands
            for seat in rec.order:
                total = sum([card.points for card in hands[seat]])
                self.hands += 1
                if total > 16:
                    self.busts += 1
                elif total == 16:
                    made += 1
            self.sixteen_hands += made
            if made:
                self.sixteen_deals += 1
        self.final_chips.append(list(chips))

    @property
    def mean_chips(self) -> list[float]:
        """Mean chips per seat at the end of the games."""
        if not self.final_chips:
            return []
        return [sum(col) / len(col) for col in zip(*self.final_chips, strict=True)]

    @property
    def deals_per_second(self) -> float:
        """Deals played per second of play."""
        return self.deals / self.seconds if self.seconds > 0 else 0.0

    def lines(self) -> list[str]:
        """The summary for people, one fact a line."""

        def part(count: int, whole: int, what: str) -> str:
            share = 100 * count / whole if whole else 0.0
            return f"{count} of {whole} {what} ({share:.1f}%)"

        return [
            f"games: {self.games}",
            f"deals played: {self.deals}",
            f"farm won: {part(self.farms_won, self.deals, 'deals')}",
            f"bust rate: {part(self.busts, self.hands, 'hands')}",
            f"16 made: {part(self.sixteen_deals, self.deals, 'deals')},"
            f" {part(self.sixteen_hands, self.hands, 'hands')}",
            "mean chips at the end: " + " ".join(f"{c:.1f}" for c in self.mean_chips),
            f"deals/second: {self.deals_per_second:.0f}",
        ]


def simulate(
    rules: RuleSet,
    specs: Sequence[str],
    *,
    deals: int,
    games: int,
    seed: int,
    chips: int,
    log: TextIO | None = None,
) -> Summary:
    """Play ``games`` seeded games of up to ``deals`` deals, one agent per spec; write records to ``log``."""
    agents = [parse_agent(spec, 0) for spec in specs]
    choosers = [agent.choose for agent in agents]
    names = [f"{spec.split(':')[0].title()} {seat}" for seat, spec in enumerate(specs)]
    master = random.Random(seed)
    summary = Summary()
    for _ in range(games):
        game = Game(
            names, rules, chips=chips, seed=master.getrandbits(64), max_deals=deals, record_events=False
        )
        start = time.perf_counter()
        _play(game, choosers)
        summary.seconds += time.perf_counter() - start
        summary.add_game(game.log, game.chips)
        if log is not None:
            write_records(game.log, log)
    return summary


def _play(game: Game, choosers: Sequence[Callable[[View], Action]]) -> None:
    """Play ``game`` to its end, each seat's move chosen by its chooser (what
    :func:`game.play.runner.play_game` does, without gathering the events nobody reads here)."""
    next_deal, apply, view_for = game.next_deal, game.apply, game.view_for
    while game.phase is _BETWEEN:
        next_deal()
        while (seat := game.to_act) is not None:
            apply(choosers[seat](view_for(seat)))


# ---------------------------------------------------------------------- command line


class _Parser(argparse.ArgumentParser):
    """An argument parser whose errors are one line and exit with code 2."""

    def error(self, message: str) -> NoReturn:
        """Print ``message`` as one line on stderr and exit 2."""
        self.exit(2, f"{self.prog}: error: {message} (see --help)\n")


def _parser() -> _Parser:
    kinds = "; ".join(agent_kinds().values())
    p = _Parser(
        prog="python -m game.play.sim",
        description="Play seeded games of Farmer between AI players and summarise them.",
    )
    p.add_argument("--rules", default="foster", help=f"rule set: {', '.join(RULE_NAMES)} (default foster)")
    p.add_argument(
        "--rotating", action="store_true", help=f"the rotating farm ({' and '.join(ROTATABLE)} only)"
    )
    p.add_argument(
        "--players", type=int, default=6, help=f"seats, {PLAYERS.low} to {PLAYERS.high} (default 6)"
    )
    p.add_argument(
        "--deals", type=int, default=DEALS.high,
        help=f"deals per game, at most: {DEALS.low} to {DEALS.high} (default {DEALS.high})",
    )
    p.add_argument("--games", type=int, default=1, help="games to play (default 1)")
    p.add_argument("--seed", type=int, default=0, help="seed for the cards and the players (default 0)")
    p.add_argument("--chips", type=int, default=100, help="starting chips per seat (default 100)")
    p.add_argument("--log", metavar="FILE", help="write every deal to FILE as a JSON Lines deal log")
    p.add_argument("--threshold", type=int, help="every threshold player stands from T points (1-17)")
    p.add_argument(
        "--agent", action="append", metavar="SPEC",
        help=f"the agent for every seat (once) or for each seat (once per seat): {kinds}",
    )
    return p


def main(argv: Sequence[str] | None = None) -> int:
    """Run the simulator; bad flags or values exit with code 2 and a one-line message."""
    parser = _parser()
    args = parser.parse_args(argv)
    for flag, limit in (("players", PLAYERS), ("deals", DEALS)):
        if getattr(args, flag) not in limit:
            parser.error(f"--{flag} must be from {limit.low} to {limit.high}, not {getattr(args, flag)}")
    for flag in ("games", "chips"):
        if getattr(args, flag) < 1:
            parser.error(f"--{flag} must be at least 1, not {getattr(args, flag)}")
    if args.threshold is not None and not 1 <= args.threshold <= 17:
        parser.error(f"--threshold must be from 1 to 17, not {args.threshold}")
    try:
        rules = rules_named(args.rules, args.rotating)
    except ValueError as exc:
        parser.error(str(exc))
    if args.agent is None:
        specs = default_specs(args.players, args.seed, args.threshold)
    elif len(args.agent) == 1:
        specs = args.agent * args.players
    elif len(args.agent) == args.players:
        specs = list(args.agent)
    else:
        parser.error(f"give --agent once, or once per seat ({args.players}), not {len(args.agent)} times")
    if args.agent is not None and args.threshold is not None:
        parser.error("--threshold applies to the default players; put it in the --agent spec instead")
    for spec in specs:
        try:
            parse_agent(spec, 0)
        except ValueError as exc:
            parser.error(str(exc))
    log: TextIO | None = None
    if args.log is not None:
        try:
            log = open(args.log, "w", encoding="utf-8")  # noqa: SIM115 -- closed below, after the run
        except OSError as exc:
            parser.error(f"cannot write the log {args.log!r}: {exc.strerror or exc}")
    try:
        summary = simulate(
            rules, specs, deals=args.deals, games=args.games, seed=args.seed, chips=args.chips, log=log
        )
    except OSError as exc:
        parser.error(f"cannot write the log {args.log!r}: {exc.strerror or exc}")
    finally:
        if log is not None:
            log.close()
    print(f"rules: {rules.key}, {args.players} players: {' '.join(specs)}")
    for line in summary.lines():
        print(line)
    if args.log is not None:
        print(f"log: {args.log}")
    return 0


if __name__ == "__main__":
    sys.exit(main())
