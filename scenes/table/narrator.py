"""The table's voice: every word the table says, from what happened, who looks, and the language.

Each function here is pure: it reads an engine event, the :class:`Eyes` that look at the
table (the players' names, the rule set, and the seat whose screen it is), a few facts
the event does not carry (the farm, its farmer), and a language code; it returns words.
Nothing here draws, keeps state or reads the game's current language, so the scenes show
these words without composing them, and tests ask for any language without pygame.

The words speak to the viewer in the second person ("You bid 3.") and of everyone else in
the third ("Bastien bids 3."). Under the French rules (``ferme``) the pot is *la
corbeille*: those sentences are looked up with the ``ferme rules`` context, so the
English stays "the farm" while the French changes. A tie (two hands on the same total)
is explained: who else had it, and the rule that decided (see :class:`game.rules.ranking.Tie`).
"""

from __future__ import annotations

import functools
from collections.abc import Sequence
from dataclasses import dataclass

from game.ai.coach import Advice
from game.rules.events import (
    AuctionOpened,
    BidMade,
    Busted,
    CardDealt,
    ChipsMoved,
    DealEnded,
    DealStarted,
    EndReason,
    Event,
    FarmerChosen,
    FarmerReason,
    FarmSold,
    FarmWon,
    GameEnded,
    NearestFound,
    Passed,
    Reason,
    Stood,
    TurnEnded,
    TurnStarted,
)
from game.rules.ranking import Tie, TieBreak
from game.rules.ruleset import RuleSet, Succession
from scenes.i18n import Voice, stand_word, the_pot, voice
from scenes.i18n.numbers import format_percent

__all__ = [
    "Eyes",
    "bubble",
    "deal_settled_title",
    "farmer_role",
    "farmer_takings",
    "game_over_title",
    "headline",
    "nearest_note",
    "payment_note",
    "payment_words",
    "reason_word",
    "showdown_opens",
    "thinking",
]


@dataclass(frozen=True, slots=True)
class Eyes:
    """Who is looking at the table: the words speak to them in the second person."""

    names: tuple[str, ...]
    """The players' names, by seat."""
    rules: RuleSet
    """The rule set in play: its words (Basta, the corbeille) and what the nearest wins."""
    seat: int | None = None
    """The person whose screen this is; None for a spectator (replays, the demo), who is
    spoken to about everyone in the third person and sees every stand and bust."""

    def you(self, seat: int | None) -> bool:
        """Whether ``seat`` is the viewer (never, for a spectator)."""
        return seat is not None and seat == self.seat


@functools.cache
def _voice(language: str) -> Voice:
    """The voice of ``language`` (an unknown code speaks English)."""
    return voice(language)


def _ferme(rules: RuleSet) -> bool:
    """Whether the pot is the corbeille: those sentences have their own context."""
    return rules.pot_is_corbeille


def _the_pot(v: Voice, rules: RuleSet) -> str:
    """The pot in running text: the farm, la ferme / la corbeille, der Hof."""
    return the_pot(rules, v)


def _stand_word(v: Voice, rules: RuleSet) -> str:
    """Stand, Je m'y tiens, Ich bleibe; Basta under Lacombe."""
    return stand_word(rules, v)


def _join(v: Voice, names: Sequence[str]) -> str:
    """Names as a list in running text: "Anna", "Anna and Ben", "Anna, Ben and Carla"."""
    if len(names) < 2:
        return "".join(names)
    # Translators: the end of a list of names, e.g. "Anna, Ben and Carla": {names} is "Anna, Ben".
    return v._("{names} and {last}").format(names=", ".join(names[:-1]), last=names[-1])


def _names(v: Voice, eyes: Eyes, seats: Sequence[int], you: str) -> str:
    """``seats`` as a list in running text, the viewer first and called ``you`` (the form of "you"
    the sentence needs there: "zwischen dir und Bastien", never the person's own name, "Du")."""
    if eyes.seat not in seats:
        return _join(v, [eyes.names[s] for s in seats])
    return _join(v, [you, *(eyes.names[s] for s in seats if s != eyes.seat)])


