"""The whole program under the dummy display: whole games driven by posted keys and clicks."""

from __future__ import annotations

import os
import subprocess
import sys
import tempfile
from pathlib import Path

import pygame
import pytest
from helpers import DT

from game.rules.engine import Game
from scenes.app import loop
from scenes.app.loop import App
from scenes.cli import main
from scenes.navigator import Screens, start_game
from scenes.screens.menu import MenuScene
from scenes.screens.newgame import NewGameScene
from scenes.store.settings import Settings
from scenes.table.auction import AuctionHandler
from scenes.table.deal import DealHandler
from scenes.table.setup import Setup
from scenes.ui.layout import too_small
from tools.driver import click, handler_of, handler_on, key, keys_for, local_game, table_of, top_name

ROOT = Path(__file__).resolve().parent.parent

def post(*events: pygame.event.Event) -> None:
    for event in events:
        pygame.event.post(event)


def frame(app: App) -> None:
    """One frame with whatever is in pygame's queue, as the real loop does it."""
    app.step(DT, app.events())



def play(app: App, until: str | tuple[str, ...], limit: int = 5000) -> list[str]:
    """Let the stand-in player press keys until a scene named in ``until`` is on top; the scenes seen."""
    targets = (until,) if isinstance(until, str) else until
    seen: list[str] = []
    for _ in range(limit):
        name = top_name(app)
        if not seen or seen[-1] != name:
            seen.append(name)
        if name in targets:
            return seen
        post(*keys_for(app))
        frame(app)
    raise AssertionError(f"never reached {until}: saw {seen}")


def assert_table_matches_engine(app: App) -> None:
    session = local_game(app)
    table = table_of(app).table
    if top_name(app) == "gameover":
        # The final standings count a farm nobody won to its farmer: so do the plates.
        for _ in range(120):
            frame(app)
        assert [s.chips for s in table.seats] == session.game.standings()
        assert table.farm == 0
        return
    assert [s.chips for s in table.seats] == session.game.chips
    assert table.seats[session.facts.bottom].chips == session.view.my_chips
    assert table.farm == session.game.farm


def test_a_whole_game_from_the_menu_through_every_scene(app: App) -> None:
    assert top_name(app) == "menu"
    post(key(pygame.K_RETURN, "\r"))  # New game has the focus
    frame(app)
    assert top_name(app) == "newgame"
    form = app.stack.top
    assert isinstance(form, NewGameScene)
    stepper = form.players_w
    post(click((stepper.rect.right - 4, stepper.rect.centery)))  # 4 -> 5 players
    frame(app)
    assert form.players == 5
    post(key(pygame.K_RETURN, "\r"))
    frame(app)
    assert top_name(app) == "auction"
    session = local_game(app)
    assert session.facts.n == 5 and session.game.max_deals == 10
    ledgers = 0
    seen: list[str] = []
    while True:
        seen += play(app, ("ledger", "gameover"))
        if top_name(app) == "gameover":
            break
        assert_table_matches_engine(app)
        ledgers += 1
        post(key(pygame.K_RETURN, "\r"))
        frame(app)
        if session.over:
            break
    seen += play(app, "gameover")
    assert_table_matches_engine(app)
    for name in ("auction", "deal", "showdown", "ledger", "gameover"):
        assert name in seen
    assert ledgers >= 1
    assert session.game.is_over
    # Main menu is the third button of the game-over ledger (after Play again and New game).
    post(key(pygame.K_TAB), key(pygame.K_TAB), key(pygame.K_RETURN, "\r"))
    frame(app)
    frame(app)
    assert top_name(app) == "menu"
    assert len(app.stack.scenes) == 1


@pytest.mark.parametrize(
    ("rules", "rotating", "players"), [("lacombe", False, 3), ("ferme", False, 10), ("foster", True, 4)]
)
def test_every_rule_set_plays_through(app: App, rules: str, rotating: bool, players: int) -> None:
    start_game(app, Setup.for_players(players, rules, rotating, deals=3, seed=5))
    frame(app)
    seen = play(app, "gameover", limit=8000)
    assert "deal" in seen and "showdown" in seen
    assert_table_matches_engine(app)


def _first_game(setup: Setup) -> Game:
    """The game ``setup`` starts, at its first deal: who opens the auction, who is farmer by lot."""
    game = Game(setup.names, setup.rule_set, seed=setup.seed, max_deals=setup.deals)
    game.next_deal()
    return game


