"""Where the table may lead: what a game asks of whoever runs it, and nothing more.

The table and the screens around it never name the scenes they lead to. They are handed a
:class:`Navigator` and ask it: pause this game, leave it for the menu, start a new one,
play this source, the game is over, explain the rules, open the settings, ask before this. The ordinary
program hands in :class:`scenes.navigator.Screens`; the kiosk hands in its own, which has no
menu and no settings and goes back to its attract loop instead.
"""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass
from typing import TYPE_CHECKING, Protocol

if TYPE_CHECKING:
    from game.rules.ruleset import RuleSet
    from scenes.table.setup import Setup
    from scenes.table.source import TableSource


@dataclass(frozen=True)
class Choice:
    """A button the final standings offer: its label (translated when drawn) and what it does."""

    label: Callable[[], str]
    act: Callable[[], None]
    primary: bool = False


@dataclass(frozen=True)
class Question:
    """A question asked once before something that cannot be undone (its words translated when drawn)."""

    ask: Callable[[], str]
    """The question: "End the game now?"."""
    detail: Callable[[], str] | None
    """A line under it saying what follows (None: nothing more to say)."""
    answer: Callable[[], str]
    """The button that does it: "End the game"."""
    act: Callable[[], None]
    """What it does."""


class Navigator(Protocol):
    """What a game on the table may ask for; see the module docstring."""

    def play(self, source: TableSource) -> None:
        """Put ``source`` on a fresh table and play on from where it stands."""
        ...

    def pause(self, source: TableSource) -> None:
        """The player asked for a pause (Escape) during ``source``."""
        ...

    def leave(self, source: TableSource | None) -> None:
        """Leave ``source`` (saved, to continue later) for the place games start from."""
        ...

    def new_game(self, setup: Setup | None) -> None:
        """Choose a new game, starting from ``setup``'s choices (None: the remembered ones)."""
        ...

    def game_over(self, source: TableSource) -> list[Choice]:
        """The final standings of ``source`` are on screen; the buttons to offer under them."""
        ...

    def confirm(self, question: Question) -> None:
        """Ask ``question`` over what is on screen, and do what it asks about only when confirmed."""
        ...

    def escape_hint(self) -> str | None:
        """What Escape does at the table, for the key hints (None: nothing)."""
        ...

    def how_to_play(self, rules: RuleSet | None) -> None:
        """The rules explained, over what is on screen (``rules``: the game's; None: the first rules)."""
        ...

    def settings(self) -> None:
        """The settings, over what is on screen (where the player may change them)."""
        ...
