"""Settings, saved games and statistics: round trips, and every kind of bad file losing nothing."""

from __future__ import annotations

import json
from pathlib import Path

import pytest

from game.formats.savegame import snapshot
from game.limits import SETTINGS_FILE
from game.play.runner import play_deal
from game.play.stats import Stats
from game.rules.agents import ThresholdAgent
from game.rules.engine import Game
from scenes.store.files import read_json, write_json
from scenes.store.saves import SaveStore
from scenes.store.settings import Settings, SettingsStore
from scenes.store.stats import StatsStore

NAMES = ["Anna", "Ben", "Carla", "Dan", "Emil"]


def bad_copies(path: Path) -> list[Path]:
    return sorted(path.parent.glob(path.name + ".bad-*"))


def test_settings_round_trip(tmp_path: Path) -> None:
    store = SettingsStore(tmp_path / "settings.json")
    changed = Settings().changed(language="de", animation_speed="fast", players=8, four_colour=True)
    assert store.save(changed)
    assert SettingsStore(tmp_path / "settings.json").load() == changed


def test_missing_settings_file_gives_defaults_without_complaint(tmp_path: Path) -> None:
    store = SettingsStore(tmp_path / "settings.json")
    assert store.load() == Settings()
    assert store.problem is None


def test_changed_refuses_values_out_of_range() -> None:
    with pytest.raises(ValueError, match="players must be between 3 and 10"):
        Settings().changed(players=11)
    with pytest.raises(ValueError, match="animation_speed must be one of"):
        Settings().changed(animation_speed="warp")


BAD_SETTINGS: dict[str, bytes] = {
    "empty": b"",
    "truncated": b'{"version": 1, "settings": {"players": 6, "lang',
    "binary": bytes(range(256)) * 4,
    "not an object": b"[1, 2, 3]",
    "unknown version": b'{"version": 99, "settings": {}}',
}


@pytest.mark.parametrize("kind", sorted(BAD_SETTINGS))
def test_unreadable_settings_file_gives_defaults_and_is_kept(tmp_path: Path, kind: str) -> None:
    path = tmp_path / "settings.json"
    path.write_bytes(BAD_SETTINGS[kind])
    store = SettingsStore(path)
    assert store.load() == Settings()
    assert store.problem is not None and "\n" not in store.problem
    kept = bad_copies(path)
    assert len(kept) == 1 and kept[0].read_bytes() == BAD_SETTINGS[kind]


@pytest.mark.parametrize(
    ("values", "message"),
    [
        ({"players": "six"}, "players must be a whole number"),
        ({"players": 10**30}, "players must be between 3 and 10"),
        ({"mute": 1}, "mute must be true or false"),
        ({"language": "xx"}, "language must be one of"),
        ({"colour_of_the_moon": "blue"}, "unknown setting"),
    ],
)
def test_bad_values_take_defaults_keep_good_ones_and_the_file(
    tmp_path: Path, values: dict[str, object], message: str
) -> None:
    path = tmp_path / "settings.json"
    original = json.dumps({"version": 1, "settings": {"felt": "blue", **values}})
    path.write_text(original)
    store = SettingsStore(path)
    settings = store.load()
    assert settings.felt == "blue"  # the good value survives
    assert settings.players == Settings().players
    assert store.problem is not None and message in store.problem
    assert bad_copies(path)[0].read_text() == original


def test_a_folder_in_place_of_the_settings_file(tmp_path: Path) -> None:
    path = tmp_path / "settings.json"
    path.mkdir()
    store = SettingsStore(path)
    assert store.load() == Settings()
    assert store.problem is not None and "folder" in store.problem
    assert store.save(Settings().changed(players=4))
    assert SettingsStore(path).load().players == 4