# --- the banner across the table ------------------------------------------------------------


def headline(
    event: Event,
    eyes: Eyes,
    language: str,
    *,
    farm: int = 0,
    farmer: int | None = None,
    over: bool = False,
) -> str | None:
    """The banner across the table for ``event``, or None when the event changes no headline.

    ``farm`` and ``farmer`` are the table's farm (in chips) and its farmer once the event
    has happened; ``over`` tells that the game has ended. A deal that ends with nobody paid
    says the farm stays for the next deal (unless the game is over); the end of the game
    says the farm nobody won goes to its farmer, as the final standings count it.
    """
    v = _voice(language)
    if isinstance(event, DealStarted):
        return _deal_started(v, event, eyes)
    if isinstance(event, AuctionOpened | BidMade | Passed | FarmSold | FarmerChosen):
        return _auction(v, event, eyes)
    if isinstance(event, TurnStarted):
        if eyes.you(event.seat):
            return v._("Your turn.")
        return v._("{name}'s turn.").format(name=eyes.names[event.seat])
    if isinstance(event, Busted):
        if eyes.you(event.seat):
            return v._("Over 16: you stop, and wait for the showdown.")
        return None
    if isinstance(event, NearestFound):
        return _nearest(v, event, eyes)
    if isinstance(event, FarmWon):
        return _farm_won(v, event, eyes)
    if isinstance(event, DealEnded):
        if event.winner is None and event.nearest is None and not over:
            if _ferme(eyes.rules):
                return v.pgettext("ferme rules", "The farm of {n} stays for the next deal.").format(n=farm)
            return v._("The farm of {n} stays for the next deal.").format(n=farm)
        return None
    if isinstance(event, GameEnded):
        return _game_ended(v, eyes, farm, farmer)
    return None


def _deal_started(v: Voice, event: DealStarted, eyes: Eyes) -> str:
    ferme = _ferme(eyes.rules)
    if event.new_farm:
        text = (
            v.pgettext("ferme rules", "Deal {n}: a new farm. Everyone antes a chip.")
            if ferme
            else v._("Deal {n}: a new farm. Everyone antes a chip.")
        )
    else:
        text = (
            v.pgettext("ferme rules", "Deal {n}: the farm stays.")
            if ferme
            else v._("Deal {n}: the farm stays.")
        )
    return text.format(n=event.deal)


def _auction(v: Voice, event: AuctionOpened | BidMade | Passed | FarmSold | FarmerChosen, eyes: Eyes) -> str:
    if isinstance(event, AuctionOpened):
        if eyes.you(event.opener):
            return v._("The farm is for sale. You bid first.")
        return v._("The farm is for sale. {name} bids first.").format(name=eyes.names[event.opener])
    who = eyes.names[event.seat]
    you = eyes.you(event.seat)
    if isinstance(event, BidMade):
        if you:
            return v._("You bid {n}.").format(n=event.amount)
        return v._("{name} bids {n}.").format(name=who, n=event.amount)
    if isinstance(event, Passed):
        return v._("You pass.") if you else v._("{name} passes.").format(name=who)
    if isinstance(event, FarmSold):
        if event.nobody_bid and you:
            return v._("Nobody bid: you take the farm for nothing.")
        if event.nobody_bid:
            return v._("Nobody bid: {name} takes the farm for nothing.").format(name=who)
        if you:
            return v.ngettext(
                "You buy the farm for {n} chip.", "You buy the farm for {n} chips.", event.price
            ).format(n=event.price)
        return v.ngettext(
            "{name} buys the farm for {n} chip.", "{name} buys the farm for {n} chips.", event.price
        ).format(name=who, n=event.price)
    ferme = _ferme(eyes.rules)
    if event.reason is FarmerReason.LOT:
        if you:
            return v._("You are farmer, drawn by lot.")
        return v._("{name} is farmer, drawn by lot.").format(name=who)
    if event.reason is FarmerReason.WINNER:
        if you:
            return (
                v.pgettext("ferme rules", "You won the farm and deal.")
                if ferme
                else v._("You won the farm and deal.")
            )
        return (
            v.pgettext("ferme rules", "{name} won the farm and deals.")
            if ferme
            else v._("{name} won the farm and deals.")
        ).format(name=who)
    if you:
        return v._("The farm passes round: you are farmer.")
    return v._("The farm passes round: {name} is farmer.").format(name=who)


