"""The player's settings that the screens read: window mode, animation speed, dealing by hand."""

from __future__ import annotations

from dataclasses import dataclass
from enum import Enum

from scenes.i18n import N_


class Speed(Enum):
    """Animation speed; the value is the factor on every duration."""

    SLOW = 1.7
    """Everything takes longer: easier to follow."""
    NORMAL = 1.0
    """The default."""
    FAST = 0.45
    """Brisk."""
    INSTANT = 0.0
    """No animation: things appear where they go."""

    @property
    def label(self) -> str:
        """The untranslated name for menus (translate with ``_()`` when drawn)."""
        return _SPEED_LABELS[self]


_SPEED_LABELS = {
    Speed.SLOW: N_("Slow"),
    Speed.NORMAL: N_("Normal"),
    Speed.FAST: N_("Fast"),
    Speed.INSTANT: N_("Instant"),
}


@dataclass
class Settings:
    """What the player chose in the Settings screen (kept for the session)."""

    fullscreen: bool = False
    """Full screen rather than a resizable window."""
    speed: Speed = Speed.NORMAL
    """Animation speed."""
    auto_deal: bool = True
    """When the human is farmer: deal automatically (else one click or key per card)."""
