"""The text of the in-game How to play, for each rule set, in the current language.

The text follows ``RULES.md`` (and the rules texts it settles). Every title and paragraph
is an English message translated with :func:`scenes.i18n._` when :func:`howto_sections` is
called, so the screen shows it in whatever language is current. A section may carry a small
example hand as card codes (``"7S"``, ``"10H"``, ``"6H"``) that the screen draws as cards.

Where the English is the same under the ferme rules but the French is not (the pot is
*la corbeille* there), the message carries the context ``"ferme rules"``, spelled out in
each call so that the extractor sees it.

The last section but one, *Signs on the table*, is a legend: each paragraph has a
:class:`Mark`, a small picture the screen draws beside it (the farmer's house, a seat's
colour and chips, a payment's words as the table writes them, the glow of the seat to act,
the raised winning hand).
"""

from __future__ import annotations

from dataclasses import dataclass

from game.rules.ruleset import FOSTER, RuleSet, rules_named
from scenes.i18n import _, draw_word, ngettext, pgettext, pot_name, stand_word, the_pot

MARK_KINDS = ("farmer", "chips", "total", "label", "farm", "turn", "winner")
"""The pictures a legend paragraph can have (see :class:`Mark`)."""


@dataclass(frozen=True, slots=True)
class Mark:
    """A small picture beside a paragraph of the legend.

    ``kind`` is one of :data:`MARK_KINDS`: ``farmer`` (the gold disc with a farmhouse),
    ``chips`` (a seat's colour dot and chip stack), ``total`` (the totals on hands), ``label``
    (a payment's words, ``text``, on the dark pill the table writes them on, in gold when
    chips go to a player), ``farm`` (the chips in the middle and ``text``, their label),
    ``turn`` (a name plate in the gold glow) and ``winner`` (a raised hand in its glow).
    """

    kind: str
    text: str = ""
    """The words drawn in the picture (a ``label`` or ``farm``), already translated."""
    gold: bool = True
    """A ``label`` in gold (chips to a player) or in white (chips into the farm)."""


@dataclass(frozen=True, slots=True)
class HowtoSection:
    """One section of How to play: a title, its paragraphs and an optional example hand."""

    title: str
    """The heading, already translated."""
    paragraphs: tuple[str, ...]
    """The body, one string per paragraph, already translated."""
    example: tuple[str, ...] = ()
    """Card codes of an example hand to draw beside the text (may be empty)."""
    caption: str = ""
    """The sentence that explains the example hand, drawn just above it (with an example, never empty)."""
    marks: tuple[Mark | None, ...] = ()
    """A picture for each paragraph of a legend (None: none); empty for other sections."""


def howto_sections(rules_name: str, rotating: bool = False) -> list[HowtoSection]:
    """How to play under ``rules_name`` (``foster``, ``lacombe``, ``ferme``), in the current language.

    ``rotating`` adds the rotating-farm option (foster and lacombe only; a key such as
    ``lacombe+rotating`` also works as a name). Unknown names are explained as foster, the default.
    """
    try:
        rules = RuleSet.from_key(rules_name)
    except ValueError:
        rules = FOSTER
    rotating = rotating or rules.rotating
    if rules.name == "ferme":
        return _ferme()
    lacombe = rules.name == "lacombe"
    return [
        _aim(),
        _cards(lacombe),
        _farmer(lacombe, rotating),
        _deal(lacombe, rules),
        _settling(),
        _ties(lacombe),
        _next_deal(lacombe, rotating),
        _end(ferme=False),
        _signs(rules, auction=not rotating),
        _tips(lacombe, rotating),
    ]


def _aim() -> HowtoSection:
    return HowtoSection(
        _("The aim"),
        (
            _(
                "Draw cards to make a total of exactly 16. Whoever makes exactly 16 takes the farm: "
                "the pile of chips in the middle of the table."
            ),
            _(
                "One player is the farmer, who deals, takes no cards and plays no hand. Until somebody "
                "makes 16, the farmer keeps the farm and earns a chip for every point by which a player "
                "goes over 16."
            ),
            _("When the game ends, the player with the most chips wins."),
        ),
        ("7S", "3C", "6H"),
        _sixteen_example(),
    )


