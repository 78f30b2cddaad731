"""Exact odds of the next card: making 16, going over 16, and the next total.

Every card the player has not seen is taken as equally likely to come next. With only the
player's own cards known, the unseen cards are the 45-card deck minus those cards; a
caller that knows more (a view after the showdown) may pass its own ``unseen`` list.

    python -m game.rules.odds 7S 3C
"""

from __future__ import annotations

import sys
from collections import Counter
from collections.abc import Iterable, Sequence
from dataclasses import dataclass
from fractions import Fraction

from game.rules.cards import DECK, DECK_SET, Card, hand_total

#: The total a player aims for.
TARGET = 16


@dataclass(frozen=True, slots=True)
class DrawOdds:
    """What the next card does to a hand, as exact fractions."""

    total: int
    """The hand's points now."""
    unseen: int
    """How many cards the next card is drawn from."""
    sixteen: Fraction
    """The chance that the next card makes exactly 16."""
    over: Fraction
    """The chance that the next card takes the hand over 16."""
    totals: dict[int, Fraction]
    """The chance of each next total, lowest total first (only totals that can occur)."""

    @property
    def under(self) -> Fraction:
        """The chance that the next card leaves the hand below 16."""
        return 1 - self.sixteen - self.over


def check_hand(cards: Iterable[Card]) -> list[Card]:
    """The cards as a list, or ``ValueError`` if one is not in the Farmer deck or is held twice."""
    hand = list(cards)
    for card in hand:
        if card not in DECK_SET:
            raise ValueError(f"{card} is not in the Farmer deck (it has no 8s and no 6 but the 6H)")
    seen: set[Card] = set()
    for card in hand:
        if card in seen:
            raise ValueError(f"{card} is held twice")
        seen.add(card)
    return hand


def draw_odds(hand: Iterable[Card], unseen: Sequence[Card] | None = None) -> DrawOdds:
    """The exact odds of the next card for a player holding ``hand``.

    ``unseen`` defaults to the deck minus ``hand``. Raises ``ValueError`` for a card that is
    not in the deck, a card held twice, or when no card is left unseen.
    """
    cards = check_hand(hand)
    pool = [c for c in DECK if c not in set(cards)] if unseen is None else list(unseen)
    if not pool:
        raise ValueError("no card is left unseen: nothing can be drawn")
    total = hand_total(cards)
    n = len(pool)
    # Cards of equal points act alike, so count points once rather than card by card.
    by_points = Counter(card.points for card in pool)
    totals = {total + points: Fraction(count, n) for points, count in sorted(by_points.items())}
    sixteen = totals.get(TARGET, Fraction(0))
    over = sum((p for t, p in totals.items() if t > TARGET), Fraction(0))
    return DrawOdds(total=total, unseen=n, sixteen=sixteen, over=over, totals=totals)


def _percent(p: Fraction) -> str:
    return f"{float(p) * 100:6.2f} %"


def describe(cards: Sequence[Card], odds: DrawOdds) -> str:
    """The odds as a few readable lines: exact fraction and percentage."""
    shown = " ".join(str(c) for c in cards) or "(no cards)"
    lines = [
        f"Hand: {shown}  (total {odds.total}; {odds.unseen} unseen cards, each as likely to come next)",
        f"  next card makes exactly 16:  {odds.sixteen!s:>7}  = {_percent(odds.sixteen)}",
        f"  next card goes over 16:      {odds.over!s:>7}  = {_percent(odds.over)}",
        f"  next card leaves it under:   {odds.under!s:>7}  = {_percent(odds.under)}",
        "  next total:",
    ]
    for total, p in odds.totals.items():
        note = "  (16)" if total == TARGET else "  (over)" if total > TARGET else ""
        lines.append(f"    {total:3d}  {p!s:>7}  = {_percent(p)}{note}")
    return "\n".join(lines)


def main(argv: Sequence[str] | None = None) -> int:
    """Command line: print the odds for the card codes given (e.g. ``7S 3C``)."""
    args = list(sys.argv[1:] if argv is None else argv)
    usage = "usage: python -m game.rules.odds CARD [CARD ...]   e.g. python -m game.rules.odds 7S 3C"
    if args and args[0] in ("-h", "--help"):
        print(usage)
        return 0
    if not args:
        print(f"game.rules.odds: name at least one card; {usage}", file=sys.stderr)
        return 2
    try:
        cards = check_hand(Card.parse(code) for code in args)
        odds = draw_odds(cards)
    except ValueError as exc:
        print(f"game.rules.odds: {exc}", file=sys.stderr)
        return 2
    print(describe(cards, odds))
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
