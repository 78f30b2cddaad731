"""The felt table: one world of seats, cards, chips, the farm, the deck and the farmer's marker.

The auction, deal, showdown and ledger scenes all drive this one world, so nothing jumps
when the scene changes. Scenes call its verbs (:meth:`Felt.deal_card`,
:meth:`Felt.move_chips`, :meth:`Felt.show_hand`, :meth:`Felt.set_farmer` ...), which start
tweens on sprites; the world draws whatever state the sprites are in. Numbers shown (chips
at a seat, chips in the farm) change when the chips land, so the screen agrees with the
engine once every animation has finished.
"""

from __future__ import annotations

import math
from collections.abc import Callable
from dataclasses import dataclass, field

import pygame

from game.rules.cards import DECK, Card
from game.rules.events import FARM, CardDealt, Place
from game.rules.phase import Phase
from scenes.i18n import _, ngettext, pot_name
from scenes.table.source import TableSource
from scenes.ui.art import GOLD, INK, Art, draw_farmer_mark
from scenes.ui.layout import TableLayout, compute, crown_reach, crown_rise
from scenes.ui.text import Text
from scenes.ui.tween import Tweener, arc, ease_in_out_cubic, ease_out_back, ease_out_cubic, pulse

Message = Callable[[], str]
"""Text made when drawn, so it follows the language of the moment."""

SEAT_COLORS = [
    (230, 159, 0),
    (51, 187, 238),
    (255, 170, 187),
    (0, 153, 136),
    (240, 228, 66),
    (153, 221, 255),
    (238, 119, 51),
    (255, 255, 255),
    (238, 221, 136),
    (238, 136, 102),
]
"""One colour per seat: the dot on its plate and its line in the ledger's chart. Taken from Paul
Tol's and Okabe and Ito's published colour-blind-safe palettes, chosen for ten seats that stay
apart for normal sight, deuteranopia and protanopia alike, and light enough on the felt (tested);
the chart's lines carry a mark per seat too, as colours alone cannot keep ten apart."""
SEAT_MARKS = ("circle", "square", "up", "diamond", "down")
"""The mark at each point of a seat's line in the chart: seat ``s`` has ``SEAT_MARKS[s % 5]``,
filled for the first five seats and hollow for the next five."""

PLATE = (16, 34, 24, 215)
PLATE_ACTIVE = (40, 60, 30, 235)
WIN = (255, 215, 90)


@dataclass(eq=False)
class CardSprite:
    """A card on the table: ``card`` is None while its face is unknown to the human."""

    card: Card | None
    pos: tuple[float, float]
    size: tuple[int, int]
    flip: float = 0.0
    """0: back up, 1: face up; in between it is turning over."""
    under: bool = False
    """Drawn beneath the deck (a card sliding out from the bottom)."""
    lift: float = 0.0
    """Raised this many pixels (the winning hand)."""


def face_up(sprite: CardSprite) -> bool:
    """Whether the viewer sees ``sprite``'s face (known, and turned more than halfway over)."""
    return sprite.card is not None and sprite.flip >= 0.5


def totalled(hand: list[CardSprite]) -> bool:
    """Whether a total may stand on ``hand``: a card of it face up to the viewer, and none of the
    cards they know still turning over (the total never runs ahead of the faces)."""
    return any(face_up(s) for s in hand) and all(face_up(s) for s in hand if s.card is not None)


@dataclass(eq=False)
class ChipSprite:
    """A chip in flight."""

    pos: tuple[float, float]
    color: int


@dataclass(eq=False)
class Label:
    """Words floating on the table for a while, then fading: a payment's reason."""

    text: Message
    pos: tuple[float, float]
    color: tuple[int, int, int]
    life: float
    age: float = 0.0
    avoid: pygame.Rect | None = None
    """Kept clear of this (the hand the note is about), pushed along ``away`` until it is."""
    away: tuple[float, float] = (0.0, 0.0)


@dataclass(frozen=True)
class TakingsBox:
    """The farmer's takings as drawn beside the farm: a caption (a line or two) over the figure, in a
    small box."""

    caption: tuple[str, ...]
    figure: str
    caption_size: int
    figure_size: int
    rect: pygame.Rect


TAKINGS_SIZES = (1.0, 0.9, 0.8, 0.7)
"""The takings' letters against the table's, tried in turn until the box finds a clear spot."""


@dataclass(eq=False)
class SeatState:
    """What the table shows of one seat."""

    chips: int
    status: Message | None = None
    """What the seat last said (a bid, pass, stand), shown on its plate."""
    status_color: tuple[int, int, int] = INK
    badge: Message | None = None
    """A total shown on its hand."""
    badge_color: tuple[int, int, int] = INK
    badge_scale: float = 1.0
    winner: bool = False
    hand: list[CardSprite] = field(default_factory=list)


