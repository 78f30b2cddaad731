"""The table's voice (scenes/table/narrator.py): every word the table says, without pygame.

Each test names the situation and checks the real words, in English and in French or
German, for the player whose screen it is (second person) and for everyone else.
"""

from __future__ import annotations

import subprocess
import sys
from pathlib import Path

import pytest
from helpers import play, start, table

from game.rules.cards import Card, Suit
from game.rules.events import (
    FARM,
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
    HandShown,
    NearestFound,
    Passed,
    Reason,
    Stood,
    TurnEnded,
    TurnStarted,
)
from game.rules.ranking import Tie, TieBreak
from game.rules.ruleset import rules_named
from scenes import i18n
from scenes.table.narrator import (
    Eyes,
    bubble,
    deal_settled_title,
    game_over_title,
    headline,
    nearest_note,
    payment_note,
    reason_word,
    showdown_opens,
    thinking,
)

ROOT = Path(__file__).resolve().parent.parent
NAMES = ("Anna", "Bastien", "Claire", "Dan")
NBSP, NNBSP = "\u00a0", "\u202f"


def plain(text: str | None) -> str | None:
    """``text`` with its no-break spaces as plain ones: French puts them before ":" and "!"."""
    return None if text is None else text.replace(NBSP, " ").replace(NNBSP, " ")


def eyes(rules: str = "foster", seat: int | None = None) -> Eyes:
    """Anna, Bastien, Claire and Dan at a table of ``rules``, seen from ``seat`` (None: a spectator)."""
    return Eyes(NAMES, rules_named(rules), seat)


def says(
    event: Event,
    rules: str = "foster",
    seat: int | None = None,
    lang: str = "en",
    *,
    farm: int = 0,
    farmer: int | None = None,
) -> str:
    """The headline of ``event``, which must have one (its no-break spaces made plain)."""
    found = plain(headline(event, eyes(rules, seat), lang, farm=farm, farmer=farmer))
    assert found is not None, event
    return found


# --- the module --------------------------------------------------------------------------------


def test_the_narrator_imports_without_pygame() -> None:
    """ARCHITECTURE: the words come from a pure module; importing it must not pull in pygame."""
    code = "import sys, scenes.table.narrator; assert 'pygame' not in sys.modules, 'pygame imported'"
    subprocess.run([sys.executable, "-c", code], cwd=ROOT, check=True)


def test_the_language_is_an_argument_and_the_global_one_is_untouched() -> None:
    """Any language can be asked for at any time; the game's own language does not change."""
    i18n.set_language("en")
    assert says(BidMade(1, 3), lang="fr") == "Bastien offre 3."
    assert says(BidMade(1, 3), lang="de_DE.UTF-8") == "Bastien bietet 3."
    assert i18n.language() == "en" and i18n._("Pass") == "Pass"
    assert says(BidMade(1, 3), lang="xx") == "Bastien bids 3."


# --- the auction -------------------------------------------------------------------------------


def test_a_new_deal_says_whether_the_farm_is_new_and_names_the_corbeille_under_ferme() -> None:
    assert says(DealStarted(3, True, None)) == "Deal 3: a new farm. Everyone antes a chip."
    assert says(DealStarted(4, False, 0)) == "Deal 4: the farm stays."
    assert says(DealStarted(3, True, None), lang="fr") == "Donne 3 : nouvelle ferme. Chacun met un jeton."
    assert (
        says(DealStarted(3, True, None), "ferme", lang="fr")
        == "Donne 3 : nouvelle corbeille. Chacun met un jeton."
    )
    assert says(DealStarted(4, False, 0), "ferme", lang="fr") == "Donne 4 : la corbeille reste."
    assert says(DealStarted(4, False, 0), "ferme") == "Deal 4: the farm stays."


def test_the_auction_speaks_to_the_bidder_and_of_the_others() -> None:
    assert says(AuctionOpened(1), seat=1) == "The farm is for sale. You bid first."
    assert says(AuctionOpened(1), seat=0) == "The farm is for sale. Bastien bids first."
    assert says(BidMade(1, 3), seat=1) == "You bid 3."
    assert says(BidMade(1, 3), seat=0) == "Bastien bids 3."
    assert says(BidMade(1, 3), seat=1, lang="fr") == "Vous offrez 3."
    assert says(Passed(2), seat=2) == "You pass."
    assert says(Passed(2), seat=None) == "Claire passes."
    assert says(Passed(2), seat=None, lang="fr") == "Claire passe."