def _nearest(v: Voice, event: NearestFound, eyes: Eyes) -> str:
    if event.seat is None:
        # Every player paid the farmer, so nobody "collects" is untrue: nobody is nearest, the pot stays.
        if _ferme(eyes.rules):
            return v.pgettext("ferme rules", "Everyone went over 16: nobody is nearest, and the farm stays.")
        return v._("Everyone went over 16: nobody is nearest, and the farm stays.")
    if event.tie is not None:
        return _tie(v, eyes, event.seat, event.total, event.tie)
    who = eyes.names[event.seat]
    you = eyes.you(event.seat)
    takes_farm = eyes.rules.nearest_takes_farm
    if you and takes_farm:
        return v._("Nobody made 16: you are nearest with {n} and take the farm.").format(n=event.total)
    if you:
        return v._("Nobody made 16: you are nearest with {n}; a chip from every other player.").format(
            n=event.total
        )
    if takes_farm:
        return v._("Nobody made 16: {name} is nearest with {n} and takes the farm.").format(
            name=who, n=event.total
        )
    return v._("Nobody made 16: {name} is nearest with {n}; a chip from every other player.").format(
        name=who, n=event.total
    )


def _farm_won(v: Voice, event: FarmWon, eyes: Eyes) -> str:
    if event.tie is not None:
        return _tie(v, eyes, event.seat, event.total, event.tie)
    who = eyes.names[event.seat]
    ferme = _ferme(eyes.rules)
    if eyes.you(event.seat) and event.total == 16:
        return (
            v.pgettext("ferme rules", "You make 16 and win the farm!")
            if ferme
            else v._("You make 16 and win the farm!")
        )
    if eyes.you(event.seat):
        # Only the French rules give the farm to a hand below 16.
        return v.pgettext("ferme rules", "You win the farm with {n}.").format(n=event.total)
    if event.total == 16:
        return (
            v.pgettext("ferme rules", "{name} makes 16 and wins the farm!")
            if ferme
            else v._("{name} makes 16 and wins the farm!")
        ).format(name=who)
    return v.pgettext("ferme rules", "{name} wins the farm with {n}.").format(name=who, n=event.total)


def _game_ended(v: Voice, eyes: Eyes, farm: int, farmer: int | None) -> str:
    if farm <= 0 or farmer is None:
        return v._("The game is over.")
    ferme = _ferme(eyes.rules)
    if eyes.you(farmer):
        text = (
            v.npgettext(
                "ferme rules",
                "The game is over: the farm of {n} chip goes to you, its farmer.",
                "The game is over: the farm of {n} chips goes to you, its farmer.",
                farm,
            )
            if ferme
            else v.ngettext(
                "The game is over: the farm of {n} chip goes to you, its farmer.",
                "The game is over: the farm of {n} chips goes to you, its farmer.",
                farm,
            )
        )
        return text.format(n=farm)
    text = (
        v.npgettext(
            "ferme rules",
            "The game is over: the farm of {n} chip goes to its farmer, {name}.",
            "The game is over: the farm of {n} chips goes to its farmer, {name}.",
            farm,
        )
        if ferme
        else v.ngettext(
            "The game is over: the farm of {n} chip goes to its farmer, {name}.",
            "The game is over: the farm of {n} chips goes to its farmer, {name}.",
            farm,
        )
    )
    return text.format(n=farm, name=eyes.names[farmer])


# --- the farmer's seat ------------------------------------------------------------------------


