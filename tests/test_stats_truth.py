"""The statistics tell a game's result exactly: chips won less chips lost is the final standing
less the chips the game started with, the farm nobody won included (it goes to its farmer), and
a game a player ended early is counted apart, never as a win."""

from __future__ import annotations

import json
import random
import tempfile
from dataclasses import dataclass
from pathlib import Path

import pytest
from helpers import DT
from hypothesis import given, settings
from hypothesis import strategies as st

from game.ai.specs import parse_agent
from game.formats.savegame import SavedGame
from game.play.sim import default_specs
from game.play.stats import Stats
from game.rules.engine import Game, Phase
from game.rules.ruleset import RULE_KEYS, rules_named
from scenes.store.keeper import Keeper
from scenes.store.stats import StatsStore

START = 100


def random_game(seed: int, stop_at: int | None) -> Game:
    """A seeded game between AIs of every rule set, 3 to 7 seats, 1 to 25 deals; ended early by a
    player after deal ``stop_at`` when it is given (and the game has not ended by then)."""
    rng = random.Random(seed)
    players = rng.randint(3, 7)
    rules = rules_named(rng.choice(RULE_KEYS))
    names = [f"P{s}" for s in range(players)]
    game = Game(names, rules, chips=START, seed=seed, max_deals=rng.randint(1, 25))
    agents = [parse_agent(spec, seed) for spec in default_specs(players, seed)]
    while game.phase is Phase.BETWEEN:
        if stop_at is not None and game.deal_no >= stop_at:
            game.end()
            break
        game.next_deal()
        while (seat := game.to_act) is not None:
            game.apply(agents[seat].choose(game.view_for(seat)))
    assert game.is_over
    return game


@dataclass(eq=False)
class Played:
    """A game played to its end, kept for ``person_seat`` (see :class:`scenes.store.keeper.Kept`)."""

    game: Game
    person_seat: int
    first_deal: int = 0

    @property
    def over(self) -> bool:
        return self.game.is_over

    @property
    def settled_on_screen(self) -> bool:
        return True

    def shown_settled(self) -> None:
        pass

    def save_document(self) -> SavedGame | None:
        return None


def counted(game: Game, seat: int) -> Stats:
    """``seat``'s statistics of ``game`` as the keeper counts them once its end is shown, read back
    from the file."""
    with tempfile.TemporaryDirectory() as folder:
        path = Path(folder) / "stats.json"
        Keeper(None, StatsStore(path)).deal_shown(Played(game, seat))
        store = StatsStore(path)
        return store.load()[game.rules.name]


@settings(max_examples=120, deadline=None)
@given(seed=st.integers(0, 2**32), stop_at=st.one_of(st.none(), st.integers(1, 12)))
def test_chips_won_less_lost_is_every_seats_result(seed: int, stop_at: int | None) -> None:
    game = random_game(seed, stop_at)
    standings = game.standings()
    for seat in range(game.n_seats):
        stats = counted(game, seat)
        assert stats.chips_won - stats.chips_lost == standings[seat] - START, seat


def test_the_farm_kept_at_the_end_is_a_farm_won_and_the_best() -> None:
    """Foster: a farm nobody won by the end goes to its farmer, who has won it."""
    for seed in range(200):
        game = random_game(seed, None)
        farmer = game.farmer
        if farmer is not None and game.farm > 0 and game.rules.name == "foster":
            break
    else:
        raise AssertionError("no game ended with a farm nobody won")
    kept = game.farm
    stats = counted(game, farmer)
    won_in_deals = [sum(t.amount for t in r.transfers if t.reason.value == "farm" and t.target == farmer)
                    for r in game.log if r.winner == farmer]
    assert stats.farms_won == len(won_in_deals) + 1
    assert stats.best_farm == max([kept, *won_in_deals])
    assert stats.results == [game.chips[farmer] + kept]


def test_a_game_ended_early_is_counted_apart_never_as_a_win() -> None:
    game = Game(["You", "Anne", "Bastien"], rules_named("foster"), chips=START, seed=4, max_deals=10)
    agents = [parse_agent(spec, 4) for spec in default_specs(3, 4)]
    game.next_deal()
    while (seat := game.to_act) is not None:
        game.apply(agents[seat].choose(game.view_for(seat)))
    game.end()  # End the game, on the first ledger
    leader = max(range(3), key=lambda s: game.standings()[s])
    stats = counted(game, leader)
    assert (stats.games_played, stats.games_won, stats.games_shared) == (0, 0, 0)
    assert stats.games_ended_early == 1
    assert stats.results == []
    assert stats.deals_played == 1
    assert stats.chips_won - stats.chips_lost == game.standings()[leader] - START


