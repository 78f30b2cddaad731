"""A game in progress as a JSON document, to save at any moment and continue later.

:func:`snapshot` takes a game as a :class:`SavedGame`, a frozen value, and :func:`restore` gives a
game back from one; :meth:`SavedGame.to_json` and :meth:`SavedGame.from_json` are the one place
where a save becomes a document and a document a save.

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
seen is still never dealt again differently). Reading checks every value and refuses a bad
document with a :class:`SaveError` saying what is wrong; nothing in it is executed.
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass
from typing import Any

from game.rules.actions import Action, IllegalAction, parse_action
from game.rules.cards import DECK, Card, read_card
from game.rules.engine import MAX_SEATS, MIN_SEATS, Game, Phase
from game.rules.events import EndReason, Event
from game.rules.records import DealRecord, LogError
from game.rules.ruleset import RuleSet, rules_named
from game.rules.saved_state import BetweenDeals, RngState
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


@dataclass(frozen=True, slots=True)
class DealInProgress:
    """A deal saved while it was in progress, with its secrets: its moves so far and its deck."""

    moves: tuple[Move, ...]
    """Every move of the deal so far, in order."""
    deck: tuple[Card, ...] | None = None
    """The deck as a stack that deals the same cards in the same order (see
    :meth:`~game.rules.engine.Game.deal_deck`); None in the auction of a deal to be shuffled."""
    shuffled: bool = False
    """Whether the cards left in ``deck`` are drawn at random (else in its order)."""


@dataclass(frozen=True, slots=True)
class SavedGame:
    """A game in progress as its save holds it, at any moment; :meth:`to_json` and
    :meth:`from_json` are the only ways it becomes a document and back (see the module)."""

    rules: RuleSet
    """The rules it is played under."""
    seats: tuple[str, ...]
    """Each seat's name, clockwise from seat 0."""
    players: tuple[str, ...]
    """Each seat's player: ``"human"`` or an AI spec such as ``"normal:bold"``."""
    state: BetweenDeals
    """The state between deals, or the state the deal in progress started from."""
    log: tuple[DealRecord, ...] = ()
    """The deals over, in order."""
    seed: int | None = None
    """The game's seed (None: unseeded, or saved without its secrets)."""
    max_deals: int | None = None
    """The deals after which the game ends (None: no limit)."""
    max_minutes: float | None = None
    """The minutes after which the game ends (None: no limit)."""
    rng: RngState | None = None
    """The generator's state (None: saved without its secrets; the game read back draws afresh)."""
    first_seat: int | None = None
    """The seat the first lot chose (None: not chosen yet)."""
    deal: DealInProgress | None = None
    """The deal in progress (None between deals, or saved without its secrets)."""

    def to_json(self) -> dict[str, Any]:
        """The document as a file holds it: the keys in their order, plain JSON values."""
        state = self.state
        doc: dict[str, Any] = {
            "version": VERSION,
            "rules": self.rules.name,
            "rotating": self.rules.rotating,
            "seats": list(self.seats),
            "players": list(self.players),
            "seed": self.seed,
            "max_deals": self.max_deals,
            "max_minutes": self.max_minutes,
            "deal": state.deal,
            "chips": list(state.chips),
            "farm": state.farm,
            "farmer": state.farmer,
            "last_winner": state.last_winner,
            "farm_won": state.farm_won,
            "log": [rec.to_json() for rec in self.log],
        }
        if self.rng is not None:
            version, internal, gauss = self.rng
            doc["rng"] = [version, list(internal), gauss]
        if self.first_seat is not None:
            doc["first_seat"] = self.first_seat
        if self.deal is not None:
            doc["moves"] = [[seat, str(action)] for seat, action in self.deal.moves]
            if self.deal.deck is not None:
                doc["deck"] = [str(card) for card in self.deal.deck]
                doc["shuffled"] = self.deal.shuffled
        return doc

    @classmethod
    def from_json(cls, doc: Any) -> SavedGame:
        """The saved game a document holds, every value checked; raises :class:`SaveError` saying
        what is wrong with a bad one (nothing in it is executed)."""
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
        deck = _deck(doc.get("deck"))
        shuffled = truth(doc.get("shuffled", False), "shuffled", error=SaveError)
        in_progress = None
        if "moves" in doc:
            in_progress = DealInProgress(
                tuple(_moves(doc.get("moves"), n)), None if deck is None else tuple(deck), shuffled
            )
        return cls(
            rules, tuple(seats), tuple(players),
            BetweenDeals(deal, tuple(chips), farm, farmer, last_winner, farm_won),
            tuple(log), seed, max_deals, max_minutes, rng, first_seat, in_progress,
        )


