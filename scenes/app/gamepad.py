"""Gamepads: hot-plugged controllers whose buttons act as the keys every scene already knows.

A controller's A is Enter, B is Escape, X is Space (finish the animation), the d-pad and
left stick are the arrow keys, the shoulders are - and +, Start is Escape (pause), Back is G (skip
the guide of the guided first game). Each
scene handles keys only, so a gamepad works everywhere the keyboard does.
"""

from __future__ import annotations

import logging

import pygame
from pygame._sdl2 import controller

log = logging.getLogger("farmer.gamepad")

BUTTON_KEYS: dict[int, int] = {
    pygame.CONTROLLER_BUTTON_A: pygame.K_RETURN,
    pygame.CONTROLLER_BUTTON_B: pygame.K_ESCAPE,
    pygame.CONTROLLER_BUTTON_X: pygame.K_SPACE,
    pygame.CONTROLLER_BUTTON_Y: pygame.K_TAB,
    pygame.CONTROLLER_BUTTON_START: pygame.K_ESCAPE,
    pygame.CONTROLLER_BUTTON_BACK: pygame.K_g,
    pygame.CONTROLLER_BUTTON_DPAD_UP: pygame.K_UP,
    pygame.CONTROLLER_BUTTON_DPAD_DOWN: pygame.K_DOWN,
    pygame.CONTROLLER_BUTTON_DPAD_LEFT: pygame.K_LEFT,
    pygame.CONTROLLER_BUTTON_DPAD_RIGHT: pygame.K_RIGHT,
    pygame.CONTROLLER_BUTTON_LEFTSHOULDER: pygame.K_MINUS,
    pygame.CONTROLLER_BUTTON_RIGHTSHOULDER: pygame.K_PLUS,
}
"""Controller button → the key it stands for."""

STICK_THRESHOLD = 20000
"""How far the stick must be pushed (of 32767) to count as an arrow key."""


class Gamepads:
    """Opens controllers as they are plugged in and turns their input into key events."""

    def __init__(self) -> None:
        """Start watching for controllers (harmless when the subsystem is missing)."""
        self.pads: dict[int, controller.Controller] = {}
        self._stick: dict[tuple[int, int], int] = {}
        try:
            controller.init()
            for index in range(controller.get_count()):
                self._open(index)
        except pygame.error as exc:
            log.info("no game controllers (%s)", exc)

    def _open(self, index: int) -> None:
        try:
            if controller.is_controller(index):
                pad = controller.Controller(index)
                self.pads[pad.as_joystick().get_instance_id()] = pad
        except pygame.error as exc:
            log.info("controller %d could not be opened (%s)", index, exc)

    def translate(self, event: pygame.event.Event) -> pygame.event.Event | None:
        """The key event a controller event stands for, or None (plugging is handled here)."""
        if event.type == pygame.CONTROLLERDEVICEADDED:
            self._open(event.device_index)
            return None
        if event.type == pygame.CONTROLLERDEVICEREMOVED:
            pad = self.pads.pop(event.instance_id, None)
            if pad is not None:
                pad.quit()
            return None
        if event.type == pygame.CONTROLLERBUTTONDOWN:
            key = BUTTON_KEYS.get(event.button)
            return _key(key) if key is not None else None
        if event.type == pygame.CONTROLLERAXISMOTION and event.axis in (
            pygame.CONTROLLER_AXIS_LEFTX,
            pygame.CONTROLLER_AXIS_LEFTY,
        ):
            direction = 0
            if event.value > STICK_THRESHOLD:
                direction = 1
            elif event.value < -STICK_THRESHOLD:
                direction = -1
            slot = (getattr(event, "instance_id", 0), event.axis)
            before = self._stick.get(slot, 0)
            self._stick[slot] = direction
            if direction == 0 or direction == before:
                return None  # one key per push, not one per frame
            if event.axis == pygame.CONTROLLER_AXIS_LEFTX:
                return _key(pygame.K_RIGHT if direction > 0 else pygame.K_LEFT)
            return _key(pygame.K_DOWN if direction > 0 else pygame.K_UP)
        return None


def _key(key: int) -> pygame.event.Event:
    return pygame.event.Event(pygame.KEYDOWN, key=key, mod=0, unicode="", scancode=0, gamepad=True)
