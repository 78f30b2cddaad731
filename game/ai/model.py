"""What an AI can infer at the table: cards by points, and how the other players' hands end.

The other players are modelled as a mixture of habits: most stand from a personal total
(9, as soon as the compulsory card leaves a fair hand, or 11 to 16), a few play
erratically (the nearer 16, the likelier they stand). From that model and the 45-card
deck this module gives, for a player who has finished with ``k`` cards, or for one who
has yet to play, the chance of each final total (with the number of cards and whether the
hand holds the 6♥, which break ties) and the cards the hand is expected to hold. The
tables depend only on the rules' drawing habit and ``k``, so they are computed once and
cached.
"""

from __future__ import annotations

from collections.abc import Callable, Iterable, Sequence
from dataclasses import dataclass
from functools import lru_cache

from game.rules.cards import DECK, Card

#: The card values of the Farmer deck (only one 6: the 6♥).
VALUES: tuple[int, ...] = (1, 2, 3, 4, 5, 6, 7, 9, 10)
#: Where each value sits in :data:`VALUES`.
INDEX: dict[int, int] = {v: i for i, v in enumerate(VALUES)}
#: How many cards of each value the full deck holds.
FULL_COUNTS: tuple[int, ...] = tuple(sum(1 for c in DECK if c.points == v) for v in VALUES)
#: The index of the 6 (the 6♥) in :data:`VALUES`.
SIX = INDEX[6]

#: A player never holds more cards than this in the model (more is vanishingly rare).
_MAX_CARDS = 11

StandRule = Callable[[int, int], float]
"""Chance that a player with ``total`` points and ``cards`` cards stands (if allowed)."""


def value_counts(cards: Iterable[Card]) -> list[int]:
    """How many of ``cards`` have each value of :data:`VALUES`."""
    counts = [0] * len(VALUES)
    for card in cards:
        counts[INDEX[card.points]] += 1
    return counts


def _threshold(limit: int) -> StandRule:
    return lambda total, cards: 1.0 if total >= limit else 0.0


def _erratic(total: int, cards: int) -> float:
    # Stands more readily the nearer it is to 16, never quite never, never quite always.
    if total >= 16:
        return 1.0
    return min(0.95, max(0.02, (total - 6) / 10))


#: The habits of the model players, with their weights (summing to 1).
HABITS: tuple[tuple[float, StandRule], ...] = (
    (0.25, _threshold(9)),
    (0.06, _threshold(11)),
    (0.12, _threshold(12)),
    (0.18, _threshold(13)),
    (0.14, _threshold(14)),
    (0.10, _threshold(15)),
    (0.05, _threshold(16)),
    (0.10, _erratic),
)


@dataclass(frozen=True, slots=True)
class Outcome:
    """How another player's hand is expected to end."""

    stand: tuple[float, ...]
    """``stand[s]``: the chance it ends standing on ``s`` points (``s`` from 0 to 16)."""
    above: tuple[float, ...]
    """``above[s]``: the chance it ends standing on more than ``s`` (and at most 16) points."""
    ties: tuple[tuple[tuple[int, bool, float], ...], ...]
    """``ties[s]``: ``(cards, holds the 6♥, chance)`` for the hands that stand on ``s``."""
    bust: float
    """The chance it goes over 16."""
    over: float
    """The expected points over 16 (0 for a hand that does not go over)."""
    counts: tuple[float, ...]
    """The expected number of cards of each value of :data:`VALUES` in the hand."""

    @property
    def sixteen(self) -> float:
        """The chance it ends on exactly 16."""
        return self.stand[16]


Final = dict[tuple[int, int, bool], list[float]]
"""Final states ``(total, cards, holds the 6)`` → ``[chance, expected count of each value…]``."""


