"""The attract loop's game: the real engine, table and scenes, with an AI in every seat.

The table is laid out for a person at the bottom seat, so the demo keeps that seat but
gives it an AI player too, and is *watched*: every hand is shown and nothing is saved or
counted. Where the scenes still offer the bottom seat the action panel, :class:`Pilot`
hides it again before anything is drawn, lets the AI "think" for as long as any other seat
does, and plays its choice. The Pilot also presses on after each deal's ledger, and says
when the demo's final ledger has been shown long enough.
"""

from __future__ import annotations

import random

from game.actions import Action
from game.agents import Agent
from scenes.i18n import _
from scenes.table.scene import THINK, TableScene
from scenes.table.session import DEFAULT_NAMES, Session, Setup, make_agent

DEMO_DEALS = 3
"""Deals in a demo game: long enough to show a farm change hands, short enough to loop often."""
LEDGER_PAUSE = 5.0
"""Seconds a demo deal's ledger stays up (at normal pace)."""
GAMEOVER_PAUSE = 10.0
"""Seconds the demo's final ledger stays up (at normal pace)."""


def demo_setup(rng: random.Random, players: int, rules: str, deals: int = DEMO_DEALS) -> Setup:
    """A demo table: ``players`` seats with names drawn from the defaults and a fresh seed."""
    names = rng.sample(DEFAULT_NAMES, players)
    return Setup(names, ["normal"] * players, rules, False, deals, rng.randrange(2**31), 0)


class DemoSession(Session):
    """A session whose bottom seat is played by an AI as well; see the module docstring."""

    def __init__(self, setup: Setup) -> None:
        """Seat AI players everywhere, the bottom seat included."""
        super().__init__(setup)
        self.watching = True
        seed = None if setup.seed is None else setup.seed * 31 + setup.human
        self.agents[setup.human] = make_agent(setup.levels[setup.human], setup.human, seed)

    @property
    def spectator_agent(self) -> Agent:
        """The AI playing the bottom seat."""
        return self.agents[self.human]


class Pilot:
    """Plays the demo's bottom seat and presses on after ledgers, a little every frame."""

    def __init__(self) -> None:
        """Nothing under way."""
        self.scene: object | None = None
        self.timer: float | None = None

    def reset(self) -> None:
        """Forget any pause or thinking under way (a new scene, a new game)."""
        self.scene = None
        self.timer = None

    def step(self, scene: TableScene, dt: float, pace: float) -> bool:
        """Act for ``dt`` seconds on ``scene`` (the top scene); True once the final ledger is done."""
        if scene is not self.scene:
            self.scene = scene
            self.timer = None
        session = scene.session
        if not isinstance(session, DemoSession):
            return False
        if scene.name in ("ledger", "gameover"):
            # Nobody presses them: Next deal, New game or Main menu would only mislead a passer-by.
            for button in getattr(getattr(scene, "group", None), "widgets", ()):
                button.visible = False
        if scene.name == "gameover":
            return self._wait(dt, GAMEOVER_PAUSE * max(pace, 0.45))
        if scene.name == "ledger":
            if self._wait(dt, LEDGER_PAUSE * max(pace, 0.45)):
                scene.next_deal()  # type: ignore[attr-defined]
            return False
        if scene.name in ("auction", "deal") and session.human_to_act and not scene.app.tweens.busy:
            self._hide_panel(scene)
            if self.timer is None:
                scene.table.active = session.human
                scene.table.say(session.human, _thinking, (190, 200, 190))
            if self._wait(dt, THINK * pace):
                action: Action = session.spectator_agent.choose(session.view)
                session.act(action)
                self.timer = None
        return False

    def _wait(self, dt: float, seconds: float) -> bool:
        if self.timer is None:
            self.timer = seconds
            return seconds <= 0
        self.timer -= dt
        return self.timer <= 0

    @staticmethod
    def _hide_panel(scene: TableScene) -> None:
        scene.prompt = None
        for button in scene.buttons.widgets:
            button.visible = False


def _thinking() -> str:
    return _("thinking…")