def test_the_sale_with_a_price_in_the_plural_or_for_nothing() -> None:
    assert says(FarmSold(1, 4, False), seat=1) == "You buy the farm for 4 chips."
    assert says(FarmSold(1, 1, False), seat=1) == "You buy the farm for 1 chip."
    assert says(FarmSold(1, 4, False), seat=0) == "Bastien buys the farm for 4 chips."
    assert says(FarmSold(1, 1, False), seat=0, lang="fr") == "Bastien achète la ferme pour 1 jeton."
    assert says(FarmSold(1, 0, True), seat=1) == "Nobody bid: you take the farm for nothing."
    assert says(FarmSold(1, 0, True), seat=0) == "Nobody bid: Bastien takes the farm for nothing."


@pytest.mark.parametrize(
    ("reason", "rules", "lang", "you", "other"),
    [
        (FarmerReason.LOT, "ferme", "en", "You are farmer, drawn by lot.", "Claire is farmer, drawn by lot."),
        (
            FarmerReason.WINNER,
            "lacombe",
            "en",
            "You won the farm and deal.",
            "Claire won the farm and deals.",
        ),
        (
            FarmerReason.WINNER,
            "ferme",
            "fr",
            "Vous avez gagné la corbeille et vous donnez.",
            "Claire a gagné la corbeille et donne.",
        ),
        (
            FarmerReason.WINNER,
            "lacombe",
            "fr",
            "Vous avez gagné la ferme et vous donnez.",
            "Claire a gagné la ferme et donne.",
        ),
        (
            FarmerReason.ROTATION,
            "foster+rotating",
            "en",
            "The farm passes round: you are farmer.",
            "The farm passes round: Claire is farmer.",
        ),
    ],
)
def test_a_farmer_chosen_without_auction_says_why(
    reason: FarmerReason, rules: str, lang: str, you: str, other: str
) -> None:
    """Drawn by lot, the last winner (the corbeille under ferme), or the rotation."""
    assert says(FarmerChosen(2, reason), rules, seat=2, lang=lang) == you
    assert says(FarmerChosen(2, reason), rules, seat=0, lang=lang) == other


# --- the deal ----------------------------------------------------------------------------------


def test_turns_and_a_private_bust() -> None:
    assert says(TurnStarted(3), seat=3) == "Your turn."
    assert says(TurnStarted(3), seat=0) == "Dan's turn."
    assert says(TurnStarted(3), seat=0, lang="fr") == "À Dan de jouer."
    assert says(Busted(3, 19), seat=3) == "Over 16: you stop, and wait for the showdown."
    assert headline(Busted(3, 19), eyes(seat=None), "en") is None  # a replay shows the bubble only
    for quiet in (Stood(3), TurnEnded(3), CardDealt(3, Card.parse("5S"), False, False, 2)):
        assert headline(quiet, eyes(seat=3), "en") is None


def test_bubbles_over_the_seats() -> None:
    """Bid, Pass, the draw word with its exclamation, the stand word of the rules, done, Over 16."""
    e = eyes(seat=0)
    assert bubble(BidMade(1, 3), e, "en") == "Bid 3"
    assert bubble(BidMade(1, 3), e, "de") == "Gebot 3"
    assert bubble(Passed(1), e, "en") == "Pass"
    assert bubble(Passed(1), e, "fr") == "Passe"
    drawn = CardDealt(1, Card.parse("5S"), True, False, 2)
    assert bubble(drawn, e, "en") == "Card!"
    assert bubble(drawn, e, "fr") == f"Carte{NNBSP}!"
    assert bubble(drawn, e, "de") == "Karte!"
    assert bubble(CardDealt(1, Card.parse("5S"), False, True, 1), e, "en") is None  # the first card
    assert bubble(Stood(0), e, "en") == "Stand"
    assert bubble(Stood(0), eyes("lacombe", 0), "en") == "Basta"
    assert bubble(Stood(0), eyes("ferme", 0), "fr") == "Je m'y tiens"
    assert bubble(Busted(1, 19), e, "en") == "Over 16"
    assert bubble(Busted(1, 19), e, "de") == "Über 16"
    # The table sees a turn end: "done" over another seat, for a spectator too (who is told no
    # stand nor bust); nothing over one's own (their stand or bust said it).
    assert bubble(TurnEnded(1), e, "en") == "done"
    assert bubble(TurnEnded(1), e, "fr") == "fini"
    assert bubble(TurnEnded(0), e, "en") is None
    assert bubble(TurnEnded(1), eyes(seat=None), "en") == "done"
    assert bubble(TurnStarted(1), e, "en") is None
    assert thinking("en") == "thinking…"
    assert thinking("fr") == "réfléchit…"


