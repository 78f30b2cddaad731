"""A game in progress as a JSON document, to save between deals and continue later.

The document holds the table (names, rules, limits), each seat's player ("human" or
an AI spec), the state between two deals (chips, farm, farmer, deal number, the seeded
RNG's exact state) and the deal log so far. Loading checks every value and refuses a
bad document with a :class:`SaveError` saying what is wrong; nothing in it is executed.
"""

from __future__ import annotations

from typing import Any

from game.engine import MAX_SEATS, MIN_SEATS, Game, Phase
from game.rules import rules_named

VERSION = 1
MAX_CHIPS = 10**9
"""More chips than any real game holds: a larger number means a corrupt file."""


class SaveError(ValueError):
    """A saved game that cannot be used; the message says why."""


def snapshot(game: Game, players: list[str]) -> dict[str, Any]:
    """The game as a document. Call between deals (or the deal in progress is replayed from its start).

    ``players`` names each seat's player: ``"human"`` or an AI spec such as ``"normal:bold"``.
    """
    if len(players) != game.n_seats:
        raise ValueError("one player spec per seat is needed")
    state = game.between_deals_state()
    version, internal, gauss = state["rng"]
    return {
        "version": VERSION,
        "rules": game.rules.name,
        "rotating": game.rules.rotating,
        "seats": list(game.names),
        "players": list(players),
        "seed": game.seed,
        "max_deals": game.max_deals,
        "max_minutes": game.max_minutes,
        "deal": state["deal"],
        "chips": state["chips"],
        "farm": state["farm"],
        "farmer": state["farmer"],
        "last_winner": state["last_winner"],
        "farm_won": state["farm_won"],
        "rng": [version, list(internal), gauss],
        "log": [dict(rec) for rec in game.log if rec["deal"] <= state["deal"]],
    }


def _int(doc: dict[str, Any], key: str, low: int, high: int, optional: bool = False) -> int | None:
    value = doc.get(key)
    if value is None and optional:
        return None
    if isinstance(value, bool) or not isinstance(value, int) or not low <= value <= high:
        raise SaveError(f"{key} must be a whole number from {low} to {high}, not {value!r}")
    return value


def restore(doc: Any) -> tuple[Game, list[str]]:
    """The game and the seats' player specs from a saved document; raises SaveError when it is bad."""
    if not isinstance(doc, dict):
        raise SaveError("it is not a saved game")
    if doc.get("version") != VERSION:
        raise SaveError(f"its version {doc.get('version')!r} is not one this game reads ({VERSION})")
    try:
        rules = rules_named(str(doc.get("rules")), bool(doc.get("rotating", False)))
    except ValueError as exc:
        raise SaveError(str(exc)) from None
    seats = doc.get("seats")
    if (
        not isinstance(seats, list)
        or not MIN_SEATS <= len(seats) <= MAX_SEATS
        or not all(isinstance(s, str) and 0 < len(s) <= 40 for s in seats)
    ):
        raise SaveError(f"seats must be {MIN_SEATS} to {MAX_SEATS} names")
    n = len(seats)
    players = doc.get("players")
    if not isinstance(players, list) or len(players) != n or not all(isinstance(p, str) for p in players):
        raise SaveError("players must name one player per seat")
    chips = doc.get("chips")
    if not isinstance(chips, list) or len(chips) != n:
        raise SaveError("chips must give one number per seat")
    for value in chips:
        if isinstance(value, bool) or not isinstance(value, int) or not 0 <= value <= MAX_CHIPS:
            raise SaveError(f"chips must be whole numbers from 0 to {MAX_CHIPS}, not {value!r}")
    seed = doc.get("seed")
    if seed is not None and (isinstance(seed, bool) or not isinstance(seed, int)):
        raise SaveError("seed must be a whole number")
    max_deals = _int(doc, "max_deals", 1, 100_000, optional=True)
    max_minutes = doc.get("max_minutes")
    if max_minutes is not None and (
        isinstance(max_minutes, bool)
        or not isinstance(max_minutes, int | float)
        or not 0 < max_minutes < 10**6
    ):
        raise SaveError("max_minutes must be a positive number")
    deal = _int(doc, "deal", 0, 10**7)
    farm = _int(doc, "farm", 0, MAX_CHIPS)
    farmer = _int(doc, "farmer", 0, n - 1, optional=True)
    last_winner = _int(doc, "last_winner", 0, n - 1, optional=True)
    farm_won = doc.get("farm_won")
    if not isinstance(farm_won, bool):
        raise SaveError("farm_won must be true or false")
    rng = _rng_state(doc.get("rng"))
    log = doc.get("log")
    if not isinstance(log, list) or not all(isinstance(r, dict) for r in log):
        raise SaveError("log must be a list of deal records")
    assert deal is not None and farm is not None
    game = Game(seats, rules, chips=chips, seed=seed, max_deals=max_deals, max_minutes=max_minutes)
    game.restore_between_deals(
        deal=deal, chips=chips, farm=farm, farmer=farmer, last_winner=last_winner,
        farm_won=farm_won, rng=rng, log=log,
    )
    if game.end_reason() is not None and game.phase is Phase.BETWEEN and deal > 0:
        game.end(game.end_reason() or "deals")
    return game, list(players)


def _rng_state(value: Any) -> tuple[int, tuple[int, ...], float | None]:
    """Check the Mersenne Twister state saved as ``[version, [625 ints], gauss]``."""
    if not isinstance(value, list) or len(value) != 3:
        raise SaveError("rng must be the random generator's saved state")
    version, internal, gauss = value
    if version != 3 or not isinstance(internal, list) or len(internal) != 625:
        raise SaveError("rng is not a random generator state this game reads")
    if not all(isinstance(x, int) and not isinstance(x, bool) and 0 <= x < 2**32 for x in internal[:624]):
        raise SaveError("rng holds values out of range")
    if not isinstance(internal[624], int) or not 0 <= internal[624] <= 624:
        raise SaveError("rng position is out of range")
    if gauss is not None and not isinstance(gauss, float):
        raise SaveError("rng gauss value must be a number or null")
    return (version, tuple(internal), gauss)
