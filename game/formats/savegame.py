"""A game in progress as a JSON document, to save at any moment and continue later.

The document holds the table (names, rules, limits), each seat's player ("human" or
an AI spec), the state between two deals (chips, farm, farmer, deal number, the seeded
RNG's exact state) and the deal log so far. A document written without secrets
(``keep_secrets`` false: a network table's file, which people other than its players may
read) has neither ``seed`` nor ``rng``, and a deal in progress in it is only the state it
started from (not its cards or moves); the game read back from it draws from a generator
seeded afresh by the system, so nothing in the file tells the cards of any deal not over.

Saved during a deal, the document holds the state the deal started from, the deal's moves
so far (``"moves": [[seat, "draw"], ...]``, each action as ``str(action)`` writes it) and its
deck (``"deck"``: card codes as a stack that deals the same cards in the same order,
``"shuffled"``: whether the cards left in it are drawn at random); ``rng`` is then the
generator's state at the moment of saving. Loading deals the deal again from that deck and
plays every move again, so the game is exactly as it was, cards already drawn still in their
hands, and plays on the same (without ``rng``, the cards not yet seen are drawn afresh: a card
seen is still never dealt again differently). Loading checks every value and refuses a bad
document with a :class:`SaveError` saying what is
wrong; nothing in it is executed.
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import Any

from game.rules.actions import Action, IllegalAction, parse_action
from game.rules.cards import DECK, Card, read_card
from game.rules.engine import MAX_SEATS, MIN_SEATS, Game, Phase
from game.rules.events import EndReason, Event
from game.rules.records import DealRecord, LogError
from game.rules.ruleset import rules_named
from game.rules.view import View
from game.schema import list_of, number, one_of, optional, text, truth, whole

VERSION = 1
MAX_CHIPS = 10**9
"""More chips than any real game holds: a larger number means a corrupt file."""
MAX_DEALS = 10**7
"""More deals than any game plays."""
MAX_MOVES = 10**6
"""More moves than any real deal holds."""


class SaveError(ValueError):
    """A saved game that cannot be used; the message says why."""


Move = tuple[int, Action]
"""One move of a deal: the seat that made it and its action."""


@dataclass(frozen=True, slots=True)
class Step:
    """One move of the deal in progress as it was played again on loading."""

    seat: int
    """The seat that made it."""
    action: Action
    """What it did."""
    view: View
    """What that seat knew just before it (an AI asked again sees what it saw then)."""
    events: tuple[Event, ...]
    """The events it caused."""


@dataclass(frozen=True, slots=True)
class Restored:
    """A saved game as :func:`restore` gives it back, at exactly the moment it was saved."""

    game: Game
    """The game: between deals, or in the deal in progress with every saved move played."""
    players: list[str]
    """Each seat's player: ``"human"`` or an AI spec."""
    deal_events: tuple[Event, ...] = ()
    """The events of the deal in progress so far (starting it, then every move), in order;
    empty between deals. A screen shows them to put the table back as it was."""
    moves: tuple[Move, ...] = ()
    """The moves of the deal in progress that were played again, in order."""
    interrupted: bool = False
    """Whether the document was saved during a deal (even when its moves were not played again)."""
    steps: tuple[Step, ...] = ()
    """The moves played again, each with what its seat knew before it and the events it caused."""

    @property
    def deal_shown(self) -> int:
        """The number of the deal the table shows once the game is taken up: the deal in progress
        (saved during its auction or its play), else the next one, which starts at once."""
        game = self.game
        return game.deal_no if game.mid_deal else game.deal_no + 1


