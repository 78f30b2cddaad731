"""Telling AIs what their seats saw: the hook through which they learn the table.

An AI that learns (the Expert) has an ``observe(events)`` method. Whoever plays the game
hands every event the engine returns to :func:`feed`, which gives each such AI only what
its seat may see (:func:`game.rules.observe.observe`: hidden cards blanked, the showdown's hands
shown). What an AI learns is then a pure function of what its seat saw, so a saved game
warmed up with the same events teaches it the same.
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence

from game.rules.events import Event
from game.rules.observe import observe


def feed(agents: Mapping[int, object], events: Sequence[Event]) -> None:
    """Give every agent of ``agents`` (by seat) that observes the ``events`` its seat may see."""
    if not events:
        return
    for seat, agent in agents.items():
        hook = getattr(agent, "observe", None)
        if callable(hook):
            hook(observe(events, seat))
