"""The background music: the rendered loop, the player on the dummy audio driver, the setting."""

from __future__ import annotations

import json
import math
from array import array
from collections.abc import Callable, Iterator
from itertools import pairwise
from pathlib import Path

import pygame
import pytest
from helpers import DT

from scenes import i18n
from scenes.app.loop import App
from scenes.audio import music
from scenes.audio.music import LOOP_SECONDS, RATE, MusicPlayer
from scenes.kiosk.app import KioskApp
from scenes.kiosk.config import KioskConfig
from scenes.screens.settings import SettingsScene
from scenes.store.settings import Settings, SettingsStore, check_value, defaults
from tools.driver import key

FULL = 32767


@pytest.fixture(scope="module")
def loop() -> array[int]:
    return music.render()


def test_the_loop_is_20_to_40_seconds_of_quiet_16_bit_mono(loop: array[int]) -> None:
    assert loop.typecode == "h"
    assert len(loop) == int(LOOP_SECONDS * RATE)
    assert 20 <= len(loop) / RATE <= 40
    peak = max(max(loop), -min(loop))
    assert 0.3 * FULL < peak <= music.PEAK * FULL + 1  # clearly audible, never near clipping
    assert len(loop) * loop.itemsize < 2_000_000  # modest memory


def test_the_loop_is_never_silent_for_long(loop: array[int]) -> None:
    # Every second of the loop has something playing in it.
    for second in range(int(LOOP_SECONDS)):
        chunk = loop[second * RATE : (second + 1) * RATE]
        rms = math.sqrt(sum(v * v for v in chunk[::4]) / len(chunk[::4]))
        assert rms > 0.02 * FULL, f"second {second} is nearly silent"


def test_the_loop_point_has_no_click(loop: array[int]) -> None:
    # Played round, the step from the last sample to the first is no larger than the steps
    # either side of it: the notes that ring past the end are heard again at the start.
    seam = abs(loop[0] - loop[-1])
    near = [*loop[-200:], *loop[:200]]
    steps = [abs(b - a) for a, b in pairwise(near)]
    assert seam <= max(steps)
    assert seam < 0.02 * FULL


