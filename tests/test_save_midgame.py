"""Saving in the middle of a deal: Continue puts the game back exactly where it was left.

A card seen cannot be seen again and then played differently: the drawn cards stay in their
hands, the deck goes on with the same next card, the same seat is to act. The network
server keeps its own policy: a table saved in a deal resumes before it, freshly shuffled.
"""

from __future__ import annotations

import copy
import json
from pathlib import Path
from typing import Any

import pytest
from helpers import NAMES, deck, play, start, table
from hypothesis import given, settings
from hypothesis import strategies as st

from game.formats.savegame import Restored, SavedGame, SaveError, restore, snapshot
from game.net.protocol import Settings
from game.net.table import HostedTable
from game.net.tablefile import FILE_FORMAT, FILE_VERSION
from game.play.match import HUMAN, Match
from game.rules.actions import DRAW, PASS, STAND, Action, bid, parse_action
from game.rules.agents import ThresholdAgent
from game.rules.cards import parse_cards
from game.rules.engine import Game, Phase
from game.rules.events import CardDealt, DealStarted
from game.rules.ruleset import RuleSet, rules_named
from scenes.store.saves import SaveStore

PEOPLE = [HUMAN] * 4


def through_json(saved: SavedGame) -> Any:
    """The document of ``saved`` once written to a file and read back."""
    return json.loads(json.dumps(saved.to_json()))


def load(document: Any, *, resume_deal: bool = True) -> Restored:
    """The game a saved document holds, as a window takes it up."""
    return restore(SavedGame.from_json(document), resume_deal=resume_deal)


def ben_has_drawn() -> Game:
    """Anna farms (bought for 4); Ben was dealt 7♠ and has just drawn 9♠; 2♣ is next on the deck."""
    game = table("foster", first_seat=1)
    start(game, top="7S KD 5S 9S 2C", auction="3 p p 4 p")
    play(game, "d")
    assert game.hands[1] == parse_cards("7S 9S") and game.to_act == 1
    return game


def test_a_card_drawn_before_the_save_is_still_in_the_hand_after_it() -> None:
    game = ben_has_drawn()
    doc = through_json(snapshot(game, PEOPLE))
    assert doc["moves"] == [[1, "bid 3"], [2, "pass"], [3, "pass"], [0, "bid 4"], [1, "pass"], [1, "draw"]]
    assert doc["deal"] == 0 and doc["chips"] == [100] * 4  # the state the deal started from
    assert doc["deck"][:5] == ["7S", "KD", "5S", "9S", "2C"] and doc["shuffled"] is False
    restored = load(doc)
    again = restored.game
    assert again.hands == game.hands and again.hands[1] == parse_cards("7S 9S")
    assert again.to_act == 1 and again.phase is Phase.PLAY and again.farmer == 0
    assert (again.chips, again.farm, again.deck_size) == (game.chips, game.farm, game.deck_size)
    assert restored.moves == tuple(game.deal_moves()) and restored.interrupted
    # The screen is given the deal so far: the deal's start, the first cards, Ben's draw.
    events = restored.deal_events
    assert isinstance(events[0], DealStarted)
    dealt = [(e.seat, str(e.card)) for e in events if isinstance(e, CardDealt)]
    assert dealt == [(1, "7S"), (2, "KD"), (3, "5S"), (1, "9S")]
    # Ben stands on his 16 rather than seeing the 9♠ again; the next card is still the 2♣.
    assert again.apply(STAND) and game.apply(STAND)
    drawn = again.apply(DRAW)
    assert game.apply(DRAW) == drawn
    assert [str(e.card) for e in drawn if isinstance(e, CardDealt)] == ["2C"]
    assert again.view_for(2) == game.view_for(2)


def test_a_save_in_the_auction_resumes_in_the_auction_with_the_same_calls() -> None:
    game = table("foster", first_seat=1)
    game.stack_deck(deck("7S KD 5S 9S 2C"))
    game.next_deal()
    play(game, "3 p")
    again = load(through_json(snapshot(game, PEOPLE))).game
    assert again.phase is Phase.AUCTION and again.to_act == 3
    assert (again.calls, again.high_bid, again.high_bidder) == ([(1, 3), (2, None)], 3, 1)
    play(again, "p 4 p")
    play(game, "p 4 p")
    assert again.hands == game.hands == [[], parse_cards("7S"), parse_cards("KD"), parse_cards("5S")]


def test_a_save_at_the_very_start_of_a_deal_has_no_moves_yet() -> None:
    game = Game(NAMES[:5], rules_named("lacombe"), seed=8)
    events = game.next_deal()
    doc = through_json(snapshot(game, [HUMAN] * 5))
    assert doc["moves"] == [] and "deck" not in doc  # the auction first: the deck is not yet shuffled
    restored = load(doc)
    assert restored.deal_events == tuple(events)
    assert [restored.game.view_for(s) for s in range(5)] == [game.view_for(s) for s in range(5)]


