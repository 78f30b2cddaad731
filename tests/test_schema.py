"""The checked readers every file and message goes through: what each takes, and how each says no."""

from __future__ import annotations

from enum import Enum
from typing import Any

import pytest
from hypothesis import given
from hypothesis import strategies as st

from game.formats.deallog import LogError
from game.formats.savegame import SaveError
from game.net.codec import CodecError
from game.rules.cards import DECK, Card, read_card
from game.schema import (
    SchemaError,
    exact_keys,
    list_of,
    member,
    number,
    one_of,
    optional,
    some_keys,
    text,
    truth,
    whole,
)


class Colour(Enum):
    RED = "red"
    BLUE = "blue"


def test_whole_takes_whole_numbers_in_range_only() -> None:
    assert whole(3, "players", 3, 10) == 3 and whole(10, "players", 3, 10) == 10
    with pytest.raises(SchemaError, match=r"^players must be a whole number, not True$"):
        whole(True, "players", 0, 10)
    with pytest.raises(SchemaError, match=r"^players must be a whole number, not 4.0$"):
        whole(4.0, "players", 3, 10)
    with pytest.raises(SchemaError, match=r"^players must be between 3 and 10, not 11$"):
        whole(11, "players", 3, 10)
    with pytest.raises(SchemaError, match="not '5'"):
        whole("5", "players", 3, 10)


@given(st.integers(-1000, 1000), st.integers(-50, 50), st.integers(0, 100))
def test_whole_agrees_with_the_range(value: int, low: int, span: int) -> None:
    high = low + span
    if low <= value <= high:
        assert whole(value, "x", low, high) == value
    else:
        with pytest.raises(SchemaError, match=f"x must be between {low} and {high}"):
            whole(value, "x", low, high)


def test_number_takes_whole_and_decimal_numbers_but_not_bools_or_nan() -> None:
    assert number(5, "idle_timeout", 5.0, 60.0) == 5.0 and isinstance(number(5, "t", 0, 9), float)
    assert number(7.5, "t", 0, 9) == 7.5
    for bad in (True, "7", None, float("nan")):
        with pytest.raises(SchemaError, match=r"^t must be"):
            number(bad, "t", 0, 9)
    with pytest.raises(SchemaError, match=r"^t must be between 0 and 9, not 9.5$"):
        number(9.5, "t", 0, 9)


def test_truth_text_one_of_and_member() -> None:
    assert truth(False, "mute") is False
    with pytest.raises(SchemaError, match=r"^mute must be true or false, not 1$"):
        truth(1, "mute")
    assert text("Anna", "name", 40, least=1) == "Anna"
    with pytest.raises(SchemaError, match=r"^name must be a text of 1 to 40 characters$"):
        text("", "name", 40, least=1)
    with pytest.raises(SchemaError, match=r"^name must be a text of at most 3 characters$"):
        text("Anna", "name", 3)
    with pytest.raises(SchemaError, match="name must be a text"):
        text(7, "name", 3)
    assert one_of("fr", "language", ("en", "fr")) == "fr"
    with pytest.raises(SchemaError, match=r"^language must be one of en, fr, not 'xx'$"):
        one_of("xx", "language", ("en", "fr"))
    with pytest.raises(SchemaError, match="version must be one of 1"):
        one_of(True, "version", (1,))  # true is not 1 in a file
    assert member(Colour, "blue", "felt") is Colour.BLUE
    with pytest.raises(SchemaError, match=r"^felt must be one of 'red', 'blue', not 'BLUE'$"):
        member(Colour, "BLUE", "felt")


def test_card_takes_the_deal_log_code_of_a_farmer_card() -> None:
    assert [read_card(str(c), "card") for c in DECK] == list(DECK)
    assert read_card("10H", "hand item 1") == Card.parse("10H")
    with pytest.raises(SchemaError, match=r"^hand item 1: '8S' is not in the Farmer deck$"):
        read_card("8S", "hand item 1")
    with pytest.raises(SchemaError, match=r"^card must be written '10H', not '10h'$"):
        read_card("10h", "card")
    for bad in ("XX", "", 10, None, "10HH"):
        with pytest.raises(SchemaError, match="card must be a card code such as '10H'"):
            read_card(bad, "card")


def test_list_of_reads_each_item_named_by_its_number() -> None:
    assert list_of([1, 2], "chips", 4) == [1, 2]
    assert list_of([1, 2], "chips", 4, lambda v, w: whole(v, w, 0, 9)) == [1, 2]
    with pytest.raises(SchemaError, match=r"^chips item 2 must be a whole number, not 'x'$"):
        list_of([1, "x"], "chips", 4, lambda v, w: whole(v, w, 0, 9))
    with pytest.raises(SchemaError, match=r"^chips must be a list of at most 4 items$"):
        list_of([1] * 5, "chips", 4)
    with pytest.raises(SchemaError, match=r"^chips must be a list of 4 items$"):
        list_of([1] * 3, "chips", 4, least=4)
    with pytest.raises(SchemaError, match=r"^chips must be a list of 3 to 4 items$"):
        list_of((1, 2, 3), "chips", 4, least=3)  # a tuple is not a JSON list


def test_optional_and_exact_keys() -> None:
    assert optional(whole, None, "farmer", 0, 3) is None
    assert optional(whole, 2, "farmer", 0, 3) == 2
    with pytest.raises(SchemaError, match="farmer must be between 0 and 3"):
        optional(whole, 7, "farmer", 0, 3)
    assert exact_keys({"a": 1, "b": 2}, "pair", ("a", "b")) == {"a": 1, "b": 2}
    with pytest.raises(SchemaError, match=r"^pair lacks b$"):
        exact_keys({"a": 1}, "pair", ("a", "b"))
    with pytest.raises(SchemaError, match=r"^pair has unknown 'c'$"):
        exact_keys({"a": 1, "b": 2, "c": 3}, "pair", ("a", "b"))
    with pytest.raises(SchemaError, match=r"^pair must be an object with a, b$"):
        exact_keys([1, 2], "pair", ("a", "b"))


def test_some_keys_takes_an_object_of_known_keys_any_missing() -> None:
    assert some_keys({}, "opts", ("a", "b")) == {}
    assert some_keys({"b": 1}, "opts", ("a", "b")) == {"b": 1}
    with pytest.raises(SchemaError, match="opts has unknown 'c'"):
        some_keys({"a": 1, "c": 2}, "opts", ("a", "b"))
    with pytest.raises(SchemaError, match="opts must be an object"):
        some_keys([], "opts", ("a",))


@pytest.mark.parametrize("error", [SaveError, CodecError, LogError, ValueError])
def test_each_caller_gets_its_own_error_type(error: type[ValueError]) -> None:
    readers: list[Any] = [
        lambda: whole("x", "a", 0, 1, error=error),
        lambda: number("x", "a", 0, 1, error=error),
        lambda: truth("x", "a", error=error),
        lambda: text(1, "a", 3, error=error),
        lambda: one_of("x", "a", ("y",), error=error),
        lambda: member(Colour, "x", "a", error=error),
        lambda: read_card("x", "a", error=error),
        lambda: list_of("x", "a", 3, error=error),
        lambda: exact_keys("x", "a", ("b",), error=error),
        lambda: some_keys("x", "a", ("b",), error=error),
    ]
    for read in readers:
        with pytest.raises(error) as caught:
            read()
        assert type(caught.value) is error and str(caught.value).startswith("a")
