"""The few widgets every screen shares: buttons, choices, number steppers, a text field, panels.

A :class:`FocusGroup` holds a screen's widgets and gives keyboard and mouse the same
reach: Tab / arrows move the focus (drawn as a gold ring), Enter or Space presses,
Left / Right change a choice, a click focuses and presses. Labels are functions that
return text, called at draw time, so they follow the language of the moment.
"""

from __future__ import annotations

from collections.abc import Callable, Sequence
from typing import Any

import pygame

from scenes.i18n import ngettext
from scenes.ui.art import GOLD, INK, OVER_RED
from scenes.ui.cache import SurfaceCache, surface_bytes
from scenes.ui.text import Text

Message = Callable[[], str]

PANEL = (14, 30, 22, 235)
PANEL_EDGE = (92, 132, 100)
BUTTON = (44, 84, 58)
BUTTON_HOVER = (60, 108, 74)
BUTTON_PRIMARY = (168, 124, 36)
BUTTON_OFF = (44, 54, 48)
TEXT_OFF = (130, 136, 130)
WARN = OVER_RED
"""Words that say something was refused (a field full)."""

ACTIVATE_KEYS = (pygame.K_RETURN, pygame.K_KP_ENTER, pygame.K_SPACE)


#: The width of a panel's light edge.
_EDGE = 2
#: Rows of a panel's middle, cut once and laid as often as the panel is tall.
_BAND = 32
#: Bytes of panel pictures kept (drawn again when they do not fit: a panel as wide as a 4K
#: window would be 18 MB whole, its top, one band and its bottom are under 2 MB).
PANEL_BUDGET = 6 * 1024 * 1024

_PANELS: SurfaceCache[tuple[int, int, int, int], pygame.Surface] = SurfaceCache(PANEL_BUDGET, surface_bytes)