def _play_out(rule: StandRule, compulsory: bool, probs: Sequence[float]) -> Final:
    """Every way a hand can end under ``rule``, drawing each value with chance ``probs``."""
    width = len(VALUES)
    finals: Final = {}
    live: Final = {}
    for i, v in enumerate(VALUES):
        entry = [probs[i]] + [0.0] * width
        entry[1 + i] = probs[i]
        live[(v, 1, i == SIX)] = entry
    while live:
        nxt: Final = {}
        for (total, cards, six), entry in live.items():
            mass = entry[0]
            if total > 16 or cards >= _MAX_CARDS:
                stand = 1.0
            elif compulsory and cards == 1:
                stand = 0.0
            else:
                stand = rule(total, cards)
            if stand > 0:
                slot = finals.setdefault((total, cards, six), [0.0] * (width + 1))
                for j in range(width + 1):
                    slot[j] += entry[j] * stand
            go = 1.0 - stand
            if go <= 0:
                continue
            for i, v in enumerate(VALUES):
                p = probs[i] * go
                if p <= 0:
                    continue
                key = (total + v, cards + 1, six or i == SIX)
                slot = nxt.setdefault(key, [0.0] * (width + 1))
                for j in range(width + 1):
                    slot[j] += entry[j] * p
                # The card drawn adds one of its value to every path through here.
                slot[1 + i] += mass * p
        live = nxt
    return finals


def _summarise(finals: Final) -> Outcome:
    width = len(VALUES)
    mass = sum(entry[0] for entry in finals.values())
    stand = [0.0] * 17
    ties: list[list[tuple[int, bool, float]]] = [[] for _ in range(17)]
    bust = over = 0.0
    counts = [0.0] * width
    for (total, cards, six), entry in sorted(finals.items()):
        p = entry[0] / mass
        for j in range(width):
            counts[j] += entry[1 + j] / mass
        if total > 16:
            bust += p
            over += p * (total - 16)
        else:
            stand[total] += p
            ties[total].append((cards, six, p))
    above = [0.0] * 17
    running = 0.0
    for s in range(16, -1, -1):
        above[s] = running
        running += stand[s]
    return Outcome(
        stand=tuple(stand),
        above=tuple(above),
        ties=tuple(tuple(t) for t in ties),
        bust=bust,
        over=over,
        counts=tuple(counts),
    )


@lru_cache(maxsize=64)
def _habit_finals(compulsory: bool) -> tuple[tuple[float, Final], ...]:
    total = sum(FULL_COUNTS)
    probs = [c / total for c in FULL_COUNTS]
    return tuple((weight, _play_out(rule, compulsory, probs)) for weight, rule in HABITS)


@lru_cache(maxsize=256)
def outcome(compulsory: bool, cards: int | None = None) -> Outcome:
    """How another player's hand ends: after taking ``cards`` cards, or (None) before playing.

    ``compulsory`` is the rules' compulsory second card. A card count the model cannot
    explain (say, one card under compulsory drawing, when the deck ran out) falls back on
    what a player who has yet to play would do.
    """
    merged: Final = {}
    for weight, finals in _habit_finals(compulsory):
        for key, entry in finals.items():
            if cards is not None and key[1] != cards:
                continue
            slot = merged.setdefault(key, [0.0] * len(entry))
            for j, x in enumerate(entry):
                slot[j] += weight * x
    if not merged or sum(e[0] for e in merged.values()) <= 1e-12:
        return outcome(compulsory, None)
    return _summarise(merged)


# ---------------------------------------------------------------- one habit at a time

#: The stopping totals a player of one habit stands from (a threshold player each).
THRESHOLDS: tuple[int, ...] = tuple(range(4, 17))
#: The habits an opponent model weighs: a threshold player for each of :data:`THRESHOLDS`,
#: then the erratic player (last).
HABIT_RULES: tuple[StandRule, ...] = (*(_threshold(t) for t in THRESHOLDS), _erratic)

_TIE_SLOTS = 2 * _MAX_CARDS
#: Layout of a habit's flat table: stand[0..16], bust, over, counts per value, ties.
_BUST = 17
_OVER = 18
_COUNTS = 19
_TIES = _COUNTS + len(VALUES)
_WIDTH = _TIES + 17 * _TIE_SLOTS