def farmer_role(seat: int, eyes: Eyes, language: str) -> str:
    """What the farmer's seat earns and how the farm changes hands under the rule set in play, said
    once when a person becomes farmer: to them ("You are the farmer: …"), or of them by name to a
    screen they share. Foster: the farm stays until someone makes 16 and takes it (a new farm is
    sold); Lacombe: its winner becomes farmer; the rotating farm: the next seat in turn does; the
    French rules: whoever makes 16, or else comes nearest below it, wins the corbeille and deals."""
    v = _voice(language)
    rules = eyes.rules
    if eyes.you(seat):
        if rules.nearest_takes_farm:
            return v.pgettext(
                "ferme rules",
                "You are the farmer: you play no hand, and everyone who goes over 16 pays you a chip "
                "for each point above it. Whoever makes 16, or else comes nearest below it, wins the farm "
                "and deals next.",
            )
        if rules.succession is Succession.ROTATE:
            return v._(
                "You are the farmer: you play no hand, and everyone who goes over 16 pays you a chip "
                "for each point above it, until someone makes exactly 16 and takes the farm; then the next "
                "player in "
                "turn is farmer."
            )
        if rules.succession is Succession.WINNER:
            return v._(
                "You are the farmer: you play no hand, and everyone who goes over 16 pays you a chip "
                "for each point above it, until someone makes exactly 16, takes the farm and becomes farmer."
            )
        return v._(
            "You are the farmer: you play no hand, and everyone who goes over 16 pays you a chip for each "
            "point above it, "
            "until someone makes exactly 16 and takes the farm."
        )
    if rules.nearest_takes_farm:
        text = v.pgettext(
            "ferme rules",
            "{name} is the farmer: no hand to play, and everyone who goes over 16 pays a chip for each "
            "point above it. "
            "Whoever makes 16, or else comes nearest below it, wins the farm and deals next.",
        )
    elif rules.succession is Succession.ROTATE:
        text = v._(
            "{name} is the farmer: no hand to play, and everyone who goes over 16 pays a chip for each "
            "point above it, "
            "until someone makes exactly 16 and takes the farm; then the next player in turn is farmer."
        )
    elif rules.succession is Succession.WINNER:
        text = v._(
            "{name} is the farmer: no hand to play, and everyone who goes over 16 pays a chip for each "
            "point above it, "
            "until someone makes exactly 16, takes the farm and becomes farmer."
        )
    else:
        text = v._(
            "{name} is the farmer: no hand to play, and everyone who goes over 16 pays a chip for each "
            "point above it, "
            "until someone makes exactly 16 and takes the farm."
        )
    return text.format(name=eyes.names[seat])


# --- ties -------------------------------------------------------------------------------------


def _tie(v: Voice, eyes: Eyes, winner: int, total: int, tie: Tie) -> str:
    """Who else had ``total``, why ``winner`` won, and what it won.

    "Bastien and Claire both make 16: Bastien holds the 6♥ and wins the farm." The
    sentence is built of three translated clauses that each make sense alone: the tie, the
    deciding rule (its subject is the winner), and the prize (a verb phrase of that subject).
    """
    tied = [winner, tie.beaten, *(s for s in tie.rivals if s != tie.beaten)]
    sixteen = total == 16
    if eyes.seat in tied:
        others = [eyes.names[s] for s in tied if s != eyes.seat]
        names = _join(v, others)
        if sixteen:
            # Translators: the first half of a tie; {names} lists the others ("Claire", "Claire and Dan").
            clause = v.ngettext("You and {names} both make {n}", "You, {names} all make {n}", len(others))
        else:
            # Translators: the first half of a tie; {names} lists the others ("Claire", "Claire and Dan").
            clause = v.ngettext(
                "You and {names} both have {n}, nearest to 16",
                "You, {names} all have {n}, nearest to 16",
                len(others),
            )
    else:
        names = _join(v, [eyes.names[s] for s in tied])
        if sixteen:
            # Translators: the first half of a tie; {names} lists them all ("Bastien and Claire").
            clause = v.ngettext("{names} both make {n}", "{names} all make {n}", len(tied) - 1)
        else:
            # Translators: the first half of a tie; {names} lists them all ("Bastien and Claire").
            clause = v.ngettext(
                "{names} both have {n}, nearest to 16", "{names} all have {n}, nearest to 16", len(tied) - 1
            )
    you = eyes.you(winner)
    why = _why(v, tie, you).format(name=eyes.names[winner], suit=_symbol(tie), nine="9" + _symbol(tie))
    prize = _prize(v, eyes.rules, you, sixteen)
    # Translators: a tie explained, e.g. "{tie}" = "Bastien and Claire both make 16",
    # "{why}" = "Bastien holds the 6♥", "{prize}" = "wins the farm" (the same subject as {why}).
    return v._("{tie}: {why} and {prize}.").format(
        tie=clause.format(names=names, n=total), why=why, prize=prize
    )