def test_an_old_statistics_file_still_reads(tmp_path: Path) -> None:
    """A file written before games ended early were counted apart reads as it was, with none ended early."""
    old = {"foster": {"games_played": 4, "games_won": 1, "games_shared": 0, "deals_played": 30,
                      "chips_won": 50, "chips_lost": 41, "farms_bought": 3, "farms_won": 2, "best_farm": 14,
                      "sixteens": 2, "busts": 9, "results": [90, 120, 101, 98], "numbers": [1, 2, 3, 4]}}
    path = tmp_path / "stats.json"
    path.write_text(json.dumps({"version": 1, "rules": old}))
    store = StatsStore(path)
    foster = store.load()["foster"]
    assert store.problem is None
    assert (foster.games_played, foster.games_ended_early, foster.chips_won, foster.results) == (
        4, 0, 50, [90, 120, 101, 98]
    )
    foster.add_game(100, False, ended_early=True)
    assert store.save()
    again = StatsStore(path)
    assert again.load()["foster"].games_ended_early == 1


def test_statistics_show_games_ended_early_apart() -> None:
    from scenes.app.loop import App
    from scenes.i18n import set_language
    from scenes.screens.statistics import StatisticsScene, combined
    from scenes.store.settings import Settings

    app = App(Settings(language="en"), (1024, 600))
    mine = Stats(games_played=3, games_won=1)
    mine.add_game(130, True, ended_early=True)
    together = combined([mine, Stats(games_ended_early=2)])
    assert (together.games_played, together.games_won, together.games_ended_early) == (3, 1, 3)
    scene = StatisticsScene(app)
    rows = dict(scene.lines(together))
    assert rows["Games ended early"] == "3"
    assert rows["Games won"].startswith("1 ")
    set_language("fr")
    try:
        assert "Parties arrêtées avant la fin" in dict(scene.lines(together))
    finally:
        set_language("en")


def test_the_final_standings_of_a_game_ended_early_name_no_winner() -> None:
    from game.rules.events import EndReason, GameEnded
    from scenes.table.narrator import Eyes, game_over_title

    eyes = Eyes(("You", "Anne", "Bastien"), rules_named("foster"), 0)
    early = GameEnded((130, 90, 80), (0,), EndReason.STOPPED)
    assert game_over_title(early, eyes, "en") == "Game ended early: you were ahead with 130 chips."
    for language in ("en", "fr", "de"):
        title = game_over_title(early, eyes, language)
        played_out = game_over_title(GameEnded((130, 90, 80), (0,), EndReason.DEALS), eyes, language)
        assert "130" in title and title != played_out


def test_the_rates_of_16s_and_busts_are_shares_of_the_hands_played_not_of_the_deals() -> None:
    """A deal the player sat out as farmer has no hand: "Hands of 16 — 1 (7%)" divided by every
    deal. The hands are counted, and the rates are shares of them."""
    from scenes.app.loop import App
    from scenes.screens.statistics import StatisticsScene, combined
    from scenes.store.settings import Settings

    stats = Stats()
    for seed in range(40):
        game = random_game(seed, None)
        for seat in range(game.n_seats):
            stats = counted(game, seat)
            hands = [r.hands[seat] for r in game.log]
            assert stats.deals_played == len(game.log)
            assert stats.hands_played == sum(1 for h in hands if h)
            if stats.hands_played < stats.deals_played and stats.sixteens:
                break
        else:
            continue
        break
    else:
        raise AssertionError("no game had a farmer who made a 16 in another deal")
    scene = StatisticsScene(App(Settings(language="en"), (1024, 600)))
    rows = dict(scene.lines(stats))
    share = round(100 * stats.sixteens / stats.hands_played)
    assert rows["Hands of 16"] == f"{stats.sixteens} ({share}%)", (rows, stats)
    busts = round(100 * stats.busts / stats.hands_played)
    assert rows["Hands over 16"] == f"{stats.busts} ({busts}%)", (rows, stats)
    both = dict(scene.lines(combined([stats, Stats(deals_played=4, hands_played=2, sixteens=1)])))
    share = round(100 * (stats.sixteens + 1) / (stats.hands_played + 2))
    assert both["Hands of 16"] == f"{stats.sixteens + 1} ({share}%)"