def snapshot(game: Game, players: list[str], *, keep_secrets: bool = True) -> dict[str, Any]:
    """The game as a document, at any moment: between deals, or during a deal with its moves.

    ``players`` names each seat's player: ``"human"`` or an AI spec such as ``"normal:bold"``.
    With ``keep_secrets`` false the document holds neither the seed nor the generator's state, and
    a deal in progress is saved as the state it started from (read back, the game is before that
    deal): only the deals over, in the log, say anything of the cards.
    """
    if len(players) != game.n_seats:
        raise ValueError("one player spec per seat is needed")
    mid_deal = game.mid_deal
    state = game.deal_start() if mid_deal else game.between_deals_state()
    assert state is not None
    doc: dict[str, Any] = {
        "version": VERSION,
        "rules": game.rules.name,
        "rotating": game.rules.rotating,
        "seats": list(game.names),
        "players": list(players),
        "seed": game.seed if keep_secrets else None,
        "max_deals": game.max_deals,
        "max_minutes": game.max_minutes,
        "deal": state["deal"],
        "chips": state["chips"],
        "farm": state["farm"],
        "farmer": state["farmer"],
        "last_winner": state["last_winner"],
        "farm_won": state["farm_won"],
        "log": [rec.to_json() for rec in game.log if rec.deal <= state["deal"]],
    }
    if keep_secrets:
        version, internal, gauss = game.rng.getstate()
        doc["rng"] = [version, list(internal), gauss]
    if game.first_seat is not None:
        doc["first_seat"] = game.first_seat
    if mid_deal and keep_secrets:
        doc["moves"] = [[seat, str(action)] for seat, action in game.deal_moves()]
        deck = game.deal_deck()
        if deck is not None:
            doc["deck"] = [str(card) for card in deck[0]]
            doc["shuffled"] = deck[1]
    return doc


def restore(doc: Any, *, resume_deal: bool = True) -> Restored:
    """The game and the seats' player specs from a saved document; raises SaveError when it is bad.

    A document saved during a deal gives the game at that moment: the deal started again
    from its saved state and every saved move played again, each checked to be legal and
    made by the seat to act. With ``resume_deal`` false it gives the game before that deal
    instead, its moves checked to be well formed but not played, and its generator in the
    state saved during the deal: a caller that deals it again reseeds it first. A document
    without ``rng`` gives a game whose generator the system seeded: the cards of a deal in
    progress already dealt come back the same, the rest are drawn afresh.
    """
    if not isinstance(doc, dict):
        raise SaveError("it is not a saved game")
    if doc.get("version") != VERSION:
        raise SaveError(f"its version {doc.get('version')!r} is not one this game reads ({VERSION})")
    try:
        rules = rules_named(str(doc.get("rules")), bool(doc.get("rotating", False)))
    except ValueError as exc:
        raise SaveError(str(exc)) from None
    seats = list_of(doc.get("seats"), "seats", MAX_SEATS, _name, least=MIN_SEATS, error=SaveError)
    n = len(seats)
    players = list_of(doc.get("players"), "players", n, _spec, least=n, error=SaveError)
    chips = list_of(doc.get("chips"), "chips", n, _chips, least=n, error=SaveError)
    seed = optional(whole, doc.get("seed"), "seed", -(2**64), 2**64, error=SaveError)
    max_deals = optional(whole, doc.get("max_deals"), "max_deals", 1, 100_000, error=SaveError)
    max_minutes = optional(number, doc.get("max_minutes"), "max_minutes", 1e-6, 10**6, error=SaveError)
    deal = whole(doc.get("deal"), "deal", 0, MAX_DEALS, error=SaveError)
    farm = _chips(doc.get("farm"), "farm")
    farmer = optional(whole, doc.get("farmer"), "farmer", 0, n - 1, error=SaveError)
    last_winner = optional(whole, doc.get("last_winner"), "last_winner", 0, n - 1, error=SaveError)
    farm_won = truth(doc.get("farm_won"), "farm_won", error=SaveError)
    rng = _rng_state(doc["rng"]) if "rng" in doc else None
    log = list_of(doc.get("log"), "log", MAX_DEALS, _record, error=SaveError)
    if any(rec.seats != tuple(seats) or rec.rules != rules.name for rec in log):
        raise SaveError("log: its deals were played at another table (other seats or rules)")
    first_seat = optional(whole, doc.get("first_seat"), "first_seat", 0, n - 1, error=SaveError)
    moves = _moves(doc.get("moves"), n) if "moves" in doc else None
    deck = _deck(doc.get("deck"))
    shuffled = truth(doc.get("shuffled", False), "shuffled", error=SaveError)
    game = Game(
        seats, rules, chips=chips, seed=seed, max_deals=max_deals, max_minutes=max_minutes,
        first_seat=first_seat,
    )
    game.restore_between_deals(
        deal=deal, chips=chips, farm=farm, farmer=farmer, last_winner=last_winner,
        farm_won=farm_won, rng=rng, log=log,
    )
    if moves is None or not resume_deal:
        if game.end_reason() is not None and game.phase is Phase.BETWEEN and deal > 0:
            game.end(game.end_reason() or EndReason.DEALS)
        return Restored(game, list(players), interrupted=moves is not None)
    return _resume_deal(game, list(players), moves, deck, shuffled, rng)


