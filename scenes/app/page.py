"""A page of words over the screen that scrolls: How to play, the game's history.

:class:`ScrollPage` lays out a tall panel with Back at its foot and scrolls it with the
arrows, Page Up/Down, Home/End, the mouse wheel or a drag (mouse or finger); Escape goes
back. A page draws its own content in :meth:`ScrollPage.draw` and says how tall it was, and
where its lines are, with :meth:`ScrollPage.measured`.

Where a page tells its lines (:class:`Span`), the keys move by them: an arrow (or the
gamepad's d-pad) by a line, the wheel by :data:`WHEEL_LINES`, Page Down by a page whose first
line is the last one wholly seen before and Page Up the same way back (the gamepad's shoulder
buttons too), so that paging through shows every line whole on some page
(:func:`page_down`, :func:`page_up`). A drag follows the finger.
"""

from __future__ import annotations

from collections.abc import Callable, Sequence
from dataclasses import dataclass

import pygame

from scenes.app.loop import App, Scene
from scenes.i18n import _
from scenes.ui.art import GOLD
from scenes.ui.widgets import Button, FocusGroup, draw_panel

WHEEL_LINES = 3
"""Lines a notch of the mouse wheel scrolls."""

_EPS = 0.5
"""Half a pixel: a line this near an edge is still whole."""


@dataclass(frozen=True, slots=True)
class Span:
    """Where one line (or picture, or example hand) of a page lies, in pixels down its content."""

    top: float
    """Its top edge, from the top of the content (the page scrolled to the start)."""
    bottom: float
    """Its bottom edge, likewise."""
    words: bool = True
    """A line of words (a picture or a hand of cards is not: the line seen again is one of words)."""


def whole_in(span: Span, scroll: float, view: float) -> bool:
    """Whether ``span`` is wholly in sight with the page scrolled to ``scroll`` in a ``view`` pixels tall."""
    return span.top >= scroll - _EPS and span.bottom <= scroll + view + _EPS


def _seen_words(spans: Sequence[Span], scroll: float, view: float) -> list[Span]:
    """The lines of words wholly in sight (anything in sight, where no words are)."""
    seen = [s for s in spans if whole_in(s, scroll, view)]
    return [s for s in seen if s.words] or seen


def page_down(spans: Sequence[Span], scroll: float, view: float) -> float:
    """The scroll a page further down: its first line is the last line wholly in sight now, and no
    line below it has been cut in half (it starts the page instead). Not clamped to the end."""
    bottom = scroll + view
    seen = _seen_words(spans, scroll, view)
    unseen = [s.top for s in spans if s.bottom > bottom + _EPS]
    target = max(seen, key=lambda s: s.bottom).top if seen else bottom
    if unseen:
        target = min(target, *unseen)
    # A picture beside that line starts the page instead: cut by the top edge it would not be drawn.
    beside = [s.top for s in spans if scroll + _EPS < s.top < target - _EPS < s.bottom]
    if beside:
        target = min(beside)
    if target <= scroll + _EPS:  # nothing whole to overlap by (a picture taller than the page)
        later = [top for top in unseen if top > scroll + _EPS]
        target = min(later) if later else bottom
    return target


def page_up(spans: Sequence[Span], scroll: float, view: float) -> float:
    """The scroll a page further up: the first line wholly in sight now (and anything cut at the
    top) becomes the last of the new page, which starts at a line's top. Not below 0."""
    seen = _seen_words(spans, scroll, view)
    cut = [s.bottom for s in spans if s.top < scroll - _EPS < s.bottom]
    keep = [*cut, min(seen, key=lambda s: s.top).bottom] if seen else []
    target = max(keep) - view if keep else scroll - view
    starts = [s.top for s in spans if s.top >= target - _EPS]
    if starts:
        target = min(starts)
    if target >= scroll - _EPS:
        earlier = [s.top for s in spans if s.top < scroll - _EPS]
        target = max(earlier) if earlier else scroll - view
    return max(0.0, target)


def line_step(spans: Sequence[Span], scroll: float, lines: int) -> float | None:
    """The scroll ``lines`` lines further down (up when negative), each to a line's top; None
    when the page told no lines."""
    tops = sorted({round(s.top, 3) for s in spans})
    if not tops:
        return None
    for _step in range(abs(lines)):
        if lines > 0:
            scroll = next((t for t in tops if t > scroll + _EPS), scroll)
        else:
            scroll = next((t for t in reversed(tops) if t < scroll - _EPS), 0.0)
    return scroll