def _sixteen_example() -> str:
    return _("For example, a 7, then a 3, then the 6♥ make exactly 16.")


def _values_example() -> str:
    return _("From left to right, these cards count 1, 2, 7, 9, 10, 10, 10, 10 and 6.")


def _best_hand_example() -> str:
    return _("For example, the 6♥ and a queen make 16 with two cards: no hand beats it.")


def _values_paragraphs() -> tuple[str, str]:
    return (
        _(
            "The pack has 45 cards: an ordinary pack of 52 without the four 8s and without the "
            "6♠, 6♦ and 6♣. The only six left is the 6♥, the six of hearts."
        ),
        _(
            "An ace counts 1. The 2 to the 7, the 9 and the 10 count their number. The jack, queen "
            "and king count 10 each, so 16 cards are worth 10."
        ),
    )


_VALUES_EXAMPLE = ("AS", "2D", "7C", "9H", "10S", "JD", "QC", "KH", "6H")


def _cards(lacombe: bool) -> HowtoSection:
    if lacombe:
        suits = _("Suits do not matter, except that the 6♥ helps to break ties.")
    else:
        suits = _("Suits do not matter, except that the 6♥ wins ties.")
    return HowtoSection(_("The cards"), (*_values_paragraphs(), suits), _VALUES_EXAMPLE, _values_example())


def _farmer(lacombe: bool, rotating: bool) -> HowtoSection:
    if rotating:
        if lacombe:
            passes = _(
                "Each time a farm is won, the role of farmer passes to the next player on the "
                "right who still has chips, and everyone with chips puts in 1 chip for the new farm."
            )
        else:
            passes = _(
                "Each time a farm is won, the role of farmer passes to the next player on the "
                "left who still has chips, and everyone with chips puts in 1 chip for the new farm."
            )
        return HowtoSection(
            _("A rotating farm"),
            (
                _(
                    "With the rotating farm there is no auction. The first farmer is drawn by lot, and "
                    "every player with chips puts 1 chip in the middle to form the farm."
                ),
                passes,
            ),
        )
    if lacombe:
        return HowtoSection(
            _("Selling the farm"),
            (
                _(
                    "At the start of the game every player puts 1 chip in the middle, and this first farm "
                    "is auctioned. In turn, each player bids more than the last bid or passes for good; "
                    "the highest bidder pays the bid into the farm and becomes the farmer. If nobody bids, "
                    "the player who opened the bidding takes the farm for nothing."
                ),
                _(
                    "After that there is no auction: whoever wins a farm becomes the next farmer, and "
                    "everyone with chips puts in 1 chip to form the new farm."
                ),
            ),
        )
    return HowtoSection(
        _("Selling the farm"),
        (
            _(
                "At the start, and again each time the farm has been won, every player with chips puts "
                "1 chip in the middle: this is the new farm."
            ),
            _(
                "The farm is then auctioned. Starting on the left of the last farmer (in the first game, "
                "with a player drawn by lot), each player in turn bids or passes. A bid must beat the one "
                "before and can be at most the chips you hold; once you pass, you are out of this auction."
            ),
            _(
                "Bidding goes round until everyone else has passed. The highest bidder pays the bid into "
                "the farm and becomes the farmer. If nobody bids, the player on the left of the last "
                "farmer (in the first game, the one who opened the bidding) gets the farm for nothing."
            ),
        ),
    )


def _deal(lacombe: bool, rules: RuleSet) -> HowtoSection:
    words = {"card": draw_word(), "stand": stand_word(rules)}
    if lacombe:
        paragraphs = (
            _(
                "The farmer shuffles and deals one card face down to each other player, one at a time, "
                "anticlockwise, starting on the right. These first cards come from the top of the pack; "
                "every card after them comes from the bottom."
            ),
            _(
                "Then, starting on the right, each player in turn must take at least one more card, and "
                "may go on drawing, one card at a time, until they stand or their total goes over 16. "
                "Say “{card}” to draw and “{stand}” to stop."
            ).format(**words),
        )
    else:
        paragraphs = (
            _(
                "The farmer shuffles and deals one card face down to each other player, one at a time, "
                "clockwise, starting on the left."
            ),
            _(
                "Then, starting on the left, each player in turn must take at least one more card, and "
                "may go on drawing, one card at a time, until they stand or their total goes over 16. "
                "Say “{card}” to draw and “{stand}” to stop."
            ).format(**words),
        )
    return HowtoSection(
        _("The deal"),
        (
            *paragraphs,
            _(
                "A player who goes over 16 says nothing and simply stops. Once the pack is empty, nobody "
                "can draw. When everyone has finished, all the hands are shown."
            ),
        ),
        ("7S", "3C", "6H"),
        _sixteen_example(),
    )


