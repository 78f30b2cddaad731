"""The deal log (../shared/DEAL_LOG.md): writing, reading, replaying and checking it.

A deal log is JSON Lines, one object per deal; a new game starts where ``deal`` is 1
again. Checking a log replays every game through the real engine (stacking each deal's
deck from the logged hands), so the rules live in one place only; anything that breaks
a rule is refused with a :class:`LogError` naming the game, the deal and the rule.

Run ``python -m game.deallog FILE...`` to check log files from the command line.
"""

from __future__ import annotations

import io
import json
import os
import sys
from collections.abc import Iterable, Iterator, Sequence
from typing import Any, TextIO

from game.actions import DRAW, PASS, STAND, IllegalAction, bid
from game.cards import DECK, DECK_SET, Card
from game.engine import MAX_SEATS, MIN_SEATS, Game, Phase
from game.events import Reason
from game.rules import RULE_NAMES, rules_named

Record = dict[str, Any]
"""One deal of the log, as read from or written to a line."""

#: The keys of a record, in the documented order.
KEYS: tuple[str, ...] = (
    "deal", "rules", "rotating", "seats", "farmer", "chips_before", "farm_before", "auction",
    "hands", "order", "transfers", "chips_after", "farm_after", "winner", "nearest",
)
_AUCTION_KEYS = ("bids", "winner", "price")
_TRANSFER_KEYS = ("from", "to", "amount", "reason")
_REASONS = frozenset(r.value for r in Reason)

# What each kind of payment is for, so that a wrong one names its rule.
_REASON_RULE = {
    "ante": "every seat with chips antes 1 into a new farm",
    "bid": "the auction's winner pays the price into the farm",
    "over": "a player over 16 pays the farmer 1 chip per point over",
    "farm": "the farm goes to the best hand",
    "nearest": "the player nearest 16 gets 1 chip from each other player",
}


class LogError(ValueError):
    """A deal log that cannot be read or that breaks a rule.

    ``game`` and ``deal`` (from 1) say where, when known; ``line`` is the line of the
    file. The message starts with that place, then names the rule broken.
    """

    def __init__(
        self, detail: str, *, game: int | None = None, deal: int | None = None, line: int | None = None
    ) -> None:
        """An error about ``detail`` at ``game``/``deal`` (and file ``line``)."""
        self.detail = detail
        self.game = game
        self.deal = deal
        self.line = line
        super().__init__(f"{_place(game, deal, line)}{detail}")


def _place(game: int | None, deal: int | None, line: int | None) -> str:
    parts = []
    if line is not None:
        parts.append(f"line {line}")
    if game is not None and game > 1:
        parts.append(f"game {game}")
    if deal is not None:
        parts.append(f"deal {deal}")
    return ", ".join(parts) + ": " if parts else ""


# ---------------------------------------------------------------------- writing


def format_record(record: Record) -> str:
    """One record as one JSON line (no newline), keys in the documented order."""
    ordered = {key: record[key] for key in KEYS}
    return json.dumps(ordered, ensure_ascii=False, separators=(", ", ": "))


def write_records(records: Iterable[Record], out: TextIO) -> int:
    """Write ``records`` to ``out`` as JSON Lines; returns how many were written."""
    count = 0
    for record in records:
        out.write(format_record(record))
        out.write("\n")
        count += 1
    return count


def dumps(records: Iterable[Record]) -> str:
    """``records`` as JSON Lines text."""
    out = io.StringIO()
    write_records(records, out)
    return out.getvalue()


def write_log(path: str | os.PathLike[str], games: Iterable[Game | Sequence[Record]]) -> int:
    """Write the deal log of ``games`` (games with ``keep_log``, or lists of records) to ``path``."""
    with open(path, "w", encoding="utf-8") as out:
        return sum(write_records(g.log if isinstance(g, Game) else g, out) for g in games)


# ---------------------------------------------------------------------- reading


def parse_lines(lines: Iterable[str]) -> list[list[Record]]:
    """Read JSON Lines into games (lists of records); a game starts where ``deal`` is 1.

    Blank lines are skipped. Raises :class:`LogError` for a line that is not a JSON
    object, or a first record whose ``deal`` is not 1.
    """
    return _parse(lines)[0]


