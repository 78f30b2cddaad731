"""The kiosk: an app that plays itself, hands the table to a visitor, and takes it back.

:class:`KioskApp` is an :class:`~scenes.app.loop.App` with a controller around each frame:

- **Attract loop**: a title card, a how-to-play card, a short AI-only game on the real
  table and scenes (fresh seeds each time), its final ledger, and again; a large call to
  play is always on screen.
- **Hand-over**: any key, click, touch or gamepad button in the attract loop starts a
  visitor's game against the AI with the kiosk config's table; that input is used up.
- **Taking it back**: with no input for ``idle_timeout`` seconds, "Are you still there?"
  counts down; any input dismisses it, zero returns to the attract loop. A finished game
  goes back to the attract loop after its final ledger (a pause, or any input).
- **Locked down** (``locked``, the ``--kiosk`` mode): Escape, F11, Alt+Enter, Alt+F4 and the
  window's close request neither quit nor leave full screen; the pause panel has no Quit.
  Holding the exit combination for ``exit_hold`` seconds quits.
- **Survives**: an exception in any scene is logged with its traceback and the kiosk
  starts a fresh attract loop.
- **Live table** (``live_table`` in the config, :mod:`scenes.kiosk.live`): the attract loop
  also shows a table that passers-by join from their phones with its QR code; once it starts,
  the kiosk watches its game as a spectator, then opens a fresh table. A visitor's touch still
  hands the screen over as above (the phones' game goes on meanwhile, and is watched again
  after). A live table that fails is logged and the demo plays on.

Everything runs on the ``dt`` given to :meth:`step`, so tests and the soak tool drive days
of kiosk on a simulated clock.
"""

from __future__ import annotations

import ctypes
import ctypes.util
import gc
import logging
import random
import time as wallclock
from collections import deque
from collections.abc import Callable, Iterable
from enum import Enum

import pygame

from game.net.protocol import Closed, Error, Update
from game.rules.phase import Phase
from scenes import i18n
from scenes.app.loop import FPS, KEEP_BACKDROP_PIXELS, App, Clock, merge_rects
from scenes.app.pointer import emulated
from scenes.app.stack import SceneStack
from scenes.i18n import _, format_percent
from scenes.kiosk.cards import HowToCardScene, TitleCardScene
from scenes.kiosk.config import KioskConfig
from scenes.kiosk.demo import GAMEOVER_PAUSE as DEMO_GAMEOVER_PAUSE
from scenes.kiosk.demo import LEDGER_PAUSE, demo_setup, demo_table
from scenes.kiosk.keys import PRESENCE_EVENTS, HeldKeys, is_wake
from scenes.kiosk.live import CONNECT_SECONDS, LiveCardScene, LiveTable
from scenes.kiosk.navigator import KioskNavigator
from scenes.kiosk.overlays import CALL_BAND, TABLE_BAND, StillThereScene, draw_call
from scenes.kiosk.timers import Drift, HoldCombo, IdleState, IdleTimer
from scenes.net.remote import Arrival, RemoteTable
from scenes.store.settings import Settings, Speed
from scenes.table.guided import GuidedTableScene, with_hints
from scenes.table.local import LocalTable
from scenes.table.scene import TableScene
from scenes.table.setup import Setup
from scenes.table.source import TableSource, has_ended
from scenes.ui.text import Text

log = logging.getLogger("farmer.kiosk")

