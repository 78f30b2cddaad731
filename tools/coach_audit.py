"""The coach's words held against exact figures, decision by decision, over whole games.

    .venv/bin/python tools/coach_audit.py --decisions 100000 --seed 41 --jobs 2

Seat 0 of every table is played by a steady Expert while a :class:`~game.ai.coach.Coach` watches
through the same seat's eyes (public facts and the seat's own cards, as at the table). At each of
seat 0's decisions the coach's advice, and its words in English, French and German
(:func:`scenes.table.narrator.advice_words`), are checked (:func:`check`):

- the coach chooses what the seated Expert chooses, memory and all;
- no words read "0 %";
- in the auction: the break-even price named is the Expert's own, never above the chips the seat
  may bid, and "all you may bid" exactly when the price is above them; the collections named are
  the Expert's; a pass says "you cannot afford the next bid" exactly when that is why, and
  otherwise names a break-even price below the next bid; a bid past the break-even price says
  why, and the why is so (the bids of a rival still bidding show he pays more than that, and he
  is made to pay up to his limit; or one who bids more than farms are worth, whose play is not known yet,
  is bought from to see him play; or it is a game's first auction at a table nobody has seen play
  and the bid is the farm's public price, worked out afresh, and it says so); a pass within the
  price says why (every rival marked for bidding more than farms are worth has passed, and the
  holder is not so marked); the
  farm kept to the game's end is named exactly when that is likely enough to say; no figure of
  chips in the words is above what the seat may bid (but the collections, and 16);
- in the deal: the chances named are those of the Expert's own deck model, and, where nobody
  was served before the seat, the exact odds of the unseen cards counted card by card; where no
  card makes 16, the words say so, and it is so of the unseen cards (and where no card can take
  the hand over 16).

The other seats are agent specs (:mod:`game.ai.specs`): Experts, Normals, the human-like players
of :mod:`tools.people` (so that overbidders bring the pushes and the farms bought to see them play)
and small stacks (so that the seat cannot afford bids, and prices pass its chips). Prints, per
table, the decisions checked and how many of each kind, then every falsehood found; exit status
1 if there was any.
"""

from __future__ import annotations

import argparse
import re
import sys
import time
from collections.abc import Sequence
from concurrent.futures import ProcessPoolExecutor
from dataclasses import dataclass, field, fields
from fractions import Fraction
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent.parent))

from game.ai.coach import Advice, Coach
from game.ai.expert import ExpertAgent
from game.ai.farm_value import farm_value
from game.ai.model import INDEX, VALUES
from game.ai.observing import feed
from game.ai.personality import PERSONALITIES
from game.rules.actions import PASS, Action, Kind
from game.rules.agents import Agent
from game.rules.engine import Game
from game.rules.observe import observe
from game.rules.phase import Phase
from game.rules.ruleset import RuleSet, rules_named
from game.rules.view import View
from scenes.table.narrator import KEPT_WORTH_SAYING, advice_words
from tools import people  # noqa: F401  (registers the person:KIND specs)
from tools.tournament import agent_factory

#: "0 %" in any language's spelling of a percentage.
ZERO_PERCENT = re.compile(r"(?<![\d.,])0(?:[.,]0+)?[\u00a0\u202f ]?%")
#: A percentage, to leave the chances out when reading the chips a sentence names.
PERCENT = re.compile(r"\d+(?:[.,]\d+)?[\u00a0\u202f ]?%")
LANGUAGES = ("en", "fr", "de")


@dataclass(frozen=True, slots=True)
class Table:
    """One table to audit: seat 0 is the coached Expert, the others play ``others``."""

    rules: str
    others: tuple[str, ...]
    chips: int = 100
    deals: int = 60


#: The tables of the command line: every rule set, small and large tables, people who overbid,
#: and small stacks.
TABLES: tuple[Table, ...] = (
    Table("foster", ("expert", "expert")),
    Table("foster", ("person:gambler", "expert")),
    Table("foster", ("person:showoff", "person:bold")),
    Table("foster", ("person:sulker", "person:latecomer", "normal", "expert")),
    Table("foster", ("person:bluffer", "person:newcomer", "expert"), chips=12),
    Table("foster", ("expert",) * 5),
    Table("foster", (
        "person:gambler", "person:showoff", "person:newcomer", "normal", "easy", *("expert",) * 4,
    )),
    Table("foster+rotating", ("person:chaser", "expert", "expert")),
    Table("lacombe", ("person:gambler", "expert", "normal")),
    Table("ferme", ("expert", "person:cautious", "person:hoarder")),
)