def _parse(lines: Iterable[str]) -> tuple[list[list[Record]], list[list[int]]]:
    """The games of a log, and the file line of each record (for messages)."""
    games: list[list[Record]] = []
    numbers: list[list[int]] = []
    for number, line in enumerate(lines, start=1):
        if not line.strip():
            continue
        try:
            record = json.loads(line)
        except json.JSONDecodeError as exc:
            raise LogError(f"not valid JSON ({exc.msg} at column {exc.colno})", line=number) from None
        if not isinstance(record, dict):
            raise LogError("a deal record must be a JSON object", line=number)
        deal = record.get("deal")
        if deal == 1 and not isinstance(deal, bool):
            games.append([])
            numbers.append([])
        elif not games:
            raise LogError(f"a log must start with deal 1, not {deal!r}", line=number)
        games[-1].append(record)
        numbers[-1].append(number)
    return games, numbers


def loads(text: str) -> list[list[Record]]:
    """Read a deal log from ``text`` into games."""
    return parse_lines(text.splitlines())


def read_log(path: str | os.PathLike[str]) -> list[list[Record]]:
    """Read the deal log file at ``path`` into games.

    Raises :class:`LogError` for a file that cannot be read or parsed.
    """
    return _read(path)[0]


def _read(path: str | os.PathLike[str]) -> tuple[list[list[Record]], list[list[int]]]:
    try:
        with open(path, encoding="utf-8") as src:
            return _parse(src)
    except OSError as exc:
        raise LogError(f"cannot read {os.fspath(path)!r}: {exc.strerror or exc}") from None
    except UnicodeDecodeError:
        raise LogError(f"{os.fspath(path)!r} is not UTF-8 text") from None


# ---------------------------------------------------------------------- shape


def _is_int(value: object) -> bool:
    return isinstance(value, int) and not isinstance(value, bool)


def _seat_or_none(value: object, n: int) -> bool:
    return value is None or (_is_int(value) and 0 <= value < n)  # type: ignore[operator]


def _ints(value: object, n: int) -> bool:
    return (
        isinstance(value, list) and len(value) == n and all(_is_int(v) and v >= 0 for v in value)
    )


def _check_shape(rec: Record) -> None:
    """Refuse a record whose keys or value types do not match DEAL_LOG.md (raises bare LogError)."""
    missing = [k for k in KEYS if k not in rec]
    if missing:
        raise LogError(f"missing key{'s' if len(missing) > 1 else ''} {', '.join(missing)}")
    extra = [k for k in rec if k not in KEYS]
    if extra:
        raise LogError(f"unknown key{'s' if len(extra) > 1 else ''} {', '.join(map(repr, extra))}")
    if not _is_int(rec["deal"]) or rec["deal"] < 1:
        raise LogError(f"'deal' must be a whole number from 1, not {rec['deal']!r}")
    if not isinstance(rec["rules"], str) or rec["rules"] not in RULE_NAMES:
        raise LogError(f"unknown rules {rec['rules']!r} (choose from {', '.join(RULE_NAMES)})")
    if not isinstance(rec["rotating"], bool):
        raise LogError(f"'rotating' must be true or false, not {rec['rotating']!r}")
    try:
        rules_named(rec["rules"], rec["rotating"])
    except ValueError as exc:
        raise LogError(str(exc)) from None
    seats = rec["seats"]
    if not isinstance(seats, list) or not all(isinstance(s, str) for s in seats):
        raise LogError("'seats' must be a list of player names")
    n = len(seats)
    if not MIN_SEATS <= n <= MAX_SEATS:
        raise LogError(f"Farmer needs {MIN_SEATS} to {MAX_SEATS} seats, the log has {n}")
    if not _is_int(rec["farmer"]) or not 0 <= rec["farmer"] < n:
        raise LogError(f"'farmer' must be a seat from 0 to {n - 1}, not {rec['farmer']!r}")
    for key in ("chips_before", "chips_after"):
        if not _ints(rec[key], n):
            raise LogError(f"'{key}' must list {n} whole numbers of chips, none below 0")
    for key in ("farm_before", "farm_after"):
        if not _is_int(rec[key]) or rec[key] < 0:
            raise LogError(f"'{key}' must be a whole number of chips, not {rec[key]!r}")
    _check_auction_shape(rec["auction"], n)
    hands = rec["hands"]
    if not isinstance(hands, list) or len(hands) != n or not all(isinstance(h, list) for h in hands):
        raise LogError(f"'hands' must hold {n} lists of cards, one per seat")
    for seat, hand in enumerate(hands):
        for code in hand:
            if not isinstance(code, str):
                raise LogError(f"seat {seat}'s hand holds {code!r}, not a card code")
            try:
                card = Card.parse(code)
            except ValueError as exc:
                raise LogError(f"seat {seat}'s hand: {exc}") from None
            if card not in DECK_SET:
                raise LogError(f"seat {seat}'s hand: {code!r} is not a card of the Farmer deck")
            if str(card) != code:
                raise LogError(f"seat {seat}'s hand: write the card {code!r} as {str(card)!r}")
    order = rec["order"]
    if not isinstance(order, list) or not all(_is_int(s) and 0 <= s < n for s in order):
        raise LogError(f"'order' must list seats from 0 to {n - 1}")
    if len(set(order)) != len(order):
        raise LogError("'order' names a seat twice")
    transfers = rec["transfers"]
    if not isinstance(transfers, list):
        raise LogError("'transfers' must be a list")
    for i, t in enumerate(transfers, start=1):
        _check_transfer_shape(i, t, n)
    for key in ("winner", "nearest"):
        if not _seat_or_none(rec[key], n):
            raise LogError(f"'{key}' must be a seat from 0 to {n - 1} or null, not {rec[key]!r}")