def _symbol(tie: Tie) -> str:
    return tie.suit.symbol if tie.suit is not None else ""


def _why(v: Voice, tie: Tie, you: bool) -> str:
    """The rule that decided, with the winner as its subject ({name}, or "you")."""
    by = tie.by
    if you:
        if by is TieBreak.SIX_OF_HEARTS:
            return v.pgettext("tie", "you hold the 6♥")
        if by is TieBreak.FEWER_CARDS:
            return v.pgettext("tie", "you have fewer cards")
        if by is TieBreak.TWO_CARDS:
            return v.pgettext("tie", "you have only two cards")
        if by is TieBreak.BEST_NINE:
            # Translators: {nine} is the winner's nine, e.g. "9♥".
            return v.pgettext("tie", "you hold the best nine ({nine})")
        if by is TieBreak.HIGHEST_CARD:
            # Translators: {suit} is a suit symbol, e.g. "♦": the highest card of that suit.
            return v.pgettext("tie", "you hold the highest {suit}")
        return v.pgettext("tie", "you were served first")
    if by is TieBreak.SIX_OF_HEARTS:
        return v.pgettext("tie", "{name} holds the 6♥")
    if by is TieBreak.FEWER_CARDS:
        return v.pgettext("tie", "{name} has fewer cards")
    if by is TieBreak.TWO_CARDS:
        return v.pgettext("tie", "{name} has only two cards")
    if by is TieBreak.BEST_NINE:
        # Translators: {nine} is the winner's nine, e.g. "9♥".
        return v.pgettext("tie", "{name} holds the best nine ({nine})")
    if by is TieBreak.HIGHEST_CARD:
        # Translators: {suit} is a suit symbol, e.g. "♦": the highest card of that suit.
        return v.pgettext("tie", "{name} holds the highest {suit}")
    return v.pgettext("tie", "{name} was served first")


def _prize(v: Voice, rules: RuleSet, you: bool, sixteen: bool) -> str:
    """What the winner gets, as a verb phrase: "wins the farm", "takes a chip from every other player"."""
    if not sixteen and not rules.nearest_takes_farm:
        return (
            v.pgettext("tie", "take a chip from every other player")
            if you
            else v.pgettext("tie", "takes a chip from every other player")
        )
    if _ferme(rules):
        return (
            v.pgettext("tie, ferme rules", "win the farm")
            if you
            else v.pgettext("tie, ferme rules", "wins the farm")
        )
    return v.pgettext("tie", "win the farm") if you else v.pgettext("tie", "wins the farm")


# --- the word over a seat, notes beside the chips -------------------------------------------


def bubble(event: Event, eyes: Eyes, language: str) -> str | None:
    """The short word said over a seat: "Bid 3", "Pass", "Card!", the stand word, "done", "Over 16".

    None when the event says nothing over a seat. A turn's end says "done" only to a
    player who cannot tell a stand from a silent bust: not to that seat's own player, and
    not to a spectator, who sees the stand or the bust itself.
    """
    v = _voice(language)
    if isinstance(event, BidMade):
        return v._("Bid {n}").format(n=event.amount)
    if isinstance(event, Passed):
        return v._("Pass")
    if isinstance(event, CardDealt):
        if event.first:
            return None
        # Translators: said over a seat that asks for a card; {card} is the draw word (Card).
        return v._("{card}!").format(card=v.pgettext("button", "Card"))
    if isinstance(event, Stood):
        return _stand_word(v, eyes.rules)
    if isinstance(event, TurnEnded):
        if eyes.you(event.seat):
            return None  # the person's own stand or bust said it already
        return v._("done")
    if isinstance(event, Busted):
        return v._("Over 16")
    return None