@dataclass
class Audit:
    """What was checked at one table, and every falsehood found."""

    decisions: int = 0
    auctions: int = 0
    deck: int = 0
    """Deal decisions whose chances were checked against the Expert's deck."""
    exact: int = 0
    """Of those, the ones where nobody was served before the seat (checked against the exact odds)."""
    no_sixteen: int = 0
    pushing: int = 0
    learning: int = 0
    opening: int = 0
    """Bids of the public price past the break-even price in a game's first auction."""
    settled: int = 0
    """Passes within the break-even price once the overbidders dropped out."""
    cannot_afford: int = 0
    capped: int = 0
    kept: int = 0
    problems: list[str] = field(default_factory=list)

    def add(self, other: Audit) -> None:
        """Count ``other``'s checks and falsehoods with these."""
        for counter in fields(self):
            if counter.name != "problems":
                setattr(self, counter.name, getattr(self, counter.name) + getattr(other, counter.name))
        self.problems += other.problems


def exact_chances(view: View) -> tuple[Fraction, Fraction]:
    """The chances that the next card makes 16 and goes over, counting every unseen card once."""
    unseen = view.unseen
    need = 16 - view.total
    sixteen = Fraction(sum(1 for c in unseen if c.points == need), len(unseen))
    over = Fraction(sum(1 for c in unseen if c.points > need), len(unseen))
    return sixteen, over


def deck_chances(view: View, expert: ExpertAgent) -> tuple[float, float]:
    """The same chances from the Expert's deck model, worked out here from its weights."""
    weights = expert.table(view).weights
    need = 16 - view.total
    mass = sum(weights)
    sixteen = weights[INDEX[need]] / mass if need in INDEX else 0.0
    over = sum(w for v, w in zip(VALUES, weights, strict=True) if v > need) / mass
    return sixteen, over


def _served_before(view: View) -> bool:
    """Whether a player other than the seat finished a hand before the seat's turn in this deal."""
    me = view.seat
    assert me is not None
    return any(s != me and view.finished(s) for s in view.order if view.order.index(s) < view.order.index(me))


def check(view: View, advice: Advice, chosen: Action, coach: Coach, rules: RuleSet, audit: Audit) -> None:
    """Check ``advice`` for the seat of ``view`` (the seated Expert chose ``chosen``); count it in
    ``audit``, with every falsehood found."""
    problems: list[str] = []
    said = {lang: advice_words(advice, rules, lang) for lang in LANGUAGES}
    where = f"deal {view.deal_no}, {view.phase.name.lower()}: {said['en']!r}"
    if advice.action != chosen:
        problems.append(f"the coach chose {advice.action}, the seated Expert {chosen}")
    problems += [f"{lang} reads 0 %: {words!r}" for lang, words in said.items() if ZERO_PERCENT.search(words)]
    if view.phase is Phase.AUCTION:
        audit.auctions += 1
        problems += _auction_problems(view, advice, coach, said, audit)
    elif view.unseen and view.deck_size > 0 and not advice.must_draw:
        audit.deck += 1
        problems += _deal_problems(view, advice, coach, said, audit)
    audit.decisions += 1
    audit.problems += [f"{where}: {p}" for p in problems]


