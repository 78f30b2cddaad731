"""An independent referee: checks deal-log records against RULES.md without using the engine.

Written from the rules text alone (its own card values, rankings and payments), so that a
mistake in the engine cannot hide behind the same mistake in the check.
"""

from __future__ import annotations

from typing import Any

POINTS = {"A": 1, "J": 10, "Q": 10, "K": 10}
RANK_ORDER = ["A", "2", "3", "4", "5", "6", "7", "9", "10", "J", "Q", "K"]


def points(code: str) -> int:
    rank = code[:-1]
    return POINTS.get(rank) or int(rank)


def total(hand: list[str]) -> int:
    return sum(points(c) for c in hand)


def foster_key(hand: list[str], served: int) -> tuple[int, ...]:
    return (0 if "6H" in hand else 1, len(hand), served)


def lacombe_key(hand: list[str], served: int) -> tuple[int, ...]:
    return (len(hand), 0 if "6H" in hand else 1, served)


def ferme_key(hand: list[str], served: int) -> tuple[int, ...]:
    nines = [c for c in hand if c[:-1] == "9"]
    nine = min(("HDCS".index(c[-1]) for c in nines), default=4)
    highs = []
    for suit in "HDCS":
        ranks = [RANK_ORDER.index(c[:-1]) for c in hand if c[-1] == suit]
        highs.append(-max(ranks) if ranks else 1)
    return (0 if "6H" in hand else 1, 0 if len(hand) == 2 else 1, nine, *highs, len(hand), served)


KEYS = {"foster": foster_key, "lacombe": lacombe_key, "ferme": ferme_key}


class Referee:
    """Follows one game record by record and raises AssertionError at the first broken rule."""

    def __init__(self) -> None:
        self.prev: dict[str, Any] | None = None

    def check(self, rec: dict[str, Any]) -> None:
        deal = rec["deal"]
        where = f"deal {deal}"
        rules, rotating = rec["rules"], rec["rotating"]
        n = len(rec["seats"])
        chips = list(rec["chips_before"])
        farm = rec["farm_before"]
        step = 1 if rules == "foster" else -1
        prev = self.prev
        if prev is not None:
            assert chips == prev["chips_after"] and farm == prev["farm_after"], f"{where}: continuity"
        playing = [s for s in range(n) if chips[s] > 0]
        new_farm = prev is None or prev["winner"] is not None
        expected: list[tuple[Any, Any, int, str]] = []

        def pay(src: Any, dst: Any, amount: int, reason: str) -> None:
            nonlocal farm
            have = farm if src == "farm" else chips[src]
            amount = min(amount, have)
            if amount <= 0:
                return
            if src == "farm":
                farm -= amount
            else:
                chips[src] -= amount
            if dst == "farm":
                farm += amount
            else:
                chips[dst] += amount
            expected.append((src, dst, amount, reason))

        # Who deals: continuing farm, auction, lot, winner, rotation.
        auction = rec["auction"]
        farmer = rec["farmer"]
        if new_farm:
            for s in playing:
                pay(s, "farm", 1, "ante")
        if not new_farm:
            assert prev is not None, f"{where}: a farm goes on only from a deal before"
            assert auction is None and farmer == prev["farmer"], f"{where}: the same farmer deals again"
        elif prev is None:
            if rotating or rules == "ferme":
                assert auction is None and farmer in playing, f"{where}: first farmer by lot"
            else:
                assert auction is not None, f"{where}: the first farm is auctioned"
        elif rotating:
            k = 1
            while rec["chips_before"][(prev["farmer"] + step * k) % n] == 0:
                k += 1
            assert auction is None and farmer == (prev["farmer"] + step * k) % n, f"{where}: rotation"
        elif rules in ("lacombe", "ferme"):
            assert auction is None and farmer == prev["winner"], f"{where}: the winner deals next"
        else:
            assert auction is not None, f"{where}: a new farm is auctioned"
        if auction is not None:
            if prev is None:
                opener = auction["bids"][0][0]
                assert opener in playing
            else:
                left = [(prev["farmer"] + k) % n for k in range(1, n + 1)]
                opener = next(s for s in left if s in playing)
            bidders = [(opener + k) % n for k in range(n) if (opener + k) % n in playing]
            passed: set[int] = set()
            high, high_seat = 0, None
            turn = 0
            for seat, amount in auction["bids"]:
                active = [s for s in bidders if s not in passed]
                assert not (high_seat is not None and active == [high_seat]), f"{where}: auction over"
                assert active, f"{where}: auction over"
                # Next active seat from the turn pointer.
                while bidders[turn % len(bidders)] in passed:
                    turn += 1
                assert seat == bidders[turn % len(bidders)], f"{where}: call out of turn"
                if amount is None:
                    passed.add(seat)
                else:
                    assert high < amount <= chips[seat], f"{where}: bad bid"
                    high, high_seat = amount, seat
                turn += 1
            active = [s for s in bidders if s not in passed]
            ended = (high_seat is not None and active == [high_seat]) or not active
            assert ended, f"{where}: the auction stopped early"
            buyer = high_seat if high_seat is not None else opener
            assert farmer == buyer, f"{where}: the farm goes to the highest bidder (or the opener)"
            assert auction["winner"] == high_seat and auction["price"] == high, f"{where}: auction result"
            if high:
                pay(buyer, "farm", high, "bid")
        # Service order and hands.
        order = [(farmer + step * k) % n for k in range(1, n) if (farmer + step * k) % n in playing]
        assert rec["order"] == order, f"{where}: service order"
        hands = rec["hands"]
        seen = [c for h in hands for c in h]
        assert len(seen) == len(set(seen)), f"{where}: a card twice"
        assert all(c[:-1] in RANK_ORDER and c[-1] in "SHDC" and c != "6S" and c[:-1] != "8" for c in seen)
        assert not ({"6S", "6D", "6C"} & set(seen)), f"{where}: only the 6H is in the deck"
        for s in range(n):
            if s not in order:
                assert hands[s] == [], f"{where}: seat {s} has no hand"
        deck_left = 45 - len(seen)
        for s in order:
            h = hands[s]
            assert h, f"{where}: everyone is dealt a card"
            for i in range(1, len(h)):
                assert total(h[:i]) <= 16, f"{where}: seat {s} drew after going over"
            if rules != "ferme" and len(h) < 2:
                assert deck_left == 0, f"{where}: seat {s} skipped the compulsory card"
        # Settling up.
        key = KEYS[rules]
        totals = {s: total(hands[s]) for s in order}
        for s in order:
            if totals[s] > 16:
                pay(s, farmer, totals[s] - 16, "over")
        sixteens = [s for s in order if totals[s] == 16]
        winner = nearest = None
        if sixteens:
            winner = min(sixteens, key=lambda s: key(hands[s], order.index(s)))
        else:
            under = [s for s in order if totals[s] < 16]
            if under:
                best = min(under, key=lambda s: (16 - totals[s], *key(hands[s], order.index(s))))
                if rules == "ferme":
                    winner = best
                else:
                    nearest = best
                    for s in order:
                        if s != best:
                            pay(s, best, 1, "nearest")
        if winner is not None:
            pay("farm", winner, farm, "farm")
        logged = [(t["from"], t["to"], t["amount"], t["reason"]) for t in rec["transfers"]]
        assert logged == expected, f"{where}: transfers {logged} != {expected}"
        assert rec["chips_after"] == chips and rec["farm_after"] == farm, f"{where}: chips after"
        assert rec["winner"] == winner and rec["nearest"] == nearest, f"{where}: winner/nearest"
        self.prev = rec
