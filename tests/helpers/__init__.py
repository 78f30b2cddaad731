"""Shared test helpers: stacked decks, tables set up in a known state, scripted play, a phone."""

from __future__ import annotations

import dataclasses
import random
import time
from collections.abc import Callable, Iterable, Iterator, Sequence
from contextlib import contextmanager
from dataclasses import dataclass
from typing import Any, TypeVar

import pygame

from game.net.client import Client
from game.net.protocol import Pause, TableInfo, Update, Welcome
from game.net.server import ServerConfig
from game.rules.actions import DRAW, PASS, STAND, Action, bid
from game.rules.agents import ThresholdAgent
from game.rules.cards import DECK, Card, parse_cards
from game.rules.engine import Game, Phase
from game.rules.events import ChipsMoved, Event, Place
from game.rules.ruleset import RuleSet, rules_named
from game.rules.view import View
from scenes.app.loop import App
from scenes.navigator import Screens
from scenes.net.host import host_table
from scenes.net.lobby import LobbyScene
from scenes.table.local import LocalTable
from scenes.table.scene import TableScene
from scenes.table.setup import Setup
from scenes.ui.text import Color, Text

NAMES = ("Anna", "Ben", "Carla", "Dan", "Eve", "Fritz", "Gus", "Hal", "Ida", "Jo")

DT = 1 / 60
"""One frame at 60 frames a second: the step the tests drive the app by."""

TENTH = 0.1
"""A tenth of a second: the coarser step of tests that wait on the app's own clocks (a kiosk's
rest, a table's pace), where frame-sized steps would only take longer."""

QUICK = ServerConfig(port=0, allow_seed=True, rate_per_second=1000.0, rate_burst=1000)
"""A table server for tests: on 127.0.0.1 at any free port, accepting seeds, and in no hurry to
refuse a test's quick messages."""

L = TypeVar("L")


def quick_config(**changes: Any) -> ServerConfig:
    """:data:`QUICK` with ``changes`` (any :class:`ServerConfig` field)."""
    return dataclasses.replace(QUICK, **changes)


def top_as(app: App, kind: type[L]) -> L:
    """The layer on top of ``app``'s stack, checked to be a ``kind``."""
    top = app.stack.top
    assert isinstance(top, kind), f"{top!r} is on top, not a {kind.__name__}"
    return top


def notices_of(app: App) -> list[str]:
    """The notices ``app`` shows now, in its language."""
    return [words() for words, _until in app.notices]


def local_of(scene: TableScene) -> LocalTable:
    """The game on this machine that ``scene`` shows (checked)."""
    source = scene.source
    assert isinstance(source, LocalTable), source
    return source


def deck(top: str = "", bottom: str = "") -> list[Card]:
    """A full 45-card stacked deck: ``top`` dealt first from the top, ``bottom`` first from the bottom.

    ``bottom`` lists cards in the order they leave the bottom of the deck (its first card is
    the bottom card). Every other card sits in between, in the fixed :data:`DECK` order.
    """
    head = parse_cards(top)
    tail = parse_cards(bottom)
    used = set(head) | set(tail)
    assert len(used) == len(head) + len(tail), "a card is stacked twice"
    middle = [c for c in DECK if c not in used]
    return [*head, *middle, *reversed(tail)]


def action(word: str) -> Action:
    """A scripted action: ``d`` draw, ``s`` stand, ``p`` pass, ``b5`` (or ``5``) a bid of 5."""
    if word == "d":
        return DRAW
    if word == "s":
        return STAND
    if word == "p":
        return PASS
    return bid(int(word.removeprefix("b")))


def play(game: Game, script: str | Iterable[str]) -> list[Event]:
    """Apply a script of actions (see :func:`action`) for whoever is to act; returns the events."""
    words = script.split() if isinstance(script, str) else list(script)
    events: list[Event] = []
    for word in words:
        assert game.to_act is not None, f"nobody is to act, but the script still has {word!r}"
        events.extend(game.apply(action(word)))
    return events


def table(
    rules: str | RuleSet = "foster",
    players: int = 4,
    *,
    first_seat: int = 0,
    chips: int | Sequence[int] = 100,
    **options: Any,
) -> Game:
    """A new game of ``players`` seats (Anna, Ben, …) under ``rules``, the lot fixed on ``first_seat``."""
    ruleset = rules_named(rules) if isinstance(rules, str) else rules
    return Game(NAMES[:players], ruleset, chips=chips, first_seat=first_seat, seed=0, **options)


def start(game: Game, top: str = "", bottom: str = "", auction: str = "") -> list[Event]:
    """Stack the deck, start the next deal and play the ``auction`` script (if any)."""
    game.stack_deck(deck(top, bottom))
    events = game.next_deal()
    events.extend(play(game, auction))
    return events


def moves(events: Iterable[Event]) -> list[tuple[Place, Place, int, str]]:
    """The chip movements among ``events`` as ``(from, to, amount, reason)``."""
    return [(e.source, e.target, e.amount, e.reason.value) for e in events if isinstance(e, ChipsMoved)]


def total_chips(game: Game) -> int:
    """Every chip at the table: the seats' and the farm's."""
    return sum(game.chips) + game.farm


class RandomAgent:
    """A test player choosing at random with its own RNG: bids, passes, draws and stands."""

    def __init__(self, seed: int) -> None:
        """A random player seeded with ``seed``."""
        self.rng = random.Random(seed)
        self.threshold = self.rng.randint(8, 17)

    def choose(self, view: View) -> Action:
        """A random legal action, drawing below a random threshold in the deal."""
        legal = view.legal_actions()
        if view.phase is Phase.AUCTION:
            if len(legal) > 1 and self.rng.random() < 0.4:
                return legal[self.rng.randint(1, min(len(legal) - 1, 6))]
            return PASS
        if DRAW in legal and (STAND not in legal or view.total < self.threshold):
            return DRAW
        return STAND


