"""The application: the window, the clock, the scene stack and the loop.

:meth:`App.run` is the loop: ``dt = min(clock.tick(fps) / 1000, MAX_DT)`` and one
:meth:`App.step` per frame. ``step(dt, events)`` is the whole frame (input, update, scene
changes, drawing) and takes its events as an argument, so tests, tools and a later
attract mode can drive the app directly. The clock and the event source can be injected.

At rest the loop does as little as it can: while nothing is due before the next event or
timer it only watches the event queue (:meth:`App.idle_wait`); a still screen presents nothing;
a frame drawn only because something pulses (the turn glow) is drawn and presented in the
scene's small rectangles (:meth:`App.draw_regions`); anything else presents the whole window.
"""

from __future__ import annotations

import os
import time
import warnings
from collections.abc import Callable, Iterable
from typing import Any, Protocol

import pygame

from game.limits import WINDOW_SIZES
from scenes import i18n
from scenes.app import icon
from scenes.app.gamepad import Gamepads
from scenes.app.notices import Placed, place_notices
from scenes.app.pointer import FINGER_EVENTS, Fingers, emulated
from scenes.app.stack import Layer, SceneStack
from scenes.audio.music import MusicPlayer
from scenes.audio.sound import SoundBank
from scenes.i18n import _
from scenes.store.keeper import Keeper, Kept
from scenes.store.settings import Settings, SettingsStore, defaults
from scenes.ui.art import INK, Art
from scenes.ui.layout import MIN_SIZE, too_small, unit
from scenes.ui.text import Text
from scenes.ui.widgets import dim, draw_panel

NOTICE_SECONDS = 9.0
"""How long a one-line notice (a bad file, say) stays on screen."""

FPS = 60
HEARTBEAT = 1.0
"""Seconds between frames drawn on a still screen at the most (a countdown ticks once a second)."""
MAX_DT = 0.1
"""Longest step a frame may take: after a stall the game slows rather than jumps."""
KEEP_BACKDROP_PIXELS = 2560 * 1600
"""The largest window whose still picture under an overlay (the table under the ledger) is kept
(16 MB); a 4K one's (33 MB) is drawn again instead, which costs some 15-25 ms there, only when
something on top changes (at rest, seldom)."""
REGIONS = 6
"""The most rectangles a frame is drawn and presented in (each is a pass over the scene)."""
WHOLE_SHARE = 0.5
"""Regions covering more than this share of the window are drawn and presented as a whole frame."""
WINDOW_MARGIN = (0, 80)
"""Room a window leaves on the desktop for the window manager's title bar and panels (pixels)."""


SCREEN_SHARE = 2 / 3
"""How much of the screen's width (and height) a window opens at, unless a size was chosen."""
DEFAULT_WINDOW = (1280, 720)
"""The window where the screen's size is unknown (two thirds of a 1920 × 1080 screen)."""


def window_for(desktop: tuple[int, int] | None) -> tuple[int, int]:
    """The window a first start opens: a 16:9 share of ``desktop`` (a 4K screen gets 2560 × 1440,
    not a ninth of itself), never below the smallest window the table can be laid out in."""
    if desktop is None or desktop[0] <= 0 or desktop[1] <= 0:
        return DEFAULT_WINDOW
    w = round(desktop[0] * SCREEN_SHARE)
    h = round(w * 9 / 16)
    if h > desktop[1] * SCREEN_SHARE:
        h = round(desktop[1] * SCREEN_SHARE)
        w = round(h * 16 / 9)
    return fit_window((max(MIN_SIZE[0], w), max(MIN_SIZE[1], h)), desktop)


def fit_window(size: tuple[int, int], desktop: tuple[int, int] | None) -> tuple[int, int]:
    """``size`` made small enough that the whole window, frame and all, fits on ``desktop``."""
    if desktop is None or desktop[0] <= 0 or desktop[1] <= 0:
        return size
    room = (max(MIN_SIZE[0], desktop[0] - WINDOW_MARGIN[0]), max(MIN_SIZE[1], desktop[1] - WINDOW_MARGIN[1]))
    return (min(size[0], room[0]), min(size[1], room[1]))


