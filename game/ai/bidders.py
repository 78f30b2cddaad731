"""How far each opponent bids for the farm: a limit read from the auctions this seat saw.

Every auction a player takes part in brackets his limit there: at least the highest bid he made,
and, if he passed, below the bid he refused. With each auction the seat keeps the deal's number
in its game and the farm's **public price** (what the shipped rates of a table of Experts pay
for it, :func:`game.ai.farm_value.farm_value`, the same for every seat). A limit is then read as
the simplest rule that every bracket fits:

- **fixed**: a number of chips, whatever the farm;
- **price**: a share of the farm's public price plus a number of chips (``⌊s·price + c⌋``, the
  share ``s`` a multiple of a twelfth up to three times the price);
- **changing**: one of those in a game's early deals and another later (split at some deal).

A player who sits some auctions out (passes at once, as one who bids only while behind in chips
does) and bids to a rule whenever he bids is read from the auctions he bid in, and the rule holds
at an auction only once he has bid in it (:attr:`Reach.once_in`).

A rule fitting every bracket is not one rule but a set of them (the share and the chips within
what the brackets allow); at the price and deal of the auction on sale they bound the limit
(:class:`Reach`). A player whose auctions fit no rule is not read (None): his limit moves with
something else, and pushing him would be a guess.
"""

from __future__ import annotations

import math
from collections.abc import Sequence
from dataclasses import dataclass
from enum import Enum
from typing import Protocol

#: The shares of the farm's public price a limit may be read as (a twelfth to three times it).
SHARES: tuple[float, ...] = tuple(i / 12 for i in range(1, 37))
_EPS = 1e-9


class Seen(Protocol):
    """One auction as it bracketed a player's limit."""

    @property
    def top(self) -> int:
        """The highest bid he made (0: none): his limit is at least this."""

    @property
    def refused(self) -> int | None:
        """The bid he passed rather than make (his limit is below it); None: he never passed."""

    @property
    def deal(self) -> int | None:
        """The deal's number in its game (None: not known)."""

    @property
    def price(self) -> float | None:
        """The farm's public price at the auction (None: not known)."""


class Form(Enum):
    """What a player's limit was read as."""

    FIXED = "fixed"
    PRICE = "price"
    CHANGING = "changing"


@dataclass(frozen=True, slots=True)
class Reach:
    """Where a player's limit lies at one auction: at least ``low``, at most ``high`` (None: unbounded)."""

    low: int
    high: int | None
    once_in: bool = False
    """The bounds hold only once he has bid in this auction (he sits some auctions out)."""


@dataclass(frozen=True, slots=True)
class Rule:
    """The limits ``⌊share·price + chips⌋`` that fit one stretch of a player's auctions:
    per share, the chips from ``low`` (included) to ``high`` (excluded, ``inf``: unbounded)."""

    fits: tuple[tuple[float, float, float], ...]

    def reach(self, price: float | None) -> Reach:
        """The bounds of the limit at ``price`` (None: only a fixed rule can tell)."""
        low = math.inf
        high = -math.inf
        for share, chips_low, chips_high in self.fits:
            if share and price is None:
                continue
            x = share * (price or 0.0)
            low = min(low, math.floor(x + chips_low + _EPS))
            high = max(high, math.inf if chips_high == math.inf else math.ceil(x + chips_high - _EPS) - 1)
        if low == math.inf:
            return Reach(0, None)
        return Reach(max(0, int(low)), None if high == math.inf else max(0, int(high)))


def _fit(seen: Sequence[Seen], shares: Sequence[float]) -> Rule | None:
    """The rule with ``shares`` of the price that every auction of ``seen`` fits, or None."""
    fits = []
    for share in shares:
        low = -math.inf
        high = math.inf
        for s in seen:
            x = share * s.price if share and s.price is not None else 0.0
            low = max(low, s.top - x)
            if s.refused is not None:
                high = min(high, s.refused - x)
            if low >= high - _EPS:
                break
        else:
            fits.append((share, low, high))
    return Rule(tuple(fits)) if fits else None


def _rule(seen: Sequence[Seen]) -> tuple[Form, Rule] | None:
    """The simplest rule every auction of ``seen`` fits: fixed, else a share of the price."""
    fixed = _fit(seen, (0.0,))
    if fixed is not None:
        return Form.FIXED, fixed
    if all(s.price is not None for s in seen):
        priced = _fit(seen, SHARES)
        if priced is not None:
            return Form.PRICE, priced
    return None


@dataclass(frozen=True, slots=True)
class LimitModel:
    """A player's limit as read from his auctions: one rule, or one up to a deal and one after."""

    form: Form
    rules: tuple[tuple[int | None, Rule, Rule | None], ...]
    """``(split, rule, later)``: ``rule`` for deals up to ``split`` (None: every deal), ``later``
    after it. Several splits may fit (the auctions leave the deal it changes at open)."""
    once_in: bool = False
    """Read from the auctions he bid in only: he sits others out (see :attr:`Reach.once_in`)."""

    def reach(self, deal: int, price: float | None) -> Reach:
        """The bounds of the limit in deal ``deal`` at the farm's public ``price``."""
        lows: list[int] = []
        highs: list[int | None] = []
        for split, rule, later in self.rules:
            use = rule if split is None or deal <= split or later is None else later
            found = use.reach(price)
            lows.append(found.low)
            highs.append(found.high)
        high = None if None in highs else max(h for h in highs if h is not None)
        return Reach(min(lows), high, self.once_in)


def fit_limit(seen: Sequence[Seen]) -> LimitModel | None:
    """The simplest model of a limit that every auction of ``seen`` fits, or else every auction
    he bid in, when he sat the others out (see the module notes)."""
    found = _fit_all(seen)
    if found is not None:
        return found
    bid_in = [s for s in seen if s.top > 0]
    sat_out = len(seen) - len(bid_in)
    if not sat_out or not bid_in:
        return None
    when_in = _fit_all(bid_in)
    return None if when_in is None else LimitModel(when_in.form, when_in.rules, once_in=True)


def _fit_all(seen: Sequence[Seen]) -> LimitModel | None:
    """The simplest model of a limit that every auction of ``seen`` fits, or None."""
    if not seen:
        return None
    whole = _rule(seen)
    if whole is not None:
        return LimitModel(whole[0], ((None, whole[1], None),))
    if any(s.deal is None for s in seen):
        return None
    ordered = sorted(seen, key=lambda s: s.deal or 0)
    splits = []
    for i in range(1, len(ordered)):
        before, after = ordered[i - 1].deal, ordered[i].deal
        if before == after or before is None:
            continue
        early = _rule(ordered[:i])
        if early is None:
            # A longer early stretch fits no better.
            break
        later = _rule(ordered[i:])
        if later is not None:
            # It changed somewhere from the deal after ``before`` to ``after``: both ends kept.
            splits.append((before, early[1], later[1]))
            if after is not None and after - 1 > before:
                splits.append((after - 1, early[1], later[1]))
    if not splits:
        return None
    return LimitModel(Form.CHANGING, tuple(splits))