def test_between_deals_the_document_has_no_moves_and_reads_as_before() -> None:
    game = ben_has_drawn()
    play(game, "s d s d s")
    assert game.phase is Phase.BETWEEN
    doc = through_json(snapshot(game, PEOPLE))
    assert "moves" not in doc and doc["deal"] == 1
    restored = load(doc)
    assert restored.deal_events == () and restored.moves == () and not restored.interrupted
    assert restored.game.log == game.log and restored.game.phase is Phase.BETWEEN


def test_a_match_saved_mid_deal_continues_with_the_same_hands() -> None:
    match = Match(Game(NAMES[:4], seed=12), [HUMAN, "easy:steady", "normal:bold", "normal:cautious"])
    match.start_deal()
    while match.game.phase is not Phase.PLAY:
        if match.ai_to_act:
            match.ai_act()
        else:
            match.act(0, PASS)
    doc = through_json(match.snapshot())
    again = load(doc).game
    assert again.hands == match.game.hands and again.to_act == match.game.to_act
    assert again.deal_moves() == match.game.deal_moves()


# ---------------------------------------------------------------------- any moment, as a property


def advance(game: Game, choice: int) -> bool:
    """One step of play: start a deal between deals, else the legal action picked by ``choice``."""
    if game.phase is Phase.OVER:
        return False
    if game.phase is Phase.BETWEEN:
        game.next_deal()
        return True
    legal = game.legal_actions()
    # Bids are many; keep them low so that auctions end and every kind of move is met.
    legal = [a for a in legal if a.amount <= game.high_bid + 3]
    game.apply(legal[choice % len(legal)])
    return True


def same_game(one: Game, other: Game) -> None:
    """Every seat sees the same, and the log, the chips and the farm are the same."""
    assert [one.view_for(s) for s in range(one.n_seats)] == [other.view_for(s) for s in range(other.n_seats)]
    assert (one.log, one.chips, one.farm, one.phase) == (other.log, other.chips, other.farm, other.phase)
    assert one.deal_moves() == other.deal_moves()


@settings(max_examples=200, deadline=None)
@given(
    seed=st.integers(0, 2**32),
    rules=st.sampled_from(["foster", "lacombe", "ferme", "foster+rotating"]),
    players=st.integers(3, 6),
    choices=st.lists(st.integers(0, 50), max_size=120),
    cut=st.integers(0, 120),
)
def test_a_save_at_any_moment_restores_the_same_game_that_plays_on_the_same(
    seed: int, rules: str, players: int, choices: list[int], cut: int
) -> None:
    ruleset = RuleSet.from_key(rules)
    game = Game(NAMES[:players], ruleset, chips=20, seed=seed, max_deals=6)
    before, after = choices[:cut], choices[cut:]
    for choice in before:
        advance(game, choice)
    restored = load(through_json(snapshot(game, [HUMAN] * players)))
    again = restored.game
    same_game(again, game)
    assert restored.interrupted == game.mid_deal
    assert restored.moves == tuple(game.deal_moves())
    for choice in after:
        assert advance(game, choice) == advance(again, choice)
    same_game(again, game)
    assert again.result == game.result


# ---------------------------------------------------------------------- tampered documents


def tampered(**changes: Any) -> dict[str, Any]:
    """Ben's mid-deal document with ``changes`` made to it."""
    doc: dict[str, Any] = through_json(snapshot(ben_has_drawn(), PEOPLE))
    doc.update(changes)
    return doc


GOOD_MOVES = [[1, "bid 3"], [2, "pass"], [3, "pass"], [0, "bid 4"], [1, "pass"], [1, "draw"]]