def snapshot(game: Game, players: Sequence[str], *, keep_secrets: bool = True) -> SavedGame:
    """The game as a save holds it, at any moment: between deals, or during a deal with its moves.

    ``players`` names each seat's player: ``"human"`` or an AI spec such as ``"normal:bold"``.
    With ``keep_secrets`` false the save holds neither the seed nor the generator's state, and
    a deal in progress is saved as the state it started from (read back, the game is before that
    deal): only the deals over, in the log, say anything of the cards.
    """
    if len(players) != game.n_seats:
        raise ValueError("one player spec per seat is needed")
    mid_deal = game.mid_deal
    state = game.deal_start() if mid_deal else game.between_deals_state()
    assert state is not None
    in_progress = None
    if mid_deal and keep_secrets:
        deck = game.deal_deck()
        in_progress = DealInProgress(
            tuple(game.deal_moves()),
            None if deck is None else deck[0],
            False if deck is None else deck[1],
        )
    return SavedGame(
        game.rules, game.names, tuple(players), state,
        log=tuple(rec for rec in game.log if rec.deal <= state.deal),
        seed=game.seed if keep_secrets else None,
        max_deals=game.max_deals,
        max_minutes=game.max_minutes,
        rng=_rng_now(game) if keep_secrets else None,
        first_seat=game.first_seat,
        deal=in_progress,
    )


def restore(saved: SavedGame, *, resume_deal: bool = True) -> Restored:
    """The game and the seats' player specs of a save; raises SaveError when it cannot be played.

    A game saved during a deal comes back at that moment: the deal started again
    from its saved state and every saved move played again, each checked to be legal and
    made by the seat to act. With ``resume_deal`` false it gives the game before that deal
    instead, its moves not played, and its generator in the state saved during the deal: a
    caller that deals it again reseeds it first. A save without ``rng`` gives a game whose
    generator the system seeded: the cards of a deal in progress already dealt come back the
    same, the rest are drawn afresh.
    """
    state = saved.state
    game = Game(
        saved.seats, saved.rules, chips=state.chips, seed=saved.seed, max_deals=saved.max_deals,
        max_minutes=saved.max_minutes, first_seat=saved.first_seat,
    )
    game.restore_between_deals(state, saved.rng, saved.log)
    in_progress = saved.deal
    if in_progress is None or not resume_deal:
        if game.end_reason() is not None and game.phase is Phase.BETWEEN and state.deal > 0:
            game.end(game.end_reason() or EndReason.DEALS)
        return Restored(game, list(saved.players), interrupted=in_progress is not None)
    return _resume_deal(game, list(saved.players), in_progress, saved.rng)


def _resume_deal(game: Game, players: list[str], saved: DealInProgress, rng: RngState | None) -> Restored:
    """Start the ``saved`` deal again from its saved state and play its moves again, checking each."""
    moves, deck = saved.moves, saved.deck
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
    game.resume_deck(rng, saved.shuffled)
    return Restored(game, players, tuple(events), moves, True, tuple(steps))


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


def _rng_now(game: Game) -> RngState:
    """The state of ``game``'s generator now."""
    version, internal, gauss = game.rng.getstate()
    return version, tuple(internal), gauss


def _rng_state(value: Any) -> RngState:
    """Check the Mersenne Twister state saved as ``[version, [625 ints], gauss]``."""
    version, internal, gauss = list_of(value, "rng", 3, least=3, error=SaveError)
    version = one_of(version, "rng version", (3,), error=SaveError)
    words = list_of(internal, "rng state", 625, _word, least=625, error=SaveError)
    whole(words[-1], "rng position", 0, 624, error=SaveError)
    return version, tuple(words), optional(number, gauss, "rng gauss", -1e308, 1e308, error=SaveError)