def stand_chance(habit: int, total: int) -> float:
    """The chance that a player of ``habit`` (an index of :data:`HABIT_RULES`) stands on ``total``."""
    return HABIT_RULES[habit](total, 2)


def _flat(finals: Final, cards: int | None) -> tuple[float, tuple[float, ...]]:
    """A habit's end states (of hands of ``cards`` cards, or all) as (their chance, flat table)."""
    width = len(VALUES)
    flat = [0.0] * _WIDTH
    mass = 0.0
    for (total, k, six), entry in finals.items():
        if cards is not None and k != cards:
            continue
        p = entry[0]
        mass += p
        for j in range(width):
            flat[_COUNTS + j] += entry[1 + j]
        if total > 16:
            flat[_BUST] += p
            flat[_OVER] += p * (total - 16)
        else:
            flat[total] += p
            flat[_TIES + total * _TIE_SLOTS + (k - 1) * 2 + six] += p
    if mass > 0:
        flat = [x / mass for x in flat]
    return mass, tuple(flat)


@lru_cache(maxsize=4)
def habit_tables(compulsory: bool) -> tuple[tuple[tuple[float, tuple[float, ...]], ...], ...]:
    """Per habit, per card count (index 0: any count; then 1 to the most cards): (chance, table)."""
    total = sum(FULL_COUNTS)
    probs = [c / total for c in FULL_COUNTS]
    tables = []
    for rule in HABIT_RULES:
        finals = _play_out(rule, compulsory, probs)
        whole = sum(entry[0] for entry in finals.values())
        rows = [_flat(finals, None)]
        for k in range(1, _MAX_CARDS + 1):
            mass, flat = _flat(finals, k)
            rows.append((mass / whole if whole else 0.0, flat))
        tables.append(tuple(rows))
    return tuple(tables)


def _outcome_of(flat: Sequence[float]) -> Outcome:
    stand = tuple(flat[:17])
    above = [0.0] * 17
    running = 0.0
    for s in range(16, -1, -1):
        above[s] = running
        running += stand[s]
    ties: list[tuple[tuple[int, bool, float], ...]] = []
    for s in range(17):
        base = _TIES + s * _TIE_SLOTS
        ties.append(tuple(
            (slot // 2 + 1, bool(slot % 2), flat[base + slot])
            for slot in range(_TIE_SLOTS) if flat[base + slot] > 1e-12
        ))
    return Outcome(
        stand=stand, above=tuple(above), ties=tuple(ties), bust=flat[_BUST], over=flat[_OVER],
        counts=tuple(flat[_COUNTS:_TIES]),
    )


@lru_cache(maxsize=4096)
def mixed_outcome(compulsory: bool, weights: tuple[float, ...], cards: int | None = None) -> Outcome:
    """How a hand ends for a player who is of each habit of :data:`HABIT_RULES` with ``weights``.

    With ``cards``, for a player known to have finished with that many cards: the habits are
    weighed again by how likely each makes such a hand. A count no habit explains falls
    back on the player who has yet to play.
    """
    tables = habit_tables(compulsory)
    row = 0 if cards is None or not 1 <= cards <= _MAX_CARDS else cards
    parts = [(w * tables[h][row][0], tables[h][row][1]) for h, w in enumerate(weights) if w > 0]
    mass = sum(m for m, _ in parts)
    if mass <= 1e-12:
        if row == 0:
            raise ValueError("no habit has any weight")
        return mixed_outcome(compulsory, weights, None)
    acc = [0.0] * _WIDTH
    for m, flat in parts:
        share = m / mass
        if share < 1e-6:
            continue
        acc = [a + share * x for a, x in zip(acc, flat, strict=True)]
    return _outcome_of(acc)


def warm_up() -> None:
    """Compute the tables every decision reads, so that no decision pays for them."""
    for compulsory in (True, False):
        outcome(compulsory, None)
        for k in range(1, _MAX_CARDS + 1):
            outcome(compulsory, k)
        habit_tables(compulsory)