def _check_auction_shape(auction: object, n: int) -> None:
    if auction is None:
        return
    if not isinstance(auction, dict) or sorted(auction) != sorted(_AUCTION_KEYS):
        raise LogError("'auction' must be null or an object with bids, winner and price")
    bids = auction["bids"]
    if not isinstance(bids, list):
        raise LogError("the auction's 'bids' must be a list of calls")
    for i, call in enumerate(bids, start=1):
        ok = (
            isinstance(call, list) and len(call) == 2 and _is_int(call[0]) and 0 <= call[0] < n
            and (call[1] is None or _is_int(call[1]))
        )
        if not ok:
            raise LogError(f"auction call {i} must be [seat, amount] or [seat, null], not {call!r}")
    if not _seat_or_none(auction["winner"], n):
        raise LogError(f"the auction's 'winner' must be a seat or null, not {auction['winner']!r}")
    if not _is_int(auction["price"]) or auction["price"] < 0:
        raise LogError(f"the auction's 'price' must be a whole number, not {auction['price']!r}")


def _check_transfer_shape(i: int, t: object, n: int) -> None:
    if not isinstance(t, dict) or sorted(t) != sorted(_TRANSFER_KEYS):
        raise LogError(f"transfer {i} must be an object with from, to, amount and reason")
    for key in ("from", "to"):
        place = t[key]
        if place != "farm" and not (_is_int(place) and 0 <= place < n):
            raise LogError(f"transfer {i}: '{key}' must be a seat from 0 to {n - 1} or \"farm\"")
    if not _is_int(t["amount"]) or t["amount"] < 1:
        raise LogError(f"transfer {i}: the amount must be a whole number of at least 1")
    if t["reason"] not in _REASONS:
        raise LogError(f"transfer {i}: unknown reason {t['reason']!r}")


# ---------------------------------------------------------------------- record checks


def _check_cards(rec: Record) -> None:
    """Each card once; served seats hold cards and only they do."""
    seen: set[str] = set()
    for hand in rec["hands"]:
        for code in hand:
            if code in seen:
                raise LogError(f"card {code} appears twice")
            seen.add(code)
    order = set(rec["order"])
    for seat, hand in enumerate(rec["hands"]):
        if seat in order and not hand:
            raise LogError(f"seat {seat} was served but holds no card")
        if seat not in order and hand:
            raise LogError(f"seat {seat} holds cards but is not in the service order")