@pytest.mark.parametrize(
    ("changes", "message"),
    [
        ({"moves": [*GOOD_MOVES[:5], [1, "stand"]]}, r"move 6 \(stand\) by seat 1 is not legal: .*must"),
        ({"moves": [*GOOD_MOVES[:5], [2, "draw"]]}, r"move 6 \(draw\) is made by seat 2, but seat 1 is to"),
        ({"moves": [[1, "bid 3"], [2, "bid 2"]]}, r"move 2 \(bid 2\) by seat 2 is not legal: .*higher"),
        ({"moves": [*GOOD_MOVES, [1, "stand"], [2, "stand"]]}, r"move 8 \(stand\) by seat 2 is not legal"),
        (
            {"moves": [*GOOD_MOVES, [1, "stand"], [2, "draw"], [2, "stand"], [3, "draw"], [3, "stand"]]},
            "its moves end the deal",
        ),
        ({"moves": "draw"}, "moves must be a list"),
        ({"moves": [[1]]}, "moves item 1 must be a list of 2 items"),
        ({"moves": [[True, "bid 3"]]}, "moves item 1's seat must be a whole number, not True"),
        ({"moves": [[9, "bid 3"]]}, "moves item 1's seat must be between 0 and 3, not 9"),
        ({"moves": [[1, "fly"]]}, "moves item 1: not an action: 'fly'"),
        ({"moves": [[1, "bid -3"]]}, "moves item 1: not an action: 'bid -3'"),
        ({"moves": [[1, "bid 1e9"]]}, "moves item 1: not an action"),
        ({"moves": [[1, 3]]}, "moves item 1's action must be a text"),
        ({"moves": None}, "moves must be a list"),
        ({"deck": "7S KD"}, "deck must be a list of at most 45 items"),
        ({"deck": ["8S", "KD", "5S"]}, "deck item 1: '8S' is not in the Farmer deck"),
        ({"deck": ["7s", "KD", "5S"]}, "deck item 1 must be written '7S', not '7s'"),
        ({"deck": ["7S", "7S", "5S"]}, "deck: a stacked deck cannot hold a card twice"),
        ({"deck": ["7S"]}, "deck: a stacked deck needs at least one card"),
        ({"deck": None}, "deck is missing"),
        ({"shuffled": "yes"}, "shuffled must be true or false"),
        ({"first_seat": "one"}, "first_seat must be a whole number"),
    ],
)
def test_a_tampered_mid_deal_document_is_refused_saying_why(changes: dict[str, Any], message: str) -> None:
    with pytest.raises(SaveError, match=message):
        load(tampered(**changes))


def test_moves_on_a_document_whose_game_is_over_are_refused() -> None:
    game = table("foster", max_deals=1)
    start(game, top="7S KD 5S 9S 2C", auction="1 p p p")
    play(game, "d s d s d s")
    assert game.is_over
    doc = through_json(snapshot(game, PEOPLE))
    assert load(doc).game.is_over
    doc["moves"] = []
    with pytest.raises(SaveError, match=r"holds the moves of a deal, but its game is over \(deals\)"):
        load(doc)


def test_without_resuming_the_deal_a_mid_deal_document_gives_the_game_before_it() -> None:
    game = ben_has_drawn()
    restored = load(tampered(), resume_deal=False)
    assert restored.interrupted and restored.moves == () and restored.deal_events == ()
    assert restored.game.phase is Phase.BETWEEN and restored.game.deal_no == 0
    assert restored.game.chips == [100] * 4 and game.deal_no == 1
    with pytest.raises(SaveError, match="moves item 1's seat must be a whole number"):
        load(tampered(moves=[["x", "draw"]]), resume_deal=False)


@pytest.mark.parametrize("text", ["pass", "draw", "stand", "bid 1", "bid 250"])
def test_every_action_reads_back_from_its_text(text: str) -> None:
    action = parse_action(text)
    assert isinstance(action, Action) and str(action) == text
    assert parse_action("bid 7") == bid(7)


# ---------------------------------------------------------------------- the network server's policy


def test_a_network_table_saved_mid_deal_resumes_before_that_deal_with_a_fresh_shuffle() -> None:
    """The server does not play the saved moves again: whoever saw the cards must not know the next."""
    match = Match(Game(NAMES[:4], seed=21), [HUMAN, HUMAN, "normal:steady", "normal:bold"])
    match.start_deal()
    start_rng = load(through_json(match.snapshot()), resume_deal=False).game.rng.getstate()
    while match.game.phase is not Phase.PLAY:
        if match.ai_to_act:
            match.ai_act()
        else:
            match.act(match.game.to_act or 0, PASS)
    assert match.game.mid_deal and match.game.deal_moves()
    doc = {
        "format": FILE_FORMAT,
        "version": FILE_VERSION,
        "code": "ABCD",
        "settings": Settings(seats=4).to_json(),
        "seats": [
            {"name": name, "person": spec == HUMAN, "token_sha256": None, "host": seat == 0}
            for seat, (name, spec) in enumerate(zip(NAMES[:4], match.players, strict=True))
        ],
        "in_deal": False,
        "over": False,
        "game": through_json(match.snapshot()),
    }
    resumed = HostedTable.from_json(json.loads(json.dumps(doc)), now=0.0)
    assert resumed.match is not None
    game = resumed.match.game
    assert game.phase is Phase.BETWEEN and game.deal_no == 0 and game.chips == [100] * 4
    assert game.rng.getstate() != start_rng


# ---------------------------------------------------------------------- the AIs play on the same


def play_on(match: Match, moves: int | None = None) -> None:
    """Play ``moves`` moves (None: to the end of the game); the people play a fixed strategy."""
    person = ThresholdAgent(13, 0.3)
    while moves is None or moves > 0:
        game = match.game
        if game.is_over:
            return
        if game.phase is Phase.BETWEEN:
            match.start_deal()
        elif match.ai_to_act:
            match.ai_act()
        else:
            seat = game.to_act
            assert seat is not None
            match.act(seat, person.choose(game.view_for(seat)))
        if moves is not None:
            moves -= 1


