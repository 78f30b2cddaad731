"""Bot clients: an agent playing a seat over the network, for tests, load and soak runs.

A :class:`Bot` is a :class:`~game.net.client.Link` whose seat is played by an
:class:`~game.rules.agents.Agent` reading the :class:`~game.rules.view.View` the server sends. It
says ready at every pause, keeps everything it was sent (to check privacy), and times each
action from sending it to the update that answers it.
"""

from __future__ import annotations

import asyncio
from typing import Any

from game.net.client import Link
from game.net.codec import Json
from game.net.protocol import (
    Closed,
    Error,
    Pause,
    ServerMessage,
    Settings,
    TableInfo,
    Update,
    Welcome,
    act_message,
    opening_message,
)
from game.rules.agents import Agent, ThresholdAgent
from game.rules.events import Event, GameEnded
from game.rules.view import View


class Bot:
    """One seat (or a spectator) played by ``agent`` over a link to ``url``; run it with :meth:`run`."""

    def __init__(self, url: str, name: str = "Bot", agent: Agent | None = None,
                 think: float = 0.0, reconnect_seconds: float = 30.0, local_host: str | None = None) -> None:
        """A bot called ``name`` playing with ``agent`` (a threshold player), ``think`` s a move
        (connecting from ``local_host``, if given: a tool's many people on many addresses)."""
        self.name = name
        self.agent = agent if agent is not None else ThresholdAgent()
        self.think = think
        self.link = Link(url, self._on, reconnect_seconds, local_host)
        self.messages: list[ServerMessage] = []
        """Everything received, in order."""
        self.events: list[Event] = []
        """Every event received, in order."""
        self.errors: list[Error] = []
        self.view: View | None = None
        self.table: TableInfo | None = None
        self.result: GameEnded | None = None
        self.rtts: list[float] = []
        """Seconds from each action sent to the update that answered it."""
        self.welcomed = asyncio.Event()
        self.done = asyncio.Event()
        """Set when the game is over, or the link gave up."""
        self.acting = True
        """Whether the bot plays its turns (tests switch it off to stay silent)."""
        self._pending: tuple[int, float] | None = None
        self._ref = 0
        self._timer: asyncio.TimerHandle | None = None
        self._readied = -1

    # ------------------------------------------------------------------ opening

    def create(self, settings: Settings | dict[str, Any], seat: int | None = None) -> None:
        """Open a table as its host."""
        body: Json = settings.to_json() if isinstance(settings, Settings) else dict(settings)
        if body.get("seed") is None:
            body.pop("seed", None)
        self.link.send(opening_message("create", name=self.name, settings=body, seat=seat))

    def join(self, code: str, seat: int | None = None) -> None:
        """Take a seat at ``code``."""
        self.link.send(opening_message("join", table=code, name=self.name, seat=seat))

    def watch(self, code: str) -> None:
        """Watch ``code``."""
        self.link.send(opening_message("watch", table=code))

    def start(self) -> None:
        """Host: start the game."""
        self.link.send({"type": "start"})

    async def run(self) -> None:
        """Run the link until closed."""
        await self.link.run()
        self.done.set()

    async def close(self) -> None:
        """Close the link."""
        await self.link.close()

    # ------------------------------------------------------------------ playing

    def _on(self, msg: ServerMessage) -> None:
        self.messages.append(msg)
        if isinstance(msg, Welcome):
            self.welcomed.set()
        elif isinstance(msg, TableInfo):
            self.table = msg
        elif isinstance(msg, Update):
            self.view = msg.view
            self.events.extend(msg.events)
            if self._pending is not None and msg.ref == self._pending[0]:
                self.rtts.append(asyncio.get_running_loop().time() - self._pending[1])
                self._pending = None
            for event in msg.events:
                if isinstance(event, GameEnded):
                    self.result = event
                    self.done.set()
            self._consider()
        elif isinstance(msg, Pause):
            seat = self.link.seat
            if seat is not None and seat in msg.waiting and self.acting and msg.deal != self._readied:
                self._readied = msg.deal
                self.link.send({"type": "ready", "deal": msg.deal})
        elif isinstance(msg, Error):
            self.errors.append(msg)
            if self._pending is not None and msg.ref == self._pending[0]:
                self._pending = None
                self._consider()
            elif self._pending is not None and msg.code == "too_fast":
                # Refused unread (so without its ref): try again once the rate allows.
                self._pending = None
                asyncio.get_running_loop().call_later(0.2, self._consider)
        elif isinstance(msg, Closed):
            self._pending = None
            self._readied = -1
            if not msg.retrying:
                self.done.set()

    def _consider(self) -> None:
        view = self.view
        if not self.acting or view is None or not view.my_turn or self._pending is not None:
            return
        if self.think > 0:
            if self._timer is None:
                self._timer = asyncio.get_running_loop().call_later(self.think, self._act_now)
            return
        self._act_now()

    def _act_now(self) -> None:
        self._timer = None
        view = self.view
        if not self.link.connected or view is None or not view.my_turn or self._pending is not None:
            return
        self._ref += 1
        self._pending = (self._ref, asyncio.get_running_loop().time())
        self.link.send(act_message(self.agent.choose(view), self._ref))