def apply_transfers(rec: Record) -> tuple[list[int], int]:
    """The chips and farm a record's transfers leave, from its ``chips_before`` and ``farm_before``."""
    chips = list(rec["chips_before"])
    farm = rec["farm_before"]
    for t in rec["transfers"]:
        if t["from"] == "farm":
            farm -= t["amount"]
        else:
            chips[t["from"]] -= t["amount"]
        if t["to"] == "farm":
            farm += t["amount"]
        else:
            chips[t["to"]] += t["amount"]
    return chips, farm


def _check_sums(rec: Record) -> None:
    """``chips_after`` and ``farm_after`` are ``chips_before``/``farm_before`` plus the transfers."""
    chips, farm = apply_transfers(rec)
    for seat, (expected, logged) in enumerate(zip(chips, rec["chips_after"], strict=True)):
        if expected != logged:
            raise LogError(
                f"chips_after does not add up: seat {seat} should hold {expected}"
                f" (chips_before plus transfers), the log says {logged}"
            )
    if farm != rec["farm_after"]:
        raise LogError(
            f"farm_after does not add up: the farm should hold {farm}"
            f" (farm_before plus transfers), the log says {rec['farm_after']}"
        )


def stacked_deck(rec: Record, from_bottom: bool) -> list[Card]:
    """The deck order that deals this record's hands: first cards, the rest, further draws (replays)."""
    hands = [[Card.parse(code) for code in hand] for hand in rec["hands"]]
    firsts = [hands[seat][0] for seat in rec["order"]]
    drawn = [card for seat in rec["order"] for card in hands[seat][1:]]
    used = set(firsts) | set(drawn)
    unused = [card for card in DECK if card not in used]
    if from_bottom:
        # The first card drawn is the bottom card, so the drawn cards go in reversed.
        return firsts + unused + drawn[::-1]
    return firsts + drawn + unused


def _describe(t: Record | None) -> str:
    if t is None:
        return "none"
    src = "the farm" if t["from"] == "farm" else f"seat {t['from']}"
    dst = "the farm" if t["to"] == "farm" else f"seat {t['to']}"
    return f"{t['reason']} {t['amount']} from {src} to {dst}"


def _compare_transfers(expected: list[Record], logged: list[Record]) -> None:
    for i in range(max(len(expected), len(logged))):
        want = expected[i] if i < len(expected) else None
        got = logged[i] if i < len(logged) else None
        if want != got:
            rule = _REASON_RULE.get((want or got or {}).get("reason", ""), "")
            if got is None or (i + 1 < len(expected) and expected[i + 1] == got):
                what = f"a transfer is missing: expected {_describe(want)}"
            elif want is None or (i + 1 < len(logged) and logged[i + 1] == want):
                what = f"the log has an extra transfer {_describe(got)}"
            else:
                what = f"expected {_describe(want)}, the log has {_describe(got)}"
            raise LogError(f"transfers differ from the settlement: {what} (rule: {rule})")


def _seat_text(seat: object) -> str:
    return "nobody" if seat is None else f"seat {seat}"


def _compare(engine: Record, rec: Record) -> None:
    """Name the first field where the log differs from what the engine did."""
    for seat, (want, got) in enumerate(zip(engine["hands"], rec["hands"], strict=True)):
        if want != got:
            raise LogError(f"seat {seat}'s hand differs: the deal gives {want}, the log has {got}")
    _compare_transfers(engine["transfers"], rec["transfers"])
    if engine["winner"] != rec["winner"]:
        raise LogError(
            f"wrong winner: the rules give the farm to {_seat_text(engine['winner'])},"
            f" the log says {_seat_text(rec['winner'])}"
        )
    if engine["nearest"] != rec["nearest"]:
        raise LogError(
            f"wrong nearest: the rules pay {_seat_text(engine['nearest'])} as nearest to 16,"
            f" the log says {_seat_text(rec['nearest'])}"
        )
    _check_sums(rec)
    for key in ("chips_after", "farm_after", "auction", "farmer", "order"):
        if engine[key] != rec[key]:
            raise LogError(f"{key} differs: the rules give {engine[key]}, the log has {rec[key]}")