def _over_paragraph() -> str:
    return _("For example, a king and a 9 make 19: that player pays the farmer 3 chips.")


def _no_debt() -> str:
    return _("Nobody pays more than they hold. A player left with no chips is out of the game.")


def _settling() -> HowtoSection:
    return HowtoSection(
        _("Settling up"),
        (
            _(
                "Over 16: each such player pays the farmer 1 chip for every point over 16. This goes to "
                "the farmer, not into the farm, and is paid whether or not somebody made 16."
            ),
            _(
                "Exactly 16: the player with 16 takes the whole farm. If several players have 16, the best "
                "of them wins (see the ties below)."
            ),
            _(
                "Nobody at 16: the farm stays. The player nearest to 16, below it, receives 1 chip from "
                "every other player, those who went over included, but not from the farmer. If every "
                "player went over, nobody collects."
            ),
            _no_debt(),
        ),
        ("KC", "9D"),
        _over_paragraph(),
    )


def _ties(lacombe: bool) -> HowtoSection:
    if lacombe:
        return HowtoSection(
            _("Ties"),
            (
                _(
                    "The best 16 of all is the 6♥ with a 10-point card. Then comes any other 16 of two "
                    "cards, then the 16s of three cards, and so on: fewer cards rank higher."
                ),
                _(
                    "Between 16s of the same number of cards, the one holding the 6♥ wins, then the player "
                    "served first. Ties for nearest to 16 are broken the same way."
                ),
            ),
            ("6H", "KS"),
            _("For example, the 6♥ and a king: the best 16 of all."),
        )
    return HowtoSection(
        _("Ties"),
        (
            _(
                "When several players have 16, a 16 holding the 6♥ wins; after that, the 16 made with the "
                "fewest cards; if it is still a tie, the player served first, nearest the farmer's left."
            ),
            _("Ties for nearest to 16 are broken the same way."),
        ),
        ("7S", "3C", "6H"),
        _("So a 7, a 3 and the 6♥ beat a 9 and a 7."),
    )


def _next_deal(lacombe: bool, rotating: bool) -> HowtoSection:
    same = _(
        "If nobody made 16, the same farmer deals again with the same farm, and goes on "
        "collecting from everyone who goes over."
    )
    if rotating:
        won = _(
            "If somebody made 16, the role of farmer passes on to the next player, and everyone "
            "with chips puts in 1 chip for the new farm."
        )
    elif lacombe:
        won = _(
            "If somebody made 16, that player becomes the new farmer, and everyone with chips puts "
            "in 1 chip for the new farm."
        )
    else:
        won = _(
            "If somebody made 16, the farm is empty: everyone with chips puts in 1 chip and a new "
            "farm is auctioned."
        )
    return HowtoSection(_("The next deal"), (same, won))


def _end(ferme: bool) -> HowtoSection:
    if ferme:
        unwon = pgettext("ferme rules", "A farm that nobody has won by then goes to its farmer.")
    else:
        unwon = _("A farm that nobody has won by then goes to its farmer.")
    return HowtoSection(
        _("The end of the game"),
        (
            _(
                "The game lasts an agreed number of deals or an agreed time, and stops early when fewer "
                "than three players, the farmer included, still have chips. Whoever then has the most "
                "chips wins."
            ),
            unwon,
        ),
    )


