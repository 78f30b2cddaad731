"""New game: the number of players, the opponents' names and levels, the rules, the length.

The left column holds the game's choices and Start; the right column one row per
opponent (a name to type and a level). The human sits at seat 0.
"""

from __future__ import annotations

from functools import partial

import pygame

from game.limits import DEALS, MAX_NAME, PLAYERS
from game.rules.ruleset import RULE_NAMES, can_rotate
from scenes.app.loop import App
from scenes.i18n import _, ngettext, rules_label
from scenes.screens.panels import PanelScene
from scenes.store.settings import default_name, opponents_of, opponents_text, own_name
from scenes.table.local import LocalTable
from scenes.table.navigator import Navigator, Question
from scenes.table.setup import DEFAULT_NAMES, LEVEL_LABELS, LEVELS, PERSON, Setup
from scenes.ui.art import INK
from scenes.ui.widgets import Button, Choice, Stepper, TextField, Widget

MAX_PLAYERS = PLAYERS.high


class NewGameScene(PanelScene):
    """See the module docstring."""

    name = "newgame"
    transparent = False
    width = 1080

    def __init__(self, app: App, nav: Navigator, setup: Setup | None = None) -> None:
        """The form, filled from ``setup`` (or the settings' defaults for a new game); ``nav`` starts it."""
        self.nav = nav
        s = app.settings
        if setup is None:
            # The choices of the last game started, remembered in the settings.
            setup = Setup.for_players(s.players, s.rules, s.rotating and can_rotate(s.rules), s.deals)
            setup.levels = [s.ai_level] * s.players
            if s.player_name.strip():
                setup.names[0] = s.player_name
            for seat, (name, level) in enumerate(opponents_of(s.opponents) or [], start=1):
                if seat < len(setup.names):
                    setup.names[seat], setup.levels[seat] = name, level
        base = setup
        self.players = len(base.names)
        # The person's own name, or none: the default word is shown dimmed, in today's language.
        self.names = [own_name(base.names[0]), *base.names[1:], *DEFAULT_NAMES[len(base.names) - 1 :]]
        self.names = self.names[:MAX_PLAYERS]
        while len(self.names) < MAX_PLAYERS:
            self.names.append(f"AI {len(self.names)}")
        self.levels = (list(base.levels) + [s.ai_level] * MAX_PLAYERS)[:MAX_PLAYERS]
        for seat in base.people:
            self.levels[seat] = PERSON
        self.rules = base.rules
        self.rotating = base.rotating
        self.deals = base.deals
        self.seed: int | None = None  # a new game never repeats the last one's cards
        super().__init__(app, lambda: _("New game"))

    def build(self) -> list[Widget]:
        """The game's choices, then one name and level per opponent."""
        self.players_w = Stepper(
            lambda: _("Players"), PLAYERS.low, MAX_PLAYERS, lambda: self.players, self._set_players
        )
        self.you = TextField(
            lambda: _("Your name"),
            lambda: self.names[0],
            lambda v: self._set_name(0, v),
            max_len=MAX_NAME,
            placeholder=default_name,
        )
        self.rules_w = Choice(
            lambda: _("Rules"),
            [(r, partial(rules_label, r)) for r in RULE_NAMES],
            lambda: self.rules,
            self._set_rules,
        )
        self.rotating_w = Choice(
            lambda: _("Rotating farm"),
            [(False, lambda: _("No")), (True, lambda: _("Yes"))],
            lambda: self.rotating and can_rotate(self.rules),
            self._set_rotating,
        )
        self.deals_w = Stepper(
            lambda: _("Length"),
            DEALS.low,
            DEALS.high,
            lambda: self.deals,
            self._set_deals,
            fmt=lambda n: ngettext("{n} deal", "{n} deals", n).format(n=n),
        )
        self.start = Button(lambda: _("Start"), self.start_game, primary=True)
        self.cancel = Button(lambda: _("Back"), self.back)
        self.left = [self.players_w, self.you, self.rules_w, self.rotating_w, self.deals_w]
        self.opponents: list[tuple[TextField, Choice]] = []
        for seat in range(1, MAX_PLAYERS):
            self.opponents.append(self._opponent(seat))
        widgets: list[Widget] = [*self.left]
        for pair in self.opponents:
            widgets.extend(pair)
        widgets += [self.start, self.cancel]
        return widgets

    def _opponent(self, seat: int) -> tuple[TextField, Choice]:
        """The name and level fields of the opponent at ``seat``."""
        name = TextField(
            lambda: _("Player {n}").format(n=seat + 1),
            lambda: self.names[seat],
            lambda v: self._set_name(seat, v),
            max_len=MAX_NAME,
        )
        level = Choice(
            lambda: _("Level"),
            [*((lv, partial(_, LEVEL_LABELS[lv])) for lv in LEVELS), (PERSON, lambda: _("A person"))],
            lambda: self.levels[seat],
            lambda v: self._set_level(seat, v),
        )
        return name, level

    def enter(self) -> None:
        """Lay out; the focus in the person's name, so that typing goes there and Enter starts."""
        super().enter()
        self._refresh()
        self.group.set_focus(self.you)

    def _refresh(self) -> None:
        self.rotating_w.enabled = can_rotate(self.rules)
        for i, (name, level) in enumerate(self.opponents):
            name.visible = level.visible = i + 1 < self.players

    def _set_players(self, n: int) -> None:
        self.players = n
        self._refresh()

    def _set_name(self, seat: int, value: str) -> None:
        self.names[seat] = value

    def _set_level(self, seat: int, value: str) -> None:
        self.levels[seat] = value

    def _set_rules(self, value: str) -> None:
        self.rules = value
        self._refresh()

    def _set_rotating(self, value: bool) -> None:
        self.rotating = value

    def _set_deals(self, n: int) -> None:
        self.deals = n

    def setup(self) -> Setup:
        """The game the form describes (empty names get a default)."""
        names = []
        for seat in range(self.players):
            name = self.names[seat].strip() or (default_name() if seat == 0 else DEFAULT_NAMES[seat - 1])
            names.append(name)
        levels = self.levels[: self.players]
        people = tuple(seat for seat in range(1, self.players) if levels[seat] == PERSON)
        return Setup(
            names,
            ["normal" if level == PERSON else level for level in levels],
            self.rules,
            self.rotating and can_rotate(self.rules),
            self.deals,
            self.seed,
            0,
            people,
        )

    def start_game(self) -> None:
        """Sit down and play (the choices are remembered for the next New game)."""
        setup = self.setup()
        name = own_name(self.names[0].strip())
        self.app.update_settings(
            players=len(setup.names),
            rules=setup.rules,
            rotating=setup.rotating,
            deals=setup.deals,
            player_name=name,
            opponents=opponents_text(setup.names[1:], self.levels[1 : len(setup.names)]),
        )
        self.begin(setup)

    def begin(self, setup: Setup) -> None:
        """Play the game chosen (a hook: hosting a network table plays it elsewhere); a game saved to
        continue is replaced only once the person says so."""
        if not self.game_saved():
            self.nav.play(LocalTable.start(setup))
            return
        self.nav.confirm(
            Question(
                lambda: _("Start a new game?"),
                lambda: _("The game saved to continue will be lost."),
                lambda: _("Start"),
                lambda: self.nav.play(LocalTable.start(setup)),
            )
        )

    def game_saved(self) -> bool:
        """Whether a game is saved that Continue would take up (a finished one is not)."""
        saves = self.app.keeper.saves
        if saves is None or not saves.exists():
            return False
        saved = saves.resume()
        return saved is not None and not saved.game.is_over

    def resize(self, size: tuple[int, int]) -> None:
        """Two columns: the game on the left, the opponents on the right; Start and Back below."""
        u = self.app.u
        w, h = size
        room_h = min(h - round(56 * u), round((86 + 64 + MAX_PLAYERS * 48) * u))
        self.panel = pygame.Rect(0, 0, min(w - 20, round(self.width * u)), room_h)
        self.panel.center = (w // 2, (h - round(26 * u)) // 2)
        head = round(86 * u)
        gap = round(8 * u)
        pad = round(26 * u)
        foot = round(64 * u)
        rows = MAX_PLAYERS  # a heading row, then one row per opponent
        row_h = min(round(44 * u), (self.panel.h - head - foot) // rows - gap)
        fs = max(11, round(min(18 * u, row_h * 0.45)))
        # The game's choices take a little more than half: a rule set's name is the longest value.
        col_w = round((self.panel.w - 3 * pad) * 0.56)
        right_w = self.panel.w - 3 * pad - col_w
        left_x = self.panel.x + pad
        right_x = left_x + col_w + pad
        y = self.panel.y + head
        left_h = min(round(48 * u), (self.panel.h - head - foot) // len(self.left) - gap)
        for widget in self.left:
            widget.rect = pygame.Rect(left_x, y, col_w, left_h)
            widget.font_size = fs
            if isinstance(widget, Choice):
                widget.split = 0.36
            y += left_h + gap
        y = self.panel.y + head + row_h
        name_w = round(right_w * 0.55)
        for name, level in self.opponents:
            name.rect = pygame.Rect(right_x, y, name_w - gap // 2, row_h)
            level.rect = pygame.Rect(right_x + name_w + gap // 2, y, right_w - name_w - gap // 2, row_h)
            name.font_size = level.font_size = fs
            name.compact = level.compact = True
            y += row_h + gap
        self.heading_y = self.panel.y + head + row_h // 2
        self.heading_fs = fs
        bh = round(46 * u)
        self.start.rect = pygame.Rect(0, 0, round(200 * u), bh)
        self.cancel.rect = pygame.Rect(0, 0, round(160 * u), bh)
        self.start.rect.bottomright = (self.panel.centerx - gap, self.panel.bottom - round(14 * u))
        self.cancel.rect.bottomleft = (self.panel.centerx + gap, self.panel.bottom - round(14 * u))
        self.start.font_size = self.cancel.font_size = round(20 * u)

    def _fit_left(self) -> None:
        """The left column's labels get the room they need in this language, the values the rest:
        a rule set's long name ("La Ferme after Lacombe (1800)") stays whole beside its arrows."""
        choices = [w for w in self.left if isinstance(w, Choice)]
        if not choices:
            return
        width = choices[0].rect.w
        pad = choices[0].rect.h // 3
        label_w = max(self.app.text.size(w.label(), w.font_size)[0] for w in choices)
        split = min(0.45, max(0.2, (label_w + 2 * pad) / max(1, width)))
        for w in choices:
            w.split = split

    def draw(self, surface: pygame.Surface) -> None:
        """The form over the felt."""
        self._fit_left()
        super().draw(surface)
        first_name, first_level = self.opponents[0]
        text = self.app.text
        text.blit(
            surface,
            _("Opponents"),
            self.heading_fs,
            (first_name.rect.x, self.heading_y),
            INK,
            "bold",
            "midleft",
        )
        text.blit(
            surface,
            _("Level"),
            self.heading_fs,
            (first_level.rect.centerx, self.heading_y),
            INK,
            "bold",
            "center",
        )

    def draw_backdrop(self, surface: pygame.Surface) -> None:
        """The felt."""
        surface.blit(self.app.art.felt(self.app.size, None), (0, 0))

    def hints(self) -> str:
        """Form keys."""
        return _("Tab/↑/↓: move · ←/→: change · type a name · Enter: start · Esc: back")

    def handle(self, event: pygame.event.Event) -> bool:
        """Enter starts the game unless a button has the focus; letters typed where no name is being
        typed go to the person's name."""
        if (
            event.type == pygame.TEXTINPUT
            and event.text.strip()
            and not isinstance(self.group.focused, TextField)
        ):
            self.group.set_focus(self.you)
        if event.type == pygame.KEYDOWN and event.key in (pygame.K_RETURN, pygame.K_KP_ENTER):
            focused = self.group.focused
            if isinstance(focused, Button):
                focused.activate()
            else:
                self.start_game()
            return True
        return super().handle(event)