# ---------------------------------------------------------------------- replay


def first_seat(first: Record) -> int:
    """The seat drawn by lot: the first bidder of deal 1's auction, else deal 1's farmer."""
    auction = first["auction"]
    if auction is not None and auction["bids"]:
        seat: int = auction["bids"][0][0]
        return seat
    farmer: int = first["farmer"]
    return farmer


def _run_auction(game: Game, rec: Record) -> None:
    auction = rec["auction"]
    if game.phase is Phase.AUCTION and auction is None:
        raise LogError("the log has no auction, but under these rules the farm is sold by auction now")
    if game.phase is not Phase.AUCTION:
        if auction is not None:
            raise LogError(
                f"the log has an auction, but under {game.rules.key} the farmer is"
                f" seat {game.farmer} without one"
            )
        return
    calls = auction["bids"]
    for i, (seat, amount) in enumerate(calls, start=1):
        if game.phase is not Phase.AUCTION:
            raise LogError(f"auction call {i}: the auction was already over, seat {game.farmer} is farmer")
        if seat != game.to_act:
            raise LogError(f"auction call {i} is by seat {seat}, but it was seat {game.to_act}'s turn")
        try:
            game.apply(PASS if amount is None else bid(amount))
        except IllegalAction as exc:
            raise LogError(f"auction call {i}, seat {seat}'s bid of {amount}: {exc}") from None
    if game.phase is Phase.AUCTION:
        raise LogError(f"the auction stops before it is over: seat {game.to_act} has not called")


def _play_hands(game: Game, rec: Record) -> None:
    if game.order != rec["order"]:
        raise LogError(
            f"order differs: seat {game.farmer} dealing under {game.rules.key} serves"
            f" {game.order}, the log has {rec['order']}"
        )
    hands = rec["hands"]
    name = game.rules.name
    while game.to_act is not None:
        seat = game.to_act
        wanted = len(hands[seat])
        while game.to_act == seat and len(game.hands[seat]) < wanted:
            game.apply(DRAW)
        if game.to_act != seat:
            if len(game.hands[seat]) < wanted:
                raise LogError(
                    f"seat {seat} drew after going over 16 (it had {game.totals[seat]}"
                    f" with {len(game.hands[seat])} cards, the log gives it {wanted})"
                )
            continue
        if game.must_draw():
            raise LogError(f"seat {seat} stood without the compulsory card ({name})")
        game.apply(STAND)


def _replay_deal(game: Game, rec: Record) -> None:
    if game.is_over:
        reason = game.result.reason if game.result else "over"
        why = "fewer than 3 seats have chips" if reason == "players" else f"it ended ({reason})"
        raise LogError(f"the game is already over ({why}), but the log goes on")
    if game.chips != rec["chips_before"] or game.farm != rec["farm_before"]:
        raise LogError(
            f"chips_before/farm_before {rec['chips_before']}/{rec['farm_before']} are not where"
            f" the game stands: {game.chips}/{game.farm}"
        )
    rules = game.rules
    game.stack_deck(stacked_deck(rec, rules.draws_from_bottom))
    try:
        game.next_deal()
        _run_auction(game, rec)
        if game.farmer != rec["farmer"]:
            raise LogError(
                f"farmer differs: the rules make seat {game.farmer} farmer, the log has seat {rec['farmer']}"
            )
        _play_hands(game, rec)
    except IllegalAction as exc:
        raise LogError(str(exc)) from None
    _compare(game.log[-1], rec)