def test_read_only_folder_reports_and_does_not_raise(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    # Root ignores permission bits, so the folder's refusal is simulated where the write happens.
    def refuse(*args: object, **kwargs: object) -> None:
        raise PermissionError(13, "Permission denied")

    monkeypatch.setattr("scenes.store.files.tempfile.mkstemp", refuse)
    store = SettingsStore(tmp_path / "settings.json")
    assert not store.save(Settings())
    assert store.problem is not None and "Permission denied" in store.problem
    assert not (tmp_path / "settings.json").exists()


def test_write_failure_is_reported_not_raised(tmp_path: Path) -> None:
    blocker = tmp_path / "file"
    blocker.write_text("x")
    problem = write_json(blocker / "sub" / "settings.json", {"a": 1})
    assert problem is not None and "Could not write" in problem


def test_atomic_write_leaves_no_temporary_files(tmp_path: Path) -> None:
    path = tmp_path / "x.json"
    for i in range(5):
        assert write_json(path, {"i": i}) is None
    assert [p.name for p in tmp_path.iterdir()] == ["x.json"]
    assert read_json(path, SETTINGS_FILE).data == {"i": 4}


def play(game: Game, deals: int) -> None:
    agents = [ThresholdAgent(11 + s % 4) for s in range(game.n_seats)]
    for _ in range(deals):
        if game.is_over:
            break
        play_deal(game, agents)


def test_resume_gives_the_same_next_deals_as_an_uninterrupted_game(tmp_path: Path) -> None:
    straight = Game(NAMES, seed=42, max_deals=30)
    play(straight, 12)
    saved = Game(NAMES, seed=42, max_deals=30)
    play(saved, 7)
    store = SaveStore(tmp_path / "save.json")
    assert store.save(saved, ["human"] + ["threshold"] * 4)
    loaded = SaveStore(tmp_path / "save.json").resume()
    assert loaded is not None
    resumed, players = loaded.game, loaded.players
    assert players[0] == "human"
    assert (resumed.chips, resumed.farm, resumed.farmer) == (saved.chips, saved.farm, saved.farmer)
    play(resumed, 5)
    assert resumed.log == straight.log
    assert resumed.chips == straight.chips


def corrupt_variants(doc: dict[str, object]) -> dict[str, bytes]:
    def with_(key: str, value: object) -> bytes:
        return json.dumps({**doc, key: value}).encode()

    return {
        "empty": b"",
        "truncated": json.dumps(doc).encode()[:100],
        "binary": b"\x00\xff\xfe" * 50,
        "wrong types": with_("chips", "lots"),
        "huge numbers": with_("farm", 10**40),
        "negative chips": with_("chips", [-5, 1, 1, 1, 1]),
        "bad farmer": with_("farmer", 17),
        "unknown version": with_("version", 7),
        "bad rules": with_("rules", "poker"),
        "bad rng": with_("rng", [3, [1, 2, 3], None]),
    }


def test_every_kind_of_bad_save_is_refused_kept_and_not_fatal(tmp_path: Path) -> None:
    game = Game(NAMES, seed=3, max_deals=10)
    play(game, 2)
    doc = snapshot(game, ["human"] + ["threshold"] * 4).to_json()
    for kind, content in corrupt_variants(doc).items():
        folder = tmp_path / kind.replace(" ", "_")
        folder.mkdir()
        path = folder / "save.json"
        path.write_bytes(content)
        store = SaveStore(path)
        assert store.resume() is None, kind
        assert store.problem is not None, kind
        kept = bad_copies(path)
        assert len(kept) == 1 and kept[0].read_bytes() == content, kind


def test_stats_count_the_deals_of_a_game() -> None:
    game = Game(NAMES, seed=11, max_deals=40)
    play(game, 40)
    stats = Stats()
    for record in game.log:
        stats.add_deal(record, 2)
    assert stats.deals_played == len(game.log)
    assert stats.chips_won - stats.chips_lost == game.chips[2] - 100
    assert stats.farms_won == sum(1 for r in game.log if r.winner == 2)
    assert stats.farms_bought == sum(1 for r in game.log if r.auction and r.auction.winner == 2)


def test_stats_store_round_trip_and_bad_file(tmp_path: Path) -> None:
    store = StatsStore(tmp_path / "stats.json")
    store.load()
    store.for_rules("foster").add_game(140, True)
    assert store.save()
    again = StatsStore(tmp_path / "stats.json")
    assert again.load()["foster"].games_won == 1
    (tmp_path / "stats.json").write_text('{"version": 1, "rules": {"foster": {"busts": -4}}}')
    broken = StatsStore(tmp_path / "stats.json")
    assert broken.load() == {}
    assert broken.problem is not None and "busts" in broken.problem


@pytest.mark.parametrize("link", ["loop", "dangling"])
def test_a_link_in_place_of_the_saved_game_is_said_in_one_line_and_set_aside(
    tmp_path: Path, link: str
) -> None:
    path = tmp_path / "save.json"
    if link == "loop":
        path.symlink_to(tmp_path / "other.json")
        (tmp_path / "other.json").symlink_to(path)
    else:
        path.symlink_to(tmp_path / "gone.json")
    store = SaveStore(path)
    assert store.exists()  # something is there: the menu reads it and says what is wrong
    assert store.resume() is None
    assert store.problem is not None and "\n" not in store.problem
    assert str(path) in store.problem and "link" in store.problem
    assert not path.is_symlink()  # set aside: not said again at the next start
    assert [p.name for p in tmp_path.glob("save.json.bad-*")]
    assert SaveStore(path).resume() is None and not SaveStore(path).exists()
