"""A saved game as typed values: the engine hands its state out frozen, and the save's document
is written and read in one place, the same bytes as ever.

The files under tests/data named ``saved_game_*.json`` and ``saved_table_in_deal.json`` were
written by the version before the typed snapshots, from the games :func:`scenario` and
``played_table(3, code="FIXTURE", seed=11)`` play: every later version must read them, play on
from them as the game would have gone without the break, and write the same games byte for byte.
The games are the AIs' as much as the format's: where the AIs come to play :func:`scenario`
otherwise, its files are written again (the bytes for one game stay the same).
"""

from __future__ import annotations

import dataclasses
import json
import random
from pathlib import Path
from typing import Any

import pytest
from helpers.games import played_table
from hypothesis import given, settings
from hypothesis import strategies as st

from game.formats.savegame import DealInProgress, Restored, SavedGame, SaveError, restore
from game.net.table import HostedTable
from game.net.tablefile import SavedTable
from game.play.match import HUMAN, Match
from game.play.replay import warm_up
from game.rules.agents import ThresholdAgent
from game.rules.engine import Phase
from game.rules.ruleset import rules_named
from game.rules.saved_state import BetweenDeals
from scenes.store.saves import SaveStore

DATA = Path(__file__).parent / "data"
NAMES = ["Anna", "Ben", "Cleo", "Dan"]
PLAYERS = [HUMAN, "normal:bold", "easy:cautious", "expert:steady"]
MOMENTS = {"play": 32, "auction": 53, "between": 45}
"""How many moves into :func:`scenario` each kept save was written."""
PHASES = {"play": Phase.PLAY, "auction": Phase.AUCTION, "between": Phase.BETWEEN}


def person_moves(match: Match, moves: int) -> int:
    """Play ``match`` on by ``moves`` moves (at most; fewer when it ends), the person's seat
    standing from 14 points: the moves played."""
    person = ThresholdAgent(14)
    done = 0
    while done < moves and not match.game.is_over:
        if not match.game.mid_deal:
            match.start_deal()
            continue
        if match.ai_to_act:
            match.ai_act()
        else:
            seat = match.game.to_act
            assert seat is not None
            match.act(seat, person.choose(match.game.view_for(seat)))
        done += 1
    return done


def scenario(moves: int) -> Match:
    """The game the kept saves come from, ``moves`` moves into it (starting a deal is not a move)."""
    match = Match.new(NAMES, PLAYERS, rules_named("foster", False), seed=2026, chips=40, max_deals=30)
    person_moves(match, moves)
    return match


def taken_up(restored: Restored) -> Match:
    """The match of ``restored`` taken up as a window takes it up: the AIs look over the deals
    played and live the deal in progress again."""
    match = Match(restored.game, restored.players)
    warm_up(match)
    match.catch_up(restored)
    return match


def to_the_end(match: Match) -> Match:
    """``match`` played on to its end (a bounded number of moves)."""
    person_moves(match, 100_000)
    assert match.game.is_over
    return match


def through_json(saved: SavedGame) -> SavedGame:
    """``saved`` written to a file's text and read back."""
    return SavedGame.from_json(json.loads(json.dumps(saved.to_json())))


# ---------------------------------------------------------------- the engine's frozen state


def test_the_engine_hands_out_its_state_between_deals_as_a_frozen_value() -> None:
    match = scenario(MOMENTS["between"])
    state = match.game.between_deals_state()
    assert isinstance(state, BetweenDeals)
    assert state.chips == tuple(match.game.chips) and state.deal == match.game.deal_no
    with pytest.raises(dataclasses.FrozenInstanceError):
        state.farm = 0  # type: ignore[misc]
    assert match.game.deal_start() is None


def test_the_state_a_deal_started_from_is_the_state_between_deals_before_it() -> None:
    match = scenario(MOMENTS["between"])
    before = match.game.between_deals_state()
    match.start_deal()
    assert match.game.deal_start() == before