def _check_sequence(prev: Record | None, rec: Record) -> None:
    """Checks between consecutive records of one game, before the engine is asked."""
    if prev is None:
        if rec["farm_before"] != 0:
            raise LogError(f"a game starts with an empty farm, the log has farm_before {rec['farm_before']}")
        return
    if rec["deal"] != prev["deal"] + 1:
        raise LogError(f"deal numbers must follow on: deal {rec['deal']} after deal {prev['deal']}")
    for key in ("rules", "rotating", "seats"):
        if rec[key] != prev[key]:
            raise LogError(f"'{key}' changed within a game: {prev[key]!r} became {rec[key]!r}")
    if rec["chips_before"] != prev["chips_after"]:
        raise LogError(
            f"chips_before does not match the previous deal's chips_after:"
            f" {rec['chips_before']} after {prev['chips_after']}"
        )
    if rec["farm_before"] != prev["farm_after"]:
        raise LogError(
            f"farm_before does not match the previous deal's farm_after:"
            f" {rec['farm_before']} after {prev['farm_after']}"
        )


def replay_iter(
    records: Sequence[Record], game_no: int = 1, lines: Sequence[int] | None = None
) -> Iterator[Game]:
    """Replay one game's records through the engine, yielding the game after each deal.

    The game yielded is the same object each time, settled after that deal: its chips,
    farm and farmer are the engine's. Raises :class:`LogError` at the first record that
    is malformed or breaks a rule; the message names the game (after the first), the
    deal, the rule, and the file line when ``lines`` gives each record's line.
    """
    game: Game | None = None
    prev: Record | None = None
    for index, rec in enumerate(records):
        deal = rec.get("deal") if isinstance(rec, dict) else None
        where: dict[str, Any] = {
            "game": game_no,
            "deal": deal if _is_int(deal) else index + 1,
            "line": lines[index] if lines is not None and index < len(lines) else None,
        }
        try:
            if not isinstance(rec, dict):
                raise LogError("a deal record must be an object")
            _check_shape(rec)
            if index == 0 and rec["deal"] != 1:
                raise LogError(f"a game starts at deal 1, not deal {rec['deal']}")
            _check_sequence(prev, rec)
            _check_cards(rec)
            if game is None:
                game = Game(
                    rec["seats"],
                    rules_named(rec["rules"], rec["rotating"]),
                    chips=rec["chips_before"],
                    seed=0,  # the lot is fixed by first_seat; a seed keeps any fallback repeatable
                    first_seat=first_seat(rec),
                    record_events=False,
                    keep_log=True,
                )
            _replay_deal(game, rec)
        except LogError as exc:
            raise LogError(exc.detail, **where) from None
        prev = rec
        yield game


def replay(records: Sequence[Record], game_no: int = 1, lines: Sequence[int] | None = None) -> Game:
    """Replay one game's records through the engine; returns the game after the last deal.

    Raises :class:`LogError` as :func:`replay_iter` does, and for an empty game.
    """
    game: Game | None = None
    for settled in replay_iter(records, game_no, lines):
        game = settled
    if game is None:
        raise LogError("a game needs at least one deal", game=game_no)
    return game


def check(games: Sequence[Sequence[Record]], lines: Sequence[Sequence[int]] | None = None) -> int:
    """Replay and check every game of a log; returns the number of deals checked.

    Raises :class:`LogError` naming the first game/deal that breaks a rule.
    """
    total = 0
    for number, records in enumerate(games, start=1):
        game_lines = lines[number - 1] if lines is not None else None
        total += len(replay(records, number, game_lines).log)
    return total


def check_file(path: str | os.PathLike[str]) -> tuple[int, int]:
    """Read and check the log at ``path``; returns (games, deals). Raises :class:`LogError`."""
    games, lines = _read(path)
    return len(games), check(games, lines)


def main(argv: Sequence[str] | None = None) -> int:
    """Check deal-log files: ``python -m game.deallog FILE...``; exit 0 when all are sound."""
    args = list(sys.argv[1:] if argv is None else argv)
    usage = "usage: python -m game.deallog FILE...  (check deal logs against the rules)"
    if args and args[0] in ("-h", "--help"):
        print(usage)
        return 0
    if not args:
        print(usage, file=sys.stderr)
        return 2
    status = 0
    for path in args:
        try:
            games, deals = check_file(path)
        except LogError as exc:
            print(f"{path}: {exc}", file=sys.stderr)
            status = 1
        else:
            print(f"{path}: ok, {games} game{'s' if games != 1 else ''}, {deals} deals")
    return status


if __name__ == "__main__":
    sys.exit(main())
