"""The rule sets of Farmer as ../shared/RULES.md settles them, as frozen data.

The engine reads every rule-dependent choice from a :class:`RuleSet`; adding a way to
play means describing it here, not editing the engine.
"""

from __future__ import annotations

from collections.abc import Iterable
from dataclasses import dataclass, replace
from enum import Enum, IntEnum


class Direction(IntEnum):
    """The way service goes round the table; the value is the seat step."""

    CLOCKWISE = 1
    """From the farmer's left (seat + 1)."""
    ANTICLOCKWISE = -1
    """From the farmer's right (seat - 1)."""


class Ranking(Enum):
    """How several 16s (and ties for nearest) are ranked."""

    FOSTER = "foster"
    """6♥ first, then fewest cards, then the seat served first."""
    LACOMBE = "lacombe"
    """Fewest cards first (6♥ with a ten best), then the 6♥, then the seat served first."""
    FERME = "ferme"
    """6♥; two cards; best nine by suit; highest heart, diamond, club, spade; fewer cards; seat."""


class PotWord(Enum):
    """What the table calls the pot under a rule set (RULES.md, "Words on screen")."""

    FARM = "farm"
    """The farm (la ferme, der Hof): foster and lacombe."""
    CORBEILLE = "corbeille"
    """The corbeille, the basket set out before play: ferme."""


class StandWord(Enum):
    """What a player says to take no more cards under a rule set (RULES.md, "Words on screen")."""

    STAND = "stand"
    """Stand (Je m'y tiens, Ich bleibe): foster and ferme."""
    BASTA = "basta"
    """Basta: lacombe."""


class Succession(Enum):
    """Who deals after a farm has been won."""

    AUCTION = "auction"
    """Everyone antes and a new farm is auctioned (foster)."""
    WINNER = "winner"
    """Everyone antes and the winner of the farm becomes farmer (lacombe, ferme)."""
    ROTATE = "rotate"
    """Everyone antes and the next seat in dealing order with chips becomes farmer."""


@dataclass(frozen=True, slots=True)
class RuleSet:
    """One way of playing Farmer: every rule the engine needs to know."""

    name: str
    """The deal-log name: ``foster``, ``lacombe`` or ``ferme``."""
    rotating: bool
    """The rotating-farm option."""
    direction: Direction
    """Dealing and service direction, starting next to the farmer."""
    draws_from_bottom: bool
    """Further cards (after the first) come from the bottom of the deck."""
    compulsory_draw: bool
    """Each player must take at least one more card after the first."""
    ranking: Ranking
    """How several 16s and ties for nearest are ranked."""
    succession: Succession
    """Who deals once a farm has been won."""
    first_farm_auctioned: bool
    """The first farm of a game is auctioned (else the first farmer is drawn by lot)."""
    nearest_takes_farm: bool
    """With no 16, the nearest below 16 wins the farm itself (ferme), not 1 chip from each."""
    rotatable: bool = True
    """Whether the rotating-farm option exists for this rule set (not for ferme, whose
    corbeille already passes to its winner)."""
    pot_word: PotWord = PotWord.FARM
    """What the pot is called: the farm, or the corbeille (ferme)."""
    stand_word: StandWord = StandWord.STAND
    """What standing is called: Stand, or Basta (lacombe)."""

    @property
    def key(self) -> str:
        """A short name for menus and flags, e.g. ``foster`` or ``lacombe+rotating``."""
        return f"{self.name}+rotating" if self.rotating else self.name

    @classmethod
    def from_key(cls, key: str) -> RuleSet:
        """The rule set whose :attr:`key` is ``key`` (``foster``, ``lacombe+rotating``…).

        Strict: raises ``ValueError``, saying what is wrong, for an unknown rule set, an option
        other than ``rotating``, or the rotating farm on a rule set that does not offer it.
        """
        name, plus, option = key.partition("+")
        base = _BASE.get(name)
        if base is None:
            raise ValueError(f"unknown rule set {name!r} (choose from {', '.join(RULE_NAMES)})")
        if not plus:
            return base
        if option != "rotating":
            raise ValueError(f"unknown rule option {option!r} (only 'rotating')")
        if not base.rotatable:
            raise ValueError(f"the rotating farm is an option of {' and '.join(ROTATABLE)}, not {name}")
        return replace(base, rotating=True, succession=Succession.ROTATE, first_farm_auctioned=False)

    @property
    def pot_is_corbeille(self) -> bool:
        """Whether the pot is called the corbeille (ferme) rather than the farm."""
        return self.pot_word is PotWord.CORBEILLE

    @property
    def stand_is_basta(self) -> bool:
        """Whether standing is said "Basta" (lacombe)."""
        return self.stand_word is StandWord.BASTA

    def served_after(self, farmer: int, seats: Iterable[int]) -> tuple[int, ...]:
        """``seats`` but ``farmer`` in the order a deal serves them: from the farmer's side in
        :attr:`direction` round the table (``farmer`` need not be among ``seats``)."""
        ordered = sorted(set(seats))
        later = [s for s in ordered if s > farmer] + [s for s in ordered if s < farmer]
        return tuple(later if self.direction is Direction.CLOCKWISE else later[::-1])


_BASE = {
    "foster": RuleSet(
        name="foster", rotating=False, direction=Direction.CLOCKWISE,
        draws_from_bottom=False, compulsory_draw=True, ranking=Ranking.FOSTER,
        succession=Succession.AUCTION, first_farm_auctioned=True, nearest_takes_farm=False,
    ),
    "lacombe": RuleSet(
        name="lacombe", rotating=False, direction=Direction.ANTICLOCKWISE,
        draws_from_bottom=True, compulsory_draw=True, ranking=Ranking.LACOMBE,
        succession=Succession.WINNER, first_farm_auctioned=True, nearest_takes_farm=False,
        stand_word=StandWord.BASTA,
    ),
    "ferme": RuleSet(
        name="ferme", rotating=False, direction=Direction.ANTICLOCKWISE,
        draws_from_bottom=True, compulsory_draw=False, ranking=Ranking.FERME,
        succession=Succession.WINNER, first_farm_auctioned=False, nearest_takes_farm=True,
        rotatable=False, pot_word=PotWord.CORBEILLE,
    ),
}

RULE_NAMES: tuple[str, ...] = tuple(_BASE)
"""The rule-set names, default first."""

ROTATABLE: tuple[str, ...] = tuple(name for name, rules in _BASE.items() if rules.rotatable)
"""The rule sets that offer the rotating-farm option (foster and lacombe)."""

RULE_KEYS: tuple[str, ...] = (*RULE_NAMES, *(f"{name}+rotating" for name in ROTATABLE))
"""Every way of playing, as :attr:`RuleSet.key`: each rule set, then each with the rotating farm."""


def can_rotate(name: str) -> bool:
    """Whether the rule set called ``name`` offers the rotating farm (False for an unknown name)."""
    return name in ROTATABLE


def rules_named(name: str, rotating: bool = False) -> RuleSet:
    """The rule set called ``name`` (a name or a :attr:`RuleSet.key`), with the rotating-farm
    option if asked.

    Raises ``ValueError`` for an unknown name (see :meth:`RuleSet.from_key`), or for the
    rotating option on ``ferme`` (its corbeille already passes to its winner).
    """
    rules = RuleSet.from_key(name)
    if rotating and not rules.rotating:
        return RuleSet.from_key(f"{name}+rotating")
    return rules


FOSTER = rules_named("foster")
"""The default rule set: Foster's Complete Hoyle (1897)."""