def thinking(language: str) -> str:
    """Said over a seat whose player is choosing: "thinking…"."""
    return _voice(language)._("thinking…")


def payment_note(event: ChipsMoved, eyes: Eyes, language: str) -> str | None:
    """The words beside chips on their way: why they move, or None (antes and nearest chips go silently).

    "3 chips to the farmer: over 16", "12 chips: the farm" (la corbeille under the French
    rules), "the price of the farm".
    """
    v = _voice(language)
    n = event.amount
    if event.reason is Reason.OVER:
        return v.ngettext("{n} chip to the farmer: over 16", "{n} chips to the farmer: over 16", n).format(
            n=n
        )
    if event.reason is Reason.FARM:
        return v.ngettext("{n} chip: {pot}", "{n} chips: {pot}", n).format(n=n, pot=_the_pot(v, eyes.rules))
    if event.reason is Reason.BID:
        return v._("the price of the farm")
    return None


def payment_words(event: ChipsMoved, eyes: Eyes, language: str) -> str | None:
    """A payment as the history tells it, always with its amount: "3 chips paid for the farm"
    (the note beside the chips says only why, the banner before it having said the price); None
    for the antes and the nearest's chips, which the deal's headlines count."""
    if event.reason is Reason.BID:
        v = _voice(language)
        n = event.amount
        return v.ngettext("{n} chip paid for the farm", "{n} chips paid for the farm", n).format(n=n)
    return payment_note(event, eyes, language)


def nearest_note(event: NearestFound, eyes: Eyes, language: str) -> str | None:
    """The note beside the nearest seat when each player pays it a chip, else None.

    "nearest: a chip from every other player"; None when everyone went over, or when the nearest
    wins the farm itself (the French rules).
    """
    if event.seat is None or eyes.rules.nearest_takes_farm:
        return None
    return _voice(language)._("nearest: a chip from every other player")


def showdown_opens(language: str) -> str:
    """The banner as the showdown begins."""
    return _voice(language)._("Showdown: every hand is turned over.")


# --- the coach ------------------------------------------------------------------------------


#: From this chance that nobody wins a farm before the game ends, the coach says so (it is why a
#: farm can be worth bidding more for than it collects).
KEPT_WORTH_SAYING = 0.25