def test_a_game_put_back_from_a_state_hands_out_the_same_state() -> None:
    game = scenario(MOMENTS["between"]).game
    again = Match.new(NAMES, PLAYERS, seed=1, chips=40, max_deals=30).game
    again.restore_between_deals(game.between_deals_state(), None, game.log)
    assert again.between_deals_state() == game.between_deals_state()
    assert again.view_for(2) == game.view_for(2)


# ---------------------------------------------------------------- saves written before


@pytest.mark.parametrize("moment", MOMENTS)
def test_a_save_written_before_is_written_again_byte_for_byte(moment: str, tmp_path: Path) -> None:
    match = scenario(MOMENTS[moment])
    path = tmp_path / "save.json"
    assert SaveStore(path).save(match.game, match.players)
    assert path.read_bytes() == (DATA / f"saved_game_{moment}.json").read_bytes()


@pytest.mark.parametrize("moment", MOMENTS)
def test_a_save_written_before_is_taken_up_at_the_moment_it_was_written_and_plays_on(moment: str) -> None:
    restored = SaveStore(DATA / f"saved_game_{moment}.json").resume()
    assert restored is not None
    assert restored.game.phase is PHASES[moment]
    match = taken_up(restored)
    unbroken = scenario(MOMENTS[moment])
    for seat in (None, *range(len(NAMES))):
        assert match.game.view_for(seat) == unbroken.game.view_for(seat)
    to_the_end(match)
    to_the_end(unbroken)
    assert match.game.log == unbroken.game.log
    assert match.game.result == unbroken.game.result


@pytest.mark.parametrize("moment", MOMENTS)
def test_a_save_written_before_reads_as_the_snapshot_of_the_same_game(moment: str) -> None:
    kept = json.loads((DATA / f"saved_game_{moment}.json").read_text(encoding="utf-8"))
    match = scenario(MOMENTS[moment])
    assert SavedGame.from_json(kept) == match.snapshot()
    assert SavedGame.from_json(kept).to_json() == kept


def test_a_hosted_table_file_written_before_loads_and_writes_its_game_the_same() -> None:
    text = (DATA / "saved_table_in_deal.json").read_text(encoding="utf-8")
    doc = json.loads(text)
    table = HostedTable.from_json(doc, 0.0)
    assert table.match is not None and table.redealt == doc["game"]["deal"] + 1
    game = table.match.game
    assert (game.deal_no, game.chips, game.log) == (
        doc["game"]["deal"], doc["game"]["chips"], list(SavedGame.from_json(doc["game"]).log)
    )
    compact = json.dumps(table.to_json()["game"], separators=(",", ":"))
    assert compact == json.dumps(doc["game"], separators=(",", ":"))
    # The same table played now writes the same game (the person's token is new every run).
    _table, files = played_table(3, code=doc["code"], seed=11)
    now = [file for file in files if file["in_deal"]][-1]
    assert json.dumps(now["game"], separators=(",", ":")) in text
    assert (now["settings"], now["in_deal"], now["over"]) == (doc["settings"], True, False)
    # And plays on: the deal it was saved in is dealt again and settled.
    table.match.start_deal()
    while game.mid_deal:
        game.apply(game.legal_actions()[0])
    assert len(game.log) == doc["game"]["deal"] + 1


def test_a_hosted_table_file_written_before_reads_as_a_saved_table_and_writes_the_same_bytes() -> None:
    text = (DATA / "saved_table_in_deal.json").read_text(encoding="utf-8")
    saved = SavedTable.from_json(json.loads(text))
    assert saved.in_deal and not saved.over and saved.game is not None and saved.game.rng is None
    assert [seat.person for seat in saved.seats] == [True, False, False, False]
    assert json.dumps(saved.to_json(), separators=(",", ":")) == text


