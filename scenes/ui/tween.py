"""Tweens: every movement on screen is a value moving from a start to an end over seconds.

A tween is a pure function of progress: ``value = path(start, end, ease(t))`` with ``t``
running from 0 to 1 over ``duration`` seconds. A new tween on the same object and
attribute replaces the old one; :meth:`Tweener.finish_all` snaps every tween to its end
(the "skip animation" key). Durations are multiplied by the animation-speed factor, so the
instant speed (factor 0) finishes every tween on the next update.
"""

from __future__ import annotations

import math
from collections.abc import Callable
from dataclasses import dataclass, field
from typing import Any

Ease = Callable[[float], float]
Value = float | tuple[float, ...]
Path = Callable[[Value, Value, float], Value]


def linear(t: float) -> float:
    """No easing."""
    return t


def ease_out_cubic(t: float) -> float:
    """Fast start, gentle landing: cards and chips arriving."""
    return 1 - (1 - t) ** 3


def ease_in_out_cubic(t: float) -> float:
    """Gentle start and landing: markers sliding across the table."""
    return 4 * t * t * t if t < 0.5 else 1 - (-2 * t + 2) ** 3 / 2


_BACK = 1.70158
"""How far ease_out_back overshoots (the classic constant: a tenth past its end)."""


def ease_out_back(t: float) -> float:
    """Overshoots a little and settles: badges popping up."""
    return 1 + (_BACK + 1) * (t - 1) ** 3 + _BACK * (t - 1) ** 2


BACK_PEAK = ease_out_back(1 - 2 * _BACK / (3 * (_BACK + 1)))
"""The highest ease_out_back goes, where its slope is nought (1.1): what moves with it reaches
that much past its end before it settles, and whatever must stay clear of it keeps that room."""


def lerp(a: Value, b: Value, t: float) -> Value:
    """Straight-line interpolation of a number or a tuple of numbers."""
    if isinstance(a, tuple):
        assert isinstance(b, tuple)
        return tuple(x + (y - x) * t for x, y in zip(a, b, strict=True))
    assert not isinstance(b, tuple)
    return a + (b - a) * t


def arc(height: float) -> Path:
    """A path for (x, y) points that rises ``height`` pixels at mid-flight: a tossed chip."""

    def path(a: Value, b: Value, t: float) -> Value:
        x, y = lerp(a, b, t)  # type: ignore[misc]
        return (x, y - height * 4 * t * (1 - t))

    return path


@dataclass(eq=False)
class Tween:
    """One attribute of one object moving to ``end``; see the module docstring."""

    target: Any
    attr: str
    start: Value
    end: Value
    duration: float
    delay: float = 0.0
    ease: Ease = ease_out_cubic
    path: Path = lerp
    on_done: Callable[[], None] | None = None
    elapsed: float = field(default=0.0)

    def value_at(self, elapsed: float) -> Value:
        """The attribute's value ``elapsed`` seconds after the tween started (delay included)."""
        if self.duration <= 0:
            return self.end
        t = min(max((elapsed - self.delay) / self.duration, 0.0), 1.0)
        return self.path(self.start, self.end, self.ease(t))

    @property
    def done(self) -> bool:
        """Whether the tween has reached its end."""
        return self.elapsed >= self.delay + self.duration


class Tweener:
    """Runs every tween of one table; its scene sets :attr:`speed` from the app's every frame."""

    def __init__(self, speed: float = 1.0) -> None:
        """Durations are multiplied by ``speed`` (0: instant)."""
        self.speed = speed
        self._tweens: dict[tuple[int, str], Tween] = {}

    def add(
        self,
        target: Any,
        attr: str,
        end: Value,
        duration: float,
        *,
        delay: float = 0.0,
        ease: Ease = ease_out_cubic,
        path: Path = lerp,
        start: Value | None = None,
        on_done: Callable[[], None] | None = None,
    ) -> Tween:
        """Move ``target.attr`` to ``end`` over ``duration`` seconds (scaled by the speed).

        Replaces any tween already running on the same object and attribute (the old one
        does not call its ``on_done``).
        """
        if start is not None:
            setattr(target, attr, start)
        tween = Tween(
            target,
            attr,
            getattr(target, attr),
            end,
            duration * self.speed,
            delay * self.speed,
            ease,
            path,
            on_done,
        )
        self._tweens[(id(target), attr)] = tween
        if tween.duration <= 0 and tween.delay <= 0:
            self._complete(tween)
        return tween

    def cancel(self, target: Any, attr: str | None = None) -> None:
        """Stop the tweens on ``target`` (one attribute or all) where they are."""
        for key in [k for k, tw in self._tweens.items() if tw.target is target]:
            if attr is None or key[1] == attr:
                del self._tweens[key]

    def _complete(self, tween: Tween) -> None:
        setattr(tween.target, tween.attr, tween.end)
        key = (id(tween.target), tween.attr)
        if self._tweens.get(key) is tween:
            del self._tweens[key]
        if tween.on_done is not None:
            tween.on_done()

    def update(self, dt: float) -> None:
        """Advance every tween by ``dt`` seconds; finished ones snap to their end and report."""
        for tween in list(self._tweens.values()):
            tween.elapsed += dt
            if tween.done:
                self._complete(tween)
            elif tween.elapsed >= tween.delay:
                setattr(tween.target, tween.attr, tween.value_at(tween.elapsed))

    def finish_all(self) -> None:
        """Snap every tween to its end, including tweens that finishing others starts."""
        for _ in range(100):
            if not self._tweens:
                return
            for tween in list(self._tweens.values()):
                if self._tweens.get((id(tween.target), tween.attr)) is tween:
                    self._complete(tween)

    def moving(self, target: Any, attr: str) -> bool:
        """Whether ``target.attr`` is on its way somewhere (a card in flight, say)."""
        return (id(target), attr) in self._tweens

    @property
    def busy(self) -> bool:
        """Whether anything is still moving."""
        return bool(self._tweens)

    def __len__(self) -> int:
        return len(self._tweens)


def pulse(time: float, period: float = 1.2) -> float:
    """A 0..1 breathing value for highlights (the seat to act), from a clock in seconds."""
    return 0.5 + 0.5 * math.sin(time * 2 * math.pi / period)