def advice_words(advice: Advice, rules: RuleSet, language: str) -> str:
    """The coach's advice in a player's words: what the Expert would do, and the true reason why."""
    v = _voice(language)

    def pct(p: float) -> str:
        # As many decimals as it takes for a chance that is neither nil nor sure not to read 0 % or 100 %.
        decimals = 0 if p >= 0.1 else 1
        nil, sure = (0.0 if p > 0 else -1.0), (100.0 if p < 1 else -1.0)
        while decimals < 3 and round(p * 100, decimals) in (nil, sure):
            decimals += 1
        return format_percent(p, language, decimals)

    if advice.fair_bid is not None:
        fair, collect = advice.fair_bid, advice.collections or 0
        if advice.bids and advice.learning:
            return v._(
                "Coach: bid {bid}, past the break-even price of {fair}: a rival bids more than farms are"
                " worth, and his play is not known yet. Buy this one to see how he plays: if he goes over"
                " often, later farms are worth far more."
            ).format(bid=advice.action.amount, fair=fair)
        if advice.bids and advice.opening:
            return v._(
                "Coach: bid {bid}, the farm's price at a table nobody has seen play (from your seat the"
                " break-even price is {fair}): bid it now, and a rival who wants the farm must bid past it,"
                " as nobody who plays by the odds does."
            ).format(bid=advice.action.amount, fair=fair)
        if advice.bids and advice.pushing:
            return v._(
                "Coach: bid {bid}: the break-even price is {fair}, but a rival's bids show he pays"
                " more than that: make him pay up to his limit."
            ).format(bid=advice.action.amount, fair=fair)
        if advice.bids and advice.capped:
            said = v._("Coach: bid up to {chips}, all you may bid: the farm is worth more than that to you.")
            return said.format(chips=fair)
        if advice.bids and advice.kept >= KEPT_WORTH_SAYING:
            return v._(
                "Coach: bid up to {fair}, the break-even price: above it, letting another player buy is"
                " better. Its farmer should collect about {collect} chips, and keeps the farm, bid and all,"
                " if nobody wins it before the end ({kept} likely)."
            ).format(fair=fair, collect=collect, kept=pct(advice.kept))
        if advice.bids:
            return v._(
                "Coach: bid up to {fair}, the break-even price: above it, letting another player buy is"
                " better. Its farmer should collect about {collect} chips while it lasts."
            ).format(fair=fair, collect=collect)
        if advice.cannot_afford:
            return v._("Coach: pass: you cannot afford the next bid.")
        if advice.settled:
            return v._(
                "Coach: pass: the break-even price is {fair}, but whoever bid more than farms are worth has"
                " dropped out, and the bid is held by a player who prices farms as you do. Raising him"
                " only puts chips into a farm that others may win."
            ).format(fair=fair)
        return v._(
            "Coach: pass: the break-even price is {fair}, less than the next bid. Its farmer should collect"
            " about {collect} chips while it lasts."
        ).format(fair=fair, collect=collect)
    if advice.must_draw:
        return v._("Coach: take your card: the rules ask for one more.")
    sixteen, over = pct(advice.sixteen or 0.0), pct(advice.over or 0.0)
    if not advice.over:
        # No card left can take the hand over 16: say so, not "0% of going over".
        if advice.draws and advice.sixteen:
            return v._(
                "Coach: take a card: it cannot take you over 16, and has a {sixteen} chance of making 16."
            ).format(sixteen=sixteen)
        if advice.draws:
            return v._(
                "Coach: take a card: no card can take you over 16 (nor make 16 yet), so it costs nothing."
            )
        return v._("Coach: {stand}: no card can take you over 16, nor make 16.").format(
            stand=_stand_word(v, rules)
        )
    if not advice.sixteen:
        # No card left makes 16 at once: say so, not "0% chance of making 16".
        if advice.draws:
            said = v._("Coach: take a card: no card left makes 16 at once; it goes over {over} of the time.")
            return said.format(over=over)
        said = v._("Coach: {stand}: no card left makes 16; another card would go over {over} of the time.")
        return said.format(stand=_stand_word(v, rules), over=over)
    if advice.draws:
        return v._("Coach: take a card: {sixteen} chance of making 16, {over} of going over.").format(
            sixteen=sixteen, over=over
        )
    return v._("Coach: {stand}: another card would make 16 {sixteen} of the time and go over {over}.").format(
        stand=_stand_word(v, rules), sixteen=sixteen, over=over
    )


# --- the ledger -----------------------------------------------------------------------------


def reason_word(reason: Reason, rules: RuleSet, language: str) -> str:
    """A payment's reason in the ledger's Why column: ante, price of the farm, over 16, farm won, nearest.

    The farm is la corbeille under the French rules.
    """
    v = _voice(language)
    if reason is Reason.ANTE:
        return v._("ante")
    if reason is Reason.BID:
        return v._("price of the farm")
    if reason is Reason.OVER:
        return v._("over 16")
    if reason is Reason.FARM:  # a bare "the farm" beside "+3" did not say the farm was won
        if _ferme(rules):
            return v.pgettext("ledger reason, ferme rules", "farm won")
        return v.pgettext("ledger reason", "farm won")
    return v._("nearest")


