"""Privacy in the engine: what one seat (or a spectator) may see of the engine's events.

The screens, the AI and any network client read the game through :func:`observe` (and
:meth:`game.rules.engine.Game.view_for`); nothing outside the engine filters cards.
"""

from __future__ import annotations

from collections.abc import Iterable

from game.rules.events import Busted, CardDealt, Event, Stood


def observe(events: Iterable[Event], seat: int | None) -> list[Event]:
    """``events`` as ``seat`` may see them; ``None`` is a spectator who sees only public facts.

    Another seat's :class:`~game.rules.events.CardDealt` keeps its place with ``card=None`` (a
    card face down); another seat's :class:`~game.rules.events.Stood` and
    :class:`~game.rules.events.Busted` are dropped (the public :class:`~game.rules.events.TurnEnded`
    stays, the same for a stand and a silent bust). Everything else passes unchanged,
    the hands turned over at the showdown included.
    """
    seen: list[Event] = []
    for event in events:
        if isinstance(event, CardDealt):
            if event.seat != seat and event.card is not None:
                event = CardDealt(event.seat, None, event.from_bottom, event.first, event.count)
        elif isinstance(event, Stood | Busted) and event.seat != seat:
            continue
        seen.append(event)
    return seen