def _cap(w: int, radius: int) -> int:
    """Rows at the top (and bottom) of a panel that differ from its middle: the corners and the edge."""
    # pygame rounds no corner beyond half the shorter side (a tall panel: half its width).
    return max(min(radius, w // 2), _EDGE)


def _panel_picture(w: int, h: int, radius: int, alpha: int) -> pygame.Surface:
    """A whole panel of ``w`` × ``h``, or (for a tall one) its top, one band of its middle and its bottom."""
    cap = _cap(w, radius)
    tall = h > 2 * cap + 2 * _BAND
    key = (w, h if not tall else -1, radius, alpha)
    panel = _PANELS.get(key)
    if panel is None:
        size = (w, 2 * cap + _BAND if tall else h)
        panel = pygame.Surface(size, pygame.SRCALPHA)
        pygame.draw.rect(panel, (*PANEL[:3], alpha), panel.get_rect(), border_radius=radius)
        pygame.draw.rect(panel, PANEL_EDGE, panel.get_rect(), width=_EDGE, border_radius=radius)
        _PANELS.put(key, panel)
    return panel


def draw_panel(surface: pygame.Surface, rect: pygame.Rect, radius: int = 14, alpha: int = 235) -> None:
    """A dark rounded panel with a thin light edge.

    The rows between the rounded corners are all alike, so a tall panel is laid from its top,
    one band of its middle repeated, and its bottom: the same pixels as the whole panel, in a
    fraction of the memory.
    """
    w, h = rect.size
    if w <= 0 or h <= 0:
        return
    panel = _panel_picture(w, h, radius, alpha)
    if panel.get_height() == h:
        surface.blit(panel, rect)
        return
    r = _cap(w, radius)
    x, y = rect.topleft
    surface.blit(panel, (x, y), (0, 0, w, r))
    row = r
    while row < h - r:
        rows = min(_BAND, h - r - row)
        surface.blit(panel, (x, y + row), (0, r, w, rows))
        row += rows
    surface.blit(panel, (x, y + h - r), (0, panel.get_height() - r, w, r))


def draw_hints(surface: pygame.Surface, text: Text, hints: str, u: float, top: bool = False) -> None:
    """The key hints on a dark strip along the bottom edge (covering any hints beneath), or along
    the top (an overlay on the table, whose bottom seat the strip would cover)."""
    w, h = surface.get_size()
    size = max(10, round(14 * u))
    strip = pygame.Rect(0, 0 if top else h - round(size * 1.9), w, round(size * 1.9))
    surface.fill((10, 26, 18), strip)
    text.blit(
        surface, text.ellipsize(hints, size, w - 20), size, strip.center, (200, 210, 190), "sans", "center"
    )


def fitted(text: Text, words: str, size: int, width: int, style: str) -> tuple[str, int]:
    """``words`` at the largest size down to three quarters of ``size`` that fits ``width``,
    shortened with an ellipsis only when even that is too wide."""
    fit = text.fit(words, size, width, style, min_size=max(8, round(size * 0.75)))
    return text.ellipsize(words, fit, width, style), fit


def fitted_tail(text: Text, words: str, caret: str, size: int, width: int) -> tuple[str, int]:
    """What a text field shows of ``words`` (then ``caret``) in ``width``: the largest size down to
    three quarters of ``size`` that fits, and when even that is too wide, the end of the words (where
    the typing goes on) after an ellipsis."""
    fit = text.fit(words + caret, size, width, "sans", min_size=max(8, round(size * 0.75)))
    if text.size(words + caret, fit)[0] <= width:
        return words + caret, fit
    while words and text.size("…" + words + caret, fit)[0] > width:
        words = words[1:]
    return "…" + words + caret, fit


def dim(surface: pygame.Surface, alpha: int = 140) -> None:
    """Darken everything drawn so far (under an overlay)."""
    # A multiply fill darkens in place: no full-window alpha surface to allocate and blend.
    keep = 255 - alpha
    surface.fill((keep, keep, keep), special_flags=pygame.BLEND_RGB_MULT)


class Widget:
    """Something on screen that can take the focus."""

    def __init__(self, label: Message, font_size: int = 18) -> None:
        """A widget showing ``label``."""
        self.label = label
        self.rect = pygame.Rect(0, 0, 0, 0)
        self.enabled = True
        self.visible = True
        self.font_size = font_size
        self.compact = False
        """Compact widgets show only their value (a column heading names them)."""

    def activate(self) -> None:
        """Enter, Space or a click."""

    def change(self, step: int) -> bool:
        """Left (-1) or Right (+1); returns whether it was used."""
        return False

    def click(self, pos: tuple[int, int]) -> None:
        """A left click inside the widget."""
        self.activate()

    def text_input(self, text: str) -> bool:
        """Typed text; returns whether it was used."""
        return False

    def key(self, key: int) -> bool:
        """Any other key while focused; returns whether it was used."""
        return False

    def draw(self, surface: pygame.Surface, text: Text, focused: bool, hovered: bool) -> None:
        """Draw the widget."""


class Button(Widget):
    """A button that calls ``on_press``; ``primary`` ones are gold."""

    def __init__(
        self, label: Message, on_press: Callable[[], None], primary: bool = False, font_size: int = 18
    ) -> None:
        """A button."""
        super().__init__(label, font_size)
        self.on_press = on_press
        self.primary = primary

    def activate(self) -> None:
        """Press it (if enabled)."""
        if self.enabled:
            self.on_press()

    def draw(self, surface: pygame.Surface, text: Text, focused: bool, hovered: bool) -> None:
        """A rounded button with its label centred."""
        r = self.rect
        radius = max(4, r.h // 4)
        if not self.enabled:
            fill = BUTTON_OFF
        elif self.primary:
            fill = (198, 150, 50) if hovered else BUTTON_PRIMARY
        else:
            fill = BUTTON_HOVER if hovered else BUTTON
        pygame.draw.rect(surface, (0, 0, 0), r.move(0, 2), border_radius=radius)
        pygame.draw.rect(surface, fill, r, border_radius=radius)
        if focused:
            pygame.draw.rect(surface, GOLD, r.inflate(6, 6), width=3, border_radius=radius + 3)
        label = self.label()
        size = text.fit(label, self.font_size, r.w - 8, "bold")
        color = TEXT_OFF if not self.enabled else (255, 255, 255)
        text.blit(surface, label, size, r.center, color, "bold", "center")


class Choice(Widget):
    """``label:  ‹ value ›`` — one of ``options`` (value, name), changed with Left/Right or a click."""

    def __init__(
        self,
        label: Message,
        options: Sequence[tuple[Any, Message]],
        get: Callable[[], Any],
        set_: Callable[[Any], None],
        font_size: int = 18,
    ) -> None:
        """A choice between ``options``; ``get``/``set_`` read and write the chosen value."""
        super().__init__(label, font_size)
        self.options = list(options)
        self.split = 0.5
        """Where the value box starts, as a fraction of the width."""
        self.get = get
        self.set = set_

    def _index(self) -> int:
        values = [v for v, _ in self.options]
        value = self.get()
        return values.index(value) if value in values else 0

    def change(self, step: int) -> bool:
        """Pick the previous or next option (wrapping round)."""
        if not self.enabled:
            return False
        self.set(self.options[(self._index() + step) % len(self.options)][0])
        return True

    def activate(self) -> None:
        """Enter moves to the next option."""
        self.change(+1)

    def click(self, pos: tuple[int, int]) -> None:
        """A click on the left half goes back, on the right half forward."""
        value_box = self._value_box()
        self.change(-1 if pos[0] < value_box.centerx else +1)

    def _value_box(self) -> pygame.Rect:
        r = self.rect
        if self.compact:
            return r.copy()
        return pygame.Rect(r.x + r.w * self.split, r.y, r.w * (1 - self.split), r.h)

    def value_text(self) -> str:
        """The chosen option's name, translated."""
        return self.options[self._index()][1]()

    def draw(self, surface: pygame.Surface, text: Text, focused: bool, hovered: bool) -> None:
        """The label on the left, ‹ value › on the right."""
        r = self.rect
        if focused or hovered:
            pygame.draw.rect(surface, (40, 70, 50), r, border_radius=r.h // 4)
        if focused:
            pygame.draw.rect(surface, GOLD, r, width=2, border_radius=r.h // 4)
        color = INK if self.enabled else TEXT_OFF
        pad = r.h // 3
        if not self.compact:
            self._draw_label(surface, text, round(r.w * self.split) - pad, color)
        box = self._value_box()
        # The value keeps clear of its arrows: a gap of a third of the text's size either side.
        arrow = text.size("›", self.font_size + 4, "bold")[0] + pad + max(4, self.font_size // 3)
        value, size = fitted(text, self.value_text(), self.font_size, box.w - 2 * arrow, "bold")
        text.blit(
            surface,
            value,
            size,
            box.center,
            (255, 255, 255) if self.enabled else TEXT_OFF,
            "bold",
            "center",
        )
        if self.enabled:
            text.blit(surface, "‹", self.font_size + 4, (box.x + pad, box.centery), GOLD, "bold", "midleft")
            text.blit(
                surface, "›", self.font_size + 4, (box.right - pad, box.centery), GOLD, "bold", "midright"
            )


    def _draw_label(
        self, surface: pygame.Surface, text: Text, width: int, color: tuple[int, int, int]
    ) -> None:
        """The label at the row's size; one too long takes two lines (as the left column's labels
        are never smaller than the right's) before its letters get smaller."""
        r = self.rect
        x = r.x + r.h // 3
        words = self.label()
        size = self.font_size
        if text.size(words, size)[0] > width:
            lines = text.wrap(words, size, width)
            step = text.font(size).get_linesize()
            if len(lines) == 2 and step * 2 <= r.h and all(text.size(one, size)[0] <= width for one in lines):
                for i, line in enumerate(lines):
                    at = (x, round(r.centery + step * (i - 0.5)))
                    text.blit(surface, line, size, at, color, "sans", "midleft")
                return
        label, size = fitted(text, words, size, width, "sans")
        text.blit(surface, label, size, (x, r.centery), color, "sans", "midleft")


class Stepper(Choice):
    """A whole number between ``low`` and ``high``, changed with Left/Right, +/- or a click."""

    def __init__(
        self,
        label: Message,
        low: int,
        high: int,
        get: Callable[[], int],
        set_: Callable[[int], None],
        font_size: int = 18,
        fmt: Callable[[int], str] | None = None,
    ) -> None:
        """A number stepper."""
        super().__init__(label, [], get, set_, font_size)
        self.low, self.high = low, high
        self.fmt = fmt or str

    def change(self, step: int) -> bool:
        """One up or down, staying within the bounds."""
        if not self.enabled:
            return False
        self.set(max(self.low, min(self.high, self.get() + step)))
        return True

    def key(self, key: int) -> bool:
        """+ and - step too."""
        if key in (pygame.K_PLUS, pygame.K_KP_PLUS, pygame.K_EQUALS):
            return self.change(+1)
        if key in (pygame.K_MINUS, pygame.K_KP_MINUS):
            return self.change(-1)
        return False

    def value_text(self) -> str:
        """The number."""
        return self.fmt(self.get())


class TextField(Widget):
    """A name to type: focused, it takes typed letters; Backspace rubs out.

    It holds at most ``max_len`` characters; a letter that does not fit is refused, and the field
    says so (in place of its label) until the next letter it takes or Backspace. Empty,
    it shows ``placeholder`` dimmed: what an empty field stands for (the person's default name).
    """

    def __init__(
        self,
        label: Message,
        get: Callable[[], str],
        set_: Callable[[str], None],
        *,
        max_len: int,
        placeholder: Message | None = None,
        font_size: int = 18,
    ) -> None:
        """A one-line text field of at most ``max_len`` characters."""
        super().__init__(label, font_size)
        self.get = get
        self.set = set_
        self.max_len = max_len
        self.placeholder = placeholder
        self.refused = False
        """A letter was refused for want of room (the field says so until it takes one)."""

    def text_input(self, text: str) -> bool:
        """Add typed letters (as many as fit)."""
        typed = self.get() + text
        self.refused = len(typed) > self.max_len
        self.set(typed[: self.max_len])
        return True

    def full(self) -> str:
        """What the field says when a letter was refused: its limit."""
        return ngettext("{n} character at most", "{n} characters at most", self.max_len).format(
            n=self.max_len
        )

    def key(self, key: int) -> bool:
        """Backspace rubs out one letter."""
        if key == pygame.K_BACKSPACE:
            self.refused = False
            self.set(self.get()[:-1])
            return True
        return False

    def activate(self) -> None:
        """Nothing: typing goes straight in."""

    def draw(self, surface: pygame.Surface, text: Text, focused: bool, hovered: bool) -> None:
        """Label on the left, the value in a box on the right with a caret when focused."""
        r = self.rect
        pad = r.h // 3
        if focused or hovered:
            pygame.draw.rect(surface, (40, 70, 50), r, border_radius=r.h // 4)
        if focused:
            pygame.draw.rect(surface, GOLD, r, width=2, border_radius=r.h // 4)
        warn = focused and self.refused
        if self.compact:
            box = r.inflate(-6, -6)
        else:
            words, colour = (self.full(), WARN) if warn else (self.label(), INK)
            label, size = fitted(text, words, self.font_size, r.w // 2 - pad, "sans")
            text.blit(surface, label, size, (r.x + pad, r.centery), colour, "sans", "midleft")
            box = pygame.Rect(r.x + r.w // 2, r.y + 3, r.w // 2 - 3, r.h - 6)
        pygame.draw.rect(surface, (8, 20, 14), box, border_radius=box.h // 4)
        if warn and self.compact:  # no label to say it in: the box says it until the next key
            note, size = fitted(text, self.full(), self.font_size, box.w - 2 * pad, "sans")
            text.blit(surface, note, size, (box.x + pad, box.centery), WARN, "sans", "midleft")
            return
        caret = "▏" if focused else ""
        value = self.get()
        if not value and self.placeholder is not None:  # the caret, then the dimmed word
            x = box.x + pad
            if caret:
                at = (x, box.centery)
                x = text.blit(surface, caret, self.font_size, at, (255, 255, 255), "sans", "midleft").right
            shown, size = fitted(text, self.placeholder(), self.font_size, box.right - pad - x, "sans")
            text.blit(surface, shown, size, (x, box.centery), TEXT_OFF, "sans", "midleft")
            return
        shown, size = fitted_tail(text, value, caret, self.font_size, box.w - 2 * pad)
        text.blit(surface, shown, size, (box.x + pad, box.centery), (255, 255, 255), "sans", "midleft")


class FocusGroup:
    """The widgets of one screen and which has the focus; see the module docstring."""

    def __init__(self, widgets: Sequence[Widget] = (), horizontal: bool = False) -> None:
        """``horizontal`` groups (a row of buttons) move the focus with Left/Right too."""
        self.widgets = list(widgets)
        self.focus = 0
        self.hover: Widget | None = None
        self.horizontal = horizontal

    @property
    def focused(self) -> Widget | None:
        """The widget with the focus."""
        live = self._live()
        if not live:
            return None
        if self.widgets[self.focus] not in live:
            self.focus = self.widgets.index(live[0])
        return self.widgets[self.focus]

    def _live(self) -> list[Widget]:
        return [w for w in self.widgets if w.visible and w.enabled]

    def move(self, step: int) -> None:
        """Move the focus to the next (or previous) usable widget."""
        live = self._live()
        if not live:
            return
        current = self.focused
        i = live.index(current) if current in live else 0
        self.focus = self.widgets.index(live[(i + step) % len(live)])

    def set_focus(self, widget: Widget) -> None:
        """Give ``widget`` the focus."""
        if widget in self.widgets:
            self.focus = self.widgets.index(widget)

    def handle(self, event: pygame.event.Event) -> bool:
        """Keyboard and mouse for the group; returns whether the event was used."""
        if event.type == pygame.MOUSEMOTION:
            self.hover = self._at(event.pos)
            return False
        if event.type == pygame.MOUSEBUTTONDOWN and event.button == 1:
            widget = self._at(event.pos)
            if widget is not None and widget.enabled:
                self.set_focus(widget)
                widget.click(event.pos)
                return True
            return False
        if event.type == pygame.TEXTINPUT:
            widget = self.focused
            return widget.text_input(event.text) if widget is not None else False
        if event.type != pygame.KEYDOWN:
            return False
        widget = self.focused
        if widget is not None and widget.key(event.key):
            return True
        if event.key == pygame.K_TAB:
            self.move(-1 if event.mod & pygame.KMOD_SHIFT else +1)
            return True
        forward = (pygame.K_DOWN,) + ((pygame.K_RIGHT,) if self.horizontal else ())
        back = (pygame.K_UP,) + ((pygame.K_LEFT,) if self.horizontal else ())
        if event.key in forward:
            self.move(+1)
            return True
        if event.key in back:
            self.move(-1)
            return True
        if widget is not None and event.key in (pygame.K_LEFT, pygame.K_RIGHT):
            return widget.change(-1 if event.key == pygame.K_LEFT else +1)
        if widget is not None and event.key in ACTIVATE_KEYS:
            if isinstance(widget, TextField) and event.key == pygame.K_SPACE:
                return widget.text_input(" ")
            widget.activate()
            return True
        return False

    def _at(self, pos: tuple[int, int]) -> Widget | None:
        for widget in self.widgets:
            if widget.visible and widget.rect.collidepoint(pos):
                return widget
        return None

    def draw(self, surface: pygame.Surface, text: Text, show_focus: bool = True) -> None:
        """Draw every visible widget, the focused one with its ring."""
        focused = self.focused if show_focus else None
        for widget in self.widgets:
            if widget.visible:
                widget.draw(surface, text, widget is focused, widget is self.hover and widget.enabled)


def row(rect: pygame.Rect, count: int, gap: int) -> list[pygame.Rect]:
    """``count`` equal rects side by side filling ``rect``."""
    if count <= 0:
        return []
    w = (rect.w - gap * (count - 1)) / count
    return [pygame.Rect(round(rect.x + i * (w + gap)), rect.y, round(w), rect.h) for i in range(count)]


def column(rect: pygame.Rect, count: int, gap: int, height: int | None = None) -> list[pygame.Rect]:
    """``count`` rects stacked from the top of ``rect`` (each ``height`` tall, or filling it)."""
    if count <= 0:
        return []
    h = height if height is not None else (rect.h - gap * (count - 1)) / count
    return [pygame.Rect(rect.x, round(rect.y + i * (h + gap)), rect.w, round(h)) for i in range(count)]
