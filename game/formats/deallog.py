"""The deal log (../shared/DEAL_LOG.md): writing, reading, replaying and checking it.

A deal log is JSON Lines, one object per deal; a new game starts where ``deal`` is 1
again. Checking a log replays every game through the real engine (stacking each deal's
deck from the logged hands), so the rules live in one place only; anything that breaks
a rule is refused with a :class:`LogError` naming the game, the deal and the rule.

Run ``python -m game.formats.deallog FILE...`` to check log files from the command line.
"""

from __future__ import annotations

import io
import json
import os
import sys
from collections.abc import Iterable, Iterator, Sequence
from typing import Any, TextIO

from game.formats.readfile import FileReadError, parse_json, read_lines
from game.limits import DEAL_LOG_FILE
from game.rules.actions import DRAW, PASS, STAND, IllegalAction, bid
from game.rules.cards import DECK, Card
from game.rules.engine import Game, Phase
from game.rules.events import EndReason
from game.rules.records import KEYS, DealRecord, LogError, Transfer
from game.rules.ruleset import rules_named

__all__ = [
    "KEYS", "LogError", "Record", "apply_transfers", "check", "check_file", "dumps", "first_seat",
    "format_record", "loads", "main", "parse_lines", "read_log", "replay", "replay_iter",
    "stacked_deck", "write_log", "write_records",
]

Record = DealRecord
"""One deal of the log (see :mod:`game.rules.records`)."""

MAX_LOG_BYTES = DEAL_LOG_FILE.max_bytes
"""The largest deal log read (about a quarter of a million deals)."""
MAX_LINE_BYTES = DEAL_LOG_FILE.max_line_bytes or MAX_LOG_BYTES
"""The longest line of a deal log read (one deal record, a couple of kilobytes)."""
MAX_RECORD_DEPTH = DEAL_LOG_FILE.max_depth
"""The deepest nesting of one deal record (the format's own nests four deep)."""

# What each kind of payment is for, so that a wrong one names its rule.
_REASON_RULE = {
    "ante": "every seat with chips antes 1 into a new farm",
    "bid": "the auction's winner pays the price into the farm",
    "over": "a player over 16 pays the farmer 1 chip per point over",
    "farm": "the farm goes to the best hand",
    "nearest": "the player nearest 16 gets 1 chip from each other player",
}


# ---------------------------------------------------------------------- writing


def format_record(record: Record) -> str:
    """One record as one JSON line (no newline), keys in the documented order."""
    return json.dumps(record.to_json(), ensure_ascii=False, separators=(", ", ": "))


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

    Blank lines are skipped. Raises :class:`LogError` for a line that is not a well-formed
    deal record (naming the line and the field), or a first record whose ``deal`` is not 1.
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
            record = parse_json(line, MAX_RECORD_DEPTH, DEAL_LOG_FILE.max_string)
        except FileReadError as exc:
            raise LogError(f"not valid JSON ({exc})", line=number) from None
        if not isinstance(record, dict):
            raise LogError("a deal record must be a JSON object", line=number)
        deal = record.get("deal")
        try:
            read = DealRecord.from_json(record)
        except LogError as exc:
            raise LogError(exc.detail, deal=deal if type(deal) is int else None, line=number) from None
        if read.deal == 1:
            games.append([])
            numbers.append([])
        elif not games:
            raise LogError(f"a log must start with deal 1, not {deal!r}", line=number)
        games[-1].append(read)
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
    # A regular file only (not a device or a FIFO), no larger than a log can be, read a line at a
    # time (each no longer than a record can be), so memory holds the records and one line.
    try:
        return _parse(read_lines(path, MAX_LOG_BYTES, MAX_LINE_BYTES))
    except FileNotFoundError:
        raise LogError(f"cannot read {os.fspath(path)!r}: no such file") from None
    except FileReadError as exc:
        raise LogError(str(exc)) from None


# ---------------------------------------------------------------------- record checks


def _check_cards(rec: Record) -> None:
    """Each card once; served seats hold cards and only they do."""
    seen: set[Card] = set()
    for hand in rec.hands:
        for card in hand:
            if card in seen:
                raise LogError(f"card {card} appears twice")
            seen.add(card)
    order = set(rec.order)
    for seat, hand in enumerate(rec.hands):
        if seat in order and not hand:
            raise LogError(f"seat {seat} was served but holds no card")
        if seat not in order and hand:
            raise LogError(f"seat {seat} holds cards but is not in the service order")