# --- the showdown ------------------------------------------------------------------------------


def test_the_showdown_opens() -> None:
    assert showdown_opens("en") == "Showdown: every hand is turned over."
    assert plain(showdown_opens("fr")) == "Abattage : toutes les mains sont retournées."
    assert headline(HandShown(1, (Card.parse("KS"), Card.parse("6H")), 16), eyes(), "en") is None


def test_payment_notes_say_why_chips_move() -> None:
    e = eyes(seat=0)
    assert payment_note(ChipsMoved(2, 0, 3, Reason.OVER), e, "en") == "3 chips to the farmer: over 16"
    assert payment_note(ChipsMoved(2, 0, 1, Reason.OVER), e, "en") == "1 chip to the farmer: over 16"
    assert (
        plain(payment_note(ChipsMoved(2, 0, 3, Reason.OVER), e, "fr")) == "3 jetons au fermier : plus de 16"
    )
    assert payment_note(ChipsMoved(FARM, 1, 12, Reason.FARM), e, "en") == "12 chips: the farm"
    assert plain(payment_note(ChipsMoved(FARM, 1, 12, Reason.FARM), e, "fr")) == "12 jetons : la ferme"
    assert (
        plain(payment_note(ChipsMoved(FARM, 1, 12, Reason.FARM), eyes("ferme"), "fr"))
        == "12 jetons : la corbeille"
    )
    assert payment_note(ChipsMoved(FARM, 1, 12, Reason.FARM), eyes("ferme"), "en") == "12 chips: the farm"
    assert payment_note(ChipsMoved(1, FARM, 4, Reason.BID), e, "en") == "the price of the farm"
    assert payment_note(ChipsMoved(1, FARM, 1, Reason.ANTE), e, "en") is None
    assert payment_note(ChipsMoved(1, 2, 1, Reason.NEAREST), e, "en") is None


def test_nearest_without_a_tie_a_chip_from_each_or_the_corbeille() -> None:
    assert (
        says(NearestFound(1, 14), seat=1)
        == "Nobody made 16: you are nearest with 14; a chip from every other player."
    )
    assert (
        says(NearestFound(1, 14), seat=0)
        == "Nobody made 16: Bastien is nearest with 14; a chip from every other player."
    )
    assert (
        says(NearestFound(1, 14), "ferme", seat=1)
        == "Nobody made 16: you are nearest with 14 and take the farm."
    )
    assert (
        says(NearestFound(1, 14), "ferme", seat=0, lang="fr")
        == "Personne n'a fait 16 : avec 14, Bastien est au plus près et prend la corbeille."
    )
    assert nearest_note(NearestFound(1, 14), eyes(), "en") == "nearest: a chip from every other player"
    assert nearest_note(NearestFound(1, 14), eyes(), "de") == "am nächsten: ein Chip von jedem anderen"
    assert nearest_note(NearestFound(1, 14), eyes("ferme"), "en") is None
    assert nearest_note(NearestFound(None, 0), eyes(), "en") is None


def test_a_farm_won_without_a_tie() -> None:
    assert says(FarmWon(1, 8, 16), seat=1) == "You make 16 and win the farm!"
    assert says(FarmWon(1, 8, 16), seat=0) == "Bastien makes 16 and wins the farm!"
    assert says(FarmWon(1, 8, 16), "ferme", seat=1, lang="fr") == "Vous faites 16 et gagnez la corbeille !"
    assert says(FarmWon(1, 8, 16), seat=1, lang="fr") == "Vous faites 16 et gagnez la ferme !"
    assert says(FarmWon(1, 8, 14), "ferme", seat=1) == "You win the farm with 14."
    assert says(FarmWon(1, 8, 14), "ferme", seat=0, lang="fr") == "Bastien gagne la corbeille avec 14."


def test_the_farm_stays_for_the_next_deal_unless_the_game_is_over() -> None:
    assert says(DealEnded(2, None, None), farm=7) == "The farm of 7 stays for the next deal."
    assert (
        says(DealEnded(2, None, None), "ferme", lang="fr", farm=7)
        == "La corbeille (7) reste pour la donne suivante."
    )
    assert headline(DealEnded(2, None, None), eyes(), "en", farm=7, over=True) is None
    assert headline(DealEnded(2, 1, None), eyes(), "en", farm=0) is None
    assert headline(DealEnded(2, None, 1), eyes(), "en", farm=7) is None


