"""Sound effects made at run time: a card dealt, a card flipped, chips, the farm won, a bust.

Every effect is synthesised from a few sine partials and a little noise, so nothing has
to be shipped or licensed. With no audio device (or the dummy driver) the bank stays
silent and every call is harmless.
"""

from __future__ import annotations

import logging
import math
import os
import random
import sys
import time
from array import array
from collections.abc import Callable
from pathlib import Path

import pygame

log = logging.getLogger("farmer.sound")

RATE = 44100
REPEAT_MS = 45
"""An effect is not started again within this many milliseconds."""

Voice = Callable[[float], float]
"""A sample of an effect at time ``t`` seconds (roughly -1..1)."""


def _envelope(t: float, attack: float, decay: float) -> float:
    return min(1.0, t / attack) * math.exp(-t / decay) if attack > 0 else math.exp(-t / decay)


def _card(noise: random.Random) -> Voice:
    # A soft swish: filtered noise with a quick rise and fall.
    state = [0.0]

    def voice(t: float) -> float:
        state[0] = 0.75 * state[0] + 0.25 * (noise.random() * 2 - 1)
        return 1.6 * state[0] * _envelope(t, 0.01, 0.035)

    return voice


def _flip(noise: random.Random) -> Voice:
    def voice(t: float) -> float:
        click = (noise.random() * 2 - 1) * _envelope(t, 0.001, 0.006)
        body = math.sin(2 * math.pi * 520 * t) * _envelope(t, 0.002, 0.03)
        return 0.6 * click + 0.4 * body

    return voice


def _chips(noise: random.Random) -> Voice:
    # Two clinks of clay chips: bright partials that die away fast.
    def clink(t: float) -> float:
        if t < 0:
            return 0.0
        env = _envelope(t, 0.001, 0.025)
        return (
            env
            * (
                math.sin(2 * math.pi * 2350 * t)
                + 0.6 * math.sin(2 * math.pi * 3710 * t)
                + 0.3 * math.sin(2 * math.pi * 5200 * t)
            )
            / 1.9
        )

    return lambda t: clink(t) + 0.7 * clink(t - 0.07)


def _farm_won(noise: random.Random) -> Voice:
    notes = (523.25, 659.25, 783.99, 1046.5)

    def voice(t: float) -> float:
        total = 0.0
        for i, freq in enumerate(notes):
            start = i * 0.09
            if t >= start:
                u = t - start
                total += math.sin(2 * math.pi * freq * u) * _envelope(u, 0.005, 0.35)
        return total / 2.2

    return voice


def _bust(noise: random.Random) -> Voice:
    def voice(t: float) -> float:
        freq = 220 - 90 * min(1.0, t / 0.35)
        return math.sin(2 * math.pi * freq * t) * _envelope(t, 0.01, 0.18) * 0.8

    return voice


EFFECTS: dict[str, tuple[Callable[[random.Random], Voice], float]] = {
    "card": (_card, 0.18),
    "flip": (_flip, 0.12),
    "chips": (_chips, 0.25),
    "farm_won": (_farm_won, 1.3),
    "bust": (_bust, 0.5),
}
"""Effect name → (voice maker, length in seconds)."""


def render(name: str, rate: int = RATE, seed: int = 1) -> list[float]:
    """The samples of effect ``name`` at ``rate`` Hz, clipped to -1..1."""
    maker, length = EFFECTS[name]
    voice = maker(random.Random(seed))
    count = int(length * rate)
    fade = max(1, int(0.01 * rate))
    samples = []
    for i in range(count):
        value = voice(i / rate)
        if i > count - fade:
            value *= (count - i) / fade  # no click at the end
        samples.append(max(-1.0, min(1.0, value)))
    return samples


def audio_device_present() -> bool:
    """Whether an audio output can be there at all (Linux: a sound card or a sound server).

    Without one, opening the mixer only makes the system's audio library print errors, so
    the game stays quietly silent instead. A chosen ``SDL_AUDIODRIVER`` is always tried.
    """
    if os.environ.get("SDL_AUDIODRIVER") or not sys.platform.startswith("linux"):
        return True
    runtime = Path(os.environ.get("XDG_RUNTIME_DIR", f"/run/user/{os.getuid()}"))
    servers = (runtime / "pulse" / "native", runtime / "pipewire-0", Path("/run/pulse/native"))
    if os.environ.get("PULSE_SERVER") or any(p.exists() for p in servers):
        return True
    snd = Path("/dev/snd")
    return snd.is_dir() and any(p.name.startswith("pcm") for p in snd.iterdir())


class SoundBank:
    """The game's effects, made on first use; silent when there is no audio device."""

    def __init__(self, volume: int = 70, muted: bool = False) -> None:
        """Effects at ``volume`` (0-100), or silent when ``muted``."""
        self.volume = volume
        self.muted = muted
        self._sounds: dict[str, pygame.mixer.Sound] = {}
        self._last: dict[str, int] = {}
        """When each effect last started, in milliseconds."""
        self.available = self._open()

    def _open(self) -> bool:
        if not pygame.mixer.get_init() and not audio_device_present():
            log.info("no audio device: sound is off")
            return False
        try:
            if not pygame.mixer.get_init():
                pygame.mixer.init(frequency=RATE, size=-16, channels=2, buffer=512)
        except pygame.error as exc:
            log.info("no audio device (%s): sound is off", exc)
            return False
        return pygame.mixer.get_init() is not None

    def set_volume(self, volume: int, muted: bool) -> None:
        """Apply the settings' volume and mute at once."""
        self.volume = max(0, min(100, volume))
        self.muted = muted
        for sound in self._sounds.values():
            sound.set_volume(self.volume / 100)

    def _sound(self, name: str) -> pygame.mixer.Sound | None:
        sound = self._sounds.get(name)
        if sound is not None:
            return sound
        init = pygame.mixer.get_init()
        if init is None:
            return None
        rate, size, channels = init
        if abs(size) != 16:
            return None
        frames = array("h")
        for value in render(name, rate):
            sample = int(value * 30000)
            frames.extend([sample] * channels)
        try:
            sound = pygame.mixer.Sound(buffer=frames.tobytes())
        except pygame.error as exc:
            log.info("sound %s unavailable (%s)", name, exc)
            return None
        sound.set_volume(self.volume / 100)
        self._sounds[name] = sound
        return sound

    def play(self, name: str) -> None:
        """Play effect ``name`` (see :data:`EFFECTS`); nothing happens when muted or silent."""
        if self.muted or not self.available or self.volume <= 0:
            return
        now = int(time.monotonic() * 1000)
        if now - self._last.get(name, -REPEAT_MS) < REPEAT_MS:
            return  # at instant speed a dozen cards land in one frame: one sound says it
        self._last[name] = now
        sound = self._sound(name)
        if sound is not None:
            try:
                sound.play()
            except pygame.error:
                self.available = False
