"""Quiet background music made at run time: a Folia on a plucked, lute-like string.

The piece is sixteen bars of the *Folies d'Espagne* ground (D minor, three beats to the
bar) that Lully, Marais and Corelli all wrote over: a bass note on each bar, a soft
two-note strum on the second and third beats, and a simple tune above, 30 seconds in all.
Every note is a plucked string (Karplus-Strong: a burst of soft noise fed round a short
delay line that loses its brightness as it rings), so nothing has to be shipped.

Rendering takes a few hundred milliseconds of pure Python, so it is never done at once:
:class:`MusicPlayer` renders a little on each frame (:meth:`MusicPlayer.step`, a
millisecond or so), and only when the sound is wanted. The finished loop is kept for the
rest of the run (22 kHz mono, about 1.3 MB) and played by ``pygame.mixer.music`` from
memory, looping. Notes that ring past the end of the loop are folded back onto its start,
so the loop has no seam. With no audio device everything here is silent and harmless.
"""

from __future__ import annotations

import io
import logging
import random
import time
import wave
from array import array
from collections.abc import Iterator
from itertools import pairwise

import pygame

log = logging.getLogger("farmer.music")

RATE = 22050
"""Samples per second of the rendered loop (mono)."""
BEAT = 0.625
"""Seconds per beat (96 to the minute)."""
BEATS_PER_BAR = 3
BARS = 16
LOOP_SECONDS = BEAT * BEATS_PER_BAR * BARS
"""The loop's length: 30 seconds."""
PEAK = 0.55
"""The loop's loudest sample, as a fraction of full scale: background music stays quiet."""
FADE_IN_MS = 2500
SLICE = 2048
"""Samples worked on between two looks at the clock."""

# MIDI note numbers.
F2, A2, C3, D3, E3, F3, G3, A3 = 41, 45, 48, 50, 52, 53, 55, 57
C4, CS4, D4, E4, F4, G4, A4 = 60, 61, 62, 64, 65, 67, 69
BB4, C5, CS5, D5, E5, F5 = 70, 72, 73, 74, 76, 77

CHORDS: dict[str, tuple[int, tuple[int, int]]] = {
    "Dm": (D3, (F3, A3)),
    "A": (A2, (E3, CS4)),
    "C": (C3, (G3, E4)),
    "F": (F2, (A3, C4)),
}
"""Chord name → (bass note, the two notes strummed above it)."""

GROUND = ("Dm", "A", "Dm", "C", "F", "C", "Dm", "A", "Dm", "A", "Dm", "C", "F", "C", "Dm", "A")
"""The Folia's harmony, one chord a bar; it ends on A so that it leads back to its start."""

TUNE: tuple[tuple[tuple[int, float], ...], ...] = (
    ((D5, 1), (D5, 1.5), (E5, 0.5)),
    ((CS5, 1), (A4, 2)),
    ((D5, 1), (F5, 1.5), (E5, 0.5)),
    ((E5, 1), (C5, 1.5), (D5, 0.5)),
    ((C5, 1), (A4, 1.5), (BB4, 0.5)),
    ((G4, 1), (C5, 1.5), (BB4, 0.5)),
    ((A4, 1), (F4, 1.5), (G4, 0.5)),
    ((A4, 3),),
    ((F5, 1), (F5, 1.5), (E5, 0.5)),
    ((E5, 1), (CS5, 2)),
    ((D5, 1), (A4, 1.5), (D5, 0.5)),
    ((E5, 1), (E5, 1.5), (D5, 0.5)),
    ((C5, 1), (A4, 1.5), (C5, 0.5)),
    ((G4, 1), (E5, 1.5), (D5, 0.5)),
    ((D5, 1), (A4, 1.5), (G4, 0.5)),
    ((E5, 1), (CS5, 2)),
)
"""The tune, bar by bar: (note, length in beats), in the sarabande's long second beat."""


def frequency(note: int) -> float:
    """The frequency of MIDI ``note`` in equal temperament (A4 = 440 Hz)."""
    return 440.0 * 2 ** ((note - 69) / 12)


def score() -> list[tuple[float, int, float, float]]:
    """Every note of the loop as (start in seconds, MIDI note, seconds it rings, loudness)."""
    notes: list[tuple[float, int, float, float]] = []
    bar_len = BEAT * BEATS_PER_BAR
    for bar, (chord, tune) in enumerate(zip(GROUND, TUNE, strict=True)):
        start = bar * bar_len
        bass, (low, high) = CHORDS[chord]
        notes.append((start, bass, bar_len + 0.6, 0.9))
        for beat in (1, 2):
            at = start + beat * BEAT
            notes.append((at, low, BEAT + 0.3, 0.32))
            notes.append((at + 0.025, high, BEAT + 0.3, 0.28))  # a strum, low string first
        at = start
        for note, beats in tune:
            notes.append((at, note, beats * BEAT + 0.35, 0.62))
            at += beats * BEAT
    return notes