def apply_transfers(rec: Record) -> tuple[list[int], int]:
    """The chips and farm a record's transfers leave, from its ``chips_before`` and ``farm_before``."""
    chips = list(rec.chips_before)
    farm = rec.farm_before
    for source, target, amount, _reason in rec.transfers:
        if source == "farm":
            farm -= amount
        else:
            chips[source] -= amount
        if target == "farm":
            farm += amount
        else:
            chips[target] += amount
    return chips, farm


def _check_sums(rec: Record) -> None:
    """``chips_after`` and ``farm_after`` are ``chips_before``/``farm_before`` plus the transfers."""
    chips, farm = apply_transfers(rec)
    for seat, (expected, logged) in enumerate(zip(chips, rec.chips_after, strict=True)):
        if expected != logged:
            raise LogError(
                f"chips_after does not add up: seat {seat} should hold {expected}"
                f" (chips_before plus transfers), the log says {logged}"
            )
    if farm != rec.farm_after:
        raise LogError(
            f"farm_after does not add up: the farm should hold {farm}"
            f" (farm_before plus transfers), the log says {rec.farm_after}"
        )


def stacked_deck(rec: Record, from_bottom: bool) -> list[Card]:
    """The deck order that deals this record's hands: first cards, the rest, further draws (replays)."""
    hands = rec.hands
    firsts = [hands[seat][0] for seat in rec.order]
    drawn = [card for seat in rec.order for card in hands[seat][1:]]
    used = set(firsts) | set(drawn)
    unused = [card for card in DECK if card not in used]
    if from_bottom:
        # The first card drawn is the bottom card, so the drawn cards go in reversed.
        return firsts + unused + drawn[::-1]
    return firsts + drawn + unused


def _describe(t: Transfer | None) -> str:
    if t is None:
        return "none"
    src = "the farm" if t.source == "farm" else f"seat {t.source}"
    dst = "the farm" if t.target == "farm" else f"seat {t.target}"
    return f"{t.reason.value} {t.amount} from {src} to {dst}"


def _compare_transfers(expected: Sequence[Transfer], logged: Sequence[Transfer]) -> None:
    for i in range(max(len(expected), len(logged))):
        want = expected[i] if i < len(expected) else None
        got = logged[i] if i < len(logged) else None
        if want != got:
            either = want or got
            rule = _REASON_RULE.get(either.reason.value, "") if either is not None else ""
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
    for seat, (want, got) in enumerate(zip(engine.hands, rec.hands, strict=True)):
        if want != got:
            raise LogError(
                f"seat {seat}'s hand differs: the deal gives {[str(c) for c in want]},"
                f" the log has {[str(c) for c in got]}"
            )
    _compare_transfers(engine.transfers, rec.transfers)
    if engine.winner != rec.winner:
        raise LogError(
            f"wrong winner: the rules give the farm to {_seat_text(engine.winner)},"
            f" the log says {_seat_text(rec.winner)}"
        )
    if engine.nearest != rec.nearest:
        raise LogError(
            f"wrong nearest: the rules pay {_seat_text(engine.nearest)} as nearest to 16,"
            f" the log says {_seat_text(rec.nearest)}"
        )
    _check_sums(rec)
    for key in ("chips_after", "farm_after", "auction", "farmer", "order"):
        if getattr(engine, key) != getattr(rec, key):
            want, got = engine.to_json()[key], rec.to_json()[key]
            raise LogError(f"{key} differs: the rules give {want}, the log has {got}")


# ---------------------------------------------------------------------- replay


def first_seat(first: Record) -> int:
    """The seat drawn by lot: the first bidder of deal 1's auction, else deal 1's farmer."""
    auction = first.auction
    if auction is not None and auction.bids:
        return auction.bids[0][0]
    return first.farmer


