"""A question asked once before something that cannot be undone: End the game, Quit.

A small panel over the screen it was asked from, with the question, a line saying what
follows, and two buttons: the answer that does it, focused, so that Enter (or the gamepad's
A) confirms, and Cancel, which Escape (or the gamepad's B) presses too. A click or a tap works
on either button. Confirming takes the question away first, then does the thing, once.
"""

from __future__ import annotations

from scenes.app.loop import App
from scenes.i18n import _
from scenes.screens.panels import PanelScene
from scenes.table.navigator import Question
from scenes.ui.widgets import Button, Widget


class ConfirmScene(PanelScene):
    """See the module docstring."""

    name = "confirm"
    width = 520
    head = 110
    """The question and the line under it."""
    hints_on_top = True
    """Where the key hints go: where the screen beneath has its own, covering them (set on entering:
    along the bottom over a panel such as the menu, along the top over the table)."""

    def __init__(self, app: App, question: Question) -> None:
        """Ask ``question`` in ``app``."""
        self.question = question
        self.answered = False
        if question.detail is None:
            self.head = 90  # no line under the question
        super().__init__(app, question.ask)
        self.subtitle = question.detail

    def enter(self) -> None:
        """Lay out, the hints over those of the screen beneath."""
        scenes = self.app.stack.scenes
        beneath = scenes[-2] if len(scenes) > 1 and scenes[-1] is self else None
        self.hints_on_top = beneath is None or getattr(beneath, "hints_on_top", True)
        super().enter()

    def build(self) -> list[Widget]:
        """The answer that does it (focused first), then Cancel."""
        self.yes = Button(self.question.answer, self.confirm, primary=True)
        self.no = Button(lambda: _("Cancel"), self.back)
        return [self.yes, self.no]

    def confirm(self) -> None:
        """Do it: the question goes, then the thing asked about is done (it may change the screens)."""
        if self.answered:
            return  # a second press before the panel went
        self.answered = True
        self.app.stack.pop()
        self.question.act()

    def back(self) -> None:
        """Cancel: the question goes and nothing is done."""
        if not self.answered:
            self.answered = True
            self.app.stack.pop()

    def hints(self) -> str:
        """Enter confirms, Escape cancels."""
        return _("Enter: confirm · Esc: cancel")