def test_the_human_bids_with_plus_and_minus_never_more_than_they_hold(app: App) -> None:
    names = ["Me", "A", "B"]
    # The person sits where the auction opens, so the first call is theirs.
    opener = _first_game(Setup(names, ["easy"] * 3, "foster", False, 2, 3, 0)).to_act
    assert opener is not None
    start_game(app, Setup(names, ["easy"] * 3, "foster", False, 2, 3, opener))
    frame(app)
    auction = handler_of(app, AuctionHandler)
    assert auction.prompt is not None
    view = local_game(app).view
    post(*[key(pygame.K_PLUS, "+")] * 500)
    frame(app)
    assert auction.amount == view.max_bid
    post(key(pygame.K_MINUS, "-"))
    frame(app)
    assert auction.amount == view.max_bid - 1
    post(key(pygame.K_b, "b"))
    frame(app)
    assert (opener, view.max_bid - 1) in list(local_game(app).game.calls)


def test_stand_is_greyed_out_until_the_compulsory_card(app: App) -> None:
    start_game(app, Setup(["Me", "A", "B", "C"], ["normal"] * 4, "foster", False, 3, 8, 0))
    frame(app)
    for _ in range(3000):
        deal = handler_on(app, DealHandler)
        if deal is not None and deal.prompt is not None and deal.card_button.visible:
            break
        post(*keys_for(app))
        frame(app)
    else:
        raise AssertionError("the person was never asked for a card")
    session = local_game(app)
    view = session.view
    assert view.must_draw
    assert not deal.stand_button.enabled
    post(key(pygame.K_s, "s"))  # refused: the card is compulsory
    frame(app)
    assert len(session.view.hand) == 1
    post(key(pygame.K_c, "c"))
    frame(app)
    view = session.view
    assert len(view.hand) == 2 or view.total > 16


def test_escape_pauses_and_resumes_and_the_game_waits(app: App) -> None:
    start_game(app, Setup.for_players(4, seed=2, deals=2))
    frame(app)
    post(key(pygame.K_ESCAPE))
    frame(app)
    assert top_name(app) == "pause"
    session = local_game(app)
    before = len(session.feed), session.game.to_act, list(session.game.calls)
    for _ in range(30):
        frame(app)
    assert (len(session.feed), session.game.to_act, list(session.game.calls)) == before
    post(key(pygame.K_ESCAPE))
    frame(app)
    assert top_name(app) == "auction"


def test_space_finishes_the_animations_at_normal_speed() -> None:
    app = App(Settings(animation_speed="normal"), (1280, 720))
    start_game(app, Setup.for_players(4, seed=9, deals=1))
    for _ in range(40):
        frame(app)
    scene = table_of(app)
    assert scene.tweens.busy
    assert scene.handle(key(pygame.K_SPACE, " "))
    assert not scene.tweens.busy and scene.wait == 0
    frame(app)
    # Keep skipping: the game still gets to the ledger, and the table agrees with the engine.
    for _ in range(4000):
        if top_name(app) in ("ledger", "gameover"):
            break
        post(*keys_for(app), key(pygame.K_SPACE, " "))
        frame(app)
    assert top_name(app) in ("ledger", "gameover")
    assert_table_matches_engine(app)


def test_dealing_by_hand_when_the_human_is_farmer() -> None:
    app = App(Settings(animation_speed="instant", auto_deal=False), (1280, 720))
    # La Ferme draws the first farmer by lot: the person sits where the lot falls.
    setup = Setup.for_players(3, "ferme", deals=1, seed=1)
    farmer = _first_game(setup).farmer
    assert farmer is not None
    setup.human = farmer
    app.stack.reset(MenuScene(app, Screens(app)))
    frame(app)
    start_game(app, setup)
    for _ in range(21):
        frame(app)
    assert local_game(app).game.farmer == farmer == local_game(app).facts.bottom
    deal = handler_of(app, DealHandler)
    assert deal.deal_button.visible
    table = table_of(app).table
    dealt = sum(len(s.hand) for s in table.seats)
    post(key(pygame.K_d, "d"))
    for _ in range(3):
        frame(app)
    assert sum(len(s.hand) for s in table.seats) == dealt + 1


