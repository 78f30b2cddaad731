"""What a new game at this screen is made of: the seats, their players, the rules, the length.

:class:`Setup` is what the New game screen (or the command line, or the kiosk) chose; a
:class:`scenes.table.local.LocalTable` plays it.
"""

from __future__ import annotations

from dataclasses import dataclass, field

from game.ai.levels import LEVELS
from game.limits import DEFAULT_DEALS
from game.play.match import HUMAN, player_spec
from game.rules.engine import Game
from game.rules.ruleset import RuleSet, can_rotate, rules_named
from scenes.i18n import N_
from scenes.store.settings import default_name

LEVEL_LABELS = {"easy": N_("Easy"), "normal": N_("Normal"), "expert": N_("Expert")}
"""The untranslated menu name of each AI level of :data:`~game.ai.levels.LEVELS`."""
PERSON = "person"
"""A New game seat played by a person at this screen (pass-and-play), instead of an AI level."""
DEFAULT_NAMES: tuple[str, ...] = (
    "Anne",
    "Bastien",
    "Claire",
    "Dieter",
    "Élise",
    "Fritz",
    "Gaëlle",
    "Hélène",
    "Jürgen",
    "Margot",
)
"""Opponents' names offered by the New game screen."""

__all__ = ["DEFAULT_NAMES", "HUMAN", "LEVELS", "LEVEL_LABELS", "PERSON", "Setup"]


@dataclass
class Setup:
    """What the New game screen (or the command line) chose."""

    names: list[str] = field(default_factory=lambda: [default_name(), *DEFAULT_NAMES[:3]])
    """Names by seat; the human sits at ``human``."""
    levels: list[str] = field(default_factory=lambda: ["normal"] * 4)
    """AI level by seat (the human's entry is ignored)."""
    rules: str = "foster"
    rotating: bool = False
    deals: int = DEFAULT_DEALS
    seed: int | None = None
    human: int = 0
    people: tuple[int, ...] = ()
    """Further seats played by people at this screen (pass-and-play), besides ``human``."""

    @property
    def rule_set(self) -> RuleSet:
        """The rule set chosen (the rotating option only where the rules have it)."""
        return rules_named(self.rules, self.rotating and can_rotate(self.rules))

    @property
    def players(self) -> list[str]:
        """Each seat's player as saved: ``human`` or ``LEVEL:PERSONALITY``."""
        return [
            HUMAN if seat == self.human or seat in self.people else player_spec(self.levels[seat], seat)
            for seat in range(len(self.names))
        ]

    @classmethod
    def for_players(
        cls,
        players: int,
        rules: str = "foster",
        rotating: bool = False,
        deals: int = DEFAULT_DEALS,
        seed: int | None = None,
        human_name: str | None = None,
    ) -> Setup:
        """A table of ``players`` seats: the human at seat 0 and default opponents."""
        names = [human_name or default_name(), *DEFAULT_NAMES[: players - 1]]
        return cls(names, ["normal"] * players, rules, rotating, deals, seed, 0)

    @classmethod
    def of_game(cls, game: Game, players: list[str]) -> Setup:
        """The setup a saved ``game`` was started with (its one human seat found in ``players``), but
        for its seed: a game like it deals other cards (whether the seed was chosen is not saved)."""
        human = players.index(HUMAN)
        people = tuple(seat for seat, spec in enumerate(players) if spec == HUMAN and seat != human)
        levels = [spec.partition(":")[0] if spec != HUMAN else "normal" for spec in players]
        return cls(
            list(game.names),
            levels,
            game.rules.name,
            game.rules.rotating,
            game.max_deals or DEFAULT_DEALS,
            None,
            human,
            people,
        )
