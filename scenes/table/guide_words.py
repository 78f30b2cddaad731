"""The words of the guide: each step of :mod:`game.play.guide` in one or two sentences, in the language
of the moment, with the figures of the table it is shown at.

:class:`Facts` holds the figures a step's words name (taken when the step comes up, so the
words do not change while its chips land); :func:`step_words` makes the sentence. The
buttons' names in the sentences are the buttons' own words (Card, Carte, Karte). A number is
never split from the word after it at the end of a line (4 jetons, 4 Chips, 16 juste), nor a
button's name (« Je m'y tiens »).
"""

from __future__ import annotations

import re
from dataclasses import dataclass

from game.play.guide import StepId
from game.rules.ruleset import RuleSet
from scenes.i18n import _, draw_word, format_chips, ngettext, stand_word


@dataclass(frozen=True)
class Facts:
    """The figures a step's words name, as the table shows them when it comes up."""

    rules: RuleSet
    farm: int = 0
    """The chips in the farm."""
    farmer: str = ""
    """The farmer's name."""
    total: int = 0
    """The person's points."""
    name: str = ""
    """The other player the step is about (a bidder, a payer, a payee)."""
    amount: int = 0
    """The chips (or points) the step is about: a bid, a payment, a farm won."""
    other: int = 0
    """The other player's points (the nearest's)."""
    brilliant: bool = False
    """Whether the person's hand holds the six of hearts."""


def guide_label() -> str:
    """The guided first game, as the menu and How to play offer it."""
    return _("Guided game")


def skip_label() -> str:
    """The button that stops the guide (the game plays on without it)."""
    return _("Skip the guide")


def got_it_label() -> str:
    """The button under a step that only explains."""
    return _("Got it")


NO_BREAK = "\u00a0"
"""The space that keeps a number with its unit when the words are wrapped (see :func:`unsplit`)."""
_NUMBER_SPACE = re.compile(r"(\d) ")


def unsplit(words: str) -> str:
    """``words`` with every number tied to the word after it (a no-break space), so that no line of
    the note ends on a bare figure: "4 jetons" and "4 Chips" stay whole wherever they fall."""
    return _NUMBER_SPACE.sub(lambda m: m.group(1) + NO_BREAK, words)


def step_words(step: StepId, facts: Facts) -> str:
    """What ``step`` says, with ``facts``' figures (numbers kept with their units, see :func:`unsplit`)."""
    return unsplit(_sentence(step, facts))


def _sentence(step: StepId, facts: Facts) -> str:
    f = facts
    # A button's name is one thing to read: never split over two lines ("Je m'y tiens").
    card, stand = draw_word().replace(" ", NO_BREAK), stand_word(f.rules).replace(" ", NO_BREAK)
    if step is StepId.FARM_FOR_SALE:
        return _(
            "The farm is for sale: the {farm} everyone has just put in. "
            "The highest bid buys it, and the farmer's seat with it."
        ).format(farm=format_chips(f.farm))
    if step is StepId.PASS_FIRST:
        return _("{name} bids {n}. Press Pass this time, and see what the bid buys.").format(
            name=f.name, n=f.amount
        )
    if step is StepId.BID_PAID:
        return _(
            "{name} paid {chips} into the farm, which now holds {farm}. "
            "It stays with {name} until someone makes exactly 16 and takes it."
        ).format(name=f.name, chips=format_chips(f.amount), farm=format_chips(f.farm))
    if step is StepId.FARMER_SEAT:
        return _(
            "{name} is the farmer now, marked by the little house. "
            "The farmer deals and plays no hand, and everyone who goes over 16 pays the farmer."
        ).format(name=f.farmer)
    if step is StepId.MUST_DRAW:
        return _(
            "You have {n}. Aim for 16, or as near as you can below it; "
            "everyone must take at least one more card: press {card}."
        ).format(n=f.total, card=card)
    if step is StepId.STAND:
        return _(
            "You have {n}: any card above {room} would take you over 16. Press {stand} to keep your {n}."
        ).format(n=f.total, room=16 - f.total, stand=stand)
    if step is StepId.NEAREST:
        return _(
            "Nobody made 16, so {name}, nearest below it with {n}, takes a chip from each other player. "
            "The farmer pays nothing and keeps the farm."
        ).format(name=f.name, n=f.other)
    if step is StepId.LEDGER:
        return _("After each deal the ledger shows who paid whom, and why. Press Next deal to go on.")
    if step is StepId.SAME_FARMER:
        return _("Nobody won the farm, so {name} deals again. You have {n}: take your card.").format(
            name=f.farmer, n=f.total
        )
    if step is StepId.OVER:
        return _(
            "{n}: you went over 16, and your turn ends here. Each point over will cost you a chip."
        ).format(n=f.total)
    if step is StepId.PAY_FARMER:
        return ngettext(
            "You pay {name} {n} chip, one for each point over 16. That is what a farmer lives on.",
            "You pay {name} {n} chips, one for each point over 16. That is what a farmer lives on.",
            f.amount,
        ).format(name=f.farmer, n=f.amount)
    if step is StepId.SIXTEEN:
        if f.brilliant:
            return _(
                "16 with the six of hearts: the best 16 there is. "
                "No card could help, so you stand by yourself."
            )
        return _("Exactly 16! No card could help, so you stand by yourself.")
    if step is StepId.FARM_WON:
        return _(
            "Exactly 16 takes the whole farm: its {farm} are yours. The next deal sells a new farm."
        ).format(farm=format_chips(f.amount))
    if step is StepId.BUY:
        return _(
            "A new farm of {farm}, and you bid first. Set your bid with + and −, then press Bid: "
            "the highest bid goes into the farm and makes its bidder the farmer. Here nobody bids more."
        ).format(farm=format_chips(f.farm))
    if step is StepId.YOU_FARMER:
        return _(
            "You are the farmer, and the farm holds {farm}. You play no hand this time: "
            "watch the others draw, and collect from everyone who goes over 16."
        ).format(farm=format_chips(f.farm))
    if step is StepId.COLLECT:
        return ngettext(
            "{name} went over by {n} and pays you {n} chip: everyone who goes over pays the farmer.",
            "{name} went over by {n} and pays you {n} chips: everyone who goes over pays the farmer.",
            f.amount,
        ).format(name=f.name, n=f.amount)
    if step is StepId.LAST_DEAL:
        return _(
            "Nobody made 16, and that was the last deal. A farm nobody won stays with its farmer: "
            "its {farm}, your bid among them, are yours."
        ).format(farm=format_chips(f.farm))
    if step is StepId.THE_END:
        return _(
            "That was a whole game of Farmer! Start one of your own here, or read every rule in How to play."
        )
    if step is StepId.HINT_BID:
        return _(
            "The farm is for sale. Bid for it or pass: "
            "the highest bid buys it, and the farmer's seat with it."
        )
    if step is StepId.HINT_DRAW:
        return _(
            "Aim for 16, or as near as you can below it. "
            "Everyone must take at least one more card: press {card}."
        ).format(card=card)
    return _(
        "{card} for another card, or {stand} to keep what you have. "
        "Over 16 you pay the farmer a chip for each point over."
    ).format(card=card, stand=stand)
