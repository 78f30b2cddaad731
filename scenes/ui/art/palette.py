"""The table's colours: the cloth, the cards, the inks, the chips."""

from __future__ import annotations

from game.rules.cards import Suit

FELT = (26, 104, 60)
FELT_DARK = (12, 58, 32)
RIM = (74, 44, 24)
RIM_LIGHT = (122, 80, 44)
CARD_WHITE = (250, 248, 240)
CARD_EDGE = (160, 160, 150)
RED = (200, 28, 40)
BLACK = (24, 24, 28)
GOLD = (232, 186, 64)
GOLD_DARK = (150, 110, 20)
INK = (240, 236, 220)
OVER_RED = (240, 110, 100)
"""A hand over 16."""
BLUE = (24, 76, 190)
GREEN = (20, 128, 52)
FOUR_COLOURS = {Suit.SPADES: BLACK, Suit.HEARTS: RED, Suit.DIAMONDS: BLUE, Suit.CLUBS: GREEN}
"""The four-colour deck: ♠ black, ♥ red, ♦ blue, ♣ green (the suit's symbol is always printed too)."""
BACKS = {
    "red": ((120, 22, 34), (160, 44, 56)),
    "blue": ((26, 52, 120), (52, 84, 160)),
    "green": ((20, 86, 44), (44, 120, 70)),
}
"""Card-back colours: the ground and its lattice."""
FELTS = {
    "green": ((26, 104, 60), (12, 58, 32)),
    "blue": ((28, 72, 118), (12, 34, 62)),
    "red": ((118, 32, 40), (60, 14, 20)),
}
"""Cloth colours: the table and the room around it."""
CHIP_COLORS = [(196, 44, 44), (40, 90, 180), (236, 236, 228), (40, 140, 70), (30, 30, 34)]


def shade(color: tuple[int, int, int], f: float) -> tuple[int, int, int]:
    """``color`` darkened (or lightened) by the factor ``f``."""
    return (min(255, int(color[0] * f)), min(255, int(color[1] * f)), min(255, int(color[2] * f)))
