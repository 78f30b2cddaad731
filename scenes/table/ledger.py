"""The ledger over the dimmed table after each deal, and the final standings at the end.

After every deal, the last one included, :class:`LedgerHandler` shows who paid whom and why,
everyone's chips and a small chart of every player's chips over the game; Next deal (or
Final standings, once the game has ended) goes on. :class:`FinalHandler` shows the final
standings, with a farm nobody won counted to its farmer, and the buttons the navigator
offers. A game nobody plays (a replay, the attract loop) goes on by itself after a pause.
"""

from __future__ import annotations

import math
from collections.abc import Callable
from functools import partial

import pygame

from game.rules.events import FARM, Event, GameEnded, Reason
from game.rules.phase import Phase
from scenes import i18n
from scenes.i18n import _, colon, format_chips, pgettext, pot_name
from scenes.table.handler import Handler, Host, minutes_seconds, not_while_reconnecting
from scenes.table.narrator import deal_settled_title, farmer_takings, game_over_title, headline, reason_word
from scenes.table.navigator import Question
from scenes.table.source import has_ended, is_you
from scenes.table.world import SEAT_COLORS, SEAT_MARKS
from scenes.ui.art import GOLD, INK
from scenes.ui.widgets import Button, FocusGroup, draw_panel, row

FARMER_SIGN = "⌂"
"""The farmer's mark after a name in the ledger: the house of the table's marker, in every language."""
WATCH_PAUSE = 3.0
"""Seconds a watched game's ledger stays before the next deal (at normal speed)."""
GO_ON_PAUSE = 6.0
"""Seconds a person's ledger counts down on its Next deal button before it goes on by itself (when the
settings say so; any key, click or touch stops the count, and the ledger waits)."""
UP = (130, 230, 130)
DOWN = (240, 130, 120)


def standing_places(chips: list[int]) -> dict[int, str]:
    """Each seat's place by ``chips``, shared places marked: ``1=``, ``1=``, ``3.``."""
    places: dict[int, str] = {}
    for seat, mine in enumerate(chips):
        place = 1 + sum(1 for other in chips if other > mine)
        shared = sum(1 for other in chips if other == mine) > 1
        places[seat] = f"{place}=" if shared else f"{place}."
    return places