# --- the end of the game -------------------------------------------------------------------


def test_the_game_over_with_no_farm_left() -> None:
    result = GameEnded((90, 120, 95, 95), (1,), EndReason.DEALS)
    assert says(result, seat=0) == "The game is over."
    assert says(result, seat=0, farm=5, farmer=None) == "The game is over."


def test_an_unwon_farm_goes_to_its_farmer_at_the_end_of_the_game() -> None:
    """RULES 'Game end': a farm nobody has won stays with its farmer; the standings count it."""
    result = GameEnded((105, 100, 95, 100), (0,), EndReason.DEALS)
    assert (
        says(result, seat=1, farm=5, farmer=0)
        == "The game is over: the farm of 5 chips goes to its farmer, Anna."
    )
    assert (
        says(result, seat=0, farm=5, farmer=0)
        == "The game is over: the farm of 5 chips goes to you, its farmer."
    )
    assert (
        says(result, seat=0, farm=1, farmer=0)
        == "The game is over: the farm of 1 chip goes to you, its farmer."
    )
    assert (
        says(result, seat=1, lang="fr", farm=5, farmer=0)
        == "La partie est terminée : la ferme de 5 jetons, que personne n'a gagnée, revient à Anna."
    )
    assert (
        says(result, "ferme", seat=1, lang="fr", farm=5, farmer=0)
        == "La partie est terminée : la corbeille de 5 jetons, que personne n'a gagnée, revient à Anna."
    )
    assert (
        says(result, seat=1, lang="de", farm=1, farmer=0)
        == "Das Spiel ist aus: Anna behält als Pächter den Hof mit 1 Chip."
    )
    assert (
        says(result, seat=0, lang="de", farm=5, farmer=0)
        == "Das Spiel ist aus: Du behältst als Pächter den Hof mit 5 Chips."
    )


def test_the_unwon_farm_at_the_end_agrees_with_the_engines_standings() -> None:
    """A game ended while a farm stands: the sentence names the farmer the standings credit."""
    game = table("foster")
    start(game, top="7S KD 5S 3C 5H 9C 4H 2D", auction="p 3 p p")  # Ben buys the farm
    play(game, "d d s d d d s")  # nobody makes 16: the farm stays with Ben
    assert game.winner is None and game.farm > 0
    farm, farmer = game.farm, game.farmer
    ended = [e for e in game.end() if isinstance(e, GameEnded)]
    assert len(ended) == 1 and farmer is not None
    assert ended[0].standings[farmer] == game.chips[farmer] + farm
    text = headline(ended[0], Eyes(game.names, game.rules, 0), "en", farm=game.farm, farmer=game.farmer)
    assert text == f"The game is over: the farm of {farm} chips goes to its farmer, {game.names[farmer]}."


def test_game_over_titles() -> None:
    one = GameEnded((105, 100, 95, 100), (0,), EndReason.DEALS)
    assert game_over_title(one, eyes(seat=0), "en") == "Game over: you win with 105 chips!"
    assert game_over_title(one, eyes(seat=1), "en") == "Game over: Anna wins with 105 chips."
    assert plain(game_over_title(one, eyes(seat=1), "fr")) == "Partie terminée : Anna gagne avec 105 jetons."
    tie = GameEnded((105, 105, 95, 95), (0, 1), EndReason.PLAYERS)
    assert (
        game_over_title(tie, eyes(seat=2), "en") == "Game over: a tie between Anna and Bastien (105 chips)."
    )
    assert (
        game_over_title(tie, eyes(seat=2), "de")
        == "Spielende: Gleichstand zwischen Anna und Bastien (105 Chips)."
    )


def test_the_ledger_words() -> None:
    foster, ferme = rules_named("foster"), rules_named("ferme")
    assert [reason_word(r, foster, "en") for r in Reason] == [
        "ante",
        "price of the farm",
        "over 16",
        "farm won",
        "nearest",
    ]
    assert [reason_word(r, foster, "fr") for r in Reason] == [
        "mise",
        "prix de la ferme",
        "plus de 16",
        "ferme gagnée",
        "au plus près",
    ]
    assert reason_word(Reason.FARM, ferme, "fr") == "corbeille gagnée"
    assert reason_word(Reason.FARM, ferme, "de") == "Hof gewonnen"
    assert reason_word(Reason.FARM, foster, "de") == "Hof gewonnen"
    assert deal_settled_title(3, "en") == "Deal 3 settled"


# --- ties, built by hand: every tie-break under every ranking ------------------------------------