WAKE_GRACE = 0.4
"""Seconds after the hand-over during which input is dropped: a touch also arrives as a click."""
GAMEOVER_PAUSE = 20.0
"""Seconds a visitor's final ledger stays before the attract loop comes back."""
GAMEOVER_GRACE = 1.5
"""Seconds at the start of a visitor's final ledger when input does not yet send it away."""
CURSOR_SECONDS = 3.0
"""Seconds the mouse pointer stays visible after the mouse last moved in a visitor's game."""
CALL_FPS = 12.0
"""Frames a second for the pulsing call to play when nothing else moves."""
TEXT_CACHE = 400
"""Rendered strings a kiosk keeps: a few frames' worth. The app's default (1500) fills up over
hours of new banners and names to some 30 MB at 1280 × 720, several times that on a 4K screen."""
TEXT_BYTES = 8_000_000
"""Bytes of rendered strings a kiosk keeps, whatever the screen's size."""
TRIM_SECONDS = 20.0
"""Seconds between handing freed memory back to the system."""
TRACEBACKS_PER_HOUR = 20
"""Full tracebacks logged per hour at most; beyond that a one-line count (the log stays readable)."""


def _libc(function: str) -> Callable[..., int] | None:
    """A function of glibc (``malloc_trim``, ``mallopt``), where there is one (Linux); None elsewhere."""
    name = ctypes.util.find_library("c")
    if name is None:
        return None
    try:
        found: Callable[..., int] = getattr(ctypes.CDLL(name), function)
    except (OSError, AttributeError):
        return None
    return found


_MALLOC_TRIM = _libc("malloc_trim")
_MALLOPT = _libc("mallopt")
M_MMAP_THRESHOLD = -3
"""glibc's ``mallopt`` parameter: allocations from this size on get pages of their own."""
MMAP_FROM = 256 * 1024


def keep_large_blocks_apart() -> None:
    """Give every large allocation (a surface of a few hundred kB or more) pages of its own.

    glibc raises this threshold by itself once large blocks are freed, after which window-sized
    surfaces come from the heap and their memory stays with the process when they go; fixing
    it keeps the resident size to what is in use (some 50 MB less at 3840 × 2160).
    """
    if _MALLOPT is not None:
        _MALLOPT(M_MMAP_THRESHOLD, MMAP_FROM)


def release_memory() -> None:
    """Collect garbage and hand freed memory back to the system.

    Each demo game allocates and frees many surfaces of many sizes; glibc keeps the freed
    memory for later (the resident size grew by some 19 MB over a simulated day although the
    live objects and caches stayed flat). Called between demo games, where a pause of a few
    milliseconds is unseen.
    """
    gc.collect()
    hand_back_freed()


def hand_back_freed() -> None:
    """Hand the memory glibc holds freed back to the system (about a millisecond; nothing on Windows/macOS).

    Rendered words, glyphs and card frames come and go all the time; what they leave free in
    the middle of the heap stays with the process until it is handed back (some 20 MB over an
    hour of play at 3840 × 2160).
    """
    if _MALLOC_TRIM is not None:
        _MALLOC_TRIM(0)


class Mode(Enum):
    """Who has the table."""

    ATTRACT = "attract"
    """The kiosk plays itself."""
    VISITOR = "visitor"
    """A visitor plays against the AI."""