def _tips(lacombe: bool, rotating: bool) -> HowtoSection:
    paragraphs = [
        _("16 of the 45 cards are worth 10: from 7 points up, one of them takes you over 16."),
        _(
            "Going over costs a chip for every point above 16, paid to the farmer, so a small "
            "overshoot is cheap. Standing low is not free either: when nobody makes 16, every player "
            "but the nearest pays the nearest a chip, and a low total is rarely the nearest."
        ),
        _(
            "As farmer you earn from everyone who goes over: a farm that nobody wins for a few deals "
            "is good business."
        ),
    ]
    # Under the rotating farm no farm is ever sold: nothing to bid for.
    if lacombe and not rotating:
        paragraphs.append(
            _("That is why the first farm, the only one sold by auction, is worth bidding for.")
        )
    elif not rotating:
        paragraphs.append(_("That is why a farm is worth bidding for."))
    return HowtoSection(_("Tips"), tuple(paragraphs), ("6H", "QD"), _best_hand_example())


def _ferme() -> list[HowtoSection]:
    words = {"card": draw_word(), "stand": stand_word("ferme")}
    return [
        HowtoSection(
            _("The aim"),
            (
                pgettext(
                    "ferme rules",
                    "Draw cards to make a total of exactly 16, or to come as close to it as you can "
                    "without going over: the best hand takes the farm, the pile of chips in the middle of "
                    "the table.",
                ),
                _(
                    "One player is the farmer, who deals, takes no cards and plays no hand. The farmer "
                    "earns a chip for every point by which a player goes over 16."
                ),
                _("When the game ends, the player with the most chips wins."),
            ),
            ("7S", "3C", "6H"),
            _sixteen_example(),
        ),
        HowtoSection(
            _("The cards"),
            (
                *_values_paragraphs(),
                _("Suits matter only when hands tie: hearts come first, then diamonds, clubs and spades."),
            ),
            _VALUES_EXAMPLE,
            _values_example(),
        ),
        HowtoSection(
            pgettext("ferme rules", "The farm and the farmer"),
            (
                pgettext(
                    "ferme rules",
                    "Before each deal that starts a new farm, every player with chips puts 1 chip into "
                    "the farm, in the middle of the table.",
                ),
                pgettext(
                    "ferme rules",
                    "The first farmer is drawn by lot. After that, whoever wins the farm becomes the "
                    "farmer and deals the next hand.",
                ),
            ),
        ),
        HowtoSection(
            _("The deal"),
            (
                _(
                    "The farmer has the pack cut on the left, then deals one card face down to each other "
                    "player, anticlockwise, starting on the right. The farmer takes no card."
                ),
                _(
                    "Then the farmer asks each player in turn, starting on the right: “Do you want any?” "
                    "Drawing is up to you. Say “{card}” to get one more card, taken from the bottom of the "
                    "pack, as often as you like; say “{stand}” to stop, even on your first card."
                ).format(**words),
                _(
                    "Hands stay hidden until everyone has been served; then they are all shown. Once the "
                    "pack is empty, nobody can draw."
                ),
            ),
            ("10C", "4D", "2S"),
            _("For example, a 10 and a 4 make 14: stand, or draw and hope for a 2, which makes 16."),
        ),
        HowtoSection(
            _("Settling up"),
            (
                pgettext(
                    "ferme rules",
                    "Over 16: each such player pays the farmer 1 chip for every point over 16, whatever "
                    "happens to the farm.",
                ),
                pgettext(
                    "ferme rules",
                    "Exactly 16 wins the farm. If several players have 16, the best of them wins (see the "
                    "ties below).",
                ),
                pgettext(
                    "ferme rules",
                    "Nobody at 16: the player nearest to 16, below it, wins the farm instead. If every "
                    "player went over, the farm stays for the next deal.",
                ),
                _no_debt(),
            ),
            ("KC", "9D"),
            _over_paragraph(),
        ),
        HowtoSection(
            _("Ties"),
            (
                _(
                    "When several players have 16, they rank in this order. First, a 16 holding the 6♥. "
                    "Then a 16 of just two cards."
                ),
                _(
                    "Then the 16 holding the best nine: the 9♥, then the 9♦, the 9♣ and the 9♠; a hand "
                    "without a nine comes after. Then the hand with the highest heart, then the highest "
                    "diamond, club and spade."
                ),
                _(
                    "If that still does not separate them, fewer cards win, then the player served first. "
                    "Ties for nearest to 16 are broken the same way."
                ),
            ),
            ("9H", "5C", "2D"),
            _(
                "For example, the 9♥, a 5 and a 2 make a 16 that beats every other 16 of three cards "
                "or more, unless it holds the 6♥."
            ),
        ),
        HowtoSection(
            _("The next deal"),
            (
                pgettext(
                    "ferme rules",
                    "Whoever wins the farm deals the next hand, after everyone with chips has put in 1 "
                    "chip again. If every player went over, the farm stays and the same farmer deals "
                    "again.",
                ),
            ),
        ),
        _end(ferme=True),
        _signs(rules_named("ferme"), auction=False),
        HowtoSection(
            _("Tips"),
            (
                _("16 of the 45 cards are worth 10: from 7 points up, one of them takes you over 16."),
                pgettext(
                    "ferme rules",
                    "Going over costs only the points above 16. When nobody makes 16, the nearest hand "
                    "takes the farm, so a good total just below 16 is worth standing on.",
                ),
                _(
                    "Drawing is optional: on a high first card you may stand at once and hope to be the "
                    "nearest to 16."
                ),
            ),
            ("6H", "QD"),
            _best_hand_example(),
        ),
    ]