def _auction_problems(
    view: View, advice: Advice, coach: Coach, said: dict[str, str], audit: Audit
) -> list[str]:
    problems = []
    price = coach.expert.price(view)
    fair = max(0, int(price.fair_bid))
    wanted = view.high_bid + 1
    if advice.fair_bid != min(fair, view.max_bid):
        problems.append(f"names {advice.fair_bid} as the break-even price, the Expert's is {fair}"
                        f" (the seat may bid {view.max_bid})")
    if advice.collections != round(price.per_deal * price.deals):
        problems.append(f"names {advice.collections} chips collected, the Expert's figure is"
                        f" {price.per_deal * price.deals:.2f}")
    if advice.capped != (fair > view.max_bid):
        problems.append("says the price is above the seat's chips" if advice.capped else
                        f"does not say the price {fair} is above the seat's {view.max_bid} chips")
    audit.capped += advice.capped
    if advice.action == PASS:
        if wanted > view.max_bid:
            audit.cannot_afford += 1
            if not advice.cannot_afford or "cannot afford the next bid" not in said["en"]:
                problems.append("passes for want of chips without saying so")
        elif advice.cannot_afford:
            problems.append("says the seat cannot afford a bid it can")
        elif advice.settled:
            audit.settled += 1
            problems += _settled_problems(view, coach, fair, said["en"])
        elif fair >= wanted:
            problems.append(f"passes saying the break-even price {fair} is below the next bid {wanted}")
        elif f"break-even price is {fair}," not in said["en"]:
            problems.append("passes without naming the break-even price")
    elif advice.action.kind is Kind.BID:
        if advice.action.amount > view.max_bid:
            problems.append(f"bids {advice.action.amount}, more than the seat's {view.max_bid} chips")
        if advice.opening:
            audit.opening += 1
            problems += _opening_problems(view, advice, coach, fair, said["en"])
        elif advice.pushing or advice.learning:
            audit.pushing += advice.pushing
            audit.learning += advice.learning
            if advice.action.amount <= fair or (advice.pushing and advice.learning):
                problems.append("says it bids past the break-even price when it does not, or says two whys")
            if ("to see how he plays" in said["en"]) != advice.learning:
                problems.append("the reason for bidding past the price is not the one that decided")
            if advice.pushing and not _shown_to_pay_more(view, coach, fair):
                problems.append(f"says a rival's bids show he pays more than {fair}; none still bidding's do")
            if advice.learning and not _play_unknown(view, coach):
                problems.append("says a rival bids past farms' worth and his play is not known;"
                                " no rival still bidding is both")
        elif advice.action.amount > fair:
            problems.append(f"bids {advice.action.amount} past the break-even price {fair}, not saying why")
        elif advice.capped:
            if f"bid up to {view.max_bid}, all you may bid" not in said["en"]:
                problems.append("does not say the seat's chips are all it may bid")
        else:
            if f"bid up to {fair}, the break-even price" not in said["en"]:
                problems.append("does not name the break-even price it bids up to")
            if f"about {advice.collections} chips" not in said["en"]:
                problems.append("does not name the collections")
            keeps = "keeps the farm, bid and all" in said["en"]
            audit.kept += keeps
            if keeps != (price.kept >= KEPT_WORTH_SAYING):
                named = "named" if keeps else "not named"
                problems.append(f"the farm kept to the end ({price.kept:.1%}) is {named}")
    for lang, words in said.items():
        for figure in re.findall(r"\d+", PERCENT.sub("", words)):
            n = int(figure)
            if n != advice.collections and n > view.max_bid and n != 16:
                problems.append(f"{lang} names {n} chips, more than the seat's {view.max_bid}")
    return problems


def _opening_problems(view: View, advice: Advice, coach: Coach, fair: int, words: str) -> list[str]:
    """What is false in advice that bids the farm's public price past the break-even price ``fair``
    in a game's first auction (:attr:`~game.ai.coach.Advice.opening`)."""
    problems = []
    memory = coach.expert.memory
    assert memory is not None
    public = min(view.max_bid, int(farm_value(view).fair_bid))
    if view.deal_no != 1 or not memory.seen_nothing():
        problems.append("says the table is one nobody has seen play, past its first auction")
    if advice.pushing or advice.learning:
        problems.append("gives two reasons for bidding past the break-even price")
    if not fair < advice.action.amount <= public:
        problems.append(f"bids {advice.action.amount} as the farm's price {public}, past break-even {fair}")
    if "a table nobody has seen play" not in words or f"break-even price is {fair})" not in words:
        problems.append("does not say why it bids past the break-even price")
    return problems