def window_sizes(desktop: tuple[int, int] | None) -> list[tuple[int, int]]:
    """The sizes of :data:`~game.limits.WINDOW_SIZES` a window on ``desktop`` takes whole, frame and
    all, as :func:`fit_window` reckons (every one where the screen is unknown); the smallest always."""
    return [size for size in WINDOW_SIZES if fit_window(size, desktop) == size]


def desktop_size() -> tuple[int, int] | None:
    """The first screen's size, where there is a real screen (not a headless driver's make-believe)."""
    try:
        if pygame.display.get_driver() in ("dummy", "offscreen"):
            return None
        sizes = pygame.display.get_desktop_sizes()
    except pygame.error:
        return None
    return sizes[0] if sizes else None


RESIZED_BY_THE_SYSTEM = "Requested window was forcibly resized"
"""How pygame's warning begins when the window opened at another size than the one asked for."""


def _set_mode(size: tuple[int, int], flags: int) -> pygame.Surface:
    """The display opened at ``size`` or at whatever size the system gives it.

    The size asked for already fits the screen (:func:`fit_window`), but a window manager may still
    choose another: a tiling one, or one that fills the screen with every window as a phone's
    does. The table is laid out for any window, so that is no fault to print in the terminal.
    """
    with warnings.catch_warnings():
        warnings.filterwarnings("ignore", RESIZED_BY_THE_SYSTEM, RuntimeWarning)
        return pygame.display.set_mode(size, flags)


def _window_position() -> tuple[int, int] | None:
    """Where the window is on the desktop, where the video driver knows it."""
    try:
        return pygame.display.get_window_position()
    except pygame.error:
        return None


def merge_rects(rects: list[pygame.Rect], most: int = REGIONS) -> list[pygame.Rect]:
    """``rects`` gathered into at most ``most`` rectangles that cover them all: each joins the
    first one it costs little to grow over (the union no larger than the two apart and a
    quarter), then the pair whose union adds least is merged until few enough are left."""
    out: list[pygame.Rect] = []
    for rect in rects:
        if rect.w <= 0 or rect.h <= 0:
            continue
        area = rect.w * rect.h
        for i, kept in enumerate(out):
            union = kept.union(rect)
            if union.w * union.h <= (kept.w * kept.h + area) * 1.25:
                out[i] = union
                break
        else:
            out.append(pygame.Rect(rect))
    changed = True
    while changed:  # a grown rectangle may now overlap another
        changed = False
        for i in range(len(out)):
            for j in range(i + 1, len(out)):
                union = out[i].union(out[j])
                if union.w * union.h <= (out[i].w * out[i].h + out[j].w * out[j].h) * 1.25:
                    out[i] = union
                    del out[j]
                    changed = True
                    break
            if changed:
                break
    while len(out) > most:
        best: tuple[int, int, int] | None = None
        for i in range(len(out)):
            for j in range(i + 1, len(out)):
                union = out[i].union(out[j])
                cost = union.w * union.h - out[i].w * out[i].h - out[j].w * out[j].h
                if best is None or cost < best[0]:
                    best = (cost, i, j)
        assert best is not None
        _cost, i, j = best
        out[i] = out[i].union(out[j])
        del out[j]
    return out


class Clock(Protocol):
    """What the loop needs of a clock: ``tick(fps)`` returns the milliseconds since the last tick."""

    def tick(self, framerate: float = 0) -> int:
        """Wait for the next frame; the milliseconds since the previous one."""
        ...


class Scene(Layer):
    """One screen of the game: a layer of the app's stack that knows its app (see :class:`Layer`)."""

    def __init__(self, app: App) -> None:
        """A scene of ``app``."""
        super().__init__()
        self.app = app