def draw_mark(
    surface: pygame.Surface, seat: int, color: tuple[int, int, int], at: tuple[float, float], r: int
) -> None:
    """Seat ``seat``'s mark (see :data:`~scenes.table.world.SEAT_MARKS`) of radius ``r`` at ``at``."""
    x, y = at
    shape = SEAT_MARKS[seat % len(SEAT_MARKS)]
    width = 0 if seat < len(SEAT_MARKS) else max(1, r // 2)  # the second five are hollow
    if shape == "circle":
        pygame.draw.circle(surface, color, (round(x), round(y)), r, width)
        return
    if shape == "square":
        pygame.draw.rect(surface, color, pygame.Rect(round(x - r), round(y - r), 2 * r, 2 * r), width)
        return
    points = {
        "up": [(x, y - r), (x + r, y + r), (x - r, y + r)],
        "down": [(x, y + r), (x + r, y - r), (x - r, y - r)],
        "diamond": [(x, y - r), (x + r, y), (x, y + r), (x - r, y)],
    }[shape]
    pygame.draw.polygon(surface, color, points, width)


def deal_begun(deal: int, farmer: bool) -> str:
    """What a person still reading a ledger is told when a network table's host deals ``deal``
    (``farmer``: they are its farmer, and play no hand in it)."""
    if farmer:
        return _("Deal {n} has begun: go on to follow it.").format(n=deal)
    return _("Deal {n} has begun: go on to play your hand.").format(n=deal)


def game_ended_meanwhile() -> str:
    """What a person still reading a ledger is told when a network table's game ends meanwhile."""
    return _("The game has ended: go on to see how.")


BEGUN_SECONDS = 12.0
"""How long the word that the host went on stays (it is said once a ledger)."""


def redealt_note() -> str:
    """The ledger's word on a deal dealt again after the table's host restarted."""
    return _("Dealt again after the host restarted: the cards and chips of its first dealing went back.")


class LedgerHandler(Handler):
    """The settlement of the deal just shown; see the module docstring."""

    name = "ledger"
    final = False

    def __init__(self, host: Host) -> None:
        """The ledger stage of ``host``'s table."""
        super().__init__(host)
        self.peeking = False
        """The panel is put aside to look at the table beneath (T, or the button)."""
        self.back_button = Button(lambda: _("Back to the ledger"), self.toggle_peek, primary=True)
        self.group = FocusGroup(horizontal=True)
        self._chart: tuple[tuple[object, ...], pygame.Surface] | None = None
        self.panel = pygame.Rect(0, 0, 0, 0)
        self.auto: float | None = None
        """Seconds until a watched game goes on by itself."""
        self.countdown: float | None = None
        """Seconds until a person's ledger goes on by itself (None: it waits for them)."""
        self.told_begun = False
        """Whether this ledger said that its table's host has gone on without this screen."""
        self.sending: list[Button] = []
        """The buttons that tell the table's host something (Next deal, End the game): greyed out
        while the connection is being restored."""

    @property
    def last_deal(self) -> bool:
        """Whether the deal on show was the game's last (the end of the game is next to be shown)."""
        source = self.source
        return isinstance(source.feed.peek(), GameEnded) or (has_ended(source) and not len(source.feed))

    def choices(self) -> list[Button]:
        """The buttons under the ledger."""
        over = self.last_deal
        go_on = Button(
            (lambda: _("Final standings")) if over else (lambda: _("Next deal")), self.host.next_deal, True
        )
        end = Button(lambda: _("End the game"), self.ask_to_end)
        self.sending = ([] if over else [go_on]) + ([] if over or not self.source.can_end else [end])
        if over or not self.source.can_end:
            return [go_on]
        return [go_on, end]

    def ask_to_end(self) -> None:
        """End the game, once the person says so: a game ended early is recorded as such, never won."""
        self.host.nav.confirm(
            Question(
                lambda: _("End the game now?"),
                lambda: _("It will be recorded as ended early."),
                lambda: _("End the game"),
                self.host.end_game,
            )
        )

    @property
    def transparent(self) -> bool:  # type: ignore[override]
        """The ledger lies over the dimmed table, unless the person is looking at the table."""
        return not self.peeking

    def toggle_peek(self) -> None:
        """Put the panel aside to look at the table, or bring it back."""
        self.peeking = not self.peeking

    def enter(self) -> None:
        """Lay the panel out; the deal is settled on screen, so it is counted and the game saved."""
        self.peeking = False
        self.told_begun = False
        buttons = self.choices()
        if buttons and (not self.source.facts.watching or self.final):  # a person is here to press it
            buttons.append(Button(lambda: _("See the table"), self.toggle_peek))
        self.group = FocusGroup(buttons, horizontal=True)
        if self.source.facts.watching and not self.final:
            for button in self.group.widgets:
                button.visible = False  # nobody presses them: the game goes on by itself
            self.auto = self.host.watch_pause
        elif self.goes_on_by_itself():
            self.countdown = GO_ON_PAUSE
        if buttons and not self.final:
            buttons[0].label = self._counting(buttons[0].label)
        self.resize(self.app.size)
        self.app.deal_shown(self.source.kept)

    def leave(self) -> None:
        """The ledger goes."""
        super().leave()
        self.auto = None
        self.countdown = None

    def goes_on_by_itself(self) -> bool:
        """Whether this ledger counts down to the next deal: the settings ask for it, a person plays
        here, and nothing decisive is on it. Not the game's last deal (the final standings wait), not
        a deal that left a person here without chips (they read why), and not at a network table,
        whose host starts each deal once its guests have gone on, each in their own time."""
        source = self.source
        if self.final or source.facts.watching or not self.app.settings.ledger_goes_on:
            return False
        if source.kept is None or self.last_deal:
            return False  # a game kept elsewhere (a network table's host) paces its own deals
        ledger = source.ledger
        facts = source.facts
        out = (facts.person(s) and ledger.chips[s] <= 0 < ledger.chips_before[s] for s in range(facts.n))
        return not any(out)

    @property
    def seconds_left(self) -> int:
        """The whole seconds the countdown shows (0: none running)."""
        return math.ceil(self.countdown) if self.countdown is not None else 0

    def _counting(self, words: Callable[[], str]) -> Callable[[], str]:
        """The go-on button's ``words`` with the seconds left while the countdown runs."""

        def label() -> str:
            if self.countdown is not None:
                # Translators: the Next deal button counting down the seconds before it presses itself.
                return pgettext("countdown", "{button} ({n})").format(button=words(), n=self.seconds_left)
            pause = self.source.next_deal_clock
            if pause is not None and not self.last_deal:
                # A network table's pause: the next deal starts then, whether this screen goes on or not.
                return pgettext("countdown", "{button} ({n})").format(
                    button=words(), n=minutes_seconds(pause.seconds))
            return words()

        return label

    def touched(self) -> None:
        """Any key, click or touch: the countdown stops, and the ledger waits for the person."""
        self.countdown = None

    def shows(self) -> object:
        """The countdown's seconds (the button's words change with them)."""
        return self.seconds_left, self.group.widgets[0].label() if self.group.widgets else None

    def resize(self, size: tuple[int, int]) -> None:
        """The panel covers most of the table; buttons at its foot."""
        super().resize(size)
        u = self.table.layout.u
        w, h = size
        # Tall enough for a row per player, the farm and the buttons (and the farmer's takings under
        # the title); no taller. Large text makes the rows and the takings taller, and the room
        # they gain is what keeps a long Why whole at a crowded table.
        ts = self.app.text.scale
        needed = round((150 + (34 * (self.source.facts.n + 2) + (28 if self.subtitle() else 0)) * ts) * u)
        self.panel = pygame.Rect(
            0, 0, min(w - round(40 * u), round(1100 * u)), min(h - round(90 * u), needed)
        )
        self.panel.center = (w // 2, h // 2 + round(14 * u))
        bh = round(42 * u)
        buttons = self.group.widgets
        back = self.back_button
        back.rect = pygame.Rect(0, 0, round(260 * u), bh)
        # In the corner, clear of the bottom seat's plate and cards (the person's own).
        back.rect.bottomright = (w - round(16 * u), h - round(16 * u))
        back.font_size = self.table.layout.font["body"]
        width = min(self.panel.w - 40, round(210 * u) * max(2, len(buttons)))
        area = pygame.Rect(0, 0, width, bh)
        area.midbottom = (self.panel.centerx, self.panel.bottom - round(16 * u))
        for b, r in zip(buttons, row(area, len(buttons), round(14 * u)), strict=True):
            b.rect = r
            b.font_size = self.table.layout.font["body"]
        self._chart = None

    def follow_connection(self) -> None:
        """Grey out what tells the host something while the connection is being restored; when it is
        back, Next deal has the focus again (the focus left it while it was greyed out)."""
        online = not self.source.offline
        if self.sending and self.sending[0].enabled != online and online:
            self.group.set_focus(self.sending[0])
        for button in self.sending:
            button.enabled = online

    def tell_host_went_on(self) -> None:
        """A person reading this ledger at a network table is told, once, when its host deals the next
        deal (or the game ends) meanwhile: their turns there run on their clock, whoever reads."""
        source = self.source
        if self.told_begun or self.final or source.facts.watching:
            return
        view = source.view
        if view.deal_no <= source.ledger.deal:
            return
        self.told_begun = True
        if view.phase is Phase.OVER:
            self.app.notice(game_ended_meanwhile, BEGUN_SECONDS)
        else:
            self.app.notice(partial(deal_begun, view.deal_no, is_you(source, view.farmer)), BEGUN_SECONDS)

    def update(self, dt: float) -> None:
        """A watched game goes on by itself; a person's, when the countdown runs out."""
        self.follow_connection()
        self.tell_host_went_on()
        if self.countdown is not None:
            self.countdown -= dt  # the seconds a person reads, whatever the animations' speed
            if self.countdown <= 0:
                self.countdown = None
                self.go_on()
        if self.auto is not None:
            self.auto -= dt / max(self.host.speed, 0.05)
            if self.auto <= 0:
                self.auto = None
                self.go_on()

    def go_on(self) -> None:
        """What the first button does (a watched game presses it by itself)."""
        self.host.next_deal()

    def asks(self) -> bool:
        """The ledger waits for a button (a watched game's goes on by itself)."""
        return any(b.visible for b in self.group.widgets)

    def handle(self, event: pygame.event.Event) -> bool:
        """Enter continues, Tab moves between the buttons, T looks at the table and back."""
        if self.peeking:
            pressed = event.type == pygame.KEYDOWN or (
                event.type == pygame.MOUSEBUTTONDOWN and event.button == 1
            )
            if pressed:
                self.toggle_peek()  # any key or click brings the ledger back
            return pressed
        if event.type == pygame.KEYDOWN and event.key == pygame.K_t and any(
            b.visible for b in self.group.widgets
        ):
            self.toggle_peek()
            return True
        if self.refused_click(event, dict.fromkeys(self.sending, not_while_reconnecting)):
            return True
        offline = self.source.offline and any(b.visible for b in self.sending)
        if offline and event.type == pygame.KEYDOWN and event.key in (pygame.K_RETURN, pygame.K_KP_ENTER):
            self.refuse(not_while_reconnecting)  # "Enter: continue" cannot, meanwhile
            return True
        return self.group.handle(event)

    def keys(self) -> list[str]:
        """The ledger's keys."""
        if self.peeking:
            return [_("Any key: back to the ledger")]
        if not any(b.visible for b in self.group.widgets):
            return []
        if self.countdown is not None:
            return [_("Enter: continue"), _("Any other key: wait"), _("T: the table")]
        return [_("Enter: continue"), _("Tab: next button"), _("T: the table")]

    # ------------------------------------------------------------------ drawing

    def title(self) -> str:
        """The panel's heading."""
        return deal_settled_title(self.source.ledger.deal, i18n.language())

    def subtitle(self) -> str:
        """The line under the heading: that the deal was dealt again after its host restarted, and
        what the deal earned its farmer, when a person here dealt it."""
        ledger = self.source.ledger
        again = redealt_note() if not self.final and ledger.redealt == ledger.deal else ""
        return " ".join(part for part in (again, self._takings()) if part)

    def _takings(self) -> str:
        """What the deal earned its farmer, when a person here dealt it."""
        farmer = self.table.farmer  # as shown
        source = self.source
        if self.final or farmer is None or not source.facts.person(farmer):
            return ""
        ledger = source.ledger
        taken = ledger.farm_taken()
        lost = None if taken is None else (int(taken.target), taken.amount)
        return farmer_takings(farmer, ledger.received(farmer), lost, self.host.eyes, i18n.language())

    def draw_over(self, surface: pygame.Surface) -> None:
        """The ledger panel over the dimmed table (or, while looking at the table, the way back)."""
        if self.peeking:
            self.back_button.draw(surface, self.app.text, True, False)
            return
        lay = self.table.layout
        u = lay.u
        text = self.app.text
        p = self.panel
        draw_panel(surface, p, radius=round(16 * u))
        pad = round(22 * u)
        title = self.title()
        fs_title = text.fit(title, round(30 * u), p.w - 2 * pad, "serif")
        text.blit(surface, title, fs_title, (p.centerx, p.y + pad * 0.7), GOLD, "serif", "midtop")
        top = p.y + pad + round(fs_title * 1.5)
        subtitle = self.subtitle()
        if subtitle:
            width = p.w - 2 * pad
            least = max(9, lay.font["small"] - 2)
            fs_sub = text.fit(subtitle, lay.font["body"], width, "bold", min_size=least)
            lines = text.wrap(subtitle, fs_sub, width, "bold")  # at the least size, two lines
            step = text.font(fs_sub, "bold").get_linesize()
            for i, line in enumerate(lines):
                where = (p.centerx, top - round(6 * u) + i * step)
                text.blit(surface, line, fs_sub, where, INK, "bold", "midtop")
            top += len(lines) * step
        bottom = self.group.widgets[0].rect.top - round(14 * u) if self.group.widgets else p.bottom - pad
        chart_w = round(p.w * 0.3)
        rows = pygame.Rect(p.x + pad, top, p.w - 3 * pad - chart_w, bottom - top)
        chart = pygame.Rect(rows.right + pad, top, chart_w, min(bottom - top, round(chart_w * 0.8)))
        self._draw_rows(surface, rows)
        self._draw_chart(surface, chart)
        self.group.draw(surface, text)

    def reason_parts(self, seat: int) -> list[str]:
        """The Why of ``seat``, a part per kind of payment of this deal, alike ones merged; what was
        paid out of this screen's sight (taken up late, or away a while) in one part, where it was."""
        ledger = self.source.ledger
        unseen = ledger.unseen(seat)
        if not unseen:
            return self._merged(ledger.changes(seat))
        if ledger.away_at:  # the screen saw the deal begin, lost the table, and took it up again
            # Translators: the ledger's Why, after a number: the chips paid or won while this
            # screen's connection to the table was lost ("−2 while you were away").
            when = _("while you were away")
        else:  # a deal taken up late: what was paid before this screen came, said as such
            # A seat's screen taken up mid-deal is one come back (a seat is only ever joined before
            # the start): its person was at the table when those chips moved. A spectator was not.
            when = _("before you came") if self.source.facts.watching else _("before you came back")
        at = ledger.away_at or 0
        lump = f"{'+' if unseen > 0 else '−'}{abs(unseen)} " + when
        seen_before, seen_after = ledger.changes(seat, stop=at), ledger.changes(seat, start=at)
        return [*self._merged(seen_before), lump, *self._merged(seen_after)]

    def _merged(self, changes: list[tuple[int, Reason]]) -> list[str]:
        """``changes`` as Why parts, alike ones merged (nine chips from the nearest: "+1 nearest ×9")."""
        rules = self.source.facts.rules
        language = i18n.language()
        merged: dict[str, int] = {}
        for amount, reason in changes:
            part = f"{'+' if amount > 0 else '−'}{abs(amount)} {reason_word(reason, rules, language)}"
            merged[part] = merged.get(part, 0) + 1
        return [f"{k} ×{v}" if v > 1 else k for k, v in merged.items()]

    def reasons(self, seat: int) -> str:
        """The Why column of ``seat``: its payments of this deal, alike ones merged."""
        return ", ".join(self.reason_parts(seat))

    def why_lines(self, seat: int, size: int, width: int) -> list[str]:
        """``seat``'s whole Why in lines no wider than ``width``, broken between its parts where it can."""
        text = self.app.text
        lines: list[str] = []
        for part in self.reason_parts(seat):
            joined = f"{lines[-1]}, {part}" if lines else part
            if lines and text.size(joined + ",", size)[0] <= width:
                lines[-1] = joined
                continue
            if lines:
                lines[-1] += ","
            lines.extend(text.wrap(part, size, width))  # a part wider than the column breaks between words
        return lines or [""]

    def figures(self) -> tuple[list[int], tuple[int, ...]]:
        """Every seat's chips now and before, as the rows show them."""
        ledger = self.source.ledger
        return list(ledger.chips), ledger.chips_before

    def order(self, now: list[int]) -> list[int]:
        """The seats in the order of the rows."""
        return list(range(self.source.facts.n))

    def headings(self) -> list[str]:
        """The column headings: player, before, change, after."""
        return [_("Player"), _("Before"), _("Change"), _("After")]

    def _draw_rows(self, surface: pygame.Surface, area: pygame.Rect) -> None:
        source = self.source
        text = self.app.text
        u = self.table.layout.u
        n = source.facts.n
        now, before = self.figures()
        order = self.order(now)
        line_h = min(round(34 * u), area.h // (n + 2))  # the headings, a row per player, the footer
        fs = max(10, min(self.table.layout.font["body"], round(line_h * 0.55)))
        small = max(9, round(fs * 0.82))
        cols = [0.0, 0.32, 0.42, 0.52]  # name, before, change, after (fractions of the width)
        heads = self.headings()
        # A column starts at its share of the width, or later if the heading before it is long
        # (German and French headings are wider than the English ones).
        gap = max(6, round(12 * u))
        for i in range(1, len(cols)):
            wide = max(text.size(heads[i - 1], small, "bold")[0], text.size("+999", fs, "bold")[0])
            cols[i] = max(cols[i], cols[i - 1] + (wide + gap) / area.w)
        wide = max(text.size(heads[-1], small, "bold")[0], text.size("999", fs, "bold")[0])
        why_x = max(0.63, cols[-1] + (wide + gap) / area.w)  # after the After column, however wide
        if self.final:  # no Why: the figures move to the right, and the names have the room they leave
            spare = max(0.0, 1 - (cols[-1] + wide / area.w))
            cols = [cols[0], *(c + spare for c in cols[1:])]
        y = area.y
        for frac, head in zip(cols, heads, strict=True):
            text.blit(surface, head, small, (area.x + frac * area.w, y), (170, 190, 170), "bold")
        if not self.final:
            text.blit(surface, _("Why"), small, (area.x + why_x * area.w, y), (170, 190, 170), "bold")
        y += line_h
        dot = max(3, fs // 3)
        farmer = self.table.farmer  # as shown: a network game may already be further on
        places = standing_places(now)
        heights, whys, small = self._row_heights(order, area, line_h, fs, small, why_x)
        for seat in order:
            rect = pygame.Rect(area.x, y, area.w, heights[seat])
            if is_you(source, seat):
                pygame.draw.rect(surface, (40, 70, 50), rect.inflate(8, 0), border_radius=6)
            cy = rect.centery
            pygame.draw.circle(surface, SEAT_COLORS[seat % len(SEAT_COLORS)], (area.x + dot, cy), dot)
            name = source.facts.names[seat]
            if self.final:
                name = f"{places[seat]} {name}"
            # The farmer's house, as on the table (no word to make feminine), kept whole when a long
            # name is cut short: the name gives up its room, never the sign.
            sign = " " + FARMER_SIGN if farmer == seat else ""
            room = round(cols[1] * area.w) - 3 * dot - gap  # before Before
            name = text.ellipsize(name, fs, room - text.size(sign, fs, "bold")[0], "bold") + sign
            text.blit(surface, name, fs, (area.x + 3 * dot, cy), INK, "bold", "midleft")
            delta = now[seat] - before[seat]
            text.blit(surface, str(before[seat]), fs, (area.x + cols[1] * area.w, cy), INK, "sans", "midleft")
            sign = f"+{delta}" if delta > 0 else (f"−{-delta}" if delta < 0 else "0")
            color = UP if delta > 0 else DOWN if delta < 0 else INK
            text.blit(surface, sign, fs, (area.x + cols[2] * area.w, cy), color, "bold", "midleft")
            text.blit(
                surface,
                str(now[seat]),
                fs,
                (area.x + cols[3] * area.w, cy),
                (255, 255, 255),
                "bold",
                "midleft",
            )
            lines = whys.get(seat, [])
            step = text.font(small).get_linesize()
            top = cy - step * len(lines) / 2
            for i, line in enumerate(lines):  # the whole reason, wrapped inside the row
                where = (area.x + why_x * area.w, round(top + step * (i + 0.5)))
                text.blit(surface, line, small, where, (200, 210, 200), "sans", "midleft")
            y += heights[seat]
        footer = self.footer()
        if footer:
            fs_foot = text.fit(footer, fs, area.w - 3 * dot, "bold")
            text.blit(surface, footer, fs_foot, (area.x + 3 * dot, y + line_h // 2), GOLD, "bold", "midleft")

    def _row_heights(
        self, order: list[int], area: pygame.Rect, line_h: int, fs: int, small: int, why_x: float
    ) -> tuple[dict[int, int], dict[int, list[str]], int]:
        """Each row's height, its Why in lines, and the Why's size: a long reason takes the lines it
        needs inside its row, the one-line rows giving up their spare height first, and the Why's
        letters get smaller (never below 8 px) only when the rows cannot make room otherwise."""
        text = self.app.text
        width = round(area.w * (1 - why_x)) - 2
        room = area.h - 2 * line_h  # the headings and the footer keep a line each
        least = max(text.font(fs).get_linesize(), round(line_h * 0.6))  # a row holds its name
        while True:
            whys = {} if self.final else {seat: self.why_lines(seat, small, width) for seat in order}
            step = text.font(small).get_linesize()
            # A row of several lines keeps a gap above and below them where there is room: its last
            # line never sits against the next row's first, so which row says what stays plain. The
            # gap is half a line, or what the room leaves of it, before the letters get smaller.
            for pad in range(step // 2, -1, -1):
                tall = {seat: len(lines) * step + pad for seat, lines in whys.items() if len(lines) > 1}
                singles = len(order) - len(tall)
                base = min(line_h, (room - sum(max(h, least) for h in tall.values())) // max(1, singles))
                heights = {seat: max(base, least, tall.get(seat, 0)) for seat in order}
                if sum(heights.values()) <= room:
                    return heights, whys, small
            if small <= 8:
                return self._cut_to_rows(order, room, least, whys, small, width)
            small -= 1

    def _cut_to_rows(
        self, order: list[int], room: int, least: int, whys: dict[int, list[str]], small: int, width: int
    ) -> tuple[dict[int, int], dict[int, list[str]], int]:
        """Rows that fit ``room`` whatever their Why: each row as tall as its share (never below its
        name's line), its Why cut to the lines that fit inside it, the last ending with "…". A Why
        never runs into the next row, and stays centred on its name."""
        text = self.app.text
        step = text.font(small).get_linesize()
        share = max(least, room // max(1, len(order)))
        heights = {seat: share for seat in order}
        most = max(1, share // step)
        cut: dict[int, list[str]] = {}
        for seat, lines in whys.items():
            if len(lines) > most:
                lines = [*lines[:most - 1], text.ellipsize(" ".join(lines[most - 1:]), small, width)]
            cut[seat] = lines
        return heights, cut, small

    def footer(self) -> str:
        """The line under the rows: the farm carried to the next deal."""
        return colon(pot_name(self.source.facts.rules)) + " " + format_chips(self.source.ledger.farm)

    def chart_rows(self) -> list[tuple[int, ...]]:
        """Every seat's chips at the start and after each deal shown, as the chart plots them."""
        return self.source.ledger.history

    def _draw_chart(self, surface: pygame.Surface, area: pygame.Rect) -> None:
        history = self.chart_rows()
        key = (area.size, len(history), self.final, history[-1])
        if self._chart is None or self._chart[0] != key:
            self._chart = (key, self._make_chart(area.size, history))
        surface.blit(self._chart[1], area)

    def _make_chart(self, size: tuple[int, int], history: list[tuple[int, ...]]) -> pygame.Surface:
        text = self.app.text
        u = self.table.layout.u
        surf = pygame.Surface(size, pygame.SRCALPHA)
        w, h = size
        fs = max(9, round(13 * u))
        pygame.draw.rect(surf, (0, 0, 0, 70), surf.get_rect(), border_radius=8)
        text.blit(surf, _("Chips over the game"), fs, (w // 2, 6), (190, 200, 190), "bold", "midtop")
        plot = pygame.Rect(
            round(34 * u), round(fs * 2.2), w - round(46 * u), h - round(fs * 2.2) - round(26 * u)
        )
        # Scaled to the chips actually seen, so small swings show.
        top = max(max(row) for row in history)
        low = min(min(row) for row in history)
        margin = max(2, (top - low) // 10)
        top, low = top + margin, max(0, low - margin)
        span = max(1, top - low)
        pygame.draw.line(surf, (120, 140, 120), plot.bottomleft, plot.bottomright)
        pygame.draw.line(surf, (120, 140, 120), plot.bottomleft, plot.topleft)
        text.blit(surf, str(top), fs, (plot.x - 4, plot.y), (170, 180, 170), "sans", "topright")
        text.blit(surf, str(low), fs, (plot.x - 4, plot.bottom), (170, 180, 170), "sans", "bottomright")
        deals = len(history) - 1
        text.blit(surf, _("deals"), fs, (plot.right, plot.bottom + 3), (170, 180, 170), "sans", "topright")
        if deals < 1:
            return surf
        seats = len(history[0])
        mark = max(2, round(3 * u))
        # Equal lines would hide one another: each is drawn a pixel or so off the next, and with
        # a mark of its own at every deal (only where the deals are far enough apart to show them).
        step = plot.w / deals
        marked = step >= 3 * mark
        for seat in range(seats):
            offset = (seat - (seats - 1) / 2) * max(1.0, u)
            pts = [
                (plot.x + plot.w * i / deals, plot.bottom - plot.h * (r[seat] - low) / span + offset)
                for i, r in enumerate(history)
            ]
            color = SEAT_COLORS[seat % len(SEAT_COLORS)]
            width = 3 if seat == self.source.facts.bottom else 2
            pygame.draw.lines(surf, color, False, pts, width)
            for point in pts if marked else pts[-1:]:
                draw_mark(surf, seat, color, point, mark)
        return surf


class FinalHandler(LedgerHandler):
    """The final standings; see the module docstring."""

    name = "gameover"
    final = True

    def choices(self) -> list[Button]:
        """What the navigator offers at the end of a game."""
        return [Button(c.label, c.act, c.primary) for c in self.host.nav.game_over(self.source)]

    def enter(self) -> None:
        """Count the game and offer the navigator's buttons (the end itself is shown by :meth:`play`)."""
        super().enter()
        self.auto = None  # the end waits: the navigator decides what comes next

    def play(self, event: Event) -> float:
        """The end of the game: its headline, and a farm nobody won going to its farmer."""
        if not isinstance(event, GameEnded):
            return 0.0
        farmer = self.table.farmer
        farm = self.source.ledger.farm
        eyes = self.host.eyes
        self.table.banner = lambda: headline(event, eyes, i18n.language(), farm=farm, farmer=farmer) or ""
        if farm > 0 and farmer is not None:
            self.table.move_chips(FARM, farmer, farm, None, duration=0.9)
        self.app.deal_shown(self.source.kept)  # the end counted once it is shown
        return 0.0

    def update(self, dt: float) -> None:
        """The end stays until the navigator or the person moves on."""

    def keys(self) -> list[str]:
        """The final standings' keys."""
        if self.peeking:
            return [_("Any key: back to the ledger")]
        if not any(b.visible for b in self.group.widgets):
            return []
        return [_("Enter: choose"), _("Tab: next button"), _("T: the table")]

    @property
    def result(self) -> GameEnded | None:
        """The end of the game."""
        return self.source.ledger.result

    def title(self) -> str:
        """Who won."""
        result = self.result
        if result is None:
            return _("The game is over.")
        return game_over_title(result, self.host.eyes, i18n.language())

    def figures(self) -> tuple[list[int], tuple[int, ...]]:
        """The final standings (an unwon farm counted to its farmer) against the chips at the start."""
        result = self.result
        now = list(result.standings) if result is not None else list(self.source.ledger.chips)
        return now, self.source.ledger.history[0]

    def chart_rows(self) -> list[tuple[int, ...]]:
        """The chart ends at the final standings: a farm nobody won counted to its farmer, as the
        rows and the table say."""
        rows = list(self.source.ledger.history)
        result = self.result
        if result is not None and len(rows) > 1:
            rows[-1] = result.standings
        return rows

    def order(self, now: list[int]) -> list[int]:
        """Best first."""
        return sorted(range(self.source.facts.n), key=lambda s: -now[s])

    def headings(self) -> list[str]:
        """Player, start, change, final."""
        return [_("Player"), pgettext("ledger column", "Start"), _("Change"), _("Final")]

    def footer(self) -> str:
        """What became of the farm nobody won."""
        result = self.result
        farm = self.source.ledger.farm
        farmer = self.table.farmer
        if result is None or farm <= 0 or farmer is None:
            return ""
        return headline(result, self.host.eyes, i18n.language(), farm=farm, farmer=farmer) or ""