# (rules, the deciding rule, its suit, the reason in English for Bastien and for "you", a word of the French)
TIE_BREAKS = [
    ("foster", TieBreak.SIX_OF_HEARTS, None, "Bastien holds the 6♥", "you hold the 6♥", "le brillant"),
    (
        "foster",
        TieBreak.FEWER_CARDS,
        None,
        "Bastien has fewer cards",
        "you have fewer cards",
        "moins de cartes",
    ),
    (
        "foster",
        TieBreak.SERVED_FIRST,
        None,
        "Bastien was served first",
        "you were served first",
        "en premier",
    ),
    (
        "lacombe",
        TieBreak.FEWER_CARDS,
        None,
        "Bastien has fewer cards",
        "you have fewer cards",
        "moins de cartes",
    ),
    ("lacombe", TieBreak.SIX_OF_HEARTS, None, "Bastien holds the 6♥", "you hold the 6♥", "le brillant"),
    (
        "lacombe",
        TieBreak.SERVED_FIRST,
        None,
        "Bastien was served first",
        "you were served first",
        "en premier",
    ),
    ("ferme", TieBreak.SIX_OF_HEARTS, None, "Bastien holds the 6♥", "you hold the 6♥", "le brillant"),
    (
        "ferme",
        TieBreak.TWO_CARDS,
        None,
        "Bastien has only two cards",
        "you have only two cards",
        "que deux cartes",
    ),
    (
        "ferme",
        TieBreak.BEST_NINE,
        Suit.DIAMONDS,
        "Bastien holds the best nine (9♦)",
        "you hold the best nine (9♦)",
        "meilleur neuf (9♦)",
    ),
    (
        "ferme",
        TieBreak.HIGHEST_CARD,
        Suit.CLUBS,
        "Bastien holds the highest ♣",
        "you hold the highest ♣",
        "le plus fort ♣",
    ),
    (
        "ferme",
        TieBreak.FEWER_CARDS,
        None,
        "Bastien has fewer cards",
        "you have fewer cards",
        "moins de cartes",
    ),
    ("ferme", TieBreak.SERVED_FIRST, None, "Bastien was served first", "you were served first", "en premier"),
]
TIE_IDS = [f"{c[0]}-{c[1].value}" for c in TIE_BREAKS]


@pytest.mark.parametrize(("rules", "by", "suit", "why", "why_you", "french"), TIE_BREAKS, ids=TIE_IDS)
def test_a_tie_for_the_farm_names_both_players_and_the_deciding_rule(
    rules: str, by: TieBreak, suit: Suit | None, why: str, why_you: str, french: str
) -> None:
    """Bastien and Claire both make 16: the headline says who else had it and why Bastien won."""
    won = FarmWon(1, 8, 16, Tie((2,), 2, by, suit))
    assert says(won, rules, seat=None) == f"Bastien and Claire both make 16: {why} and wins the farm."
    assert says(won, rules, seat=0) == f"Bastien and Claire both make 16: {why} and wins the farm."
    assert says(won, rules, seat=1) == f"You and Claire both make 16: {why_you} and win the farm."
    assert says(won, rules, seat=2) == f"You and Bastien both make 16: {why} and wins the farm."
    fr = says(won, rules, seat=0, lang="fr")
    pot = "la corbeille" if rules == "ferme" else "la ferme"
    assert fr.startswith("Égalité à 16 entre Bastien et Claire : Bastien ") and french in fr
    assert fr.endswith(f"et gagne {pot}.")
    assert says(won, rules, seat=1, lang="fr").startswith("Égalité à 16 entre vous et Claire : vous ")
    de = says(won, rules, seat=2, lang="de")
    assert de.startswith("Du und Bastien habt beide 16: Bastien ") and de.endswith("und gewinnt den Hof.")


@pytest.mark.parametrize(("rules", "by", "suit", "why", "why_you", "french"), TIE_BREAKS, ids=TIE_IDS)
def test_a_tie_for_nearest_names_both_players_the_rule_and_what_the_nearest_gets(
    rules: str, by: TieBreak, suit: Suit | None, why: str, why_you: str, french: str
) -> None:
    """Bastien and Claire both have 12: a chip from each (foster, lacombe) or the corbeille (ferme)."""
    found = NearestFound(1, 12, Tie((2,), 2, by, suit))
    prize, prize_you = (
        ("wins the farm", "win the farm")
        if rules == "ferme"
        else ("takes a chip from every other player", "take a chip from every other player")
    )
    assert says(found, rules) == f"Bastien and Claire both have 12, nearest to 16: {why} and {prize}."
    assert (
        says(found, rules, seat=1)
        == f"You and Claire both have 12, nearest to 16: {why_you} and {prize_you}."
    )
    assert says(found, rules, seat=2) == f"You and Bastien both have 12, nearest to 16: {why} and {prize}."
    fr = says(found, rules, lang="fr")
    assert (
        fr.startswith("Égalité à 12, au plus près de 16, entre Bastien et Claire : Bastien ") and french in fr
    )
    ends = "gagne la corbeille." if rules == "ferme" else "reçoit un jeton de chacun des autres joueurs."
    assert fr.endswith(ends)