def _resume_deal(
    game: Game,
    players: list[str],
    moves: list[Move],
    deck: list[Card] | None,
    shuffled: bool,
    rng: tuple[Any, ...] | None,
) -> Restored:
    """Start the saved deal again from its saved state and play its ``moves`` again, checking each."""
    reason = game.end_reason()
    if reason is not None:
        raise SaveError(
            f"it holds the moves of a deal, but its game is over ({reason.value}): no deal can start"
        )
    if deck is not None:
        try:
            game.stack_deck(deck)
        except ValueError as exc:
            raise SaveError(f"deck: {exc}") from None
    events = game.next_deal()
    steps: list[Step] = []
    for count, (seat, action) in enumerate(moves, start=1):
        if not game.mid_deal:
            raise SaveError(f"move {count} comes after its deal has ended")
        if seat != game.to_act:
            raise SaveError(
                f"move {count} ({action}) is made by seat {seat}, but seat {game.to_act} is to act"
            )
        view = game.view_for(seat)
        try:
            caused = game.apply(action)
        except IllegalAction as exc:
            raise SaveError(f"move {count} ({action}) by seat {seat} is not legal: {exc}") from None
        steps.append(Step(seat, action, view, tuple(caused)))
        events += caused
    if not game.mid_deal:
        raise SaveError("its moves end the deal: a deal's moves are saved only while it is in progress")
    if game.phase is Phase.PLAY and deck is None:
        raise SaveError("deck is missing: the cards of a deal in progress are saved with it")
    game.resume_deck(rng, shuffled)
    return Restored(game, players, tuple(events), tuple(moves), True, tuple(steps))


def _record(value: Any, what: str) -> DealRecord:
    try:
        return DealRecord.from_json(value)
    except LogError as exc:
        raise SaveError(f"{what}: {exc}") from None


def _name(value: Any, what: str) -> str:
    return text(value, what, 40, least=1, error=SaveError)


def _spec(value: Any, what: str) -> str:
    return text(value, what, 200, error=SaveError)


def _chips(value: Any, what: str) -> int:
    return whole(value, what, 0, MAX_CHIPS, error=SaveError)


def _moves(value: Any, n: int) -> list[Move]:
    """The saved moves ``[[seat, "draw"], ...]`` as (seat, action) pairs."""

    def move(item: Any, what: str) -> Move:
        seat, action = list_of(item, what, 2, least=2, error=SaveError)
        seat = whole(seat, f"{what}'s seat", 0, n - 1, error=SaveError)
        try:
            return seat, parse_action(text(action, f"{what}'s action", 20, error=SaveError))
        except SaveError:
            raise
        except ValueError as exc:
            raise SaveError(f"{what}: {exc}") from None

    return list_of(value, "moves", MAX_MOVES, move, error=SaveError)


def _deck(value: Any) -> list[Card] | None:
    """The saved deck of the deal in progress (card codes, top first), or None when there is none."""
    return optional(list_of, value, "deck", len(DECK), _card, error=SaveError)


def _card(value: Any, what: str) -> Card:
    return read_card(value, what, error=SaveError)


def _word(value: Any, what: str) -> int:
    return whole(value, what, 0, 2**32 - 1, error=SaveError)


def _rng_state(value: Any) -> tuple[int, tuple[int, ...], float | None]:
    """Check the Mersenne Twister state saved as ``[version, [625 ints], gauss]``."""
    version, internal, gauss = list_of(value, "rng", 3, least=3, error=SaveError)
    version = one_of(version, "rng version", (3,), error=SaveError)
    words = list_of(internal, "rng state", 625, _word, least=625, error=SaveError)
    whole(words[-1], "rng position", 0, 624, error=SaveError)
    return version, tuple(words), optional(number, gauss, "rng gauss", -1e308, 1e308, error=SaveError)