def test_notes_ringing_past_the_end_are_folded_back_onto_the_start(monkeypatch: pytest.MonkeyPatch) -> None:
    # One note plucked 0.1 s before the end, ringing for 0.5 s: its last 0.4 s open the loop.
    monkeypatch.setattr(music, "score", lambda: [(LOOP_SECONDS - 0.1, 69, 0.5, 1.0)])
    rate = 8000
    loop = music.render(rate)
    start, end = len(loop) - int(0.1 * rate), int(0.4 * rate)
    assert max(abs(v) for v in loop[start:]) > 0.1 * FULL
    assert max(abs(v) for v in loop[: end // 2]) > 0.01 * FULL
    assert not any(loop[end:start])
    assert abs(loop[0] - loop[-1]) <= max(abs(b - a) for a, b in pairwise(loop[start:]))


def test_a_plucked_string_is_in_tune_and_dies_away() -> None:
    samples = array("f")
    for piece in music.pluck(69, 1.0):  # A4
        samples.extend(piece)
    assert len(samples) == RATE
    window = samples[1000:9000]

    def strength(freq: float) -> float:
        w = 2 * math.pi * freq / RATE
        re = sum(v * math.cos(w * i) for i, v in enumerate(window))
        im = sum(v * math.sin(w * i) for i, v in enumerate(window))
        return re * re + im * im

    assert strength(440.0) > strength(440 * 2 ** (20 / 1200))
    assert strength(440.0) > strength(440 * 2 ** (-20 / 1200))
    assert samples[0] == 0.0
    start = max(abs(v) for v in samples[:2000])
    assert max(abs(v) for v in samples[-2000:]) < start / 5


def test_the_score_keeps_to_the_loop_and_the_ground() -> None:
    notes = music.score()
    assert all(0 <= start < LOOP_SECONDS for start, *_ in notes)
    assert len(music.GROUND) == len(music.TUNE) == music.BARS
    for bar in music.TUNE:
        assert sum(beats for _note, beats in bar) == music.BEATS_PER_BAR


@pytest.fixture
def fresh(monkeypatch: pytest.MonkeyPatch) -> Iterator[None]:
    """No loop rendered yet, and no music playing before or after."""
    pygame.init()
    monkeypatch.setattr(music, "_rendered", {})
    pygame.mixer.music.stop()
    yield
    pygame.mixer.music.stop()


def counted(name: str, real: Callable[..., object], calls: list[str]) -> Callable[..., object]:
    """``real``, noting ``name`` in ``calls`` each time it is called."""

    def call(*args: object) -> object:
        calls.append(name)
        return real(*args)

    return call


def run_until_playing(player: MusicPlayer, limit: int = 5000) -> int:
    """Step ``player`` as the game does each frame; how many steps until the loop started."""
    for n in range(1, limit + 1):
        player.step()
        if player.playing:
            return n
    raise AssertionError("the music never started")


@pytest.mark.usefixtures("fresh")
def test_the_music_is_rendered_a_little_each_frame_then_loops() -> None:
    player = MusicPlayer(volume=40)
    assert player.available  # the dummy driver is a device of sorts
    steps = run_until_playing(player, limit=20000)
    assert steps > 20  # never the whole render in one frame
    assert pygame.mixer.music.get_busy()
    assert pygame.mixer.music.get_volume() == pytest.approx(0.4, abs=0.01)
    # A second player (a new App in the same run) finds the loop already made.
    pygame.mixer.music.stop()
    again = MusicPlayer(volume=40)
    again.step()
    assert again.playing


@pytest.mark.usefixtures("fresh")
def test_volume_changes_apply_at_once_and_mute_silences() -> None:
    player = MusicPlayer(volume=40)
    run_until_playing(player, limit=20000)
    player.set_volume(80, False)
    assert pygame.mixer.music.get_volume() == pytest.approx(0.8, abs=0.01)
    player.set_volume(80, True)
    assert pygame.mixer.music.get_volume() == 0
    player.step()  # the next frame pauses it
    assert not pygame.mixer.music.get_busy()
    player.set_volume(80, False)
    assert pygame.mixer.music.get_volume() == pytest.approx(0.8, abs=0.01)
    player.step()
    assert pygame.mixer.music.get_busy()
    player.set_volume(0, False)
    assert pygame.mixer.music.get_volume() == 0


@pytest.mark.usefixtures("fresh")
def test_the_mixer_is_called_only_on_a_change_and_paused_at_most_once_a_frame(
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    """Turning the music on and off many times in a frame (a choice run through its values) must
    not pause and resume the mixer as often: with SDL's dummy audio that can wait forever."""
    player = MusicPlayer(volume=40)
    run_until_playing(player, limit=20000)
    calls: list[str] = []
    for name in ("pause", "unpause", "set_volume"):
        real = getattr(pygame.mixer.music, name)
        monkeypatch.setattr(pygame.mixer.music, name, counted(name, real, calls))
    for i in range(200):
        player.set_volume(40, i % 2 == 0)
    assert "pause" not in calls and "unpause" not in calls
    player.step()
    assert calls.count("pause") + calls.count("unpause") <= 1
    calls.clear()
    player.set_volume(40, False)
    player.set_volume(40, False)
    player.step()
    player.step()
    assert calls.count("set_volume") <= 1 and calls.count("pause") + calls.count("unpause") <= 1


@pytest.mark.usefixtures("fresh")
def test_muted_or_silent_music_renders_nothing() -> None:
    for player in (MusicPlayer(volume=40, muted=True), MusicPlayer(volume=0)):
        for _ in range(50):
            player.step()
        assert not player.playing
        assert player._work is None
    assert music._rendered == {}


@pytest.mark.usefixtures("fresh")
def test_no_audio_device_is_harmless(monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setattr(pygame.mixer, "get_init", lambda: None)
    player = MusicPlayer(volume=40)
    assert not player.available
    for _ in range(10):
        player.step()
    player.set_volume(90, False)
    player.stop()
    assert not player.playing
    assert player._work is None


@pytest.mark.usefixtures("fresh")
def test_a_mixer_that_refuses_the_music_leaves_the_game_running(monkeypatch: pytest.MonkeyPatch) -> None:
    music._rendered[RATE] = music.to_wav(array("h", [0, 100, 0, -100] * 1000))

    def refuse(*args: object, **kwargs: object) -> None:
        raise pygame.error("no music for you")

    monkeypatch.setattr(pygame.mixer.music, "load", refuse)
    player = MusicPlayer(volume=40)
    player.step()
    assert not player.playing and not player.available
    player.set_volume(50, False)
    player.step()
    assert not player.playing


def test_music_volume_round_trips_through_the_settings_store(tmp_path: Path) -> None:
    store = SettingsStore(tmp_path / "settings.json")
    assert defaults().music_volume == 40
    assert store.save(Settings(music_volume=25, mute=True))
    loaded = store.load()
    assert (loaded.music_volume, loaded.mute) == (25, True)
    assert store.problem is None


@pytest.mark.parametrize("bad", [101, -1, "loud", 40.5, True, None])
def test_a_bad_music_volume_falls_back_to_the_default(tmp_path: Path, bad: object) -> None:
    assert check_value("music_volume", bad) is not None
    path = tmp_path / "settings.json"
    path.write_text(json.dumps({"version": 1, "settings": {"music_volume": bad, "sound_volume": 30}}))
    store = SettingsStore(path)
    loaded = store.load()
    assert loaded.music_volume == 40
    assert loaded.sound_volume == 30
    assert store.problem is not None and "music_volume" in store.problem


def test_the_settings_screen_changes_the_music_volume_at_once(app: App) -> None:
    app.stack.push(SettingsScene(app))
    app.step(DT, [])
    row = app.stack.top.left[6]  # type: ignore[union-attr]
    assert row.label() == "Music volume"
    assert row.value_text() == "40%"
    # Down to the music row (Display, size, language, speed, text, sound, music), one step right.
    app.step(DT, [key(pygame.K_DOWN)] * 6 + [key(pygame.K_RIGHT)])
    assert app.settings.music_volume == 50
    assert app.music.volume == 50
    assert row.value_text() == "50%"
    assert app.sound.volume == 70  # the effects keep theirs


def test_mute_in_the_settings_silences_effects_and_music(app: App) -> None:
    run_until_playing(app.music, limit=20000)
    app.update_settings(mute=True)
    assert app.music.muted and app.sound.muted
    assert pygame.mixer.music.get_volume() == 0
    app.update_settings(mute=False, music_volume=30)
    assert pygame.mixer.music.get_volume() == pytest.approx(0.3, abs=0.01)


@pytest.mark.parametrize("sound", [False, True])
def test_the_kiosk_music_follows_its_sound_key(sound: bool) -> None:
    kiosk = KioskApp(KioskConfig(sound=sound), locked=False, fullscreen=False, seed=1)
    try:
        assert kiosk.music.muted is not sound
        assert kiosk.sound.muted is not sound
        assert KioskConfig().sound is False  # off unless the operator says so
    finally:
        pygame.mixer.music.stop()
        pygame.mouse.set_visible(True)
        i18n.set_language("en")