AI_TABLE = [HUMAN, "expert:bold", "normal:steady", "easy:cautious", "expert:cautious"]


def resumed_match(seed: int, cut: int, catch_up: bool) -> Match:
    """The match of ``seed`` saved ``cut`` moves into its first deal, restored, and played to its end."""
    broken = Match(Game(NAMES[:5], seed=seed, max_deals=3), AI_TABLE)
    play_on(broken, cut)
    assert broken.game.mid_deal
    restored = load(through_json(broken.snapshot()))
    resumed = Match(restored.game, restored.players)
    if catch_up:
        resumed.catch_up(restored)
    play_on(resumed)
    return resumed


@pytest.mark.parametrize("cut", [14, 18, 22])
def test_ais_caught_up_on_the_deal_play_on_as_without_the_break(cut: int) -> None:
    """Saved in the first deal: every AI, the learning Expert too, makes the same moves after it."""
    # (A seed whose three deals turn on the AIs' random streams.)
    whole = Match(Game(NAMES[:5], seed=124, max_deals=3), AI_TABLE)
    play_on(whole)
    resumed = resumed_match(124, cut, catch_up=True)
    assert resumed.game.log == whole.game.log and resumed.game.result == whole.game.result
    # Not caught up, the AIs draw from other streams and the game goes another way.
    assert resumed_match(124, cut, catch_up=False).game.log != whole.game.log


def test_catching_up_needs_the_restored_game_itself() -> None:
    match = Match(Game(NAMES[:4], seed=3), PEOPLE)
    match.start_deal()
    restored = load(through_json(match.snapshot()))
    with pytest.raises(ValueError, match="restored game"):
        match.catch_up(restored)


def test_a_saved_log_is_read_record_by_record_and_must_be_this_tables() -> None:
    game = ben_has_drawn()
    play(game, "s d s d s")
    doc = through_json(snapshot(game, PEOPLE))
    assert load(doc).game.log == game.log
    broken = copy.deepcopy(doc)
    broken["log"][0]["hands"][1][0] = "8S"
    with pytest.raises(SaveError, match=r"^log item 1: seat 1.s hand item 1: .8S. is not in the Farmer"):
        load(broken)
    broken = copy.deepcopy(doc)
    del broken["log"][0]["transfers"]
    with pytest.raises(SaveError, match=r"^log item 1: a deal record lacks transfers$"):
        load(broken)
    broken = copy.deepcopy(doc)
    broken["log"][0]["seats"] = ["W", "X", "Y", "Z"]
    with pytest.raises(SaveError, match="log: its deals were played at another table"):
        load(broken)
    with pytest.raises(SaveError, match="log must be a list"):
        load({**doc, "log": {"deal": 1}})


@pytest.mark.parametrize(
    ("changes", "message"),
    [
        ({"seats": ["A", "B"]}, "seats must be a list of 3 to 10 items"),
        ({"seats": ["A", "", "C", "D"]}, "seats item 2 must be a text of 1 to 40 characters"),
        ({"players": [HUMAN] * 3}, "players must be a list of 4 items"),
        ({"chips": [100, 100, True, 100]}, "chips item 3 must be a whole number, not True"),
        ({"farm": -1}, "farm must be between 0 and"),
        ({"farm_won": 1}, "farm_won must be true or false, not 1"),
        ({"max_minutes": 0}, "max_minutes must be between"),
        ({"rng": [3, [0] * 624, None]}, "rng state must be a list of 625 items"),
        ({"rng": [2, [0] * 625, None]}, "rng version must be one of 3, not 2"),
        ({"rng": [3, [0] * 624 + [700], None]}, "rng position must be between 0 and 624, not 700"),
        ({"rng": [3, [-1] + [0] * 624, None]}, "rng state item 1 must be between 0 and"),
    ],
)
def test_a_tampered_document_names_the_value_that_is_wrong(changes: dict[str, Any], message: str) -> None:
    with pytest.raises(SaveError) as caught:
        load(tampered(**changes))
    assert str(caught.value).startswith(message)


def test_the_save_slot_keeps_a_game_saved_mid_deal(tmp_path: Path) -> None:
    game = ben_has_drawn()
    store = SaveStore(tmp_path / "save.json")
    assert store.save(game, PEOPLE)
    restored = store.resume()
    assert restored is not None and restored.interrupted
    assert restored.game.hands == game.hands and restored.game.to_act == 1
    again = SaveStore(tmp_path / "save.json").resume()
    assert again is not None and again.game.hands[1] == parse_cards("7S 9S") and again.players == PEOPLE