def _run_auction(game: Game, rec: Record) -> None:
    auction = rec.auction
    if game.phase is Phase.AUCTION and auction is None:
        raise LogError("the log has no auction, but under these rules the farm is sold by auction now")
    if game.phase is not Phase.AUCTION or auction is None:
        if auction is not None:
            raise LogError(
                f"the log has an auction, but under {game.rules.key} the farmer is"
                f" seat {game.farmer} without one"
            )
        return
    for i, (seat, amount) in enumerate(auction.bids, start=1):
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
    if tuple(game.order) != rec.order:
        raise LogError(
            f"order differs: seat {game.farmer} dealing under {game.rules.key} serves"
            f" {game.order}, the log has {list(rec.order)}"
        )
    hands = rec.hands
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
        reason = game.result.reason if game.result else None
        why = (
            "fewer than 3 seats have chips"
            if reason is EndReason.PLAYERS
            else f"it ended ({reason.value if reason else 'over'})"
        )
        raise LogError(f"the game is already over ({why}), but the log goes on")
    if tuple(game.chips) != rec.chips_before or game.farm != rec.farm_before:
        raise LogError(
            f"chips_before/farm_before {list(rec.chips_before)}/{rec.farm_before} are not where"
            f" the game stands: {game.chips}/{game.farm}"
        )
    rules = game.rules
    game.stack_deck(stacked_deck(rec, rules.draws_from_bottom))
    try:
        game.next_deal()
        _run_auction(game, rec)
        if game.farmer != rec.farmer:
            raise LogError(
                f"farmer differs: the rules make seat {game.farmer} farmer, the log has seat {rec.farmer}"
            )
        _play_hands(game, rec)
    except IllegalAction as exc:
        raise LogError(str(exc)) from None
    _compare(game.log[-1], rec)


def _check_sequence(prev: Record | None, rec: Record) -> None:
    """Checks between consecutive records of one game, before the engine is asked."""
    if prev is None:
        if rec.farm_before != 0:
            raise LogError(f"a game starts with an empty farm, the log has farm_before {rec.farm_before}")
        return
    if rec.deal != prev.deal + 1:
        raise LogError(f"deal numbers must follow on: deal {rec.deal} after deal {prev.deal}")
    for key in ("rules", "rotating", "seats"):
        if getattr(rec, key) != getattr(prev, key):
            before, after = prev.to_json()[key], rec.to_json()[key]
            raise LogError(f"'{key}' changed within a game: {before!r} became {after!r}")
    if rec.chips_before != prev.chips_after:
        raise LogError(
            f"chips_before does not match the previous deal's chips_after:"
            f" {list(rec.chips_before)} after {list(prev.chips_after)}"
        )
    if rec.farm_before != prev.farm_after:
        raise LogError(
            f"farm_before does not match the previous deal's farm_after:"
            f" {rec.farm_before} after {prev.farm_after}"
        )


def replay_iter(
    records: Sequence[Record | dict[str, Any]], game_no: int = 1, lines: Sequence[int] | None = None
) -> Iterator[Game]:
    """Replay one game's records through the engine, yielding the game after each deal.

    ``records`` are deal records, or JSON objects read as such (each checked with
    :meth:`DealRecord.from_json <game.rules.records.DealRecord.from_json>`). The game yielded is
    the same object each time, settled after that deal: its chips, farm and farmer are the
    engine's. Raises :class:`LogError` at the first record that is malformed or breaks a
    rule; the message names the game (after the first), the deal, the rule, and the file
    line when ``lines`` gives each record's line.
    """
    game: Game | None = None
    prev: Record | None = None
    for index, item in enumerate(records):
        deal = item.deal if isinstance(item, DealRecord) else item.get("deal")
        where: dict[str, Any] = {
            "game": game_no,
            "deal": deal if type(deal) is int else index + 1,
            "line": lines[index] if lines is not None and index < len(lines) else None,
        }
        try:
            rec = item if isinstance(item, DealRecord) else DealRecord.from_json(item)
            if index == 0 and rec.deal != 1:
                raise LogError(f"a game starts at deal 1, not deal {rec.deal}")
            _check_sequence(prev, rec)
            _check_cards(rec)
            if game is None:
                game = Game(
                    rec.seats,
                    rules_named(rec.rules, rec.rotating),
                    chips=rec.chips_before,
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


def replay(
    records: Sequence[Record | dict[str, Any]], game_no: int = 1, lines: Sequence[int] | None = None
) -> Game:
    """Replay one game's records through the engine; returns the game after the last deal.

    Raises :class:`LogError` as :func:`replay_iter` does, and for an empty game.
    """
    game: Game | None = None
    for settled in replay_iter(records, game_no, lines):
        game = settled
    if game is None:
        raise LogError("a game needs at least one deal", game=game_no)
    return game


def check(
    games: Sequence[Sequence[Record | dict[str, Any]]], lines: Sequence[Sequence[int]] | None = None
) -> int:
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
    """Check deal-log files: ``python -m game.formats.deallog FILE...``; exit 0 when all are sound."""
    args = list(sys.argv[1:] if argv is None else argv)
    usage = "usage: python -m game.formats.deallog FILE...  (check deal logs against the rules)"
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
