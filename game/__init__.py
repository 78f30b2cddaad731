"""Farmer's headless engine: cards, rule sets, the game state machine, events, AI and the deal log.

Nothing here imports pygame; the screens, the tests and the tools all share it.
"""

from game.actions import DRAW, PASS, STAND, Action, IllegalAction, Kind, bid
from game.agents import Agent, ThresholdAgent
from game.cards import DECK, SIX_OF_HEARTS, Card, Suit, hand_total, parse_cards
from game.engine import Game, Phase
from game.rules import FOSTER, RULE_NAMES, RuleSet, rules_named
from game.view import View

__all__ = [
    "DECK", "DRAW", "FOSTER", "PASS", "RULE_NAMES", "SIX_OF_HEARTS", "STAND", "Action", "Agent",
    "Card", "Game", "IllegalAction", "Kind", "Phase", "RuleSet", "Suit", "ThresholdAgent",
    "View", "bid", "hand_total", "parse_cards", "rules_named",
]
