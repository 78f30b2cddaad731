"""Sound effects and gamepad input, headless."""

from __future__ import annotations

from pathlib import Path

import pygame
import pytest

from scenes.app.gamepad import Gamepads
from scenes.audio.sound import EFFECTS, SoundBank, render


@pytest.mark.parametrize("name", sorted(EFFECTS))
def test_each_effect_is_audible_bounded_and_ends_quietly(name: str) -> None:
    samples = render(name, rate=8000)
    assert len(samples) == int(EFFECTS[name][1] * 8000)
    assert max(abs(s) for s in samples) > 0.2
    assert all(-1.0 <= s <= 1.0 for s in samples)
    assert abs(samples[-1]) < 0.05


def test_effects_differ() -> None:
    assert render("chips", 8000)[:400] != render("flip", 8000)[:400]


def test_sound_bank_is_harmless_without_a_real_device() -> None:
    pygame.init()
    bank = SoundBank(volume=50)
    for name in EFFECTS:
        bank.play(name)
    bank.set_volume(0, True)
    bank.play("card")
    assert bank.muted


def test_muted_bank_makes_no_sound_objects() -> None:
    pygame.init()
    bank = SoundBank(volume=50, muted=True)
    bank.play("card")
    assert bank._sounds == {}


def test_controller_buttons_and_stick_become_keys() -> None:
    pygame.init()
    pads = Gamepads()
    press = pads.translate(pygame.event.Event(pygame.CONTROLLERBUTTONDOWN, button=pygame.CONTROLLER_BUTTON_A))
    assert press is not None and press.type == pygame.KEYDOWN and press.key == pygame.K_RETURN
    back = pads.translate(pygame.event.Event(pygame.CONTROLLERBUTTONDOWN, button=pygame.CONTROLLER_BUTTON_B))
    assert back is not None and back.key == pygame.K_ESCAPE
    axis = pygame.CONTROLLER_AXIS_LEFTX
    right = pads.translate(pygame.event.Event(pygame.CONTROLLERAXISMOTION, axis=axis, value=30000))
    assert right is not None and right.key == pygame.K_RIGHT
    # Holding the stick does not repeat; letting it go and pushing again does.
    assert pads.translate(pygame.event.Event(pygame.CONTROLLERAXISMOTION, axis=axis, value=31000)) is None
    assert pads.translate(pygame.event.Event(pygame.CONTROLLERAXISMOTION, axis=axis, value=0)) is None
    left = pads.translate(pygame.event.Event(pygame.CONTROLLERAXISMOTION, axis=axis, value=-30000))
    assert left is not None and left.key == pygame.K_LEFT
    assert pads.translate(pygame.event.Event(pygame.KEYDOWN, key=pygame.K_a)) is None


def test_audio_device_detection(monkeypatch: pytest.MonkeyPatch, tmp_path: Path) -> None:
    from scenes.audio import sound

    monkeypatch.setenv("SDL_AUDIODRIVER", "dummy")
    assert sound.audio_device_present()  # a chosen driver is always tried
    monkeypatch.delenv("SDL_AUDIODRIVER")
    monkeypatch.delenv("PULSE_SERVER", raising=False)
    monkeypatch.setenv("XDG_RUNTIME_DIR", str(tmp_path))
    (tmp_path / "pulse").mkdir()
    (tmp_path / "pulse" / "native").touch()
    assert sound.audio_device_present()  # a sound server is running
    (tmp_path / "pulse" / "native").unlink()
    has_card = Path("/dev/snd").is_dir() and any(p.name.startswith("pcm") for p in Path("/dev/snd").iterdir())
    has_server = Path("/run/pulse/native").exists()
    assert sound.audio_device_present() == (has_card or has_server)