def test_an_old_file_without_hands_counted_gives_no_rate_rather_than_a_false_one(tmp_path: Path) -> None:
    """Its 16s and busts were counted, its hands were not: the counts show, with no percentage
    (until the statistics are reset), and the file keeps saying so once saved again."""
    from scenes.app.loop import App
    from scenes.screens.statistics import StatisticsScene
    from scenes.store.settings import Settings

    old = {"foster": {"games_played": 4, "deals_played": 30, "sixteens": 2, "busts": 9}}
    path = tmp_path / "stats.json"
    path.write_text(json.dumps({"version": 1, "rules": old}))
    store = StatsStore(path)
    foster = store.load()["foster"]
    assert (foster.hands_played, foster.hands_uncounted) == (0, 30)
    scene = StatisticsScene(App(Settings(language="en"), (1024, 600)))
    rows = dict(scene.lines(foster))
    assert (rows["Hands of 16"], rows["Hands over 16"]) == ("2", "9")
    foster.add_deal(random_game(3, None).log[0], 1)
    assert store.save()
    again = StatsStore(path).load()["foster"]
    assert again.hands_uncounted == 30 and dict(scene.lines(again))["Hands of 16"] in ("2", "3")


def _play_with_quits(
    folder: Path, seed: int, stages: tuple[str, ...], chance: float
) -> tuple[Game, Stats, int]:
    """A 6-deal foster game played through the window, the window closed at random moments of the
    ``stages`` named (then Continue from the menu), to its final ledger; the game, the statistics
    read from the file, and how many times the window was closed."""
    import pygame

    from scenes.app.loop import App
    from scenes.navigator import Screens, start_game
    from scenes.screens.menu import MenuScene
    from scenes.store.saves import SaveStore
    from scenes.store.settings import Settings
    from scenes.table.setup import Setup
    from tools.driver import key, keys_for, local_game, table_on

    rng = random.Random(seed)

    def window() -> App:
        app = App(Settings(animation_speed="instant"), (1280, 720))
        app.keeper = Keeper(SaveStore(folder / "save.json"), StatsStore(folder / "stats.json"))
        app.stack.push(MenuScene(app, Screens(app)))
        app.step(DT, [])
        return app

    app = window()
    start_game(app, Setup.for_players(4, "foster", False, 6, seed=seed))
    app.step(DT, [])
    closed = 0
    game = local_game(app).game
    for _ in range(100_000):
        table = table_on(app)
        stage = table.stage.value if table is not None else ""
        if table is not None and local_game(app).over and stage == "ledger":
            break
        if stage in stages and rng.random() < chance:
            game = local_game(app).game
            app.step(DT, [pygame.event.Event(pygame.QUIT)])
            closed += 1
            if game.is_over:  # closed during the last deal's showdown: nothing left to continue
                break
            app = window()
            menu = app.stack.top
            assert isinstance(menu, MenuScene) and menu.continue_button.visible
            app.step(DT, [key(pygame.K_RETURN, "\r")])
            app.step(DT, [])
            continue
        app.step(DT, keys_for(app))
    game = local_game(app).game
    assert game.is_over
    store = StatsStore(folder / "stats.json")
    store.load()
    return game, store.for_rules("foster"), closed


@pytest.mark.parametrize(
    ("seed", "stages", "chance"),
    [(1, ("deal", "showdown"), 0.03), (5, ("deal", "showdown", "auction", "ledger"), 0.05),
     (4, ("ledger",), 0.5)],
)
def test_every_deal_played_is_counted_once_however_often_the_window_is_closed(
    tmp_path: Path, seed: int, stages: tuple[str, ...], chance: float
) -> None:
    """A deal left during its showdown (the engine had settled it, its ledger not yet shown) was
    saved as played, and Continue went on at the next deal: it was never counted. Deals counted are
    the deals played, and chips won less lost is the result, with the window closed on ledgers and
    mid-deal."""
    game, stats, closed = _play_with_quits(tmp_path, seed, stages, chance)
    assert closed >= 2
    assert stats.deals_played == len(game.log)
    assert stats.hands_played == sum(1 for r in game.log if r.hands[0])
    assert stats.chips_won - stats.chips_lost == game.standings()[0] - START
    assert stats.games_played == 1
