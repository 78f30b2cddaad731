"""Players who play as people do: a few habits each, for measuring the AI against people.

    from tools.people import PEOPLE
    agent = PEOPLE["bold"](seed=3)

Each kind is a few lines: a total it stands from (people rarely weigh the odds) and a way of
bidding for the farm, priced, when it prices at all, as the shipped rates price a farm
(``farm_value(view)``, what a table of Experts would pay). Registered as agent specs
``person:KIND[:SEED]`` so that the tournament and the simulator seat them like any AI.

- ``newcomer``: stands on 12 to 14 (a new choice every deal), bids a chip or two now and then.
- ``cautious``: stands from 11; bids up to 4 chips.
- ``bold``: draws below 15; overbids every farm (a third over its price, and two chips more).
- ``bluffer``: stands from 13; bids up to twice the price in the first ten deals of a game,
  never after.
- ``chaser``: draws below 16 whatever the risk; bids the price less three.
- ``hoarder``: stands from 14 and never bids (waits for others to fill the farm).
- ``latecomer``: stands from 12; bids nothing in a game's first twenty deals, then up to half as
  much again as the price.
- ``sulker``: stands from 14; bids up to half as much again as the price, and a chip, only while
  someone at the table holds more chips than he does.
- ``showoff``: stands from 10; bids up to half as much again as the price.
- ``gambler``: draws below 16 whatever the risk; bids up to a quarter over the price, and a chip.
"""

from __future__ import annotations

import random
from collections.abc import Callable, Sequence

from game.ai.farm_value import farm_value
from game.ai.specs import register_agent_kind
from game.rules.actions import DRAW, PASS, STAND, Action, bid
from game.rules.agents import Agent
from game.rules.phase import Phase
from game.rules.view import View


class Person:
    """A person's habits: stand from a total, bid up to a limit; both may vary with the deal."""

    kind = "person"

    def __init__(self, seed: int | None = None) -> None:
        """A person whose whims come from a generator seeded with ``seed``."""
        self.rng = random.Random(seed)
        self._deal = -1
        self._stop = 13
        self._limit = 0

    def stop(self, view: View) -> int:
        """The total this person stands from in this deal."""
        return 13

    def limit(self, view: View) -> int:
        """The most this person bids for the farm on sale (asked once per auction)."""
        return 0

    def choose(self, view: View) -> Action:
        """Bid a chip over the high bid up to the limit; draw below the stopping total."""
        if view.deal_no != self._deal:
            self._deal = view.deal_no
            self._stop = self.stop(view)
            self._limit = self.limit(view) if view.phase is Phase.AUCTION else 0
        if view.phase is Phase.AUCTION:
            wanted = view.high_bid + 1
            return bid(wanted) if wanted <= min(self._limit, view.max_bid) else PASS
        if view.must_draw:
            return DRAW
        if view.deck_size > 0 and view.total < self._stop:
            return DRAW
        return STAND

    def __repr__(self) -> str:
        return f"person:{self.kind}"


def _price(view: View) -> float:
    return farm_value(view).fair_bid


class Newcomer(Person):
    """Stands on 12 to 14 (new each deal); small erratic bids."""

    kind = "newcomer"

    def stop(self, view: View) -> int:
        """12, 13 or 14, at random."""
        return self.rng.choice((12, 13, 14))

    def limit(self, view: View) -> int:
        """Nothing, one, two or three chips, at random."""
        return self.rng.choice((0, 0, 1, 2, 3))


class Cautious(Person):
    """Stands from 11; bids up to 4."""

    kind = "cautious"

    def stop(self, view: View) -> int:
        """Always 11."""
        return 11

    def limit(self, view: View) -> int:
        """Four chips."""
        return 4


class Bold(Person):
    """Draws below 15; overbids every farm."""

    kind = "bold"

    def stop(self, view: View) -> int:
        """Always 15."""
        return 15

    def limit(self, view: View) -> int:
        """A third over the price, and two chips more."""
        return int(_price(view) * 4 / 3) + 2


class Bluffer(Person):
    """Stands from 13; bids up to twice the price in a game's first ten deals, then never."""

    kind = "bluffer"

    def limit(self, view: View) -> int:
        """Twice the price early, nothing later."""
        return int(2 * _price(view)) if view.deal_no <= 10 else 0


class Chaser(Person):
    """Draws below 16 whatever the risk; bids the price less three."""

    kind = "chaser"

    def stop(self, view: View) -> int:
        """Always 16."""
        return 16

    def limit(self, view: View) -> int:
        """Three chips under the price."""
        return max(0, int(_price(view)) - 3)


class Hoarder(Person):
    """Stands from 14; never bids."""

    kind = "hoarder"

    def stop(self, view: View) -> int:
        """Always 14."""
        return 14


class Latecomer(Person):
    """Stands from 12; bids nothing in a game's first twenty deals, then up to 1.5 times the price."""

    kind = "latecomer"

    def stop(self, view: View) -> int:
        """Always 12."""
        return 12

    def limit(self, view: View) -> int:
        """Nothing early, half as much again as the price later."""
        return int(1.5 * _price(view)) if view.deal_no > 20 else 0


class Sulker(Person):
    """Stands from 14; bids only while behind in chips."""

    kind = "sulker"

    def stop(self, view: View) -> int:
        """Always 14."""
        return 14

    def limit(self, view: View) -> int:
        """Half as much again as the price, and a chip, while another seat holds more chips; else nothing."""
        mine = view.chips[view.seat] if view.seat is not None else 0
        behind = any(c > mine for s, c in enumerate(view.chips) if s != view.seat)
        return int(1.5 * _price(view)) + 1 if behind else 0


class Showoff(Person):
    """Stands from 10; bids up to half as much again as the price."""

    kind = "showoff"

    def stop(self, view: View) -> int:
        """Always 10."""
        return 10

    def limit(self, view: View) -> int:
        """Half as much again as the price."""
        return int(1.5 * _price(view))


class Gambler(Person):
    """Draws below 16 whatever the risk; bids up to a quarter over the price, and a chip."""

    kind = "gambler"

    def stop(self, view: View) -> int:
        """Always 16."""
        return 16

    def limit(self, view: View) -> int:
        """A quarter over the price, and a chip."""
        return int(1.25 * _price(view)) + 1


PEOPLE: dict[str, Callable[[int | None], Person]] = {
    cls.kind: cls
    for cls in (Newcomer, Cautious, Bold, Bluffer, Chaser, Hoarder, Latecomer, Sulker, Showoff, Gambler)
}
"""Every kind of person by name."""


def _person(params: Sequence[str], seed: int | None) -> Agent:
    if not params or params[0] not in PEOPLE or len(params) > 2:
        raise ValueError(f"name a kind of person: {', '.join(PEOPLE)}")
    if len(params) > 1:
        try:
            seed = int(params[1])
        except ValueError:
            raise ValueError("SEED must be a whole number") from None
    return PEOPLE[params[0]](seed)


register_agent_kind("person", _person, f"person:KIND[:SEED] (a person's habits; KIND {'/'.join(PEOPLE)})")