def test_a_hosted_table_saves_what_it_is_and_reads_back_the_same() -> None:
    doc = json.loads((DATA / "saved_table_in_deal.json").read_text(encoding="utf-8"))
    table = HostedTable.from_json(doc, 0.0)
    table.in_deal = True  # as the server saves a table whose deal is starting
    saved = table.saved_file()
    assert saved == SavedTable.from_json(doc)
    assert SavedTable.from_json(json.loads(json.dumps(saved.to_json()))) == saved


def test_a_hosted_table_file_whose_game_is_not_its_seats_is_refused() -> None:
    doc = json.loads((DATA / "saved_table_in_deal.json").read_text(encoding="utf-8"))
    doc["game"]["players"][1] = HUMAN
    with pytest.raises(SaveError, match="players do not match the seats"):
        SavedTable.from_json(doc)


# ---------------------------------------------------------------- any game, stopped anywhere


@settings(max_examples=40, deadline=None)
@given(
    seed=st.integers(0, 2**31 - 1),
    stop=st.integers(0, 120),
    rules=st.sampled_from(["foster", "ferme", "lacombe", "lacombe+rotating"]),
    seats=st.integers(3, 6),
)
def test_any_game_stopped_anywhere_comes_back_the_same_and_plays_on_the_same(
    seed: int, stop: int, rules: str, seats: int
) -> None:
    kinds = ("normal:bold", "expert:steady", "easy:steady", "threshold:15", "normal:cautious")
    players = [HUMAN, *kinds[: seats - 1]]
    names = [*NAMES[:3], *[f"P{i}" for i in range(seats - 3)]]
    match = Match.new(names, players, rules_named(rules), seed=seed, chips=30, max_deals=6)
    person_moves(match, stop)
    saved = match.snapshot()
    assert through_json(saved) == saved
    hidden = match.snapshot(keep_secrets=False)
    assert through_json(hidden) == hidden and hidden.rng is None and hidden.deal is None
    assert (saved.deal is not None) == match.game.mid_deal
    again = taken_up(restore(through_json(saved)))
    assert again.snapshot() == saved
    to_the_end(again)
    to_the_end(match)
    assert again.game.log == match.game.log and again.game.result == match.game.result


def test_a_deal_in_progress_is_saved_with_its_moves_and_deck() -> None:
    match = scenario(MOMENTS["play"])
    saved = match.snapshot()
    assert saved.deal is not None
    assert list(saved.deal.moves) == match.game.deal_moves()
    arrangement = match.game.deal_deck()
    assert arrangement is not None and (saved.deal.deck, saved.deal.shuffled) == arrangement
    assert saved.state == match.game.deal_start()


def test_a_document_that_breaks_a_checked_reader_is_refused_with_its_reason() -> None:
    doc: dict[str, Any] = match_doc()
    doc["chips"] = [40, 40, "40", 40]
    with pytest.raises(SaveError, match="chips"):
        SavedGame.from_json(doc)
    doc = match_doc()
    doc["moves"] = [[0, "fly"]]
    with pytest.raises(SaveError, match="moves"):
        SavedGame.from_json(doc)


def match_doc() -> dict[str, Any]:
    """A fresh document of the kept game saved in its play."""
    doc: dict[str, Any] = json.loads((DATA / "saved_game_play.json").read_text(encoding="utf-8"))
    return doc


def test_a_deal_in_progress_played_again_wrongly_is_refused() -> None:
    saved = scenario(MOMENTS["play"]).snapshot()
    assert saved.deal is not None
    moves = saved.deal.moves
    (seat, action), *rest = moves
    wrong_seat = (seat + 1) % len(NAMES), action
    wrong = dataclasses.replace(saved, deal=DealInProgress((wrong_seat, *rest), saved.deal.deck))
    with pytest.raises(SaveError, match="move 1"):
        restore(wrong)


def test_a_save_read_back_is_dealt_from_the_same_generator() -> None:
    match = scenario(MOMENTS["between"])
    saved = through_json(match.snapshot())
    assert saved.rng == match.game.rng.getstate()
    again = restore(saved).game
    assert random.Random().getstate() != again.rng.getstate() == match.game.rng.getstate()