def _settled_problems(view: View, coach: Coach, fair: int, words: str) -> list[str]:
    """What is false in a pass within the break-even price ``fair`` said to be because every
    overbidder dropped out and the holder prices farms alike (:attr:`~game.ai.coach.Advice.settled`)."""
    problems = []
    memory = coach.expert.memory
    assert memory is not None
    marked = {s for s, a in view.calls if a is not None and s != view.seat and memory.player(s).overbids}
    gone = {s for s, a in view.calls if a is None}
    holder = view.high_bidder
    if not marked or not marked <= gone:
        problems.append("says the overbidders dropped out: none bid, or one is still bidding")
    if holder is None or holder == view.seat or memory.player(holder).overbids:
        problems.append("says the bid is held by a player who prices farms alike; it is not")
    if f"break-even price is {fair}," not in words or "dropped out" not in words:
        problems.append("passes within the break-even price without saying why")
    return problems


def _rivals_in(view: View) -> list[int]:
    """The seats other than the view's still in its auction (not passed, with chips)."""
    passed = {seat for seat, amount in view.calls if amount is None}
    return [s for s, chips in enumerate(view.chips) if s != view.seat and s not in passed and chips > 0]


def _shown_to_pay_more(view: View, coach: Coach, fair: int) -> bool:
    """Whether the bids of a rival still in the auction show he pays more than ``fair``: he bid more,
    in this auction or one the coach's memory holds, or the rule his auctions fit puts his limit
    here above it (:meth:`~game.ai.memory.TableMemory.bid_reach`)."""
    memory = coach.expert.memory
    assert memory is not None
    price = coach.expert.public_price(view)
    for seat in _rivals_in(view):
        now = max((a for s, a in view.calls if s == seat and a is not None), default=0)
        if max([now, *(seen.top for seen in memory.player(seat).auctions)]) > fair:
            return True
        reach = memory.bid_reach(seat, view.deal_no, price)
        if reach is not None and reach.low > fair:
            return True
    return False


def _play_unknown(view: View, coach: Coach) -> bool:
    """Whether a rival still in the auction bids more than farms are worth (is marked so in the
    coach's memory) and his habits are not known yet (more than one keeps weight)."""
    memory = coach.expert.memory
    assert memory is not None
    players = max(1, len(coach.expert.economy(view, memory).seats) - 1)
    return any(
        memory.player(seat).overbids and sum(1 for w in memory.belief(seat, players) if w > 0) >= 2
        for seat in _rivals_in(view)
    )


def _deal_problems(
    view: View, advice: Advice, coach: Coach, said: dict[str, str], audit: Audit
) -> list[str]:
    problems = []
    sixteen, over = deck_chances(view, coach.expert)
    if advice.sixteen is None or advice.over is None:
        return ["names no chances where a card can be drawn"]
    if abs(advice.sixteen - sixteen) > 1e-12 or abs(advice.over - over) > 1e-12:
        problems.append(f"quotes {advice.sixteen:.4f} / {advice.over:.4f}, the Expert's deck says"
                        f" {sixteen:.4f} / {over:.4f}")
    exact = exact_chances(view)
    if not _served_before(view):
        audit.exact += 1
        if abs(advice.sixteen - float(exact[0])) > 1e-12 or abs(advice.over - float(exact[1])) > 1e-12:
            problems.append(f"quotes {advice.sixteen:.4f} / {advice.over:.4f}, the unseen cards give"
                            f" {float(exact[0]):.4f} / {float(exact[1]):.4f}")
    if advice.sixteen == 0 and advice.over:
        audit.no_sixteen += 1
        if "no card left makes 16" not in said["en"]:
            problems.append("no card makes 16 and the words do not say so")
    # "No card left makes 16" and "no card can take you over 16" are about the cards, not a model.
    if advice.sixteen == 0 and exact[0] > 0:
        problems.append(f"says no card makes 16; {exact[0]} of the unseen cards do")
    if advice.over == 0 and exact[1] > 0:
        problems.append(f"says no card takes the hand over 16; {exact[1]} of the unseen cards do")
    return problems


def table_name(table: Table) -> str:
    """``table`` in a few words: its rules, and who sits beside seat 0 (``expert ×4`` for four)."""
    groups: list[list[str | int]] = []
    for spec in table.others:
        if groups and groups[-1][0] == spec:
            groups[-1][1] = int(groups[-1][1]) + 1
        else:
            groups.append([spec, 1])
    seats = ", ".join(f"{spec} ×{n}" if n != 1 else str(spec) for spec, n in groups)
    chips = f" ({table.chips} chips)" if table.chips != 100 else ""
    return f"{table.rules}: you, {seats}{chips}"