def deal_settled_title(deal: int, language: str) -> str:
    """The ledger's title after a deal: "Deal 3 settled"."""
    return _voice(language)._("Deal {n} settled").format(n=deal)


def farmer_takings(
    farmer: int, collected: int, taken: tuple[int, int] | None, eyes: Eyes, language: str
) -> str:
    """What the farmer's seat earned in the deal just settled, said to a farmer at this screen.

    "As farmer you collected 9 chips this deal." ``collected`` is what the players over 16 paid
    it; ``taken``, when someone won the farm from it, is that seat and the farm's chips: "You lost
    the farm of 14 chips to Bastien." (la corbeille under the French rules). ``farmer`` is named in
    the third person where the screen is shared.
    """
    v = _voice(language)
    you = eyes.you(farmer)
    if collected and you:
        said = v.ngettext(
            "As farmer you collected {n} chip this deal.",
            "As farmer you collected {n} chips this deal.",
            collected,
        )
    elif collected:
        said = v.ngettext(
            "As farmer {name} collected {n} chip this deal.",
            "As farmer {name} collected {n} chips this deal.",
            collected,
        )
    elif you:
        said = v._("As farmer you collected nothing this deal.")
    else:
        said = v._("As farmer {name} collected nothing this deal.")
    said = said.format(name=eyes.names[farmer], n=collected)
    if taken is None:
        return said
    winner, farm = taken
    ferme = _ferme(eyes.rules)
    if you and ferme:
        lost = v.npgettext(
            "ferme rules",
            "You lost the farm of {n} chip to {winner}.",
            "You lost the farm of {n} chips to {winner}.",
            farm,
        )
    elif you:
        lost = v.ngettext(
            "You lost the farm of {n} chip to {winner}.", "You lost the farm of {n} chips to {winner}.", farm
        )
    elif ferme:
        lost = v.npgettext(
            "ferme rules",
            "{name} lost the farm of {n} chip to {winner}.",
            "{name} lost the farm of {n} chips to {winner}.",
            farm,
        )
    else:
        lost = v.ngettext(
            "{name} lost the farm of {n} chip to {winner}.",
            "{name} lost the farm of {n} chips to {winner}.",
            farm,
        )
    return f"{said} {lost.format(name=eyes.names[farmer], n=farm, winner=eyes.names[winner])}"


def game_over_title(result: GameEnded, eyes: Eyes, language: str) -> str:
    """The ledger's title at the end: who won, with how many chips (the standings count an unwon farm);
    of a game ended early, who was ahead (nobody won it)."""
    v = _voice(language)
    winners = result.winners
    best = result.standings[winners[0]]
    if result.reason is EndReason.STOPPED:  # stopped early: who was ahead, but nobody won
        if len(winners) == 1:
            if eyes.you(winners[0]):
                return v._("Game ended early: you were ahead with {n} chips.").format(n=best)
            return v._("Game ended early: {name} was ahead with {n} chips.").format(
                name=eyes.names[winners[0]], n=best
            )
        if eyes.seat in winners:  # the verb agrees with "you and …": a sentence of its own
            # Translators: "you" as the subject, first in a list of names ("you and Bastien shared …").
            names = _names(v, eyes, winners, v.pgettext("you, subject in a list", "you"))
            said = v.pgettext("you among them", "Game ended early: {names} shared the lead ({n} chips).")
            return said.format(names=names, n=best)
        names = _join(v, [eyes.names[s] for s in winners])
        return v._("Game ended early: {names} shared the lead ({n} chips).").format(names=names, n=best)
    if len(winners) == 1:
        if eyes.you(winners[0]):
            return v._("Game over: you win with {n} chips!").format(n=best)
        return v._("Game over: {name} wins with {n} chips.").format(name=eyes.names[winners[0]], n=best)
    # Translators: "you" first in a list after "between" ("a tie between you and Bastien"): de "dir".
    names = _names(v, eyes, winners, v.pgettext("you, after between in a list", "you"))
    return v._("Game over: a tie between {names} ({n} chips).").format(names=names, n=best)