def test_resizing_relays_the_table_and_a_tiny_window_shows_the_notice(app: App) -> None:
    start_game(app, Setup.for_players(10, seed=3, deals=1))
    for _ in range(10):
        frame(app)
    for size in [(1024, 600), (1920, 1080)]:
        app.windowed_size = size
        app.screen = pygame.display.set_mode(size, pygame.RESIZABLE)
        post(pygame.event.Event(pygame.VIDEORESIZE, w=size[0], h=size[1], size=size))
        frame(app)
        table = table_of(app).table
        assert table.layout.size == size
        for seat, state in enumerate(table.seats):
            for sprite in state.hand:
                assert table.layout.seat(seat).hand.collidepoint(sprite.pos)
    app.screen = pygame.display.set_mode((800, 500), pygame.RESIZABLE)
    post(pygame.event.Event(pygame.VIDEORESIZE, w=800, h=500, size=(800, 500)))
    frame(app)
    assert too_small(app.size)
    session = local_game(app)
    pending = len(session.feed), session.game.to_act
    for _ in range(20):
        post(key(pygame.K_c, "c"))
        frame(app)
    assert (len(session.feed), session.game.to_act) == pending  # nothing moves behind the notice


def test_f11_switches_full_screen_and_back(app: App) -> None:
    post(key(pygame.K_F11))
    frame(app)
    assert app.settings.fullscreen
    post(key(pygame.K_RETURN, "\r", pygame.KMOD_ALT))
    frame(app)
    assert not app.settings.fullscreen


def test_quit_from_the_menu_ends_the_loop(app: App) -> None:
    post(key(pygame.K_UP), key(pygame.K_RETURN, "\r"))  # up from New game wraps round to Quit
    frame(app)
    assert app.running  # asked first
    post(key(pygame.K_RETURN, "\r"))  # Enter confirms
    frame(app)
    frame(app)
    assert not app.running


def test_bad_flags_get_argparse_messages() -> None:
    with pytest.raises(SystemExit) as exc:
        main(["--size", "big"])
    assert exc.value.code == 2
    with pytest.raises(SystemExit) as exc:
        main(["--players", "11"])
    assert exc.value.code == 2
    with pytest.raises(SystemExit) as exc:
        main(["--rules", "ferme", "--rotating"])
    assert exc.value.code == 2


def _farmer(*args: str, driver: str = "dummy", home: Path | None = None) -> subprocess.CompletedProcess[str]:
    # Each run keeps its settings and saves in a folder of its own, never the user's.
    home = home or Path(tempfile.mkdtemp(prefix="farmer-test-"))
    env = dict(os.environ, SDL_VIDEODRIVER=driver, SDL_AUDIODRIVER="dummy", FARMER_HOME=str(home))
    code = "import sys; from scenes.cli import main; sys.exit(main(sys.argv[1:]))"
    return subprocess.run(
        [sys.executable, "-c", code, *args], cwd=ROOT, env=env, capture_output=True, text=True, timeout=60
    )


def test_exit_after_quits_cleanly_from_a_game_started_by_flags() -> None:
    done = _farmer("--players", "6", "--rules", "lacombe", "--seed", "3", "--exit-after", "0.5")
    assert done.returncode == 0, done.stderr
    assert "Traceback" not in done.stderr


def test_no_display_is_one_clear_line_and_exit_1() -> None:
    done = _farmer("--exit-after", "0.2", driver="no-such-driver")
    assert done.returncode == 1
    assert "Traceback" not in done.stderr
    assert done.stderr.strip().count("\n") == 0
    assert "cannot open a window" in done.stderr


def _paused_picture(size: tuple[int, int], limit: int | None) -> tuple[bytes, bool]:
    """The pause panel over a game at ``size``, drawn twice: its pixels, and whether a picture was kept."""
    the_app = App(Settings(animation_speed="instant"), size)
    the_app.backdrop_pixels = limit
    start_game(the_app, Setup.for_players(4, seed=2, deals=2))
    for _ in range(3):
        the_app.step(DT, [])
    the_app.step(DT, [key(pygame.K_ESCAPE)])
    assert top_name(the_app) == "pause"
    the_app.draw()
    the_app.draw()  # the second time from what was kept, if anything was
    return pygame.image.tobytes(the_app.screen, "RGB"), the_app._backdrop is not None


def test_a_window_larger_than_its_limit_keeps_no_picture_under_an_overlay_and_looks_the_same() -> None:
    big = (2600, 1700)
    assert big[0] * big[1] > loop.KEEP_BACKDROP_PIXELS
    drawn_again, kept = _paused_picture(big, loop.KEEP_BACKDROP_PIXELS)
    assert not kept
    from_kept, kept = _paused_picture(big, None)
    assert kept
    assert drawn_again == from_kept
    pygame.event.clear()


def test_a_usual_window_keeps_the_picture_under_the_pause_panel() -> None:
    _pixels, kept = _paused_picture((1280, 720), loop.KEEP_BACKDROP_PIXELS)
    assert kept
    pygame.event.clear()