class KioskApp(App):
    """See the module docstring."""

    def __init__(
        self,
        config: KioskConfig,
        *,
        locked: bool = True,
        size: tuple[int, int] = (1280, 720),
        fullscreen: bool | None = None,
        clock: Clock | None = None,
        events: Callable[[], Iterable[pygame.event.Event]] | None = None,
        seed: int | None = None,
    ) -> None:
        """A kiosk of ``config``; ``locked`` for the real kiosk (full screen unless ``fullscreen``
        says otherwise), unlocked for ``--demo`` in a window. ``seed`` makes the demo games
        repeatable (default: fresh every run).
        """
        keep_large_blocks_apart()  # before the window and its surfaces are made
        # Effects and music follow the config's ``sound`` (off by default). A visitor's ledger waits
        # for them: the kiosk's own clocks (the idle question, the attract loop) pace the table.
        settings = Settings(
            fullscreen=locked if fullscreen is None else fullscreen,
            mute=not config.sound,
            ledger_goes_on=False,
        )
        super().__init__(settings, size, clock=clock, events=events, caption="Farmer")
        self.text = Text(TEXT_CACHE, TEXT_BYTES)
        self.backdrop_pixels = KEEP_BACKDROP_PIXELS
        self.config = config
        self.locked = locked
        """Locked down: the window mode is fixed and nobody quits from the screens."""
        self.window_keys = not locked
        self.rng = random.Random(seed)
        self.mode = Mode.ATTRACT
        self.held = HeldKeys()
        self.exit_combo = HoldCombo(config.exit_combo, config.exit_hold)
        self.idle = IdleTimer(config.idle_timeout, config.countdown)
        self.drift = Drift() if config.drift and locked else None
        self._shown_offset: tuple[int, int] | None = None
        """The drift's offset when the last whole picture was drawn (regions are drawn over it)."""
        self.nav = KioskNavigator(self, self, self._leave_table)
        """Where the kiosk's table leads: its own pause panel, and back to the attract loop."""
        self.pace = Speed[config.demo_speed.upper()].value
        self.draw_every = 1
        """Draw one frame in this many (the soak tool draws fewer to simulate days quickly)."""
        self.frames_drawn = 0
        self.demo_games = 0
        """Demo games played to their final ledger."""
        self.visitor_games = 0
        """Visitors' games started."""
        self.exceptions = 0
        """Exceptions caught (and logged) since the start."""
        self.operator_quit = False
        self._grace = 0.0
        self._asking = False
        self._gameover: tuple[TableSource, float] | None = None
        """A game's final standings on screen, and since when."""
        self._cursor = 0.0
        self._recent_failures: deque[float] = deque(maxlen=TRACEBACKS_PER_HOUR)
        self._unlogged = 0
        self._trim_in = TRIM_SECONDS
        self.live = LiveTable(config, self.rng) if config.live_table else None
        """The table phones join (None: the config wants none)."""
        self.live_games = 0
        """Live tables' games watched to their final standings."""
        self._watcher: tuple[Arrival, float] | None = None
        """A spectator's connection to the live game on its way: what it received, since when."""
        self._live_source: RemoteTable | None = None
        """The live game on screen (a spectator's chair: the kiosk only ever watches)."""
        i18n.set_language(config.language)
        if locked:
            pygame.mouse.set_visible(False)
        self.start_attract()

    # ------------------------------------------------------------------ the two modes

    def start_attract(self) -> None:
        """A fresh attract loop from its title card (any scenes on the stack are dropped)."""
        self.mode = Mode.ATTRACT
        self._gameover = None
        self._asking = False
        self._drop_live_view()
        if self.live is not None:
            self.live.ensure()
        self.idle.reset()
        self.forget_backdrop()
        self.set_speed(self.pace)
        if self.locked:
            pygame.mouse.set_visible(False)
        self.stack.reset(TitleCardScene(self, self.config.rules, self._show_howto))
        self.art.let_go()  # the next table deals other cards, and the card shows a fan of its own
        release_memory()  # the table just left (its pictures too) is handed back before the card is drawn

    def _show_howto(self) -> None:
        self.stack.replace(HowToCardScene(self, self.config.rules, self._after_howto))

    def _after_howto(self) -> None:
        """The live table's card while its table waits for phones, else the demo game."""
        if self.live is not None and self.live.open:
            self.stack.replace(LiveCardScene(self, self.live, self._start_demo_game))
        else:
            self._start_demo_game()

    def _start_demo_game(self) -> None:
        setup = demo_setup(self.rng, self.config.players, self.config.rules, min(3, self.config.deals))
        self._gameover = None
        self.stack.replace(self._table_for(demo_table(setup)))
        self.art.let_go()
        release_memory()  # what the attract loop's cards used is handed back before the table's is made

    def start_visitor_game(self) -> None:
        """Hand the table to a visitor: a short game against Normal AI, as the config says."""
        self._drop_live_view()
        self.mode = Mode.VISITOR
        self.visitor_games += 1
        self.idle.reset()
        self._asking = False
        self._gameover = None
        self.set_speed(Speed.NORMAL.value)
        c = self.config
        setup = Setup.for_players(c.players, c.rules, False, c.deals, self.rng.randrange(2**31))
        log.info("visitor game %d: %s, %d players, %d deals", self.visitor_games, c.rules, c.players, c.deals)
        # The visitor's first hints come up as they apply (the attract loop's demo has none).
        self.stack.reset(GuidedTableScene(self, self.nav, with_hints(LocalTable.start(setup))))

    def _table_for(self, source: TableSource) -> TableScene:
        """``source``'s game on a fresh table that leads back to the kiosk."""
        scene = TableScene(self, self.nav, source)
        if source.facts.watching:
            scene.watch_pause = LEDGER_PAUSE
            # A touch on a watched table hands it to a visitor: a Skip button there could never be
            # pressed.
            scene.offers_skip = False
        return scene

    @property
    def visitor_playing(self) -> bool:
        """Whether a visitor has the table."""
        return self.mode is Mode.VISITOR

    def game_over(self, source: TableSource) -> None:
        """A game's final standings are on screen: the kiosk times them from now."""
        if self._gameover is None or self._gameover[0] is not source:
            self._gameover = (source, self.time)

    # ------------------------------------------------------------------ the frame

    def step(self, dt: float, events: Iterable[pygame.event.Event]) -> None:
        """One frame with the kiosk around it; an exception anywhere restarts the attract loop."""
        try:
            passed = self._filter(list(events), dt)
            self._tick(dt)
            if self.running:
                super().step(dt, passed)
        except Exception:
            self._recover()
        if not self.running and not self.operator_quit and self.locked:
            # Only the operator's combination ends a kiosk; an emptied stack starts the loop again.
            log.warning("the kiosk was asked to stop without the exit combination; carrying on")
            self.running = True
            self.start_attract()

    def _filter(self, events: list[pygame.event.Event], dt: float) -> list[pygame.event.Event]:
        """Watch every event; return those the scenes may have."""
        passed: list[pygame.event.Event] = []
        used_up = False  # after a hand-over or a dismissal, the rest of this frame's input is dropped
        self._grace = max(0.0, self._grace - dt)
        for event in events:
            if emulated(event):
                continue  # SDL's mouse copy of a touch: the finger event counts, once
            self.held.observe(event)
            if self._forbidden(event):
                continue
            person = event.type in PRESENCE_EVENTS
            if not person:
                passed.append(event)
                continue
            if self.exit_combo.keys <= self.held.down:
                continue  # the operator holding the exit combination: no visitor's move, no game
            if self.mode is Mode.ATTRACT:
                if not self.locked and event.type == pygame.KEYDOWN and event.key == pygame.K_ESCAPE:
                    self.quit()  # a demo in a window: Escape closes it
                elif is_wake(event) and not used_up:
                    used_up = True
                    self._grace = WAKE_GRACE
                    self.start_visitor_game()
                continue  # the attract loop takes no moves
            self.idle.reset()
            self._show_cursor(event)
            if used_up or self._grace > 0:
                continue
            if self._asking:
                used_up = True  # whatever the visitor did, it answers the question and is no move
                self._dismiss()
                continue
            if self._final_ledger(self.stack.top):
                shown = self.time - self._gameover[1] if self._gameover is not None else 0.0
                if is_wake(event) and shown >= GAMEOVER_GRACE:
                    used_up = True
                    log.info("visitor game over; back to the attract loop")
                    self.start_attract()
                continue
            passed.append(event)
        return passed

    def _forbidden(self, event: pygame.event.Event) -> bool:
        """Whether ``event`` is a way out that a locked kiosk ignores (it is dropped)."""
        if not self.locked:
            return False
        if event.type == pygame.QUIT:
            log.info("close request ignored (kiosk)")
            return True
        if event.type == pygame.KEYDOWN:
            alt = bool(getattr(event, "mod", 0) & pygame.KMOD_ALT) or "alt" in self.held.down
            if event.key == pygame.K_F11:
                return True
            if alt and event.key in (pygame.K_RETURN, pygame.K_KP_ENTER, pygame.K_F4):
                return True
        return False

    def _tick(self, dt: float) -> None:
        """The kiosk's clocks: the exit hold, the idle timer, the pointer, the drift."""
        if self.exit_combo.update(dt, self.held.down):
            log.info("exit combination held for %.1f s: quitting", self.config.exit_hold)
            self.operator_quit = True
            self.running = False
            return
        if self.drift is not None:
            self.drift.update(dt)
        if self.live is not None:
            self.live.update(dt)  # a visitor's game or not: the phones' table goes on
            if self.mode is Mode.ATTRACT:
                self._tick_live(dt)
        self._trim_in -= dt
        if self._trim_in <= 0 and super().frame_rate() < FPS:
            # Between movements: a trim takes a millisecond or a few, unseen when nothing moves.
            self._trim_in = TRIM_SECONDS
            hand_back_freed()
        if self.locked and self._cursor > 0:
            self._cursor -= dt
            if self._cursor <= 0:
                pygame.mouse.set_visible(False)
        if self.mode is Mode.ATTRACT:
            if self._gameover is not None and self.time - self._gameover[1] >= self._standings_seconds():
                if self._live_source is None:
                    self.demo_games += 1
                self.start_attract()
            return
        if self._final_ledger(self.stack.top):
            assert self._gameover is not None
            self.idle.reset()
            if self.time - self._gameover[1] >= GAMEOVER_PAUSE:
                log.info("visitor game over; back to the attract loop")
                self.start_attract()
            return
        # Idle time counts only while the visitor is asked to act, not while the computer plays.
        state = self.idle.update(dt) if self._visitor_asked() else self.idle.state
        if state is IdleState.EXPIRED:
            log.info("nobody answered; back to the attract loop")
            self.start_attract()
        elif state is IdleState.ASKING and not self._asking:
            self._asking = True
            self.stack.push(StillThereScene(self, lambda: self.idle.seconds_left))

    # ------------------------------------------------------------------ the live table

    def _tick_live(self, dt: float) -> None:
        """Show the live table's card once a phone sits, and its game once it starts. Never raises:
        a failure is logged and the demo plays on."""
        live = self.live
        if live is None:
            return
        try:
            if live.started:
                self._follow_live(live, dt)
            elif live.counting and not isinstance(self.stack.top, LiveCardScene):
                log.info("a phone took a seat at live table %s", live.code)
                self._gameover = None
                self.forget_backdrop()
                self.stack.reset(LiveCardScene(self, live, self._start_demo_game))
        except Exception:
            log.exception("the live table failed")
            self._drop_live_view()
            live.fail("the live table failed")
            self.start_attract()

    def _follow_live(self, live: LiveTable, dt: float) -> None:
        """Watch the live game: a spectator's connection, then its table once the first update comes."""
        if self._live_source is not None:
            return  # on screen: the table reads it
        if self._watcher is None:
            client = live.watch()
            if client is None:
                live.next_table()
                return
            # Real time, not the kiosk's clock: the server answers in real time.
            self._watcher = (Arrival(client), wallclock.monotonic())
        arrival, asked_at = self._watcher
        batch = arrival.client.poll()
        for at, message in enumerate(batch):
            gone = isinstance(message, Error) or (isinstance(message, Closed) and not message.retrying)
            over = isinstance(message, Update) and message.view.phase is Phase.OVER
            if gone or over:
                log.info("live table %s is %s; a fresh table", live.code, "over" if over else "gone")
                self._drop_live_view()
                live.next_table()
                return
            if arrival.take(message):
                rest = batch[at + 1:]  # what came with the first update: the table plays it too
                source = arrival.table(self, rest, on_lost=self._live_lost, on_resync=self._show_live)
                self._watcher = None
                self._live_source = source
                log.info("showing live table %s", live.code)
                self._show_live(source)
                return
        if wallclock.monotonic() - asked_at > CONNECT_SECONDS:
            self._drop_live_view()
            live.fail("the live table's game could not be watched")

    def _show_live(self, source: RemoteTable) -> None:
        """The live game on a fresh table (again after a resync)."""
        self._gameover = None
        self.forget_backdrop()
        self.stack.reset(self._table_for(source))

    def _live_lost(self, source: RemoteTable) -> None:
        log.info("the live table's connection is gone; back to the attract loop")
        self.start_attract()

    def _drop_live_view(self) -> None:
        """Stop watching the live game (it goes on for the phones); after its end, a fresh table."""
        if self._watcher is not None:
            self._watcher[0].client.close(timeout=0)
            self._watcher = None
        source = self._live_source
        if source is None:
            return
        self._live_source = None
        source.on_lost = source.on_resync = None
        source.client.close(timeout=0)
        if has_ended(source) and self.live is not None:
            self.live_games += 1
            self.live.next_table()

    def stop_live(self) -> None:
        """Close the live table and its server (the kiosk is stopping)."""
        self._drop_live_view()
        if self.live is not None:
            self.live.close()

    def _standings_seconds(self) -> float:
        """How long a watched game's final standings stay: a live game's long enough for the people
        at the phones to read them (``live_standings``), a demo's at the attract loop's pace."""
        if self._live_source is not None:
            return self.config.live_standings
        return DEMO_GAMEOVER_PAUSE * max(self.pace, 0.45)

    def _visitor_asked(self) -> bool:
        """Whether the visitor is asked to act now (any screen but a table playing on its own)."""
        top = self.stack.top
        if self._asking or not isinstance(top, TableScene):
            return True
        return top.asks_person

    def _final_ledger(self, scene: object) -> bool:
        """Whether ``scene`` shows the final standings of a visitor's game (not of a demo game)."""
        return (
            self._gameover is not None
            and isinstance(scene, TableScene)
            and scene.source is self._gameover[0]
            and not scene.source.facts.watching
        )

    def _dismiss(self) -> None:
        """The visitor is still there: take the question away."""
        self.idle.reset()
        self._asking = False
        if isinstance(self.stack.top, StillThereScene):
            self.stack.pop()

    def _show_cursor(self, event: pygame.event.Event) -> None:
        if self.locked and event.type == pygame.MOUSEMOTION and not getattr(event, "touch", False):
            self._cursor = CURSOR_SECONDS
            pygame.mouse.set_visible(True)

    # ------------------------------------------------------------------ failures

    def _recover(self) -> None:
        """Log the exception being handled and start a fresh attract loop on a fresh stack."""
        self.exceptions += 1
        now = wallclock.monotonic()
        if len(self._recent_failures) < TRACEBACKS_PER_HOUR or now - self._recent_failures[0] > 3600:
            self._recent_failures.append(now)
            extra = f" ({self._unlogged} more since the last one logged)" if self._unlogged else ""
            log.exception("a scene failed; starting the attract loop again%s", extra)
            self._unlogged = 0
        else:
            self._unlogged += 1
        self.stack = SceneStack()
        self.speed = self.pace
        self.forget_backdrop()
        self.running = True
        try:
            self.start_attract()
            self.stack.apply()
        except Exception:
            log.exception("the attract loop could not start again")

    def quit(self) -> None:
        """A locked kiosk quits only by the exit combination; unlocked, as usual."""
        if self.locked:
            log.info("quit ignored (kiosk)")
            return
        super().quit()

    # ------------------------------------------------------------------ drawing

    def frame_rate(self) -> float:
        """The screen's own rate, or a gentle one while the call to play pulses."""
        rate = super().frame_rate()
        if self.mode is Mode.ATTRACT or self._final_ledger(self.stack.top):
            return max(rate, CALL_FPS)
        if self._asking:
            return max(rate, 4.0)  # the countdown
        return rate

    def pulse_rects(self) -> list[pygame.Rect] | None:
        """What the screen's own regions change (the table's moving pieces; nothing on a title
        card) and the band of the call to play, all where the drift puts them; the whole window
        when the drift has moved the picture since the last frame, or the operator holds keys."""
        offset = self.drift.offset if self.drift is not None else (0, 0)
        if self.draw_every != 1 or offset != self._shown_offset or self.exit_combo.held_for > 0:
            return None
        rects = super().pulse_rects()
        if rects is None:
            return None
        if self.mode is Mode.ATTRACT:
            band = TABLE_BAND if isinstance(self.stack.top, TableScene) else CALL_BAND
            rects = [*rects, pygame.Rect(0, 0, self.screen.get_width(), round(band * self.u))]
        window = self.screen.get_rect()
        return merge_rects([r.move(offset).clip(window) for r in rects])

    def draw_regions(self, rects: list[pygame.Rect]) -> None:
        """Draw the frame inside ``rects`` and present just them. With the picture drifted, each
        region is drawn with the strip it is moved from (the drift scrolls what was drawn), and
        that strip is put back as it was: the picture outside the regions stays whole."""
        dx, dy = self.drift.offset if self.drift is not None else (0, 0)
        if not dx and not dy:
            super().draw_regions(rects)
            return
        screen = self.screen
        window = screen.get_rect()
        for rect in rects:
            area = rect.union(rect.move(-dx, -dy)).clip(window)
            before = screen.subsurface(area).copy()
            screen.set_clip(area)
            try:
                self.draw()
            finally:
                screen.set_clip(None)
            drawn = screen.subsurface(rect).copy()
            screen.blit(before, area)
            screen.blit(drawn, rect)
        pygame.display.update(rects)

    def idle_wait(self) -> float:
        """No waiting while the operator holds keys: the exit hold's progress is shown as it grows."""
        return 0.0 if self.held.down else super().idle_wait()

    def draw(self) -> None:
        """Draw the frame (one in ``draw_every``) and add the kiosk's words."""
        if self.frames % self.draw_every:
            return
        self.frames_drawn += 1
        if self.screen.get_clip() == self.screen.get_rect():
            # A whole picture: the regions of later frames may be drawn over it while the drift
            # stays here.
            self._shown_offset = self.drift.offset if self.drift is not None else (0, 0)
        super().draw()
        # Over a table the call keeps to the header's strip: it never covers a seat's name.
        band = TABLE_BAND if isinstance(self.stack.top, TableScene) else CALL_BAND
        call = None
        if self.mode is Mode.ATTRACT:
            call = _("Touch or press any key to play")
        elif self._final_ledger(self.stack.top):
            call = _("Touch or press any key to continue")
        if self.exit_combo.held_for > 0:
            # The operator holds the exit combination: show how far along the hold is.
            held = min(1.0, self.exit_combo.held_for / max(self.exit_combo.hold, 0.01))
            call = _("Keep holding to close the kiosk: {percent}").format(percent=format_percent(held, 0))
        if call is not None:
            draw_call(self.screen, self.text, call, self.u, self.time, False, band)
        if self.drift is not None:
            self._shift(self.drift.offset)

    def _leave_table(self) -> None:
        log.info("visitor left the table")
        self.start_attract()

    def _shift(self, offset: tuple[int, int]) -> None:
        """Move the whole picture by ``offset`` pixels (the uncovered edge is black)."""
        dx, dy = offset
        if not dx and not dy:
            return
        w, h = self.screen.get_size()
        self.screen.scroll(dx, dy)
        if dx:
            self.screen.fill((0, 0, 0), pygame.Rect(0 if dx > 0 else w + dx, 0, abs(dx), h))
        if dy:
            self.screen.fill((0, 0, 0), pygame.Rect(0, 0 if dy > 0 else h + dy, w, abs(dy)))