def test_new_french_sentences_keep_the_catalogues_typography() -> None:
    """A no-break space before ":" and a narrow one before "!", as the French catalogue writes them."""
    won = FarmWon(1, 8, 16, Tie((2,), 2, TieBreak.SIX_OF_HEARTS))
    assert (
        headline(won, eyes(), "fr")
        == f"Égalité à 16 entre Bastien et Claire{NBSP}: Bastien a le brillant et gagne la ferme."
    )
    ended = GameEnded((105, 100, 95, 100), (0,), EndReason.DEALS)
    assert headline(ended, eyes(seat=0), "fr", farm=2, farmer=0) == (
        f"La partie est terminée{NBSP}: la ferme de 2 jetons, que personne n'a gagnée, vous revient."
    )


def test_a_tie_among_several_players_takes_the_plural() -> None:
    """Three hands on 16: every name is listed, in the plural form of each language."""
    won = FarmWon(1, 8, 16, Tie((2, 3), 2, TieBreak.SIX_OF_HEARTS))
    assert says(won) == "Bastien, Claire and Dan all make 16: Bastien holds the 6♥ and wins the farm."
    assert says(won, seat=3) == "You, Bastien and Claire all make 16: Bastien holds the 6♥ and wins the farm."
    assert says(won, seat=1) == "You, Claire and Dan all make 16: you hold the 6♥ and win the farm."
    assert (
        says(won, seat=3, lang="fr")
        == "Égalité à 16 entre vous, Bastien et Claire : Bastien a le brillant et gagne la ferme."
    )
    assert (
        says(won, lang="de")
        == "Bastien, Claire und Dan haben alle 16: Bastien hat die Herz-6 und gewinnt den Hof."
    )
    assert (
        says(won, seat=1, lang="de")
        == "Du, Claire und Dan habt alle 16: Du hast die Herz-6 und gewinnst den Hof."
    )
    near = NearestFound(3, 13, Tie((0, 2), 0, TieBreak.SERVED_FIRST))
    assert (
        says(near)
        == "Dan, Anna and Claire all have 13, nearest to 16: Dan was served first and takes a chip from "
        "every other player."
    )


# --- ties from the engine, with stacked decks ----------------------------------------------------