def audit_game(table: Table, seed: int) -> Audit:
    """Play one game of ``table`` (seed ``seed``), checking every decision of seat 0."""
    rules = rules_named(table.rules)
    players = 1 + len(table.others)
    agents: dict[int, Agent] = {0: ExpertAgent(PERSONALITIES["steady"], seed=seed)}
    for s, spec in enumerate(table.others, start=1):
        agents[s] = agent_factory(spec)(seed * 101 + s)
    coach = Coach(rules)
    audit = Audit()
    names = ["You", *(f"{spec}#{s}" for s, spec in enumerate(table.others, start=1))]
    game = Game(names[:players], rules, chips=table.chips, seed=seed, max_deals=table.deals)
    while game.phase is Phase.BETWEEN:
        events = game.next_deal()
        feed(agents, events)
        coach.observe(observe(events, 0))
        while (seat := game.to_act) is not None:
            view = game.view_for(seat)
            if seat == 0:
                advice = coach.advise(view)
                chosen = agents[0].choose(view)
                if advice is None:
                    audit.problems.append(f"deal {view.deal_no}: no advice at a decision")
                    action = chosen
                else:
                    check(view, advice, chosen, coach, rules, audit)
                    action = advice.action
            else:
                action = agents[seat].choose(view)
            events = game.apply(action)
            feed(agents, events)
            coach.observe(observe(events, 0))
    return audit


def audit_table(job: tuple[Table, int, int]) -> tuple[Table, Audit]:
    """Games of one table from seed ``seed`` on until ``decisions`` of seat 0 were checked."""
    table, decisions, seed = job
    total = Audit()
    game_no = 0
    while total.decisions < decisions:
        total.add(audit_game(table, seed * 10_007 + game_no))
        game_no += 1
    return table, total


def main(argv: Sequence[str] | None = None) -> int:
    """Command line entry point."""
    parser = argparse.ArgumentParser(description="The coach's words against exact figures.")
    parser.add_argument("--decisions", type=int, default=20_000, help="decisions to check in all")
    parser.add_argument("--seed", type=int, default=1)
    parser.add_argument("--jobs", type=int, default=1)
    args = parser.parse_args(argv)
    if args.decisions < 1 or args.jobs < 1:
        print("coach_audit: --decisions and --jobs must be at least 1", file=sys.stderr)
        return 2
    each = -(-args.decisions // len(TABLES))
    started = time.perf_counter()
    with ProcessPoolExecutor(args.jobs) as pool:
        results = list(pool.map(audit_table, [(t, each, args.seed * 100 + i) for i, t in enumerate(TABLES)]))
    total = Audit()
    width = max(len(table_name(t)) for t in TABLES)
    print(f"{'table':<{width}} {'checked':>8} {'auction':>8} {'deck':>7} {'exact':>7}"
          f" {'push':>5} {'learn':>5} {'broke':>5} {'false':>5}")
    for table, audit in results:
        name = table_name(table)
        print(f"{name:<{width}} {audit.decisions:>8} {audit.auctions:>8} {audit.deck:>7} {audit.exact:>7}"
              f" {audit.pushing:>5} {audit.learning:>5} {audit.cannot_afford:>5} {len(audit.problems):>5}")
        total.add(audit)
    print(f"{total.decisions} decisions checked ({total.auctions} in auctions: {total.pushing} pushing,"
          f" {total.learning} buying to see, {total.opening} at a first auction's price,"
          f" {total.settled} left to a rival who prices alike,"
          f" {total.cannot_afford} for want of chips, {total.capped} capped,"
          f" {total.kept} naming the farm kept; {total.deck} in deals, {total.exact} against the exact odds,"
          f" {total.no_sixteen} where no card makes 16), seed {args.seed},"
          f" {time.perf_counter() - started:.0f} s: {len(total.problems)} false")
    for problem in total.problems[:50]:
        print("  " + problem)
    return 1 if total.problems else 0


if __name__ == "__main__":
    raise SystemExit(main())
