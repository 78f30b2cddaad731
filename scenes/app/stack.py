"""The scene stack: push, pop and replace, applied between frames.

The stack holds layers (:class:`Layer`; the app's screens are its kind of layer,
:class:`scenes.app.loop.Scene`, which knows the app). A layer is told when it starts
(``enter``), stops (``exit``), is covered by another (``pause``) and uncovered (``resume``).
``handle(event)`` returns whether it used the input. A ``transparent`` layer (an overlay such
as the pause menu or the ledger) lets the layers beneath it draw first. Only the top one is
updated, so an overlay pauses the game. Changes are queued and applied by
:meth:`SceneStack.apply` between frames, so a layer never removes itself while it is running.
"""

from __future__ import annotations

from collections.abc import Callable

import pygame


class Layer:
    """What the stack holds: a screen, what it is told and asked; subclasses override what they need."""

    transparent = False
    """Whether the layers beneath show through (overlays)."""
    name = "scene"
    """A short name for the logs, the tests and the screenshot tool; nothing decides by it."""
    dims = 0
    """How much an overlay darkens what lies beneath it (0-255). The app does it once, when it keeps
    the still picture beneath, rather than the overlay on every frame."""

    def __init__(self) -> None:
        """A layer not yet drawn."""
        self.dirty = True
        """Something the scene shows changed in its last update (the app draws, then clears it)."""

    def enter(self) -> None:
        """The scene has been put on the stack."""

    def exit(self) -> None:
        """The scene has been taken off the stack."""

    def pause(self) -> None:
        """Another scene now covers this one."""

    def resume(self) -> None:
        """The scene is on top again."""

    def resize(self, size: tuple[int, int]) -> None:
        """The window changed size: recompute anything laid out."""

    def handle(self, event: pygame.event.Event) -> bool:
        """React to one input event; return whether it was used."""
        return False

    def update(self, dt: float) -> None:
        """Advance by ``dt`` seconds."""

    def draw(self, surface: pygame.Surface) -> None:
        """Draw the scene."""

    def hints(self) -> str:
        """The key hints for the header, already translated."""
        return ""

    def keep_clear(self) -> list[pygame.Rect]:
        """What a notice over this screen must not cover (a table's plates, cards and buttons); the
        app puts its notices where they cover none of it. Nothing, by default."""
        return []

    def frame_rate(self) -> float:
        """Frames a second the scene needs while nothing happens: 0 when it is still.

        The app draws a frame after input, a scene change or an update that set :attr:`dirty`,
        and otherwise only as often as this says (something moving on its own: a tween, a
        gentle pulse), so a still screen costs next to nothing.
        """
        return 0.0

    heartbeat = True
    """Whether a still screen of this scene is drawn again once a second anyway (something on it
    may change without its update setting :attr:`dirty`). A scene whose update marks every
    change sets it False, so that at rest it presents nothing at all."""

    moved = False
    """Something the scene shows changed in its last update, in the rectangles :meth:`pulse_rects`
    reports (cards and chips in flight): a frame is due, drawn and presented in them alone."""

    def pulse_rects(self) -> list[pygame.Rect] | None:
        """The regions a frame changes when it is drawn for :meth:`frame_rate` or :attr:`moved`
        (a pulsing glow, cards in flight), or None for the whole screen. The app then draws the
        scene clipped to them and presents only them (nothing, when the list is empty)."""
        return None

    def shown(self) -> None:
        """The frame just presented shows the scene as it is now (the next :meth:`pulse_rects`
        counts from it)."""


class SceneStack:
    """Layers on a stack; see the module docstring."""

    def __init__(self) -> None:
        """An empty stack."""
        self.scenes: list[Layer] = []
        self._pending: list[Callable[[], None]] = []

    @property
    def top(self) -> Layer | None:
        """The layer on top, if any."""
        return self.scenes[-1] if self.scenes else None

    def push(self, scene: Layer) -> None:
        """Put ``scene`` on top (at the next :meth:`apply`)."""
        self._pending.append(lambda: self._push(scene))

    def pop(self) -> None:
        """Take the top scene off (at the next :meth:`apply`)."""
        self._pending.append(self._pop)

    def replace(self, scene: Layer) -> None:
        """Swap the top scene for ``scene`` (at the next :meth:`apply`)."""

        def swap() -> None:
            # The scene beneath stays paused: it is neither resumed nor paused again.
            self._pop(resume=False)
            self._push(scene, pause=False)

        self._pending.append(swap)

    def reset(self, scene: Layer) -> None:
        """Clear the stack and put ``scene`` on it (at the next :meth:`apply`)."""

        def go() -> None:
            while self.scenes:
                self._pop(resume=False)
            self._push(scene)

        self._pending.append(go)

    def _push(self, scene: Layer, pause: bool = True) -> None:
        if self.scenes and pause:
            self.scenes[-1].pause()
        self.scenes.append(scene)
        scene.enter()

    def _pop(self, resume: bool = True) -> None:
        if not self.scenes:
            return
        self.scenes.pop().exit()
        if resume and self.scenes:
            self.scenes[-1].resume()

    @property
    def pending(self) -> bool:
        """Whether changes are queued for the next :meth:`apply`."""
        return bool(self._pending)

    def apply(self) -> bool:
        """Apply the queued changes in order; returns whether anything changed."""
        changed = False
        while self._pending:
            pending, self._pending = self._pending, []
            for change in pending:
                change()
                changed = True
        return changed

    def visible(self) -> list[Layer]:
        """The layers to draw, bottom first: the top one and every one showing through."""
        start = len(self.scenes) - 1
        while start > 0 and self.scenes[start].transparent:
            start -= 1
        return self.scenes[max(start, 0) :]