# (rules, players, first seat, top, bottom, auction, script,
#  the deciding rule, winner, beaten, total, a French word)
ENGINE_TIES = [
    # foster, 16s (tests/test_rules_foster.py)
    (
        "foster",
        4,
        0,
        "7S 6H 2C 9C 3S 7C 4D 5D 3D",
        "",
        "1 p p p",
        "d s d d s d d d s",
        TieBreak.SIX_OF_HEARTS,
        2,
        1,
        16,
        "le brillant",
    ),
    (
        "foster",
        4,
        0,
        "4S 7C 2C 3C 9S 9C 4D 5D 3D",
        "",
        "1 p p p",
        "d d s d s d d s",
        TieBreak.FEWER_CARDS,
        2,
        1,
        16,
        "moins de cartes",
    ),
    (
        "foster",
        5,
        2,
        "7S 2S 7C 2C 9S 3S 9C 3C",
        "",
        "1 p p p p",
        "d s d s d s d s",
        TieBreak.SERVED_FIRST,
        3,
        0,
        16,
        "en premier",
    ),
    # foster, nearest
    (
        "foster",
        4,
        0,
        "9S 6H 2C 5C 3S 5D 4D",
        "",
        "1 p p p",
        "d s d d s d s",
        TieBreak.SIX_OF_HEARTS,
        2,
        1,
        14,
        "le brillant",
    ),
    (
        "foster",
        4,
        0,
        "4S 9S 2C 5C 5D 5H 4D",
        "",
        "1 p p p",
        "d d s d s d s",
        TieBreak.FEWER_CARDS,
        2,
        1,
        14,
        "moins de cartes",
    ),
    (
        "foster",
        4,
        0,
        "9S 9C 2C 5C 5D 4D",
        "",
        "1 p p p",
        "d s d s d s",
        TieBreak.SERVED_FIRST,
        1,
        2,
        14,
        "en premier",
    ),
    # lacombe (tests/test_rules_lacombe.py)
    (
        "lacombe",
        4,
        0,
        "7S 6H 2C",
        "9S KS 4D 5D",
        "1 p p p",
        "d s d s d d s",
        TieBreak.SIX_OF_HEARTS,
        2,
        3,
        16,
        "le brillant",
    ),
    (
        "lacombe",
        4,
        0,
        "6H 7D 2C",
        "3S 7C 9D 4D 5D",
        "1 p p p",
        "d d s d s d d s",
        TieBreak.FEWER_CARDS,
        2,
        3,
        16,
        "moins de cartes",
    ),
    (
        "lacombe",
        4,
        0,
        "9S 9C 2C",
        "7C 7D 4D 5D",
        "1 p p p",
        "d s d s d d s",
        TieBreak.SERVED_FIRST,
        3,
        2,
        16,
        "en premier",
    ),
    (
        "lacombe",
        4,
        0,
        "6H 9D 2C",
        "3S 5C 5D 4D 5H",
        "1 p p p",
        "d d s d s d d s",
        TieBreak.FEWER_CARDS,
        2,
        3,
        14,
        "moins de cartes",
    ),
    # ferme (tests/test_rules_ferme.py): Dan (3) is served first, Carla (2) wins
    (
        "ferme",
        4,
        0,
        "7S 6H 2H",
        "9S 5S 5C 4H 5H",
        "",
        "d s d d s d d s",
        TieBreak.SIX_OF_HEARTS,
        2,
        3,
        16,
        "le brillant",
    ),
    (
        "ferme",
        4,
        0,
        "9H 7D 2H",
        "4S 3S 9D 4H 5H",
        "",
        "d d s d s d d s",
        TieBreak.TWO_CARDS,
        2,
        3,
        16,
        "que deux cartes",
    ),
    (
        "ferme",
        4,
        0,
        "9D 9H 2H",
        "4S 3S 5S 2S 4H 5H",
        "",
        "d d s d d s d d s",
        TieBreak.BEST_NINE,
        2,
        3,
        16,
        "meilleur neuf (9♥)",
    ),
    (
        "ferme",
        4,
        0,
        "QH KH 2H",
        "4S 2S 4C 2C 4H 5H",
        "",
        "d d s d d s d d s",
        TieBreak.HIGHEST_CARD,
        2,
        3,
        16,
        "le plus fort ♥",
    ),
    (
        "ferme",
        4,
        0,
        "QD KD 2H",
        "4S 2S 4C 2C 4H 5H",
        "",
        "d d s d d s d d s",
        TieBreak.HIGHEST_CARD,
        2,
        3,
        16,
        "le plus fort ♦",
    ),
    (
        "ferme",
        4,
        0,
        "9D 6H 2H",
        "5D 3S 5C 4H 5H",
        "",
        "d s d d s d d s",
        TieBreak.SIX_OF_HEARTS,
        2,
        3,
        14,
        "le brillant",
    ),
]


@pytest.mark.parametrize(
    (
        "rules",
        "players",
        "first",
        "top",
        "bottom",
        "auction",
        "script",
        "by",
        "winner",
        "beaten",
        "total",
        "french",
    ),
    ENGINE_TIES,
    ids=[f"{c[0]}-{'16' if c[10] == 16 else 'nearest'}-{c[7].value}-{i}" for i, c in enumerate(ENGINE_TIES)],
)
def test_real_ties_from_the_engine_are_explained(
    rules: str,
    players: int,
    first: int,
    top: str,
    bottom: str,
    auction: str,
    script: str,
    by: TieBreak,
    winner: int,
    beaten: int,
    total: int,
    french: str,
) -> None:
    """Stacked decks give the engine real ties; every one is explained, naming both players and the rule."""
    game = table(rules, players, first_seat=first)
    events = start(game, top=top, bottom=bottom, auction=auction)
    events += play(game, script)
    settled = [e for e in events if isinstance(e, FarmWon | NearestFound) and e.tie is not None]
    assert settled, "the deal should end in a tie"
    ruleset = rules_named(rules)
    for event in settled:
        assert event.seat == winner and event.total == total
        tie = event.tie
        assert tie is not None and tie.by is by and tie.beaten == beaten
        names = game.names
        text = headline(event, Eyes(names, ruleset, None), "en")
        assert text is not None
        assert text.startswith(f"{names[winner]} and {names[beaten]} both ")
        assert f": {names[winner]} " in text
        you_won = headline(event, Eyes(names, ruleset, winner), "en")
        assert you_won is not None and you_won.startswith(f"You and {names[beaten]} both ")
        you_lost = headline(event, Eyes(names, ruleset, beaten), "en")
        assert you_lost is not None and you_lost.startswith(f"You and {names[winner]} both ")
        fr = headline(event, Eyes(names, ruleset, None), "fr")
        assert fr is not None and french in fr and names[beaten] in fr


