"""The guide's overlay on the table: the step on show, in a note beside the thing it is about.

A step (:class:`game.play.guide.Step`) points at something on the table: the farm, a plate, the
person's cards, a button. :class:`GuideOverlay` draws a gold ring round that thing and a note
with the step's words beside it, an arrow from the note to the ring, and under a step that
only explains a *Got it* button (Enter). The note is placed by :func:`place_note` where it
covers neither the thing it points at nor any button (the one to press above all), and as
little as it can of the plates, cards, deck and farm. *Skip the guide* stays in the bottom
right corner, above *Skip »*, while the guide has steps left (G, a gamepad's Back, or the
pause menu's entry skip it too).

The overlay also keeps the action panel to what the step asks: the buttons of the other
moves are greyed out (and the table refuses those moves, see
:meth:`scenes.table.guided.GuidedTableScene.act`).
"""

from __future__ import annotations

import math
from collections.abc import Iterable, Sequence
from dataclasses import dataclass
from typing import TYPE_CHECKING, Protocol

import pygame

from game.play.guide import Gate, GuideRun, Spot, Step, Who
from game.rules.actions import Kind
from game.rules.cards import Card
from game.rules.events import BidMade, ChipsMoved, FarmWon, NearestFound
from scenes import i18n
from scenes.table.auction import AuctionHandler
from scenes.table.deal import DealHandler
from scenes.table.flow import Stage
from scenes.table.guide_words import Facts, got_it_label, skip_label, step_words
from scenes.table.ledger import LedgerHandler
from scenes.table.source import TableSource, human_to_act
from scenes.ui.art import GOLD
from scenes.ui.widgets import Button, draw_panel

if TYPE_CHECKING:
    from scenes.table.scene import TableScene

NOTE_WIDTH = 430
"""The note's width at the 1280 × 720 reference size (at most two fifths of the window)."""
NOTE_LINES = 5
"""The most lines a step's words take (a smaller letter first, down to :data:`LEAST_SCALE`)."""
LEAST_SCALE = 0.8
"""The smallest the note's letters get, against the table's body text."""
INK_NOTE = (245, 240, 225)
SKIP_KEY = pygame.K_g
"""The key that skips the guide (a gamepad's Back stands for it, see :mod:`scenes.app.gamepad`)."""
RING = GOLD


class GuidedSource(TableSource, Protocol):
    """A table's source followed by a guide (see :class:`scenes.table.guided.GuidedTable`)."""

    run: GuideRun
    """Where the table is in the guide's steps."""
    farmer_shown: int | None
    """The farmer as the table shows it."""

    def skip(self) -> None:
        """Stop the guide; the game plays on without it."""
        ...


@dataclass(frozen=True)
class Note:
    """A step laid out: its box, its lines and their size, and the box of its *Got it* button."""

    box: pygame.Rect
    lines: tuple[str, ...]
    size: int
    button: pygame.Rect | None


