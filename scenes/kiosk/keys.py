"""What the kiosk reads from raw input: the keys held down by name, and which events are a person.

The held-key set is driven only by KEYDOWN and KEYUP events (never by polling pygame's
keyboard state), so an injected event source — a test, the soak tool — holds keys exactly
as a keyboard would.
"""

from __future__ import annotations

import pygame

MODIFIER_KEYS: dict[int, str] = {
    pygame.K_LCTRL: "ctrl",
    pygame.K_RCTRL: "ctrl",
    pygame.K_LALT: "alt",
    pygame.K_RALT: "alt",
    pygame.K_LSHIFT: "shift",
    pygame.K_RSHIFT: "shift",
    pygame.K_LMETA: "meta",
    pygame.K_RMETA: "meta",
    pygame.K_LGUI: "meta",
    pygame.K_RGUI: "meta",
}
"""Left and right modifier keys, by the one name the exit combination uses."""

_MODIFIER_NAMES = frozenset(MODIFIER_KEYS.values())

_MOD_BITS = (
    (pygame.KMOD_CTRL, "ctrl"),
    (pygame.KMOD_ALT, "alt"),
    (pygame.KMOD_SHIFT, "shift"),
    (pygame.KMOD_GUI, "meta"),
)

WAKE_EVENTS = frozenset(
    {
        pygame.KEYDOWN,
        pygame.MOUSEBUTTONDOWN,
        pygame.FINGERDOWN,
        pygame.CONTROLLERBUTTONDOWN,
        pygame.JOYBUTTONDOWN,
    }
)
"""Events that hand the table to a visitor: a key, a click, a touch, a gamepad button."""

PRESENCE_EVENTS = WAKE_EVENTS | {
    pygame.KEYUP,
    pygame.MOUSEMOTION,
    pygame.MOUSEBUTTONUP,
    pygame.MOUSEWHEEL,
    pygame.FINGERUP,
    pygame.FINGERMOTION,
    pygame.TEXTINPUT,
    pygame.CONTROLLERBUTTONUP,
    pygame.CONTROLLERAXISMOTION,
    pygame.JOYBUTTONUP,
    pygame.JOYAXISMOTION,
    pygame.JOYHATMOTION,
}
"""Events that show someone is at the table (they reset the idle timer)."""


def key_name(key: int) -> str:
    """The name of ``key`` for the exit combination: ``ctrl``, ``alt``, ``shift``, ``meta``, ``q``, ``f4``…"""
    name = MODIFIER_KEYS.get(key)
    if name is not None:
        return name
    return pygame.key.name(key).lower()


def mod_names(mod: int) -> set[str]:
    """The modifier names set in a key event's ``mod`` bits."""
    return {name for bit, name in _MOD_BITS if mod & bit}


def is_wake(event: pygame.event.Event) -> bool:
    """Whether ``event`` is a person asking to play (a modifier alone is not: it starts a combination)."""
    if event.type not in WAKE_EVENTS:
        return False
    return not (event.type == pygame.KEYDOWN and event.key in MODIFIER_KEYS)


class HeldKeys:
    """The keys held down now, by name, from KEYDOWN / KEYUP events."""

    def __init__(self) -> None:
        """Nothing held."""
        self.down: set[str] = set()

    def observe(self, event: pygame.event.Event) -> None:
        """Update the set from one event (other events are ignored).

        The modifiers held are those of the latest key event's ``mod`` bits, the keyboard's own
        account (plus the modifier that event presses, minus the one it releases): a release
        lost on the way never leaves ctrl, alt or shift held for good.
        """
        if event.type in (pygame.KEYDOWN, pygame.KEYUP):
            name = key_name(event.key)
            mods = mod_names(getattr(event, "mod", 0))
            keys = self.down - _MODIFIER_NAMES
            if event.type == pygame.KEYDOWN:
                (mods if event.key in MODIFIER_KEYS else keys).add(name)
            else:
                (mods if event.key in MODIFIER_KEYS else keys).discard(name)
            self.down = keys | mods
        elif event.type == pygame.WINDOWFOCUSLOST:
            # Key releases made while another window has the focus never arrive.
            self.down.clear()