class ScrollPage(Scene):
    """A scrolling panel of words over the screen; see the module docstring."""

    transparent = True
    dims = 200

    def __init__(self, app: App) -> None:
        """An empty page at the top."""
        super().__init__(app)
        self.scroll = 0.0
        self._max_scroll = 0.0
        self._view = 0.0
        self.spans: tuple[Span, ...] = ()
        """Where the page's lines were when last drawn (empty: the page told none)."""
        self.panel = pygame.Rect(0, 0, 0, 0)
        self.group = FocusGroup([Button(lambda: _("Back"), self.back, primary=True)])

    def enter(self) -> None:
        """Lay out."""
        self.resize(self.app.size)

    def resize(self, size: tuple[int, int]) -> None:
        """A tall panel with Back at its foot."""
        u = self.app.u
        w, h = size
        self.panel = pygame.Rect(0, 0, min(w - 40, round(900 * u)), h - round(60 * u))
        self.panel.center = (w // 2, h // 2)
        button = self.group.widgets[0]
        button.rect = pygame.Rect(0, 0, round(200 * u), round(44 * u))
        button.rect.midbottom = (self.panel.centerx, self.panel.bottom - round(16 * u))
        button.font_size = round(18 * u)

    def back(self) -> None:
        """Close."""
        self.app.stack.pop()

    def frame(
        self, surface: pygame.Surface, title: str, title_size: int, title_y: int, head: int
    ) -> pygame.Rect:
        """The opaque panel and its title (sizes at the reference size); returns the body's rect,
        ``head`` below the panel's top and down to the Back button."""
        u = self.app.u
        p = self.panel
        draw_panel(surface, p, radius=round(16 * u), alpha=255)  # opaque: words over words do not read
        at = (p.centerx, p.y + round(title_y * u))
        self.app.text.blit(surface, title, round(title_size * u), at, GOLD, "serif", "midtop")
        return pygame.Rect(
            p.x + round(30 * u),
            p.y + round(head * u),
            p.w - round(60 * u),
            self.group.widgets[0].rect.top - p.y - round((head + 14) * u),
        )

    def measured(self, bottom: float, body: pygame.Rect, spans: Sequence[Span] = ()) -> None:
        """The content drawn reached ``bottom`` (at the current scroll) in ``body``: how far it may
        scroll; ``spans`` are where its lines are (for the keys to move by them)."""
        self._max_scroll = max(0.0, bottom + self.scroll - body.bottom)
        self._view = float(body.h)
        self.spans = tuple(spans)

    def key(self, event: pygame.event.Event) -> bool:
        """A key of the page's own (to override); whether it was used."""
        return False

    def handle(self, event: pygame.event.Event) -> bool:
        """Scroll with the arrows, Page Up/Down, Home/End, the wheel or a drag; Escape goes back."""
        moves: dict[int, Callable[[], float]] = {
            pygame.K_DOWN: lambda: self._lines(1),
            pygame.K_j: lambda: self._lines(1),
            pygame.K_UP: lambda: self._lines(-1),
            pygame.K_k: lambda: self._lines(-1),
            pygame.K_PAGEDOWN: self._page_down,
            pygame.K_PAGEUP: self._page_up,
            # The gamepad's shoulder buttons arrive as + and -: a page at a time, as on a bid.
            pygame.K_PLUS: self._page_down,
            pygame.K_KP_PLUS: self._page_down,
            pygame.K_MINUS: self._page_up,
            pygame.K_KP_MINUS: self._page_up,
            pygame.K_HOME: lambda: 0.0,
            pygame.K_END: lambda: self._max_scroll,
        }
        if event.type == pygame.MOUSEWHEEL:
            self.scroll = self._lines(-event.y * WHEEL_LINES)
        elif event.type == pygame.MOUSEMOTION and event.buttons[0] and self.panel.collidepoint(event.pos):
            self.scroll -= event.rel[1]  # a drag, with the mouse or a finger, moves the page along
        elif event.type == pygame.KEYDOWN and event.key == pygame.K_ESCAPE:
            self.back()
        elif event.type == pygame.KEYDOWN and event.key in moves:
            self.scroll = moves[event.key]()
        elif event.type == pygame.KEYDOWN and self.key(event):
            pass
        else:
            return self.group.handle(event)
        self.scroll = max(0.0, min(self.scroll, self._max_scroll))
        return True

    def _step(self) -> float:
        """A line's worth of pixels where the page told no lines."""
        return 40 * self.app.u

    def _lines(self, lines: int) -> float:
        """The scroll ``lines`` lines down (up when negative)."""
        moved = line_step(self.spans, self.scroll, lines)
        return self.scroll + lines * self._step() if moved is None else moved

    def _page_down(self) -> float:
        """The scroll a page down, one line seen again at its top."""
        if not self.spans:
            return self.scroll + max(self._step(), self._view - self._step())
        return page_down(self.spans, self.scroll, self._view)

    def _page_up(self) -> float:
        """The scroll a page up, one line seen again at its foot."""
        if not self.spans:
            return self.scroll - max(self._step(), self._view - self._step())
        return page_up(self.spans, self.scroll, self._view)