# --- words that said something untrue or unclear ------------------------------------------------


@pytest.mark.parametrize("rules", ["foster", "lacombe", "ferme"])
def test_everyone_over_16_says_nobody_is_nearest_and_the_pot_stays_not_that_nobody_collects(
    rules: str,
) -> None:
    """RULES 3 (foster, lacombe: "If every player went over, nobody collects" the nearest's chips)
    and ferme ("the corbeille stays for the next deal"): the farmer has just collected from every
    player, so the banner says what is true: nobody is nearest, and the pot stays."""
    found = NearestFound(None, 0)
    assert says(found, rules, seat=0) == "Everyone went over 16: nobody is nearest, and the farm stays."
    pot = "la corbeille" if rules == "ferme" else "la ferme"
    assert says(found, rules, seat=0, lang="fr") == (
        f"Tout le monde a dépassé 16 : personne n'est au plus près, {pot} reste."
    )
    assert says(found, rules, seat=0, lang="de") == (
        "Alle haben sich überkauft: Niemand liegt am nächsten an 16, der Hof bleibt."
    )


def test_a_tie_that_includes_you_says_you_in_the_form_the_sentence_needs() -> None:
    """"Gleichstand zwischen Du und Bastien" was wrong: the person's own name (the default "Du",
    "Vous") stood inside the list; a list naming the viewer says "you" in the form it needs there."""
    names = ("Du", "Bastien", "Claire", "Dan")
    seen = Eyes(names, rules_named("foster"), 0)
    tie = GameEnded((105, 105, 90, 100), (0, 1), EndReason.DEALS)
    assert game_over_title(tie, seen, "en") == "Game over: a tie between you and Bastien (105 chips)."
    assert game_over_title(tie, seen, "de") == "Spielende: Gleichstand zwischen dir und Bastien (105 Chips)."
    assert plain(game_over_title(tie, seen, "fr")) == (
        "Partie terminée : égalité entre vous et Bastien (105 jetons)."
    )
    three = GameEnded((105, 105, 105, 100), (0, 1, 2), EndReason.DEALS)
    assert game_over_title(three, seen, "de") == (
        "Spielende: Gleichstand zwischen dir, Bastien und Claire (105 Chips)."
    )
    early = GameEnded((105, 105, 90, 100), (0, 1), EndReason.STOPPED)
    assert game_over_title(early, seen, "en") == (
        "Game ended early: you and Bastien shared the lead (105 chips)."
    )
    assert plain(game_over_title(early, seen, "fr")) == (
        "Partie arrêtée avant la fin : vous et Bastien étiez à égalité en tête (105 jetons)."
    )
    assert game_over_title(early, seen, "de") == (
        "Vorzeitig beendet: Du und Bastien lagt gleichauf vorn (105 Chips)."
    )
    assert game_over_title(tie, eyes(seat=2), "de") == (
        "Spielende: Gleichstand zwischen Anna und Bastien (105 Chips)."
    )


@pytest.mark.parametrize(("rules", "rotating"), [("foster", False), ("foster", True), ("lacombe", False),
                                                  ("ferme", False)])
def test_the_farmers_banner_says_a_chip_for_each_point_over_16(rules: str, rotating: bool) -> None:
    """RULES: over 16, "each such player pays the farmer 1 chip per point over 16"; "a chip a point"
    could be read as a chip for every point of the hand."""
    from scenes.table.narrator import farmer_role

    rule_set = rules_named(rules, rotating) if rotating else rules_named(rules)
    for seat in (0, 1):
        seen = Eyes(NAMES, rule_set, 0)
        assert "a chip for each point above it" in farmer_role(seat, seen, "en")
        assert "un jeton par point au-dessus de 16" in farmer_role(seat, seen, "fr")
        assert "einen Chip pro Punkt über 16" in farmer_role(seat, seen, "de")
        assert "a chip a point" not in farmer_role(seat, seen, "en")
