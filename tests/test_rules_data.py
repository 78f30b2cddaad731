"""Rules and limits as data, defined once: what a rule set allows, its words, the agreed ranges."""

from __future__ import annotations

import pytest

from game.limits import DEALS, DEFAULT_DEALS, PLAYERS
from game.rules.ruleset import (
    ROTATABLE,
    RULE_KEYS,
    RULE_NAMES,
    PotWord,
    RuleSet,
    StandWord,
    can_rotate,
    rules_named,
)


def test_the_rotating_farm_is_an_option_of_foster_and_lacombe_only() -> None:
    """RULES 'rotating farm': an option on foster or lacombe."""
    assert ROTATABLE == ("foster", "lacombe")
    assert [can_rotate(name) for name in RULE_NAMES] == [True, True, False]
    assert not can_rotate("bridge")
    assert [rules_named(name).rotatable for name in RULE_NAMES] == [True, True, False]
    with pytest.raises(ValueError, match="rotating farm is an option of foster and lacombe, not ferme"):
        rules_named("ferme", rotating=True)
    with pytest.raises(ValueError, match="not ferme"):
        rules_named("ferme+rotating")


def test_every_way_of_playing_has_a_key_that_names_it() -> None:
    assert RULE_KEYS == ("foster", "lacombe", "ferme", "foster+rotating", "lacombe+rotating")
    assert [rules_named(key).key for key in RULE_KEYS] == list(RULE_KEYS)
    assert rules_named("lacombe+rotating").stand_is_basta


def test_a_key_gives_back_its_rule_set_and_nothing_else_is_a_key() -> None:
    """RuleSet.from_key is the inverse of RuleSet.key, and strict."""
    assert [RuleSet.from_key(key).key for key in RULE_KEYS] == list(RULE_KEYS)
    assert RuleSet.from_key("lacombe+rotating") == rules_named("lacombe", rotating=True)
    assert RuleSet.from_key("ferme") is rules_named("ferme")
    for bad, why in [
        ("bridge", "unknown rule set 'bridge'"),
        ("", "unknown rule set ''"),
        ("Foster", "unknown rule set 'Foster'"),
        ("foster+", "unknown rule option ''"),
        ("foster+rotating+rotating", "unknown rule option 'rotating\\+rotating'"),
        ("lacombe+turning", "unknown rule option 'turning'"),
        ("ferme+rotating", "rotating farm is an option of foster and lacombe, not ferme"),
        (" foster", "unknown rule set ' foster'"),
    ]:
        with pytest.raises(ValueError, match=why):
            RuleSet.from_key(bad)


def test_ferme_calls_the_pot_the_corbeille_and_lacombe_says_basta() -> None:
    """RULES 'Words on screen': la corbeille under ferme, Basta under lacombe."""
    words = {name: (rules_named(name).pot_word, rules_named(name).stand_word) for name in RULE_NAMES}
    assert words == {
        "foster": (PotWord.FARM, StandWord.STAND),
        "lacombe": (PotWord.FARM, StandWord.BASTA),
        "ferme": (PotWord.CORBEILLE, StandWord.STAND),
    }
    assert [rules_named(n).pot_is_corbeille for n in RULE_NAMES] == [False, False, True]
    assert [rules_named(n).stand_is_basta for n in RULE_NAMES] == [False, True, False]


def test_a_table_seats_3_to_10_and_a_game_lasts_1_to_100_deals() -> None:
    """RULES 'Table': 3-10 seats; one range of deals for every menu, setting and tool."""
    assert (PLAYERS.low, PLAYERS.high) == (3, 10) and list(PLAYERS.values) == list(range(3, 11))
    assert (DEALS.low, DEALS.high) == (1, 100) and DEFAULT_DEALS in DEALS
    assert 3 in PLAYERS and 10 in PLAYERS and 2 not in PLAYERS and 11 not in PLAYERS
    assert True not in DEALS and "5" not in DEALS and 5.5 not in DEALS
    assert DEALS.clamp(0) == 1 and DEALS.clamp(500) == 100 and DEALS.clamp(60) == 60
    assert PLAYERS.check(4) == 4
    with pytest.raises(ValueError, match="deals must be from 1 to 100, not 101"):
        DEALS.check(101)


def test_the_engine_reads_the_players_limit() -> None:
    from game.rules.engine import MAX_SEATS, MIN_SEATS, Game

    assert (PLAYERS.low, PLAYERS.high) == (MIN_SEATS, MAX_SEATS)
    with pytest.raises(ValueError, match="3 to 10 players"):
        Game(["A", "B"])