def _signs(rules: RuleSet, auction: bool) -> HowtoSection:
    """The legend of the table's marks, each with its picture, true to ``rules`` (``auction``:
    a farm is ever sold, so a player may have a turn to bid)."""
    ferme = rules.name == "ferme"
    over = ngettext("{n} chip to the farmer: over 16", "{n} chips to the farmer: over 16", 3).format(n=3)
    won = ngettext("{n} chip: {pot}", "{n} chips: {pot}", 12).format(n=12, pot=the_pot(rules))
    farm_label = _("{pot}: {n}").format(pot=pot_name(rules), n=12)
    entries: list[tuple[Mark, str]] = [
        (
            Mark("farmer"),
            _(
                "The gold disc with a farmhouse sits beside the farmer's name: the player who deals, "
                "plays no hand and collects from everyone who goes over 16."
            ),
        ),
        (
            Mark("chips"),
            _(
                "The coloured dot beside a name is that player's colour, used again for their line in "
                "the ledger's chart. The little stack shows their chips; every chip is worth 1, "
                "whatever its colour."
            ),
        ),
        (
            Mark("turn"),
            _("A name in a pulsing gold glow: that player's turn to bid, draw or stand.")
            if auction
            else _("A name in a pulsing gold glow: that player's turn to draw or stand."),
        ),
        (
            Mark("total"),
            _("The number on a hand is its total: gold at exactly 16, red over 16."),
        ),
        (
            Mark("label", over),
            _(
                "Words appear beside chips on their way and say why they move: a player who went over "
                "16 pays the farmer a chip for every point over."
            ),
        ),
    ]
    if ferme:
        entries += [
            (
                Mark("label", won),
                pgettext(
                    "ferme rules",
                    "The farm goes to the best 16, or when nobody makes 16, to the hand nearest to 16.",
                ),
            ),
            (
                Mark("farm", farm_label),
                pgettext(
                    "ferme rules",
                    "The chips in the middle are the farm; the number below them says how many it holds.",
                ),
            ),
        ]
    else:
        entries += [
            (
                Mark("label", _("nearest: a chip from every other player")),
                _(
                    "Nobody made 16: every other player, but not the farmer, pays a chip to the player "
                    "nearest to 16, and the farm stays where it is."
                ),
            ),
            (Mark("label", won), _("Somebody made exactly 16 and takes the whole farm.")),
            (
                Mark("farm", farm_label),
                _("The chips in the middle are the farm; the number below them says how many it holds."),
            ),
        ]
    entries.append(
        (
            Mark("winner"),
            _("At the showdown the winning hand rises towards the middle of the table and glows gold."),
        )
    )
    return HowtoSection(
        _("Signs on the table"),
        tuple(text for _mark, text in entries),
        marks=tuple(mark for mark, _text in entries),
    )
