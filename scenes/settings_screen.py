"""The Settings screen: window mode, animation speed, and how the human deals as farmer."""

from __future__ import annotations

from scenes.app import App
from scenes.i18n import _
from scenes.panels import PanelScene
from scenes.settings import Speed
from scenes.widgets import Button, Choice, Widget


class SettingsScene(PanelScene):
    """See the module docstring."""

    name = "settings"
    width = 620

    def __init__(self, app: App) -> None:
        """The settings of ``app``."""
        super().__init__(app, lambda: _("Settings"))

    def build(self) -> list[Widget]:
        """One choice per setting, then Back."""
        s = self.app.settings
        return [
            Choice(
                lambda: _("Display"),
                [(False, lambda: _("In a window")), (True, lambda: _("Full screen"))],
                lambda: s.fullscreen,
                self.app.set_fullscreen,
            ),
            Choice(
                lambda: _("Animation speed"),
                [(sp, lambda sp=sp: _(sp.label)) for sp in Speed],
                lambda: s.speed,
                self._set_speed,
            ),
            Choice(
                lambda: _("When you are farmer"),
                [(True, lambda: _("Deal automatically")), (False, lambda: _("One card per click"))],
                lambda: s.auto_deal,
                self._set_auto_deal,
            ),
            Button(lambda: _("Back"), self.back, primary=True),
        ]

    def _set_speed(self, speed: Speed) -> None:
        self.app.settings.speed = speed
        self.app.set_speed(speed.value)

    def _set_auto_deal(self, on: bool) -> None:
        self.app.settings.auto_deal = on