def place_note(
    size: tuple[int, int],
    area: pygame.Rect,
    target: pygame.Rect | None,
    forbidden: Sequence[pygame.Rect],
    covered: Sequence[pygame.Rect],
    gap: int,
    words: Sequence[pygame.Rect] = (),
    stop: pygame.Rect | None = None,
) -> pygame.Rect:
    """Where a note of ``size`` goes in ``area``: beside ``target`` (above, below, to either side)
    if it can be, else anywhere in ``area``, never over ``target``, a ``forbidden`` rectangle or
    the ``words`` on the table, and over as little of the ``covered`` ones as it can. The nearest
    to ``target`` of the best; of those whose arrow (see :func:`arrow_line`, ``stop``) crosses no
    ``words`` if there are any."""
    w, h = size
    spots: list[pygame.Rect] = []
    if target is not None:
        for dx, dy in ((0, -1), (0, 1), (1, 0), (-1, 0)):
            box = pygame.Rect(0, 0, w, h)
            if dy < 0:
                box.midbottom = (target.centerx, target.top - gap)
            elif dy > 0:
                box.midtop = (target.centerx, target.bottom + gap)
            elif dx > 0:
                box.midleft = (target.right + gap, target.centery)
            else:
                box.midright = (target.left - gap, target.centery)
            spots.append(box.clamp(area))
    steps = 12
    for i in range(steps + 1):
        for j in range(steps + 1):
            box = pygame.Rect(0, 0, w, h)
            box.topleft = (area.x + (area.w - w) * i // steps, area.y + (area.h - h) * j // steps)
            spots.append(box)
    keep_off = [*forbidden, *words, *([target.inflate(gap, gap)] if target is not None else [])]
    best: tuple[tuple[bool, int, float], pygame.Rect] | None = None
    for box in spots:
        if not area.contains(box) or box.collidelist(keep_off) != -1:
            continue
        # Words crossed by the arrow could not be read: any spot that spares them beats every other.
        start, end = arrow_line(box, target, stop) if target is not None else (box.center, box.center)
        blots = any(crosses(start, end, rect) for rect in words)
        hidden = sum(_overlap(box, rect) for rect in covered)
        if target is not None:  # the arrow had better not cross the words or cards on its way
            hidden += sum(_crossed(start, end, rect) * gap for rect in covered if not rect.contains(target))
        far = 0.0 if target is None else math.dist(box.center, target.center)
        score = (blots, hidden, far)
        if best is None or score < best[0]:
            best = (score, box)
    if best is not None:
        return best[1]
    box = pygame.Rect(0, 0, w, h)
    box.midtop = (area.centerx, area.y)  # a window too full to keep clear of everything
    return box


def _overlap(a: pygame.Rect, b: pygame.Rect) -> int:
    clip = a.clip(b)
    return clip.w * clip.h


def _crossed(start: tuple[float, float], end: tuple[float, float], rect: pygame.Rect) -> int:
    """How far the line from ``start`` to ``end`` runs over ``rect`` (pixels)."""
    line = rect.clipline(start, end)
    return round(math.dist(*line)) if line else 0


def arrow_line(
    box: pygame.Rect, ring: pygame.Rect, stop: pygame.Rect | None = None
) -> tuple[tuple[float, float], tuple[float, float]]:
    """Where the arrow from the note ``box`` to ``ring`` starts and ends: from the edge of one to the
    edge of the other, or only as far as the edge of ``stop`` (the action panel round a button,
    whose question the arrow would otherwise run through)."""
    start = _edge_point(box, ring.center)
    end = _edge_point(ring, box.center)
    if stop is not None and not stop.collidepoint(start):
        into = stop.clipline(start, ring.center)
        if into:
            end = (float(into[0][0]), float(into[0][1]))
    return start, end


def crosses(start: tuple[float, float], end: tuple[float, float], rect: pygame.Rect) -> bool:
    """Whether the line from ``start`` to ``end`` runs over ``rect``."""
    return bool(rect.clipline(start, end))


def _edge_point(rect: pygame.Rect, toward: tuple[float, float]) -> tuple[float, float]:
    """Where the line from ``rect``'s centre to ``toward`` leaves ``rect``."""
    cx, cy = rect.center
    dx, dy = toward[0] - cx, toward[1] - cy
    if dx == 0 and dy == 0:
        return float(cx), float(cy)
    scale = min(
        (rect.w / 2) / abs(dx) if dx else math.inf,
        (rect.h / 2) / abs(dy) if dy else math.inf,
    )
    return cx + dx * scale, cy + dy * scale


class GuideOverlay:
    """The guide over a table scene; see the module docstring."""

    def __init__(self, scene: TableScene, source: GuidedSource) -> None:
        """The guide of ``source``'s run, drawn over ``scene``."""
        self.scene = scene
        self.source = source
        self.run: GuideRun = source.run
        self.got_it_button = Button(got_it_label, self.got_it, primary=True)
        self.skip_button = Button(skip_label, self.skip)
        self.step: Step | None = None
        """The step the overlay shows (it follows the run's)."""
        self.facts: Facts | None = None
        self._note: tuple[object, Note] | None = None

    # ------------------------------------------------------------------ following the table

    def follow(self) -> bool:
        """Tell the run where the table stands, keep the buttons to what the step allows; whether the
        step on show changed."""
        scene, source, run = self.scene, self.source, self.run
        if run.current is None and not run.skipped and scene.app.stack.top is scene:
            handler = scene.handler
            if isinstance(handler, LedgerHandler) and not handler.final and scene.stage is Stage.LEDGER:
                run.ledger(source.ledger.deal)
            elif human_to_act(source) and handler.prompt is not None:
                run.asked(source.view)
        changed = run.current is not self.step
        if changed:
            self.step = run.current
            self.facts = self._facts(self.step) if self.step is not None else None
            self._note = None
        self._keep_to_step()
        return changed

    def _keep_to_step(self) -> None:
        """Grey out the buttons of the moves the step on show does not ask for."""
        handler = self.scene.handler
        run = self.run
        if isinstance(handler, AuctionHandler):
            bidding = run.allows(Kind.BID)
            handler.pass_button.enabled = run.allows(Kind.PASS)
            for button in (handler.bid_button, *handler.steps):
                if not bidding:
                    button.enabled = False
        elif isinstance(handler, DealHandler):
            if not run.allows(Kind.DRAW):
                handler.card_button.enabled = False
            if not run.allows(Kind.STAND):
                handler.stand_button.enabled = False
        focused = handler.buttons.focused
        if focused is not None and not focused.enabled:
            live = [b for b in handler.buttons.widgets if b.visible and b.enabled]
            if live:
                handler.buttons.set_focus(live[-1] if isinstance(handler, AuctionHandler) else live[0])

    def _facts(self, step: Step) -> Facts:
        """The figures of the table that ``step``'s words name, as they stand now."""
        source = self.source
        view = source.view
        names = source.facts.names
        you = source.facts.bottom
        cause = self.run.cause
        farmer = source.farmer_shown
        name, amount, other = "", 0, 0
        if isinstance(cause, ChipsMoved):
            amount = cause.amount
            party = cause.target if cause.source == you or cause.source == "farm" else cause.source
            if isinstance(party, int):
                name = names[party]
                shown = view.shown_hands
                if shown is not None and party < len(shown):
                    other = sum(card.points for card in shown[party])
        elif isinstance(cause, FarmWon):
            amount = cause.amount
        elif isinstance(cause, NearestFound) and cause.seat is not None:
            name, other = names[cause.seat], cause.total
        if step.spot is Spot.PASS and view.high_bidder is not None:
            name, amount = names[view.high_bidder], view.high_bid
        elif isinstance(cause, BidMade):
            name, amount = names[cause.seat], cause.amount
        if step.who is Who.FARMER and farmer is not None and not name:
            name = names[farmer]
        six = Card.parse("6H")
        return Facts(
            rules=source.facts.rules,
            farm=source.ledger.farm,
            farmer=names[farmer] if farmer is not None else "",
            total=view.total,
            name=name,
            amount=amount,
            other=other,
            brilliant=six in view.hand,
        )

    # ------------------------------------------------------------------ input

    def got_it(self) -> None:
        """The step that explains has been read: the table goes on."""
        self.run.got_it()

    def skip(self) -> None:
        """Stop the guide: the game plays on without it, and is saved like any other from now on."""
        if not self.skip_offered:
            return
        self.source.skip()
        if self.scene.stage is Stage.LEDGER:
            self.scene.app.deal_shown(self.source.kept)  # the deals already shown count at once
        else:
            self.scene.app.game_moved(self.source.kept)

    @property
    def skip_offered(self) -> bool:
        """Whether *Skip the guide* is offered (while the guide has steps left, before the end)."""
        return self.run.active and self.run.in_order and self.scene.stage is not Stage.FINAL

    def handle(self, event: pygame.event.Event) -> bool:
        """Enter (or a click on it) for *Got it*; G (a gamepad's Back) or a click for *Skip the guide*."""
        self._place_skip()
        note = self.note()
        holding = self.run.holds and note is not None
        if event.type == pygame.KEYDOWN and holding and event.key in (pygame.K_RETURN, pygame.K_KP_ENTER):
            self.got_it()
            return True
        if event.type == pygame.KEYDOWN and event.key == SKIP_KEY and self.skip_offered:
            self.skip()
            return True
        if event.type == pygame.MOUSEBUTTONDOWN and event.button == 1:
            if (
                holding
                and note is not None
                and note.button is not None
                and note.button.collidepoint(event.pos)
            ):
                self.got_it()
                return True
            if self.skip_offered and self.skip_button.rect.collidepoint(event.pos):
                self.skip()
                return True
        return False

    # ------------------------------------------------------------------ where things are

    def target(self) -> pygame.Rect | None:
        """What the step on show points at, on the table as it is now (None: not on show now)."""
        step, scene = self.step, self.scene
        if step is None:
            return None
        lay = scene.table.layout
        handler = scene.handler
        spot = step.spot
        if spot is Spot.FARM:
            return scene.table.items(pygame.Rect((0, 0), lay.size))[("farm",)][1]
        if spot is Spot.PLATE:
            seat = self._seat(step)
            if seat is None:
                return None
            plate = lay.seat(seat).plate.inflate(8, 8)
            badge = self._badge(seat)
            if badge is not None and self.ring(plate).colliderect(badge):
                # A ring across the total would spoil its figures: round the whole seat instead.
                return plate.union(self._hand(seat)).union(badge)
            return plate
        if spot is Spot.HAND:
            you = self.source.facts.bottom
            hand = self._hand(you)
            badge = self._badge(you)
            return hand.union(badge) if badge is not None else hand
        button: Button | None = None
        if spot is Spot.GO_ON:
            group = handler.group if isinstance(handler, LedgerHandler) else None
            live = [w for w in group.widgets if w.visible] if group is not None else []
            button = live[0] if live and isinstance(live[0], Button) else None
        elif isinstance(handler, AuctionHandler):
            button = {Spot.BID: handler.bid_button, Spot.PASS: handler.pass_button}.get(spot)
        elif isinstance(handler, DealHandler):
            button = {Spot.CARD: handler.card_button, Spot.STAND: handler.stand_button}.get(spot)
        if button is None or not button.visible:
            return None
        # The ring hugs the button as closely as it must to leave the question above it and the
        # totals below it readable (the panel leaves little room at a small size).
        words = self.words(lasting=True)
        for pad in (10, 6, 2):
            rect = button.rect.inflate(pad, pad)
            if self.ring(rect).collidelist(words) == -1:
                return rect
        return button.rect.copy()

    def ring(self, target: pygame.Rect) -> pygame.Rect:
        """The gold ring drawn round ``target``."""
        thick = self._thick()
        return target.inflate(thick * 2, thick * 2)

    def _thick(self) -> int:
        return max(2, round(3 * self.scene.table.layout.u))

    def _hand(self, seat: int) -> pygame.Rect:
        """Where ``seat``'s cards lie now (their place when it has none)."""
        table = self.scene.table
        cards = [pygame.Rect(0, 0, *s.size) for s in table.seats[seat].hand]
        for rect, sprite in zip(cards, table.seats[seat].hand, strict=True):
            rect.center = (round(sprite.pos[0]), round(sprite.pos[1] - sprite.lift))
        hand = table.layout.seat(seat).hand
        return hand.unionall(cards) if cards else hand

    def _badge(self, seat: int) -> pygame.Rect | None:
        """The total shown on ``seat``'s hand, as drawn (None: none shown)."""
        window = pygame.Rect((0, 0), self.scene.table.layout.size)
        item = self.scene.table.items(window).get(("badge", seat))
        return item[1] if item is not None else None

    def words(self, *, lasting: bool = False) -> list[pygame.Rect]:
        """The words on the table that the note and its arrow must leave readable: the action
        panel's question, the totals on the hands, the farmer's takings, the headline and (unless
        ``lasting``: only what stays) the notes written by the chips' flights."""
        scene = self.scene
        rects: list[pygame.Rect] = []
        line = scene.prompt_line()
        if line is not None:
            rects.append(line[2])
        kinds = ("badge", "takings", "banner") if lasting else ("badge", "takings", "banner", "label")
        window = pygame.Rect((0, 0), scene.table.layout.size)
        for key, (_look, rect) in scene.table.items(window).items():
            if isinstance(key, tuple) and key and key[0] in kinds:
                rects.append(rect)
        return rects

    def stop(self) -> pygame.Rect | None:
        """Where the arrow stops short of what it points at: the action panel's edge, for a button
        under its question (None: the arrow reaches the ring)."""
        step = self.step
        if step is None or step.spot not in (Spot.BID, Spot.PASS, Spot.CARD, Spot.STAND):
            return None
        return self.scene.table.layout.panel if self.scene.handler.prompt is not None else None

    def arrow(self) -> tuple[tuple[float, float], tuple[float, float]] | None:
        """Where the arrow of the step on show runs, from the note towards its ring (None: no arrow)."""
        note = self.note()
        target = self.target()
        if note is None or target is None:
            return None
        start, end = arrow_line(note.box, self.ring(target), self.stop())
        return (start, end) if math.dist(start, end) >= self._thick() * 4 else None

    def _seat(self, step: Step) -> int | None:
        if step.who is Who.FARMER:
            return self.source.farmer_shown
        cause = self.run.cause
        if step.who is Who.PAYEE and isinstance(cause, ChipsMoved) and isinstance(cause.target, int):
            return cause.target
        return self.source.facts.bottom

    def _buttons(self) -> list[pygame.Rect]:
        """Every button on screen: the action panel's, the ledger's, the corners'."""
        scene = self.scene
        handler = scene.handler
        rects = [b.rect for b in handler.buttons.widgets if b.visible]
        if isinstance(handler, LedgerHandler) and handler.transparent:
            rects += [w.rect for w in handler.group.widgets if w.visible]
        for button, on in (
            (scene.skip_button, scene.skippable),
            (scene.history_button, scene.history_shown),
            (scene.coach_button, scene.coach_offered),
            (self.skip_button, self.skip_offered),
        ):
            if on:
                rects.append(button.rect.inflate(6, 6))
        return [r for r in rects if r.w > 0 and r.h > 0]

    def _covered(self) -> list[pygame.Rect]:
        """What the note had better leave in sight: plates, cards, deck, farm, headline, panels."""
        scene = self.scene
        table = scene.table
        lay = table.layout
        handler = scene.handler
        rects = [lay.seat(s).plate for s in range(len(table.seats))]
        if isinstance(handler, LedgerHandler) and handler.transparent:
            return [handler.panel, *rects]
        for state in table.seats:
            for sprite in state.hand:
                box = pygame.Rect(0, 0, *sprite.size)
                box.center = (round(sprite.pos[0]), round(sprite.pos[1] - sprite.lift))
                rects.append(box)
        rects += [lay.deck, lay.farm, *table.fixtures()]
        if table.banner is not None:
            rects.append(table.banner_lines()[2])
        if handler.prompt is not None:
            rects.append(lay.panel)
        return rects

    def _place_skip(self) -> None:
        """*Skip the guide* in the bottom right corner, above the table's *Skip »*."""
        scene = self.scene
        lay = scene.table.layout
        u = lay.u
        text = scene.app.text
        b = self.skip_button
        b.font_size = lay.font["small"]
        w = text.size(b.label(), b.font_size, "bold")[0] + round(24 * u)
        b.rect = pygame.Rect(0, 0, w, max(round(34 * u), 30))
        margin = round(10 * u)
        b.rect.bottomright = (lay.size[0] - margin, scene.skip_button.rect.top - margin)

    def note(self) -> Note | None:
        """The step on show laid out (None: no step, or its thing is not on the table now)."""
        step, facts = self.step, self.facts
        if step is None or facts is None:
            return None
        target = self.target()
        if target is None and step.spot is not Spot.FARM:
            return None
        scene = self.scene
        lay = scene.table.layout
        buttons = self._buttons()
        key = (
            step,
            facts,
            i18n.language(),
            lay.size,
            scene.app.text.scale,
            tuple(target or ()),
            tuple(map(tuple, buttons)),
            tuple(map(tuple, self.words(lasting=True))),
            scene.stage,
        )
        if self._note is not None and self._note[0] == key:
            return self._note[1]
        note = self._lay_out(step, facts, target, buttons)
        self._note = (key, note)
        return note

    def _lay_out(
        self, step: Step, facts: Facts, target: pygame.Rect | None, buttons: Iterable[pygame.Rect]
    ) -> Note:
        scene = self.scene
        text = scene.app.text
        lay = scene.table.layout
        u = lay.u
        words = step_words(step.id, facts)
        width = min(round(NOTE_WIDTH * u), lay.size[0] * 2 // 5)
        pad = round(14 * u)
        body = lay.font["body"]
        size = body
        lines = text.wrap(words, size, width - 2 * pad)
        while len(lines) > NOTE_LINES and size > round(body * LEAST_SCALE):
            size -= 1
            lines = text.wrap(words, size, width - 2 * pad)
        step_h = text.font(size).get_linesize()
        button_h = max(round(34 * u), 28) if step.gate is Gate.GOT_IT else 0
        height = pad * 2 + step_h * len(lines) + (button_h + pad // 2 if button_h else 0)
        area = pygame.Rect(0, lay.header.bottom, *lay.size)
        area.h -= lay.header.bottom + round(6 * u)
        area = area.inflate(-round(8 * u), 0)
        readable = [rect for rect in self.words() if target is None or not target.contains(rect)]
        gap = round(28 * u)
        covered = self._covered()
        box = place_note((width, height), area, target, list(buttons), covered, gap, readable, self.stop())
        button = None
        if button_h:
            label = got_it_label()
            bw = text.size(label, body, "bold")[0] + round(36 * u)
            button = pygame.Rect(0, 0, bw, button_h)
            button.bottomright = (box.right - pad, box.bottom - pad)
        return Note(box, tuple(lines), size, button)

    def drawn_rects(self) -> list[pygame.Rect]:
        """Where the overlay draws (to be drawn again over whatever changes beneath it)."""
        rects: list[pygame.Rect] = []
        note = self.note()
        if note is not None:
            target = self.target()
            rects.append(note.box.inflate(8, 8))
            if target is not None:
                rects.append(target.inflate(12, 12).union(note.box.inflate(8, 8)))
        if self.skip_offered:
            self._place_skip()
            rects.append(self.skip_button.rect.inflate(8, 8))
        return rects

    # ------------------------------------------------------------------ drawing

    def draw(self, surface: pygame.Surface) -> None:
        """The ring, the arrow, the note and its button; *Skip the guide* in its corner."""
        scene = self.scene
        text = scene.app.text
        lay = scene.table.layout
        u = lay.u
        if self.skip_offered:
            self._place_skip()
            self.skip_button.draw(surface, text, False, False)
        note = self.note()
        if note is None:
            return
        target = self.target()
        thick = self._thick()
        if target is not None:
            ring = self.ring(target)
            pygame.draw.rect(surface, RING, ring, width=thick, border_radius=max(6, round(10 * u)))
            arrow = self.arrow()
            if arrow is not None:
                self._arrow(surface, *arrow, thick)
        draw_panel(surface, note.box, radius=round(12 * u), alpha=240)
        pygame.draw.rect(surface, RING, note.box, width=max(1, thick // 2), border_radius=round(12 * u))
        pad = round(14 * u)
        step = text.font(note.size).get_linesize()
        for i, line in enumerate(note.lines):
            text.blit(surface, line, note.size, (note.box.x + pad, note.box.y + pad + step * i), INK_NOTE)
        if note.button is not None:
            self.got_it_button.rect = note.button
            self.got_it_button.font_size = lay.font["body"]
            self.got_it_button.draw(surface, text, True, False)

    def _arrow(
        self, surface: pygame.Surface, start: tuple[float, float], end: tuple[float, float], thick: int
    ) -> None:
        """A gold arrow from ``start`` (the note's edge) to ``end`` (the ring, or the panel round it)."""
        length = math.dist(start, end)
        ux, uy = (end[0] - start[0]) / length, (end[1] - start[1]) / length
        head = thick * 4
        base = (end[0] - ux * head, end[1] - uy * head)
        pygame.draw.line(surface, RING, start, base, thick)
        left = (base[0] - uy * head * 0.6, base[1] + ux * head * 0.6)
        right = (base[0] + uy * head * 0.6, base[1] - ux * head * 0.6)
        pygame.draw.polygon(surface, RING, [end, left, right])