def deal_log_example() -> dict[str, Any]:
    """The example record of DEAL_LOG.md: Anna buys the farm for 4, Ben makes 16, Carla pays Anna 3."""
    return {
        "deal": 1, "rules": "foster", "rotating": False,
        "seats": ["Anna", "Ben", "Carla", "Dan"],
        "farmer": 0,
        "chips_before": [100, 100, 100, 100], "farm_before": 0,
        "auction": {"bids": [[1, 3], [2, None], [3, None], [0, 4], [1, None]], "winner": 0, "price": 4},
        "hands": [[], ["7S", "3C", "6H"], ["KD", "9C"], ["5S", "4H", "2D"]],
        "order": [1, 2, 3],
        "transfers": [
            {"from": 0, "to": "farm", "amount": 1, "reason": "ante"},
            {"from": 1, "to": "farm", "amount": 1, "reason": "ante"},
            {"from": 2, "to": "farm", "amount": 1, "reason": "ante"},
            {"from": 3, "to": "farm", "amount": 1, "reason": "ante"},
            {"from": 0, "to": "farm", "amount": 4, "reason": "bid"},
            {"from": 2, "to": 0, "amount": 3, "reason": "over"},
            {"from": "farm", "to": 1, "amount": 8, "reason": "farm"},
        ],
        "chips_after": [98, 107, 96, 99], "farm_after": 0,
        "winner": 1, "nearest": None,
    }


class Phone:
    """A person at a network table as the page in a phone's browser is: a :class:`Client` that
    joins (or creates) a table and plays its seat with a simple player, read a frame at a time."""

    def __init__(
        self, port: int, code: str | None, name: str = "Phoebe", settings: dict[str, Any] | None = None
    ) -> None:
        """Join table ``code`` on the server at ``port`` here (None: create a table of ``settings``)."""
        self.client = Client(f"ws://127.0.0.1:{port}")
        if code is None:
            self.client.create(name, settings or {})
        else:
            self.client.join(code, name)
        self.agent = ThresholdAgent()
        self.welcome: Welcome | None = None
        self.info: TableInfo | None = None
        self.over = False

    def __enter__(self) -> Phone:
        """This phone, its client closed when the ``with`` block ends."""
        return self

    def __exit__(self, *exc: object) -> None:
        """Close the phone's client."""
        self.client.close(timeout=0.5)

    @property
    def seat(self) -> int | None:
        """The seat taken (None before the welcome)."""
        return self.welcome.seat if self.welcome is not None else None

    def play(self) -> None:
        """Act on the seat's turn and say ready at every pause (never waits)."""
        for message in self.client.poll():
            if isinstance(message, Welcome):
                self.welcome = message
            elif isinstance(message, TableInfo):
                self.info = message
            elif isinstance(message, Pause):
                self.client.ready(message.deal)
            elif isinstance(message, Update):
                view = message.view
                self.over = self.over or view.phase is Phase.OVER
                if view.seat is not None and view.to_act == view.seat and view.legal_actions():
                    self.client.send(self.agent.choose(view))


def step_until(
    apps: list[App], done: Callable[[], bool], seconds: float = 10.0, phones: Sequence[Phone] = ()
) -> None:
    """Step the windows (and read the phones) until ``done()``, bounded in real time."""
    end = time.monotonic() + seconds
    while not done():
        for app in apps:
            app.step(1 / 60, [])
        for phone in phones:
            phone.play()
        assert time.monotonic() < end, [a.stack.top.name if a.stack.top else "" for a in apps]
        time.sleep(0.002)


def hosted_lobby(app: App, setup: Setup) -> LobbyScene:
    """``app`` hosting a table of ``setup`` on a free port: its lobby, on top."""
    assert host_table(app, Screens(app), setup, port=0)
    app.step(1 / 60, [])
    lobby = app.stack.top
    assert isinstance(lobby, LobbyScene)
    return lobby


@dataclass(frozen=True)
class Blitted:
    """One string a :class:`~scenes.ui.text.Text` drew."""

    words: str
    rect: pygame.Rect
    """Where it stood."""
    target: pygame.Surface
    """What it was drawn on."""
    clip: pygame.Rect | None
    """The clip it was drawn under (None: the whole target)."""
    pos: tuple[float, float]
    """The point it was asked to stand at."""


def record_text(writer: Text) -> list[Blitted]:
    """Every string ``writer`` draws from now on, in order (a list that keeps filling until
    ``del writer.blit`` puts the real method back)."""
    seen: list[Blitted] = []
    real = writer.blit

    def spy(
        target: pygame.Surface,
        text: str,
        size: int,
        pos: tuple[float, float],
        color: Color = (255, 255, 255),
        style: str = "sans",
        anchor: str = "topleft",
    ) -> pygame.Rect:
        rect = real(target, text, size, pos, color, style, anchor)
        clip = target.get_clip()
        seen.append(Blitted(text, rect, target, None if clip == target.get_rect() else clip, pos))
        return rect

    writer.blit = spy  # type: ignore[method-assign]
    return seen


@contextmanager
def recording(writer: Text) -> Iterator[list[Blitted]]:
    """Every string ``writer`` draws while the block runs."""
    seen = record_text(writer)
    try:
        yield seen
    finally:
        del writer.blit


def drawn_words(app: App) -> list[tuple[str, pygame.Rect, pygame.Rect | None]]:
    """The words drawn on ``app``'s next frame, in order: each with its rectangle and the clip it
    was drawn under (None: the whole target)."""
    with recording(app.text) as seen:
        app.draw()
    return [(b.words, b.rect, b.clip) for b in seen]