def pluck(note: int, seconds: float, rate: int = RATE, seed: int = 0) -> Iterator[array[float]]:
    """A plucked string sounding MIDI ``note`` for ``seconds``, in pieces of about :data:`SLICE` samples.

    A burst of smoothed noise one period long goes round a delay line whose filter
    averages neighbouring samples (losing the high partials first, as a gut string does)
    and shifts by a fraction of a sample to tune the string exactly. The note rises over
    its first 2 ms, so it starts at zero; where it is cut short is the caller's affair
    (see :func:`render_steps`).
    """
    rng = random.Random(seed * 131 + note)
    delay = rate / frequency(note) - 0.5  # the averaging filter delays by half a sample
    period = int(delay)
    s = delay - period
    ring = 3.0 if note < D3 else 1.8  # seconds to die away by 60 dB: the bass rings longer
    loss = 10 ** (-3 / (ring * frequency(note)))
    # The averaging filter [0.5, 0.5] followed by a linear interpolator [1 - s, s], with the loss.
    c0, c1, c2 = 0.5 * (1 - s) * loss, 0.5 * loss, 0.5 * s * loss
    burst = [rng.uniform(-1, 1) for _ in range(period)]
    for _ in range(2):  # soften: a gut string plucked with the finger, not a quill
        burst = [
            (a + b + c) / 3
            for a, b, c in zip([burst[-1], *burst[:-1]], burst, [*burst[1:], burst[0]], strict=True)
        ]
    mean = sum(burst) / period
    burst = [b - mean for b in burst]
    total = int(seconds * rate)
    attack = max(1, int(0.002 * rate))
    history = [0.0, 0.0, *burst]
    done = 0
    piece = array("f")
    while done < total:
        block = [
            c0 * x + c1 * y + c2 * z for x, y, z in zip(history[2:], history[1:-1], history[:-2], strict=True)
        ]
        history = history[-2:] + block
        take = block[: total - done]
        if done < attack:
            for i in range(min(attack - done, len(take))):
                take[i] *= (done + i) / attack
        piece.extend(take)
        done += len(take)
        if len(piece) >= SLICE or done >= total:
            yield piece
            piece = array("f")


def render_steps(rate: int = RATE) -> Iterator[array[int] | None]:
    """Render the loop a slice at a time: yields None while working, then the finished 16-bit samples.

    Each string is plucked once, as long as its longest note, and every note of it is
    mixed in from that, dying away over its last 40 ms. Each step between two yields
    takes well under a millisecond.
    """
    length = int(LOOP_SECONDS * rate)
    notes = score()
    longest: dict[int, float] = {}
    for _start, note, seconds, _loud in notes:
        longest[note] = max(longest.get(note, 0.0), seconds)
    strings: dict[int, array[float]] = {}
    for note, seconds in longest.items():
        strings[note] = array("f")
        for piece in pluck(note, seconds, rate):
            strings[note].extend(piece)
            yield None
    mix = array("d", [0.0]) * length
    yield None
    release = max(1, int(0.04 * rate))
    fade = [(release - i) / release for i in range(release)]
    step = SLICE
    for start, note, seconds, gain in notes:
        total = int(seconds * rate)
        string = strings[note]
        at = int(start * rate) % length
        body = total - release  # then the note is damped: no click where it stops
        for lo in range(0, total, step):
            hi = min(total, lo + step)
            cuts = sorted({lo, hi, *(c for c in (body, length - at) if lo < c < hi)})
            for a, b in pairwise(cuts):
                d = (at + a) % length  # past the end of the loop: heard again at its start
                here = mix[d : d + b - a]
                if a >= body:
                    damp = fade[a - body : b - body]
                    part = [m + gain * f * s for m, s, f in zip(here, string[a:b], damp, strict=True)]
                else:
                    part = [m + gain * s for m, s in zip(here, string[a:b], strict=True)]
                mix[d : d + b - a] = array("d", part)
            yield None
    strings.clear()
    peak = 0.0
    for lo in range(0, length, step):
        peak = max(peak, max(mix[lo : lo + step]), -min(mix[lo : lo + step]))
        yield None
    scale = (PEAK * 32767 / peak if peak > 0 else 0.0).__mul__
    samples = array("h")
    for lo in range(0, length, step):
        samples.extend(map(round, map(scale, mix[lo : lo + step])))
        yield None
    yield samples