class Felt:
    """The felt and everything on it, drawn and animated; see the module docstring."""

    def __init__(
        self, source: TableSource, art: Art, text: Text, tweens: Tweener, size: tuple[int, int]
    ) -> None:
        """The table for ``source`` in a window of ``size``."""
        self.source = source
        self.art = art
        self.text = text
        self.tweens = tweens
        self.seats = [SeatState(c) for c in source.ledger.chips]
        self.farm = source.ledger.farm
        self.deck_count = 0
        view = source.view
        if view.phase is Phase.AUCTION:
            self.deck_count = len(DECK)  # taken up in an auction: the new deck waits, whole
        elif view.phase is Phase.PLAY:
            # Taken up in the middle of a deal (a continued game, a network table joined late):
            # the deck as it stood before the cards still waiting to be shown were dealt.
            self.deck_count = view.deck_size + sum(isinstance(e, CardDealt) for e in source.feed)
        self.active: int | None = None
        """The seat whose turn it is (its plate glows)."""
        self.farmer: int | None = None
        self.marker = (0.0, 0.0)
        self.marker_alpha = 0.0
        self.flying: list[ChipSprite] = []
        self.gathering: list[CardSprite] = []
        """Cards on their way back to the deck between deals."""
        self.labels: list[Label] = []
        self.takings: int | None = None
        """The chips paid to the farmer in the deal on show, counted as they land, when the farmer is
        a person at this screen (None: not counted, nothing shown beside the farm)."""
        self._takings_at: tuple[tuple[object, ...], TakingsBox | None] | None = None
        self.banner: Message | None = None
        self._banner_fit: tuple[tuple[object, ...], tuple[list[str], int, pygame.Rect]] | None = None
        self.time = 0.0
        self._plates: dict[tuple[object, ...], pygame.Surface] = {}
        self._placed: list[pygame.Rect] = []
        """Where the notes of the moment stand (each placed keeps clear of those before it)."""
        self._labels_at: tuple[tuple[object, ...], list[tuple[str, float, pygame.Rect]]] | None = None
        """The notes' places worked out last, and for which moment."""
        self.sound: Callable[[str], None] = _silent
        """Plays a sound effect by name (the app's sound bank; silent until one is given)."""
        self.layout: TableLayout = compute(size, source.facts.n, source.facts.bottom, text.scale)

    # ------------------------------------------------------------------ geometry

    def resize(self, size: tuple[int, int]) -> None:
        """Lay the table out again for a new window size; everything snaps to its place."""
        self.tweens.finish_all()
        self.layout = compute(size, self.source.facts.n, self.source.facts.bottom, self.text.scale)
        self._plates.clear()
        for seat, state in enumerate(self.seats):
            self._arrange(seat, animate=False)
            for sprite in state.hand:
                sprite.size = self.layout.seat(seat).card
        if self.farmer is not None:
            self.marker = self._marker_pos(self.farmer)

    def anchor(self, place: Place) -> tuple[float, float]:
        """Where chips leave from or land at: a seat's stack or the farm's pile."""
        if place == FARM:
            r = self.layout.farm
            return (r.centerx, r.centery - r.h * 0.12)
        return self.layout.seat(place).stack.center

    def deck_pos(self) -> tuple[float, float]:
        """The centre of the deck's top card."""
        return self.layout.deck.center

    def _slot(self, seat: int, index: int, count: int) -> tuple[float, float]:
        lay = self.layout.seat(seat)
        w = lay.card[0]
        step = w * (0.62 if seat == self.source.facts.bottom else 0.5)
        if count > 1:
            step = min(step, (lay.hand.w - w) / (count - 1))
        span = w + step * (count - 1)
        x0 = lay.hand.centerx - span / 2 + w / 2
        return (x0 + index * step, lay.hand.centery)

    def _marker_pos(self, seat: int) -> tuple[float, float]:
        return self.layout.seat(seat).marker

    def _arrange(self, seat: int, animate: bool = True) -> None:
        hand = self.seats[seat].hand
        for i, sprite in enumerate(hand):
            target = self._slot(seat, i, len(hand))
            if animate:
                self.tweens.add(sprite, "pos", target, 0.25)
            else:
                self.tweens.cancel(sprite, "pos")
                sprite.pos = target

    # ------------------------------------------------------------------ verbs

    def collect(self, duration: float = 0.45) -> None:
        """Gather every card back to the deck, face down, and forget the last deal's words."""
        sprites = [sprite for state in self.seats for sprite in state.hand]
        for state in self.seats:
            state.hand = []
            state.badge = None
            state.status = None
            state.winner = False
        self.labels.clear()
        self.takings = None  # a new deal: its farmer's takings are counted afresh
        self.gathering = sprites

        def done() -> None:
            self.gathering = []
            self.deck_count = len(DECK)

        if not sprites:
            done()
            return
        for i, sprite in enumerate(sprites):
            self.tweens.add(sprite, "lift", 0.0, duration * 0.5)
            self.tweens.add(sprite, "flip", 0.0, duration * 0.5)
            self.tweens.add(
                sprite,
                "pos",
                self.deck_pos(),
                duration,
                delay=i * 0.01,
                ease=ease_in_out_cubic,
                on_done=done if i == len(sprites) - 1 else None,
            )

    def clear_status(self) -> None:
        """Forget what every seat last said."""
        for state in self.seats:
            state.status = None

    def say(self, seat: int, text: Message, color: tuple[int, int, int] = INK) -> None:
        """Show what ``seat`` says on its plate (a bid, a pass, a stand)."""
        self.seats[seat].status = text
        self.seats[seat].status_color = color

    def deal_card(self, seat: int, card: Card | None, from_bottom: bool, duration: float = 0.4) -> CardSprite:
        """Send a card from the deck to ``seat`` (face up when ``card`` is given)."""
        lay = self.layout.seat(seat)
        start = self.deck_pos()
        sprite = CardSprite(card, start, lay.card, flip=0.0)
        self.sound("card")
        state = self.seats[seat]
        state.hand.append(sprite)
        self.deck_count = max(0, self.deck_count - 1)
        target = self._slot(seat, len(state.hand) - 1, len(state.hand))
        for i, other in enumerate(state.hand[:-1]):
            self.tweens.add(other, "pos", self._slot(seat, i, len(state.hand)), duration * 0.6)

        def fly() -> None:
            sprite.under = False
            self.tweens.add(sprite, "pos", target, duration, ease=ease_out_cubic)
            if card is not None:
                self.tweens.add(sprite, "flip", 1.0, duration * 0.8, delay=duration * 0.3)

        if from_bottom:
            # From under the deck: the card slides out below it before it flies.
            sprite.under = True
            below = (start[0], start[1] + self.layout.deck.h * 0.75)
            self.tweens.add(sprite, "pos", below, duration * 0.45, ease=ease_in_out_cubic, on_done=fly)
        else:
            fly()
        return sprite

    def hide_hand(self, seat: int) -> None:
        """Turn ``seat``'s cards face down at once and take its total away (pass-and-play)."""
        state = self.seats[seat]
        for sprite in state.hand:
            sprite.card = None
            sprite.flip = 0.0
        state.badge = None

    def reveal_hand(self, seat: int, cards: tuple[Card, ...]) -> None:
        """Show ``seat``'s own cards face up at once (its player alone is looking)."""
        for sprite, card in zip(self.seats[seat].hand, cards, strict=False):
            sprite.card = card
            sprite.flip = 1.0

    def show_hand(self, seat: int, cards: tuple[Card, ...], duration: float = 0.45) -> None:
        """Turn ``seat``'s cards face up (the ones the human has not seen yet flip over)."""
        hand = self.seats[seat].hand
        if any(i >= len(hand) or hand[i].flip < 1.0 or hand[i].card is None for i in range(len(cards))):
            self.sound("flip")
        for i, card in enumerate(cards):
            if i >= len(hand):
                hand.append(CardSprite(card, self.deck_pos(), self.layout.seat(seat).card))
            sprite = hand[i]
            if sprite.flip < 1.0 or sprite.card is None:
                sprite.card = card
                sprite.flip = 0.0
                self.tweens.add(
                    sprite, "flip", 1.0, duration, delay=i * duration * 0.25, ease=ease_in_out_cubic
                )
        self._arrange(seat)

    def set_badge(
        self, seat: int, text: Message, color: tuple[int, int, int] = INK, pop: bool = True
    ) -> None:
        """Show ``text`` (a total) on ``seat``'s hand."""
        state = self.seats[seat]
        state.badge = text
        state.badge_color = color
        if pop:
            self.tweens.add(state, "badge_scale", 1.0, 0.35, start=0.3, ease=ease_out_back)

    def crown(self, seat: int) -> None:
        """Mark ``seat``'s hand as the winner: it rises and glows."""
        state = self.seats[seat]
        state.winner = True
        spot = self.layout.seat(seat)
        for sprite in state.hand:
            # Towards the middle of the table, with a bounce no further than the layout keeps room for.
            rise = crown_rise(spot.card[1], spot.hand_above)
            self.tweens.add(sprite, "lift", rise, 0.4, ease=ease_out_back)

    def set_farmer(self, seat: int, duration: float = 0.7) -> None:
        """Move the farmer's marker to ``seat``."""
        target = self._marker_pos(seat)
        if self.farmer is None:
            self.marker = self.layout.farm.center
            self.tweens.add(self, "marker_alpha", 255.0, duration * 0.5)
        self.farmer = seat
        self.tweens.add(self, "marker", target, duration, ease=ease_in_out_cubic)

    def clear_farmer(self, duration: float = 0.5) -> None:
        """Nobody is farmer any more (a new farm is up for auction): the marker goes back to the farm."""
        if self.farmer is None:
            return
        self.farmer = None
        self.tweens.add(self, "marker", self.layout.farm.center, duration, ease=ease_in_out_cubic)
        self.tweens.add(self, "marker_alpha", 0.0, duration)

    def place_farmer(self, seat: int) -> None:
        """Put the farmer's marker at ``seat`` at once (a table set up for a game continued from a save)."""
        self.farmer = seat
        self.marker = self._marker_pos(seat)
        self.marker_alpha = 255.0

    def move_chips(
        self,
        source: Place,
        target: Place,
        amount: int,
        note: Message | None,
        duration: float = 0.55,
        takings: bool = False,
    ) -> None:
        """Chips fly from ``source`` to ``target`` in an arc; the counts change as they leave and land.

        ``note`` (the reason) is written on the table by the flight's path for a while. ``takings``:
        a payment of the deal to its farmer, added to :attr:`takings` as it lands.
        """
        if amount <= 0:
            return
        a = self.anchor(source)
        b = self.anchor(target)
        self.sound("chips")
        self._add_count(source, -amount)
        shown = min(amount, 8)
        height = max(16.0, math.dist(a, b) * 0.12)
        color = 0 if source == FARM else int(source) % 5
        for i in range(shown):
            chip = ChipSprite(a, color + i)
            self.flying.append(chip)
            last = i == shown - 1

            def land(chip: ChipSprite = chip, last: bool = last) -> None:
                if chip in self.flying:
                    self.flying.remove(chip)
                if last:
                    self._add_count(target, amount)
                    if takings and self.takings is not None:
                        self.takings += amount

            self.tweens.add(
                chip,
                "pos",
                b,
                duration,
                delay=i * 0.06,
                ease=ease_in_out_cubic,
                path=arc(height),
                on_done=land,
            )
        if note is not None:
            # Written on the felt just inside the hand of the seat that pays (or wins the farm).
            seat = int(target if source == FARM else source)
            hand = self.layout.seat(seat).hand
            centre = self.layout.table.center
            dx, dy = centre[0] - hand.centerx, centre[1] - hand.centery
            norm = max(1.0, math.hypot(dx, dy))
            reach = hand.h * 0.85
            mid = (hand.centerx + dx / norm * reach, hand.centery + dy / norm * reach)
            # The hand, grown by its badge and its rise when crowned, is kept uncovered.
            avoid = hand.inflate(hand.h * 0.4, hand.h * 0.4)
            self.labels.append(
                Label(
                    note,
                    mid,
                    WIN if target != FARM else INK,
                    2.2 * max(self.tweens.speed, 0.5),
                    avoid=avoid,
                    away=(dx / norm, dy / norm),
                )
            )

    def _add_count(self, place: Place, delta: int) -> None:
        if place == FARM:
            self.farm += delta
        else:
            self.seats[place].chips += delta

    def sync(self) -> None:
        """Snap every number to what the screen has been told (the source's ledger)."""
        ledger = self.source.ledger
        self.flying.clear()
        for seat, state in enumerate(self.seats):
            state.chips = ledger.chips[seat]
        self.farm = ledger.farm
        if self.takings is not None and self.farmer is not None:
            self.takings = ledger.received(self.farmer)

    def count_takings(self) -> None:
        """The cards of a deal are on the table: when its farmer is a person at this screen, what the
        players pay it is counted beside the farm as it lands (see :attr:`takings`)."""
        if self.takings is None and self.farmer is not None and self.source.facts.person(self.farmer):
            self.takings = self.source.ledger.received(self.farmer)

    def note(
        self, text: Message, pos: tuple[float, float], color: tuple[int, int, int] = INK, life: float = 2.0
    ) -> None:
        """Write ``text`` on the table at ``pos`` for ``life`` seconds."""
        self.labels.append(Label(text, pos, color, life))

    # ------------------------------------------------------------------ frame

    def update(self, dt: float) -> None:
        """Age the floating words (the tweens are run by the app)."""
        self.time += dt
        for label in self.labels:
            label.age += dt
        self.labels = [label for label in self.labels if label.age < label.life]

    def items(self, window: pygame.Rect) -> dict[object, tuple[object, pygame.Rect]]:
        """What the table shows, piece by piece: for each piece (a plate, a card, a chip in flight,
        a note, the deck, the farm, the marker, a total, the headline) what it looks like now and
        the rectangle it covers. Two of these, one of a frame shown and one of now, tell which
        rectangles changed (:func:`changed_rects`): all a frame need draw and present."""
        lay = self.layout
        out: dict[object, tuple[object, pygame.Rect]] = {("felt",): ((lay.size, tuple(lay.table)), window)}
        for seat in range(len(self.seats)):
            plate = lay.seat(seat).plate
            if self.active == seat:
                look: object = (self._plate_key(seat), int(60 + 90 * pulse(self.time)))
                out[("plate", seat)] = (look, self._plate_glow_rect(seat))
            else:
                out[("plate", seat)] = (self._plate_key(seat), plate)
        for state in self.seats:
            for sprite in state.hand:
                out[("card", id(sprite))] = self._card_item(sprite)
        for sprite in self.gathering:
            out[("card", id(sprite))] = self._card_item(sprite)
        if self.deck_count > 0:
            out[("deck",)] = (min(6, 1 + self.deck_count // 8), self.deck_rect())
        out[("farm",)] = ((self.farm, pot_name(self.source.facts.rules)), self.farm_rect())
        takings = self.takings_box()
        if takings is not None:
            t = takings
            look = (t.caption, t.figure, t.caption_size, t.figure_size, tuple(t.rect))
            out[("takings",)] = (look, takings.rect.inflate(2, 2))
        for seat, state in enumerate(self.seats):
            if state.winner:
                glow = self._glow_rect(seat)
                if glow is not None:
                    out[("glow", seat)] = (int(90 + 80 * pulse(self.time, 1.6)), glow)
            if state.badge is not None and totalled(state.hand):
                text, size, box = self._badge_box(seat, state)
                out[("badge", seat)] = ((text, size, state.badge_color, tuple(box)), box.inflate(4, 4))
        if self.marker_alpha > 0:
            mr = max(8, round(lay.seat(self.farmer or 0).plate.h * 0.27))
            mx, my = round(self.marker[0]), round(self.marker[1])
            out[("marker",)] = ((mx, my, mr), pygame.Rect(mx - mr - 2, my - mr - 2, 2 * mr + 6, 2 * mr + 7))
        cr = lay.chip_r
        for chip in self.flying:
            cx, cy = chip.pos[0] - cr - 1, chip.pos[1] - cr - 1
            box = pygame.Rect(int(cx) - 1, int(cy) - 1, 2 * cr + 6, 2 * cr + 6)
            out[("chip", id(chip))] = ((cx, cy, chip.color), box)
        for label, (text, fade, box) in zip(self.labels, self._label_boxes(window), strict=True):
            out[("label", id(label))] = ((text, int(255 * fade), int(170 * fade), tuple(box)), box)
        if self.banner is not None:
            lines, size, box = self.banner_lines()
            out[("banner",)] = ((tuple(lines), size, tuple(box)), box.inflate(size, size // 2 + 4))
        return out

    def _card_item(self, sprite: CardSprite) -> tuple[object, pygame.Rect]:
        w, h = sprite.size
        x, y = sprite.pos[0], sprite.pos[1] - sprite.lift
        squeeze = abs(math.cos(math.pi * sprite.flip))
        face = sprite.card if sprite.flip >= 0.5 else None
        width = w if squeeze > 0.98 else max(1, round(w * squeeze)) // 3 * 3
        # Where it is exactly: the picture and its shadow round differently.
        look = (face, x, y, sprite.size, width, sprite.under)
        # The card and its shadow (6 pixels wider and taller, one lower), and a pixel for rounding.
        return look, pygame.Rect(math.floor(x - w / 2) - 2, math.floor(y - h / 2) - 2, w + 10, h + 11)

    def deck_rect(self) -> pygame.Rect:
        """Where the deck is drawn, its layers and shadow with it (as it stands now: the more cards,
        the more layers)."""
        r = self.layout.deck
        layers = min(6, 1 + self.deck_count // 8)
        return pygame.Rect(r.x - layers - 1, r.y, r.w + layers + 8, r.h + layers + 8)

    def farm_rect(self) -> pygame.Rect:
        """Where the farm's stacks and its count are drawn."""
        lay = self.layout
        r = lay.farm
        chip_w = max(10, round(lay.chip_r * 2.2))
        side = self.art.chip_side(chip_w, 2)
        step = max(2, side.get_height() // 3)
        bottom = r.bottom - round(lay.font["small"] * 1.6)
        top = bottom - side.get_height() - 10 * step
        left = round(r.centerx - 1.5 * chip_w * 1.05 - chip_w / 2) - 2
        stacks = pygame.Rect(left, top - 2, round(4 * chip_w * 1.05 + chip_w) + 4, bottom - top + 4)
        return r.union(stacks).inflate(4, 4)

    def draw(self, surface: pygame.Surface) -> None:
        """Draw the whole table."""
        lay = self.layout
        surface.blit(self.art.felt(lay.size, lay.table), (0, 0))
        clip = surface.get_clip()
        for seat in range(len(self.seats)):
            # A frame drawn for a glow's rectangle skips the plates it cannot touch (each costs
            # some Python; ten of them were a third of such a frame).
            if clip.colliderect(self._plate_glow_rect(seat)):
                self._draw_plate(surface, seat)
        for state in self.seats:
            for sprite in state.hand:
                if sprite.under:
                    self._draw_card(surface, sprite)
        self._draw_deck(surface)
        for sprite in self.gathering:
            self._draw_card(surface, sprite)
        self._draw_farm(surface)
        self._draw_takings(surface)
        for seat, state in enumerate(self.seats):
            if state.winner:
                self._draw_glow(surface, seat)
            for sprite in state.hand:
                if not sprite.under:
                    self._draw_card(surface, sprite)
            if state.badge is not None and totalled(state.hand):
                self._draw_badge(surface, seat, state)  # a total only of cards the viewer sees
        if self.marker_alpha > 0:
            self._draw_marker(surface)
        r = lay.chip_r
        for chip in self.flying:
            img = self.art.chip(r, chip.color)
            surface.blit(img, (chip.pos[0] - r - 1, chip.pos[1] - r - 1))
        for label, (text, fade, box) in zip(self.labels, self._label_boxes(surface.get_rect()), strict=True):
            self._draw_label(surface, label, text, fade, box)
        if self.banner is not None:
            lines, size, box = self.banner_lines()
            step = box.h / len(lines)
            for i, line in enumerate(lines):
                where = (box.centerx, round(box.top + step * (i + 0.5)))
                self.text.blit(surface, line, size, where, INK, "bold", "center")

    def banner_lines(self) -> tuple[list[str], int, pygame.Rect]:
        """The headline's lines, their size and where they stand. A sentence too long for one line
        at the headline's size takes two (then more) lines before its letters get smaller, and
        never smaller than the table's body text where there is room for it: the sentence that
        decides a deal is as readable as any. The lines rise from the banner's foot (the deck and
        the farm lie below it) no higher than its room, clear of the seats above (between the seats
        beside it where they leave its width too little height); at a crowded table they are made
        smaller rather than cover a seat's cards."""
        lay = self.layout
        text = self.banner() if self.banner is not None else ""
        key = (text, tuple(lay.banner), tuple(lay.banner_room), lay.font["body"], self.text.scale)
        if self._banner_fit is None or self._banner_fit[0] != key:
            # Worked out once per sentence and layout: every note on the felt asks where it stands.
            self._banner_fit = (key, self._fit_banner(text))
        lines, size, box = self._banner_fit[1]
        return list(lines), size, box.copy()

    def _fit_banner(self, text: str) -> tuple[list[str], int, pygame.Rect]:
        lay = self.layout
        width = lay.banner.w
        size = lay.font["banner"]
        least = lay.font["body"]
        lines = [text]
        if self.text.size(text, size, "bold")[0] > width:
            lines = self.text.wrap(text, size, width, "bold")
            while len(lines) > 2 and size > least:
                size -= 1
                lines = self.text.wrap(text, size, width, "bold")
        if len(lines) == 1:
            return lines, size, lay.banner.copy()
        if lay.banner_room.w < width:  # the room between the seats beside the banner, higher up
            width = lay.banner_room.w
            lines = self.text.wrap(text, size, width, "bold")
            while len(lines) > 2 and size > least:
                size -= 1
                lines = self.text.wrap(text, size, width, "bold")
        step = self.text.font(size, "bold").get_linesize()
        # Never smaller than the table's small text; with large text, where a crowded table leaves no
        # more room, as small as that text is drawn without it, rather than cover a seat's cards.
        floor = max(8, math.ceil(lay.font["small"] / self.text.scale))
        while step * len(lines) > lay.banner_room.h and size > floor:
            size -= 1
            lines = self.text.wrap(text, size, width, "bold")
            step = self.text.font(size, "bold").get_linesize()
        box = pygame.Rect(0, 0, width, step * len(lines))
        box.midbottom = lay.banner.midbottom
        return lines, size, box

    def _draw_card(self, surface: pygame.Surface, sprite: CardSprite) -> None:
        w, h = sprite.size
        x, y = sprite.pos[0], sprite.pos[1] - sprite.lift
        squeeze = abs(math.cos(math.pi * sprite.flip))
        face = sprite.card if sprite.flip >= 0.5 else None
        if squeeze > 0.98:
            img = self.art.card(face, sprite.size)
            surface.blit(self.art.shadow(sprite.size), (x - w / 2, y - h / 2 + 1))
        else:
            width = max(1, round(w * squeeze))
            img = self.art.card_squeezed(face, sprite.size, width)
        surface.blit(img, (round(x - img.get_width() / 2), round(y - h / 2)))

    def _draw_deck(self, surface: pygame.Surface) -> None:
        if self.deck_count <= 0:
            return
        r = self.layout.deck
        back = self.art.card(None, r.size)
        layers = min(6, 1 + self.deck_count // 8)
        surface.blit(self.art.shadow(r.size), (r.x, r.y + layers))
        for i in range(layers):
            surface.blit(back, (r.x - i, r.y + (layers - i)))

    def _draw_farm(self, surface: pygame.Surface) -> None:
        r = self.layout.farm
        lay = self.layout
        chip_w = max(10, round(lay.chip_r * 2.2))
        # Its stacks and label stay within twice its box each way: a frame drawn for a rectangle
        # elsewhere (a glow's) skips them.
        if not surface.get_clip().colliderect(r.inflate(r.w + 6 * chip_w, 2 * r.h)):
            return
        side = self.art.chip_side(chip_w, 2)
        step = max(2, side.get_height() // 3)
        count = min(max(self.farm, 0), 40)
        stacks = 4
        bottom = r.bottom - round(lay.font["small"] * 1.6)
        for s in range(stacks):
            n = count // stacks + (1 if s < count % stacks else 0)
            x = r.centerx + (s - (stacks - 1) / 2) * chip_w * 1.05 - chip_w / 2
            for i in range(n):
                img = self.art.chip_side(chip_w, (s + i) % 5)
                surface.blit(img, (round(x), bottom - side.get_height() - i * step))
        label = _("{pot}: {n}").format(pot=pot_name(self.source.facts.rules), n=self.farm)
        size = self.text.fit(label, lay.font["body"], r.w, "bold")
        self.text.blit(surface, label, size, (r.centerx, r.bottom), INK, "bold", "midbottom")

    def takings_box(self) -> TakingsBox | None:
        """Where and how the farmer's takings are drawn (None: not counted, or no clear spot).

        Beside the farm, else under it, else beside the deck: the first spot that covers no seat's
        plate or cards (however a winning hand rises), the deck, the farm, the headline or the action
        panel; its letters a little smaller where none is clear at the table's size. The notes on the
        felt keep clear of it in turn (see :meth:`_obstacles`).
        """
        if self.takings is None:
            return None
        caption = _("Collected this deal")
        figure = ngettext("{n} chip", "{n} chips", self.takings).format(n=self.takings)
        lay = self.layout
        key = (caption, figure, lay.size, lay.n, lay.human, tuple(lay.farm), self.text.scale)
        if self._takings_at is None or self._takings_at[0] != key:
            # Worked out once per figure and layout: every frame and every note asks where it is.
            self._takings_at = (key, self._place_takings(caption, figure))
        return self._takings_at[1]

    def _place_takings(self, caption: str, figure: str) -> TakingsBox | None:
        lay = self.layout
        gap = max(4, round(8 * lay.u))
        keep_clear = [lay.header, lay.banner, lay.panel, lay.deck.inflate(2 * gap + 8, 2 * gap + 8)]
        keep_clear.append(self.farm_rect().inflate(gap, gap))
        for seat in lay.seats:
            # A winning hand rises by a sixth of a card towards the middle; its total sits on its top.
            rise = round(seat.card[1] * 0.3)
            keep_clear.append(seat.block.union(seat.hand.inflate(gap, 2 * rise)).inflate(gap, gap))
        felt = lay.table
        for share in TAKINGS_SIZES:
            small = max(9, round(lay.font["small"] * share))
            big = max(10, round(lay.font["body"] * share))
            fw, fh = self.text.size(figure, big, "bold")
            pad = max(3, small // 2)
            step = self.text.font(small).get_linesize()
            # The caption on one line, else (a narrower box) on two before the letters get smaller.
            for lines in (caption,), self._two_lines(caption, small):
                cw = max(self.text.size(line, small)[0] for line in lines)
                box = pygame.Rect(0, 0, max(cw, fw) + 2 * pad, step * len(lines) + fh + pad)
                for spot in self._takings_spots(box, gap):
                    if felt.contains(spot) and spot.collidelist(keep_clear) < 0:
                        return TakingsBox(lines, figure, small, big, spot)
        return None

    def _two_lines(self, text: str, size: int) -> tuple[str, ...]:
        """``text`` broken at the space that leaves its longer line shortest (itself, without a space)."""
        words = text.split(" ")
        splits = [(" ".join(words[:i]), " ".join(words[i:])) for i in range(1, len(words))]
        if not splits:
            return (text,)
        return min(splits, key=lambda pair: max(self.text.size(line, size)[0] for line in pair))

    def _takings_spots(self, box: pygame.Rect, gap: int) -> list[pygame.Rect]:
        """Where the takings may stand, best first: right of the farm, under it, under the middle,
        left of the deck."""
        lay = self.layout
        farm = self.farm_rect()
        deck = lay.deck.inflate(8, 8)
        right = box.copy()
        right.midleft = (farm.right + gap, lay.farm.centery)
        under = box.copy()
        under.midtop = (lay.farm.centerx, farm.bottom + gap)
        middle = box.copy()
        middle.midtop = ((deck.centerx + farm.centerx) // 2, max(deck.bottom, farm.bottom) + gap)
        left = box.copy()
        left.midright = (deck.left - gap, lay.deck.centery)
        return [right, under, middle, left]

    def _draw_takings(self, surface: pygame.Surface) -> None:
        takings = self.takings_box()
        if takings is None or not surface.get_clip().colliderect(takings.rect):
            return
        box = takings.rect
        bg = pygame.Surface(box.size, pygame.SRCALPHA)
        radius = max(4, box.h // 4)
        pygame.draw.rect(bg, (0, 0, 0, 150), bg.get_rect(), border_radius=radius)
        pygame.draw.rect(bg, (*GOLD, 160), bg.get_rect(), width=1, border_radius=radius)
        surface.blit(bg, box)
        size = takings.caption_size
        y = box.y + max(3, size // 2) // 2
        for line in takings.caption:
            self.text.blit(surface, line, size, (box.centerx, y), (205, 220, 205), "sans", "midtop")
            y += self.text.font(size).get_linesize()
        self.text.blit(surface, takings.figure, takings.figure_size, (box.centerx, y), GOLD, "bold", "midtop")

    def _plate_key(
        self, seat: int
    ) -> tuple[int, str, int, str, tuple[int, int, int], bool, bool, bool, tuple[int, int]]:
        """What ``seat``'s plate shows (its picture is kept by this)."""
        state = self.seats[seat]
        status = state.status() if state.status is not None else ""
        out = state.chips <= 0 and self.source.ledger.chips[seat] <= 0
        # The farmer's marker sits at the plate's right end; other plates lend that room to what is said.
        marked = self.farmer == seat
        return (
            seat,
            self.source.facts.names[seat],
            state.chips,
            status,
            state.status_color,
            self.active == seat,
            out,
            marked,
            self.layout.seat(seat).plate.size,
        )

    def _plate_surface(self, seat: int) -> pygame.Surface:
        lay = self.layout.seat(seat)
        state = self.seats[seat]
        name = self.source.facts.names[seat]
        key = self._plate_key(seat)
        _seat, name, _chips, status, _colour, active, out, marked, _size = key
        surf = self._plates.get(key)
        if surf is not None:
            return surf
        if len(self._plates) > 2 * len(self.seats):
            # A state or two per seat are all a frame needs; more only holds memory (86 KB each at
            # 1080p, 350 KB at 4K).
            self._plates.clear()
        w, h = lay.plate.size
        surf = pygame.Surface((w, h), pygame.SRCALPHA)
        radius = max(4, h // 5)
        pygame.draw.rect(surf, PLATE_ACTIVE if active else PLATE, (0, 0, w, h), border_radius=radius)
        pygame.draw.rect(
            surf,
            GOLD if active else (70, 100, 80),
            (0, 0, w, h),
            width=2 if active else 1,
            border_radius=radius,
        )
        fs = self.layout.font["name"]
        stack_w = lay.stack.w
        left = stack_w + round(h * 0.22)
        right = w - round(h * 0.6)
        dot = max(3, fs // 4)
        pygame.draw.circle(surf, SEAT_COLORS[seat % len(SEAT_COLORS)], (left + dot, round(h * 0.3)), dot)
        text_x = left + 3 * dot
        name_color = (150, 150, 140) if out else (255, 255, 255)
        # The name runs to the farmer's marker, or to the plate's end when it bears none; a long
        # one is set a little smaller before it loses letters ("Zoë phone" whole at 1080p).
        name_room = (right if marked else w - round(h * 0.2)) - text_x
        name_size = self.text.fit(name, fs, name_room, "bold", min_size=max(9, round(fs * 0.75)))
        shown = self.text.ellipsize(name, name_size, name_room, "bold")
        self.text.blit(surf, shown, name_size, (text_x, round(h * 0.3)), name_color, "bold", "midleft")
        small = max(9, round(fs * 0.88))
        # With something said, the count alone (the stack beside it says "chips") leaves it room.
        if out:
            chips = _("out")
        elif status:
            chips = str(state.chips)
        else:
            chips = ngettext("{n} chip", "{n} chips", state.chips).format(n=state.chips)
        crect = self.text.blit(
            surf, chips, small, (left, round(h * 0.72)), (210, 220, 200), "sans", "midleft"
        )
        if status:
            status_right = right if marked else w - round(h * 0.2)
            room = status_right - crect.right - small // 2
            if room > small:
                # A smaller size before an ellipsis: "thinking…" beside 100 chips reads whole.
                size = self.text.fit(status, small, room, "bold", min_size=max(8, round(small * 0.72)))
                st = self.text.ellipsize(status, size, room, "bold")
                self.text.blit(
                    surf, st, size, (status_right, round(h * 0.72)), state.status_color, "bold", "midright"
                )
        # The seat's chips as a little stack, taller with more chips (part of the cached plate).
        stack = lay.stack.move(-lay.plate.x, -lay.plate.y)
        chip_count = max(state.chips, 0)
        if chip_count:
            side = self.art.chip_side(stack.w, seat % 5)
            step = max(2, (stack.h - side.get_height()) // 10)
            for i in range(min(10, 1 + chip_count // 12)):
                surf.blit(
                    self.art.chip_side(stack.w, (seat + i // 3) % 5),
                    (stack.x, stack.bottom - side.get_height() - i * step),
                )
        surf = surf.convert_alpha()
        self._plates[key] = surf
        return surf

    def glow_rects(self) -> list[pygame.Rect]:
        """Where the glows are (the seat to act's plate, the winning hands): all that changes on
        a table at rest, as time passes."""
        rects = []
        if self.active is not None and 0 <= self.active < len(self.seats):
            rects.append(self._plate_glow_rect(self.active))
        for seat, state in enumerate(self.seats):
            if state.winner:
                rect = self._glow_rect(seat)
                if rect is not None:
                    rects.append(rect)
        return rects

    def _plate_glow_rect(self, seat: int) -> pygame.Rect:
        return self.layout.seat(seat).plate.inflate(8, 8)

    def _draw_plate(self, surface: pygame.Surface, seat: int) -> None:
        lay = self.layout.seat(seat)
        if self.active == seat:
            glow = self._plate_glow_rect(seat)
            alpha = int(60 + 90 * pulse(self.time))
            g = pygame.Surface(glow.size, pygame.SRCALPHA)
            pygame.draw.rect(g, (*GOLD, alpha), g.get_rect(), border_radius=max(6, glow.h // 4))
            surface.blit(g, glow)
        surface.blit(self._plate_surface(seat), lay.plate)

    def _draw_badge(self, surface: pygame.Surface, seat: int, state: SeatState) -> None:
        text, size, box = self._badge_box(seat, state)
        img = self.text.render(text, size, (20, 20, 20), "bold")
        pygame.draw.rect(surface, state.badge_color, box, border_radius=box.h // 2)
        pygame.draw.rect(surface, (30, 30, 30), box, width=1, border_radius=box.h // 2)
        surface.blit(img, img.get_rect(center=box.center))

    def _badge_box(self, seat: int, state: SeatState) -> tuple[str, int, pygame.Rect]:
        """The total's words, their size, and the box they are drawn in."""
        assert state.badge is not None
        lay = self.layout.seat(seat)
        text = state.badge()
        size = max(
            10,
            round(
                self.layout.font["body"]
                * (1.1 if seat == self.source.facts.bottom else 0.95)
                * state.badge_scale
            ),
        )
        img = self.text.render(text, size, (20, 20, 20), "bold")  # kept: the draw asks for it again
        pad = size // 3
        box = pygame.Rect(0, 0, img.get_width() + 2 * pad, img.get_height() + pad // 2)
        hand = state.hand
        if hand:
            last = hand[-1]
            box.center = (
                round(last.pos[0] + last.size[0] / 2 - box.w * 0.2),
                round(lay.hand.top + box.h * 0.2),
            )
        else:
            box.center = lay.hand.center
        return text, size, box

    def _glow_rect(self, seat: int) -> pygame.Rect | None:
        """Where the glow behind ``seat``'s winning hand is (None: no cards to glow behind)."""
        lay = self.layout.seat(seat)
        hand = self.seats[seat].hand
        if not hand:
            return None
        xs = [s.pos[0] for s in hand]
        w, h = lay.card
        lift = hand[0].lift
        rect = pygame.Rect(0, 0, max(xs) - min(xs) + w + 16, h + 16)
        rect.center = (round((max(xs) + min(xs)) / 2), round(lay.hand.centery - lift))
        return rect

    def _draw_glow(self, surface: pygame.Surface, seat: int) -> None:
        rect = self._glow_rect(seat)
        if rect is None:
            return
        g = pygame.Surface(rect.size, pygame.SRCALPHA)
        alpha = int(90 + 80 * pulse(self.time, 1.6))
        pygame.draw.rect(g, (*WIN, alpha), g.get_rect(), border_radius=12)
        surface.blit(g, rect)

    def _draw_marker(self, surface: pygame.Surface) -> None:
        r = max(8, round(self.layout.seat(self.farmer or 0).plate.h * 0.27))
        draw_farmer_mark(surface, (round(self.marker[0]), round(self.marker[1])), r)

    def fixtures(self) -> list[pygame.Rect]:
        """What lies on the table for a while and must not be covered by words laid over it: every
        name plate, every hand's place (a winning hand lifted included; not the farmer's, who is
        dealt none), the deck, the farm, the farmer's takings beside it and the headline's room.
        Places rather than the cards themselves, so that words put clear of them stay put while
        cards fly."""
        lay = self.layout
        out = [lay.deck.inflate(16, 16), self.farm_rect(), lay.banner, lay.banner_room]
        takings = self.takings_box()
        if takings is not None:
            out.append(takings.rect)
        for spot in lay.seats:
            out.append(spot.plate)
            if spot.seat != self.farmer:
                lift = crown_reach(spot.card[1])
                out.append(spot.hand.inflate(4, 2 * lift + 4))
        return out

    def _kept_clear(self) -> list[pygame.Rect]:
        """What a note is never laid over, even where nothing else is clear: the names, the deck (while
        it holds cards) and the farm."""
        rects = [self.layout.seat(seat).plate for seat in range(len(self.seats))]
        if self.deck_count > 0:
            rects.append(self.deck_rect())
        rects.append(self.farm_rect())
        return rects

    def _obstacles(self, avoid: pygame.Rect | None) -> list[pygame.Rect]:
        """What a note on the table must never cover: names, the deck, the farm, the headline, hands,
        other notes."""
        rects = self._kept_clear()
        for state in self.seats:  # the cards on the table, a winning hand's above all
            for card in state.hand:
                box = pygame.Rect(0, 0, *card.size)
                box.center = (round(card.pos[0]), round(card.pos[1] - card.lift))
                rects.append(box)
        if self.banner is not None:
            rects.append(self.banner_lines()[2])
        takings = self.takings_box()
        if takings is not None:
            rects.append(takings.rect)
        if avoid is not None:
            rects.append(avoid)
        return rects + self._placed

    def _clear_spot(
        self, box: pygame.Rect, window: pygame.Rect, avoid: pygame.Rect | None
    ) -> pygame.Rect | None:
        """``box`` moved, as little as it takes, to where it covers nothing it must not and stays
        inside; where nothing is clear near it, to where at least it covers no name plate, nor the
        deck or the farm. None when even that cannot be: the note is not shown rather than laid
        across a name or the deck."""
        for obstacles in (self._obstacles(avoid), self._kept_clear()):
            for dx, dy in _spiral(max(4, box.h // 2), NOTE_RINGS):
                spot = box.move(dx, dy)
                if window.contains(spot) and spot.collidelist(obstacles) < 0:
                    return spot
        return None

    def _label_boxes(self, window: pygame.Rect) -> list[tuple[str, float, pygame.Rect]]:
        """Each note's words, how faded it is (0-255) and where it stands: clear of the plates, the
        hands, the headline and the notes before it. Worked out once a moment (the draw and the
        frame's rectangles ask alike)."""
        key = (self.time, tuple(window), tuple(id(label) for label in self.labels), self.banner, self.takings)
        if self._labels_at is not None and self._labels_at[0] == key:
            return self._labels_at[1]
        self._placed = []
        out = []
        for label in self.labels:
            fade = min(1.0, (label.life - label.age) / 0.5, label.age / 0.15)
            text = label.text()
            size = self.layout.font["small"]
            img = self.text.render(text, size, label.color, "bold")
            pad = size // 3
            box = pygame.Rect(0, 0, img.get_width() + 2 * pad, img.get_height() + pad)
            x, y = label.pos[0], label.pos[1] - label.age * 6
            box.center = (round(x), round(y))
            if label.avoid is not None and label.away != (0.0, 0.0):
                for _step in range(200):
                    if not box.colliderect(label.avoid):
                        break
                    x, y = x + label.away[0] * 2, y + label.away[1] * 2
                    box.center = (round(x), round(y))
            spot = self._clear_spot(box, window, label.avoid)
            if spot is None:  # no room beside the plates: unseen, and covering nothing
                out.append((text, 0.0, pygame.Rect(box.center, (0, 0))))
                continue
            self._placed.append(spot)
            out.append((text, fade, spot))
        self._labels_at = (key, out)
        return out

    def _draw_label(
        self, surface: pygame.Surface, label: Label, text: str, fade: float, box: pygame.Rect
    ) -> None:
        if not box.w:
            return  # a note with no room beside the plates (see _clear_spot)
        img = self.text.render(text, self.layout.font["small"], label.color, "bold")
        bg = pygame.Surface(box.size, pygame.SRCALPHA)
        pygame.draw.rect(bg, (0, 0, 0, int(170 * fade)), bg.get_rect(), border_radius=box.h // 2)
        surface.blit(bg, box)
        img.set_alpha(int(255 * fade))
        surface.blit(img, img.get_rect(center=box.center))
        img.set_alpha(None)


NOTE_RINGS = 40
"""How far round its place a note looks for room (in steps of half its height)."""


def _spiral(step: int, rings: int = 12) -> list[tuple[int, int]]:
    """Offsets round a point, nearest first: where to try a note that would cover something."""
    offsets = [(0, 0)]
    for ring in range(1, rings + 1):
        d = ring * step
        offsets += [(0, -d), (0, d), (-d, 0), (d, 0), (-d, -d), (d, -d), (-d, d), (d, d)]
    return offsets


def _silent(name: str) -> None:
    """No sound."""