class App:
    """Owns the display, the clock, the scene stack and the shared art; see the module docstring."""

    window_keys = True
    """Whether F11 and Alt+Enter switch full screen here (the key hints offer F11 when they do)."""

    def __init__(
        self,
        settings: Settings | None = None,
        size: tuple[int, int] | None = DEFAULT_WINDOW,
        *,
        clock: Clock | None = None,
        events: Callable[[], Iterable[pygame.event.Event]] | None = None,
        caption: str = "Farmer",
    ) -> None:
        """Open the window (windowed at ``size``, or full screen as ``settings`` say; a size of None
        opens at a share of the screen, see :func:`window_for`).

        Raises ``pygame.error`` when no display can be opened.
        """
        self.settings = settings or defaults()
        self.settings_store: SettingsStore | None = None
        """Where changed settings are written (None: kept for this run only)."""
        self.keeper = Keeper()
        """Saves and statistics (keeps nothing until given stores)."""
        self.language_override: str | None = None
        """A language asked for on the command line, until the player picks one."""
        self.notices: list[tuple[Callable[[], str], float]] = []
        """Notices on screen and the time each goes away."""
        self._notices_placed: tuple[tuple[object, ...], list[Placed]] | None = None
        """Where the notices stood last, and for which words and screen."""
        pygame.display.init()
        if pygame.display.get_driver() == "x11":
            # SDL 2 shows an X11 window's pixels through an OpenGL texture by default, and every
            # present, however small the rectangles, then draws the whole window again (with no
            # GPU, on the CPU). X11's own shared-memory pictures send only the rectangles given.
            os.environ.setdefault("SDL_FRAMEBUFFER_ACCELERATION", "0")
        pygame.font.init()
        self.windowed_size = size if size is not None else window_for(desktop_size())
        self._window_position: tuple[int, int] | None = None
        self.screen = self._open(self.settings.fullscreen)
        icon.dress_window(caption)
        self.clock: Clock = clock or pygame.time.Clock()
        self.events = events or pygame.event.get
        self._waits = clock is None and events is None
        """Whether :meth:`run` may sleep in the event queue when nothing is due (the real clock and
        SDL's events; an injected clock or event source is stepped at its own pace)."""
        self.text = Text()
        # Card faces keep their size when the words grow; their letters are drawn once per face.
        self.art = Art(Text(max_surfaces=300, max_bytes=6_000_000, max_fonts=8))
        self.speed = self.settings.speed.value
        """The animation-speed factor every table plays at (1 normal, smaller is faster)."""
        self.sound = SoundBank(self.settings.sound_volume, self.settings.mute)
        self.music = MusicPlayer(self.settings.music_volume, self.settings.mute)
        """The background music: rendered a little each frame, then looped."""
        self.gamepads = Gamepads()
        self.fingers = Fingers()
        """A touch screen's finger, as the pointer every widget knows."""
        self.stack = SceneStack()
        self.running = True
        self._backdrop: tuple[tuple[object, ...], pygame.Surface] | None = None
        self.backdrop_pixels: int | None = KEEP_BACKDROP_PIXELS
        """The largest window whose still picture under an overlay is kept (None: any). Above it
        the memory is worth more than a redraw's time: a whole game at 3840 × 2160 fits in 200 MB
        with the picture drawn again, not with it kept."""
        self._resizes = 0
        self.frames = 0
        """Frames stepped."""
        self.frames_shown = 0
        """Frames drawn and shown (a still screen is not drawn again)."""
        self._shown_at = -HEARTBEAT
        self._redraw = True
        self.time = 0.0
        self.apply_settings(language=self.settings.language != i18n.SYSTEM)

    # ------------------------------------------------------------------ window

    def _open(self, fullscreen: bool) -> pygame.Surface:
        if fullscreen:
            return _set_mode((0, 0), pygame.FULLSCREEN)
        self.windowed_size = fit_window(self.windowed_size, desktop_size())
        screen = _set_mode(self.windowed_size, pygame.RESIZABLE)
        if self._window_position is not None:
            # Back from full screen where the window was: a window manager's frame would otherwise
            # push it down a little on every round trip.
            pygame.display.set_window_position(self._window_position)
        return screen

    @property
    def size(self) -> tuple[int, int]:
        """The window's size in pixels."""
        return self.screen.get_size()

    @property
    def u(self) -> float:
        """The scale unit of the window (see :func:`scenes.ui.layout.unit`)."""
        return unit(self.size)

    def set_fullscreen(self, on: bool) -> None:
        """Switch between full screen and a resizable window."""
        if on == self.settings.fullscreen and self.frames:
            return
        if not self.settings.fullscreen:
            self.windowed_size = self.size
            self._window_position = _window_position()
        self.settings.fullscreen = on
        self.screen = self._open(on)
        self._resized()

    def toggle_fullscreen(self) -> None:
        """F11 and Alt+Enter (remembered in the settings)."""
        self.update_settings(fullscreen=not self.settings.fullscreen)

    def set_speed(self, speed: float) -> None:
        """Apply a new animation-speed factor."""
        self.speed = speed

    # ------------------------------------------------------------------ settings

    def update_settings(self, **values: Any) -> None:
        """Change settings (each checked: ValueError when out of range), apply them at once and save."""
        new = self.settings.changed(**values)
        if "fullscreen" in values and values["fullscreen"] != self.settings.fullscreen:
            self.set_fullscreen(values["fullscreen"])
        if "language" in values:
            self.language_override = None
        size = (new.window_width, new.window_height)
        self.settings = new
        if not new.fullscreen and ("window_width" in values or "window_height" in values):
            self.windowed_size = size
            self.screen = self._open(False)
            self._resized()
        self.apply_settings(language="language" in values)
        self.save_settings()

    def save_settings(self) -> None:
        """Write the settings (when there is a store), showing a notice if that fails."""
        if self.settings_store is not None and not self.settings_store.save(self.settings):
            self.notice(lambda: _("Your settings could not be saved; they apply until you quit."))

    def apply_settings(self, language: bool = True) -> None:
        """Make everything follow the settings now: speed, sound, music, words, deck and cloth colours."""
        s = self.settings
        self._redraw = True
        self.speed = s.speed.value
        self.sound.set_volume(s.sound_volume, s.mute)
        self.music.set_volume(s.music_volume, s.mute)
        if language:
            code = self.language_override or s.language
            i18n.set_language(code)
        relaid = self.text.set_scale(s.text_scale)
        recoloured = self.art.configure(s.four_colour, s.card_back, s.felt)
        if relaid or recoloured:
            self._resized()  # lay out again for the new text size; redraw what was cached

    def notice(self, message: Callable[[], str], seconds: float = NOTICE_SECONDS) -> None:
        """Show a one-line notice over every screen for a while (translated when drawn)."""
        self.notices.append((message, self.time + seconds))
        self._redraw = True

    def withdraw(self, message: Callable[[], str]) -> None:
        """Take the notice ``message`` down before its time (it is no longer true)."""
        kept = [(m, until) for m, until in self.notices if m is not message]
        if len(kept) != len(self.notices):
            self.notices = kept
            self._redraw = True

    def draw_notices(self) -> None:
        """The notices still due, along the bottom, or where they cover nothing the screen beneath
        must keep in sight (see :func:`scenes.app.notices.place_notices`)."""
        self.notices = [(m, until) for m, until in self.notices if until > self.time]
        top = self.stack.top
        keep = top.keep_clear() if top is not None else []
        texts = [message() for message, _until in reversed(self.notices)]
        key = (tuple(texts), self.size, self.text.scale, tuple(tuple(r) for r in keep))
        if self._notices_placed is None or self._notices_placed[0] != key:
            # Worked out once for the words and what they must keep clear of, not every frame.
            self._notices_placed = (key, place_notices(texts, self.size, self.u, self.text, keep))
        for placed in self._notices_placed[1]:
            box = placed.box
            radius = 0 if placed.opaque else min(box.h // 2, round(16 * self.u))
            draw_panel(self.screen, box, radius=radius, alpha=255 if placed.opaque else 240)
            step = self.text.font(placed.size).get_linesize()
            y = box.centery - step * len(placed.lines) / 2
            for i, line in enumerate(placed.lines):
                where = (box.centerx, round(y + step * (i + 0.5)))
                self.text.blit(self.screen, line, placed.size, where, (255, 226, 150), "sans", "center")

    def _resized(self) -> None:
        self.screen = pygame.display.get_surface() or self.screen
        self._resizes += 1
        self._redraw = True
        for scene in self.stack.scenes:
            scene.resize(self.size)

    # ------------------------------------------------------------------ loop

    def step(self, dt: float, events: Iterable[pygame.event.Event]) -> None:
        """One frame: handle ``events``, advance by ``dt`` seconds, apply scene changes, draw."""
        self._redraw |= self.stack.apply()
        small = too_small(self.size)
        for event in events:
            if not self.running:
                break  # closed by an earlier event of this frame: the rest is not played
            self._redraw = True  # input may change what is shown: a hover, a focus, a press
            if emulated(event):
                continue  # SDL's mouse copy of a touch: the finger event itself is used
            if event.type in FINGER_EVENTS:
                finger = self.fingers.translate(event, self.size)
                if finger is None:
                    continue
                event = finger
            elif event.type == pygame.WINDOWFOCUSLOST:
                self.fingers.forget()
            if pygame.CONTROLLERAXISMOTION <= event.type <= pygame.CONTROLLERDEVICEREMAPPED:
                # A controller's buttons become the keys every scene knows; plugging is handled there.
                translated = self.gamepads.translate(event)
                if translated is None:
                    continue
                event = translated
            if self._global(event):
                continue
            top = self.stack.top
            if top is not None and not small:
                top.handle(event)
        if not self.running:
            # The window is closing: its game was saved and counted as it stood, so nothing more
            # is played (a move made now would be saved after the count and never counted).
            return
        if not small and self.stack.top is not None:
            self.stack.top.update(dt)
        self.time += dt
        self._redraw |= self.stack.apply()
        if not self.stack.scenes:
            self.running = False
            return
        if self.frame_due():
            rects = None if self._whole_frame_due() else self.pulse_rects()
            if rects is None:
                self.draw()
                pygame.display.flip()
                self.frames_shown += 1
            elif rects:
                self.draw_regions(rects)
                self.frames_shown += 1
            self._shown_at = self.time
            self._redraw = False
            for scene in self.stack.scenes:
                scene.dirty = False
                scene.moved = False
            if self.stack.top is not None:
                self.stack.top.shown()
        self.frames += 1
        self.music.step()  # after the frame is shown: rendering the music never delays it

    def frame_due(self) -> bool:
        """Whether this frame must be drawn: something changed, moves, or (on a screen that asks
        for a heartbeat) a second has passed."""
        if self._whole_frame_due():
            return True
        top = self.stack.top
        if top is not None and top.moved:
            return True
        rate = self.frame_rate()
        return rate > 0 and self.time - self._shown_at >= 1.0 / rate - 1e-6

    def _whole_frame_due(self) -> bool:
        """Whether this frame must be drawn and presented whole: input, a scene change, an update
        that set ``dirty``, a notice running out, the heartbeat (not just a moving or pulsing
        thing's next frame)."""
        top = self.stack.top
        if self._redraw or top is None or top.dirty:
            return True
        if top.heartbeat and self.time - self._shown_at >= HEARTBEAT:
            return True
        return bool(self.notices) and any(until <= self.time for _message, until in self.notices)

    def pulse_rects(self) -> list[pygame.Rect] | None:
        """The regions a frame drawn only for the screen's rate or for what moves changes (see
        :meth:`Layer.pulse_rects`), merged into a few, or None when the whole window is drawn:
        over a still picture under an overlay, with notices or in a window too small, the top
        scene alone does not know all that is shown; and where the regions cover most of the
        window, one whole frame costs less."""
        if self.notices or too_small(self.size) or len(self.stack.visible()) != 1:
            return None
        top = self.stack.top
        if top is None:
            return None
        rects = top.pulse_rects()
        if rects is None:
            return None
        window = self.screen.get_rect()
        merged = merge_rects([r.clip(window) for r in rects if r.colliderect(window)])
        if sum(r.w * r.h for r in merged) > WHOLE_SHARE * window.w * window.h:
            return None
        return merged

    def draw_regions(self, rects: list[pygame.Rect]) -> None:
        """Draw the frame inside ``rects`` only and present just them.

        The whole scene is drawn with the screen clipped to each region in turn: a blit outside
        the clip costs next to nothing, and the pixels come out as a whole frame would draw them.
        Presenting a few small rectangles instead of the window is what keeps a pulsing glow
        cheap in a real window (a 4K flip alone costs milliseconds).
        """
        screen = self.screen
        try:
            for rect in rects:
                screen.set_clip(rect)
                self.draw()
        finally:
            screen.set_clip(None)
        pygame.display.update(rects)

    def idle_wait(self) -> float:
        """Seconds the loop may wait for input before its next frame (0: step at the full rate).

        Nothing changes on screen before the next frame due (the screen's rate, the heartbeat, a
        notice running out) unless an event comes, so the loop only watches the event queue until
        one of them (:meth:`_wait_for_input`) instead of stepping every scene 60 times a second.
        It steps at least every :data:`MAX_DT` so that the scenes' own timers (the computer's
        thinking, a kiosk's idle clock) run on real time, one short step at a time.
        """
        top = self.stack.top
        if top is None or self._redraw or top.dirty or top.moved or self.stack.pending:
            return 0.0
        if self.music.wanted and not self.music.playing:
            return 0.0  # the music is still being rendered, a little each frame
        since = self.time - self._shown_at
        due = MAX_DT
        rate = self.frame_rate()
        if rate > 0:
            due = min(due, 1.0 / rate - since)
        if top.heartbeat:
            due = min(due, HEARTBEAT - since)
        for _message, until in self.notices:
            due = min(due, until - self.time)
        # A frame due within one frame at the full rate is the clock's to pace (``tick(FPS)`` counts
        # the frame's own work; a wait of a whole frame after it would show 53 frames a second).
        return due if due > 1.0 / FPS else 0.0

    def frame_rate(self) -> float:
        """Frames a second the screen needs while nothing happens (see :meth:`Scene.frame_rate`)."""
        top = self.stack.top
        return top.frame_rate() if top is not None else 0.0


    def _global(self, event: pygame.event.Event) -> bool:
        """Keys and window events that work on every screen."""
        if event.type == pygame.QUIT:
            self.keeper.leave_all(self.stack.scenes)
            self.running = False
            return True
        if event.type in (pygame.VIDEORESIZE, pygame.WINDOWSIZECHANGED):
            if event.type == pygame.VIDEORESIZE and not self.settings.fullscreen:
                self.windowed_size = (event.w, event.h)
            self._resized()
            return True
        if event.type == pygame.KEYDOWN and self.window_keys:
            alt_enter = event.key in (pygame.K_RETURN, pygame.K_KP_ENTER) and event.mod & pygame.KMOD_ALT
            if event.key == pygame.K_F11 or alt_enter:
                self.toggle_fullscreen()
                return True
        return False

    def draw(self) -> None:
        """Draw the visible scenes, or the notice asking for a larger window."""
        if too_small(self.size):
            self.draw_too_small()
            return
        visible = self.stack.visible()
        beneath, top = visible[:-1], visible[-1:]
        if beneath:
            # Only the top scene updates, so what lies under an overlay is still: draw it once.
            key = ("beneath", tuple(id(s) for s in beneath), self.size, self._resizes, top[0].dims)

            def draw_beneath(surface: pygame.Surface) -> None:
                for i, scene in enumerate(beneath):
                    if i and scene.dims:
                        dim(surface, scene.dims)
                    scene.draw(surface)
                if top[0].dims:
                    dim(surface, top[0].dims)

            self.backdrop(key, draw_beneath)
        for scene in top:
            scene.draw(self.screen)
        if self.notices:
            self.draw_notices()

    def backdrop(self, key: tuple[object, ...], draw: Callable[[pygame.Surface], None]) -> None:
        """Put on the screen the still picture ``draw`` makes, kept while ``key`` stays the same.

        One window-sized picture is kept for the whole app (what lies under an overlay, the
        table under the ledger): at 3840 × 2160 each such copy is 33 MB.
        """
        limit = self.backdrop_pixels
        if limit is not None and self.size[0] * self.size[1] > limit:
            # A kept copy would cost more memory than drawing it again costs time (the picture
            # is redrawn only when something on top changes, which at rest is seldom).
            self._backdrop = None
            draw(self.screen)
            return
        kept = self._backdrop
        if kept is not None and kept[0] == key and kept[1].get_size() == self.size:
            self.screen.blit(kept[1], (0, 0))
            return
        draw(self.screen)
        if kept is not None and kept[1].get_size() == self.size:
            kept[1].blit(self.screen, (0, 0))  # reuse the buffer: a fresh copy costs a frame of its own
            self._backdrop = (key, kept[1])
        else:
            self._backdrop = None  # the old buffer goes before the new one is made
            self._backdrop = (key, self.screen.copy())

    def forget_backdrop(self) -> None:
        """Let the kept picture go (its memory too): nothing will be laid over a still picture soon."""
        self._backdrop = None

    def draw_too_small(self) -> None:
        """The notice shown instead of the game in a window below the minimum size."""
        w, h = self.size
        self.screen.blit(self.art.felt(self.size, None), (0, 0))
        size = max(12, min(w, h) // 22)
        lines = [
            (_("Please make the window larger"), size + 4, "bold"),
            (
                _("The table needs at least {w} × {h} pixels; the window is {cw} × {ch}.").format(
                    w=MIN_SIZE[0], h=MIN_SIZE[1], cw=w, ch=h
                ),
                size,
                "sans",
            ),
            (_("Drag a corner of the window, or press F11 for full screen."), size, "sans"),
        ]
        y = h / 2 - len(lines) * size
        for line, fs, style in lines:
            for part in self.text.wrap(line, fs, max(40, w - 40), style):
                self.text.blit(self.screen, part, fs, (w / 2, y), INK, style, "midtop")
                y += fs * 1.4
            y += fs * 0.4

    def run(self, exit_after: float | None = None) -> None:
        """The loop: until the window closes, the last scene leaves, or ``exit_after`` seconds pass."""
        elapsed = 0.0
        while self.running:
            wait = self.idle_wait() if self._waits else 0.0
            if wait > 0:
                events = self._wait_for_input(wait)
                dt = min(self.clock.tick() / 1000, MAX_DT)
            else:
                dt = min(self.clock.tick(FPS) / 1000, MAX_DT)
                events = list(self.events())
            elapsed += dt
            self.step(dt, events)
            if exit_after is not None and elapsed >= exit_after:
                self.running = False

    def _wait_for_input(self, seconds: float) -> list[pygame.event.Event]:
        """The events that come within ``seconds``, as soon as any comes (or none, after them).

        The queue is read 60 times a second, as the loop would, but nothing else runs between:
        reading it and sleeping costs less than ``pygame.event.wait``, which in SDL 2 polls the
        queue every millisecond while it waits.
        """
        end = time.monotonic() + seconds
        while True:
            events = pygame.event.get()
            left = end - time.monotonic()
            if events or left <= 0:
                return events
            time.sleep(min(left, 1.0 / FPS))

    def quit(self) -> None:
        """Stop the loop at the end of this frame."""
        self.running = False

    def game_moved(self, kept: Kept | None) -> None:
        """A move was played in ``kept``'s game (None: a game nobody keeps): the keeper saves it."""
        self.keeper.moved(kept)

    def deal_shown(self, kept: Kept | None) -> None:
        """The table has shown the end of a deal of ``kept``'s game: the keeper counts and saves it."""
        self.keeper.deal_shown(kept)

    def push(self, scene: Scene) -> None:
        """Shortcut for ``stack.push``."""
        self.stack.push(scene)