def render(rate: int = RATE) -> array[int]:
    """The whole loop at once, as signed 16-bit mono samples at ``rate`` Hz."""
    for result in render_steps(rate):
        if result is not None:
            return result
    raise AssertionError("the renderer ended without a result")


def to_wav(samples: array[int], rate: int = RATE) -> bytes:
    """``samples`` (16-bit mono) as the bytes of a WAV file."""
    out = io.BytesIO()
    with wave.open(out, "wb") as w:
        w.setnchannels(1)
        w.setsampwidth(2)
        w.setframerate(rate)
        w.writeframes(samples.tobytes())
    return out.getvalue()


_rendered: dict[int, bytes] = {}
"""Finished loops as WAV files by rate: rendered once per run."""


class MusicPlayer:
    """The background music: rendered a little each frame, then looped quietly.

    Nothing is rendered or played while muted or at volume 0; with no audio device the
    player is silent and every call is harmless.
    """

    def __init__(self, volume: int = 40, muted: bool = False) -> None:
        """Music at ``volume`` (0-100), or silent when ``muted``; it starts once rendered."""
        self.volume = max(0, min(100, volume))
        self.muted = muted
        self.playing = False
        """Whether the loop has been started on ``pygame.mixer.music``."""
        self._work: Iterator[array[int] | None] | None = None
        self._file: io.BytesIO | None = None
        """The WAV being played; the mixer reads it while playing, so it is kept."""
        self.available = pygame.mixer.get_init() is not None
        self._level: float | None = None
        """The volume the mixer was last given (None: none yet)."""
        self._paused = False
        """Whether the mixer's music was last paused."""

    @property
    def wanted(self) -> bool:
        """Whether the music should be heard now."""
        return self.available and not self.muted and self.volume > 0

    @property
    def level(self) -> float:
        """The volume handed to the mixer, 0 to 1."""
        return self.volume / 100 if self.wanted else 0.0

    def set_volume(self, volume: int, muted: bool) -> None:
        """Apply the settings' music volume and mute: the loudness at once, pausing at the next
        :meth:`step`.

        The mixer is called only when what it was last given changes, and it is paused or
        resumed at most once a frame: with SDL's dummy audio driver, pausing and resuming many
        times in a row can wait forever on the audio device.
        """
        self.volume = max(0, min(100, volume))
        self.muted = muted
        if self.playing:
            self._apply_level()

    def _apply_level(self) -> None:
        level = self.level
        if level == self._level:
            return
        try:
            pygame.mixer.music.set_volume(level)
        except pygame.error:
            self.available = False
            return
        self._level = level

    def _apply_pause(self) -> None:
        paused = not self.wanted
        if paused == self._paused:
            return
        try:
            if paused:
                pygame.mixer.music.pause()
            else:
                pygame.mixer.music.unpause()
        except pygame.error:
            self.available = False
            return
        self._paused = paused

    def step(self, budget: float = 0.001) -> None:
        """Render for up to ``budget`` seconds; start the loop when it is ready. Call once a frame."""
        if self.playing:
            self._apply_pause()
            return
        if not self.wanted:
            return
        rate = pygame.mixer.get_init()
        if rate is None:
            self.available = False
            return
        wav = _rendered.get(RATE)
        if wav is None:
            if self._work is None:
                self._work = render_steps(RATE)
            deadline = time.perf_counter() + budget
            while time.perf_counter() < deadline:
                result = next(self._work)
                if result is not None:
                    wav = _rendered[RATE] = to_wav(result, RATE)
                    self._work = None
                    break
            if wav is None:
                return
        self._start(wav)

    def _start(self, wav: bytes) -> None:
        self._file = io.BytesIO(wav)
        try:
            pygame.mixer.music.load(self._file, "wav")
            pygame.mixer.music.set_volume(self.level)
            pygame.mixer.music.play(loops=-1, fade_ms=FADE_IN_MS)
        except pygame.error as exc:
            log.info("music unavailable (%s)", exc)
            self.available = False
            return
        self.playing = True
        self._level = self.level
        self._paused = False

    def stop(self) -> None:
        """Stop the music (it starts again on the next :meth:`step` if wanted)."""
        if self.playing:
            try:
                pygame.mixer.music.stop()
                pygame.mixer.music.unload()
            except pygame.error:
                pass
        self.playing = False
        self._file = None
        self._level = None
        self._paused = False
