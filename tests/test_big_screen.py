"""The big screen: the QR code of a table's page (segno's modules, whole pixels, a quiet zone),
the host's lobby and the table showing it with its URL in words at every size and language,
``farmer --watch`` (its flags checked; a window watching a real table), and the network menu's
way to watch a table."""

from __future__ import annotations

import pygame
import pytest
import segno
from helpers import DT, Phone, hosted_lobby, record_text, step_until
from helpers.windows import Windows

from game.net.server import ServerThread
from scenes import i18n
from scenes.app.loop import App
from scenes.cli import main, parser
from scenes.navigator import Screens
from scenes.net import host as host_module
from scenes.net import lobby as lobby_module
from scenes.net.address import page_url
from scenes.net.join import JoinScene
from scenes.net.lobby import LobbyScene
from scenes.net.menu import NetMenuScene
from scenes.net.remote import Spectator
from scenes.net.run import open_from_command_line
from scenes.screens.menu import MenuScene
from scenes.store.settings import Settings
from scenes.table.scene import TableScene
from scenes.table.setup import Setup
from scenes.ui.qr import QUIET, qr_surface
from tools.driver import key

LAN = "192.168.1.5"


def expected_rgb(url: str, scale: int) -> bytes:
    """The picture segno's own matrix makes at ``scale`` pixels a module, with a quiet zone of four."""
    matrix = segno.make(url, micro=False, error="m", boost_error=False).matrix
    n = len(matrix) + 2 * QUIET
    rows = []
    for y in range(n * scale):
        my = y // scale - QUIET
        row = bytearray()
        for x in range(n * scale):
            mx = x // scale - QUIET
            dark = 0 <= my < len(matrix) and 0 <= mx < len(matrix) and matrix[my][mx]
            row += b"\0\0\0" if dark else b"\xff\xff\xff"
        rows.append(bytes(row))
    return b"".join(rows)


def rgb(surface: pygame.Surface) -> bytes:
    return pygame.image.tobytes(surface.convert(24) if surface.get_bitsize() != 24 else surface, "RGB")


@pytest.mark.parametrize(
    ("url", "size"),
    [
        ("http://192.168.1.5:8765/?t=ABCD2345", 37),
        ("http://192.168.1.5:8765/?t=ABCD2345", 300),
        ("http://[fe80::1234:5678:9abc:def0]:40123/?t=XYZW6789", 451),
    ],
)
def test_the_qr_code_is_segnos_matrix_at_whole_pixels_in_a_quiet_zone(url: str, size: int) -> None:
    surface = qr_surface(url, size)
    modules = len(segno.make(url, micro=False, error="m").matrix) + 2 * QUIET
    scale = size // modules
    assert scale >= 1 and surface.get_size() == (modules * scale, modules * scale)
    assert rgb(surface) == expected_rgb(url, scale)
    assert qr_surface(url, size) is surface  # kept: a lobby draws it every frame


def test_the_pages_url_is_the_servers_own_host_and_port_and_never_this_machines_own() -> None:
    assert page_url("192.168.1.5", "ABCD2345") == "http://192.168.1.5:8765/?t=ABCD2345"
    assert page_url("farm.local:9000", "ABCD2345") == "http://farm.local:9000/?t=ABCD2345"
    assert page_url("[fe80::1]:9000", "ABCD2345") == "http://[fe80::1]:9000/?t=ABCD2345"
    for unreachable in ("127.0.0.1:8765", "localhost", "[::1]:80", "0.0.0.0", "not an address", ""):
        assert page_url(unreachable, "ABCD2345") is None, unreachable


def new_app(size: tuple[int, int] = (1280, 720)) -> App:
    app = App(Settings(animation_speed="instant"), size)
    app.stack.push(MenuScene(app, Screens(app)))
    app.step(DT, [])
    return app


def inside(rect: pygame.Rect, outer: pygame.Rect) -> bool:
    return outer.contains(rect)


@pytest.mark.parametrize("size", [(1024, 600), (1920, 1080), (3840, 2160)], ids=str)
@pytest.mark.parametrize("lang", ["en", "fr", "de"])
def test_the_hosts_lobby_shows_the_pages_url_and_its_qr_code_beside_the_seats(
    size: tuple[int, int], lang: str, monkeypatch: pytest.MonkeyPatch
) -> None:
    monkeypatch.setattr(host_module, "reachable_address", lambda: LAN)  # this machine on its network
    i18n.set_language(lang)
    try:
        app = new_app(size)
        lobby = hosted_lobby(app, Setup.for_players(10, "lacombe", True, 8, None, human_name="Marguerite"))
        step_until([app], lambda: lobby.info is not None and lobby.code_drawn is not None)
        assert lobby.welcome is not None and lobby.server is not None
        url = f"http://{LAN}:{lobby.server.server.port}/?t={lobby.welcome.table}"
        assert lobby.page == url
        drawn = record_text(app.text)
        lobby.dirty = True
        app.draw()
        words = [b.words for b in drawn]
        assert url in words and i18n._("Scan to play on your phone") in words
        code = lobby.code_drawn
        assert code is not None and inside(code, lobby.panel)
        modules = len(segno.make(url, micro=False, error="m").matrix) + 2 * QUIET
        assert code.w % modules == 0 and code.w // modules >= 3  # whole pixels, several a module
        assert rgb(app.screen.subsurface(code)) == expected_rgb(url, code.w // modules)
        # Nothing cut or overlapping: every word inside the panel, none over the code or another word.
        texts = [(b.words, b.rect) for b in drawn if b.rect.colliderect(lobby.panel)]
        for word, rect in texts:
            assert inside(rect, lobby.panel), word
            assert not rect.colliderect(code), word
        for i, (first, a) in enumerate(texts):
            for second, b in texts[i + 1 :]:
                assert not a.colliderect(b), (first, second)
        for button in (lobby.start_button, lobby.back_button):
            assert not button.rect.colliderect(code) and inside(button.rect, lobby.panel)
        lobby.back()
    finally:
        i18n.set_language("en")


# ---------------------------------------------------------------------- farmer --watch


@pytest.mark.parametrize(
    ("argv", "said"),
    [
        (["--watch", "192.168.1.5"], "--watch needs --table CODE"),
        (["--watch", "host:99999", "--table", "ABCDEFGH"], "--watch: '99999' is not a port number"),
        (["--watch", "a b", "--table", "ABCDEFGH"], "--watch: 'a b' is not an address"),
        (["--watch", "host", "--table", "AB"], "--table must be a table code of 8"),
        (["--watch", "host", "--table", "ABCDEFGH", "--name", "Anne"], "--name goes with --host or --join"),
        (["--table", "ABCDEFGH"], "--table goes with --join or --watch"),
    ],
)
def test_bad_watch_flags_are_refused_in_one_line_with_status_2(
    argv: list[str], said: str, capsys: pytest.CaptureFixture[str]
) -> None:
    assert main(argv) == 2
    err = capsys.readouterr().err
    assert said in err and err.count("\n") == 1


def test_watch_goes_with_no_other_way_to_a_table(capsys: pytest.CaptureFixture[str]) -> None:
    with pytest.raises(SystemExit) as exit_:
        main(["--watch", "host", "--join", "host", "--table", "ABCDEFGH"])
    assert exit_.value.code == 2
    assert "not allowed with argument" in capsys.readouterr().err


def test_a_watch_window_shows_a_real_tables_lobby_then_its_game_with_the_page_for_phones(
    windows: Windows, server: ServerThread, monkeypatch: pytest.MonkeyPatch
) -> None:
    port = server.server.port
    # The page is at the host:port the window connected to; this server listens on 127.0.0.1 only,
    # which no phone reaches, so the test says it is on the network at LAN (same port, same code).
    monkeypatch.setattr(lobby_module, "page_url", lambda address, code: page_url(f"{LAN}:{port}", code))
    host = Phone(port, None, "Hosta", {"seats": 4, "deals": 1, "seed": 11, "turn_seconds": 5})
    windows.phone(host)
    step_until([], lambda: host.welcome is not None, phones=(host,))
    assert host.welcome is not None
    code = host.welcome.table
    guest = Phone(port, code, "Guesto")
    windows.phone(guest)
    app = new_app((1920, 1080))
    windows.add(app)
    args = parser().parse_args(["--watch", f"127.0.0.1:{port}", "--table", code.lower()])
    open_from_command_line(app, Screens(app), args)
    app.step(DT, [])
    lobby = app.stack.top
    assert isinstance(lobby, LobbyScene)
    people = (host, guest)
    seated = lambda: lobby.info is not None and sum(s.person for s in lobby.info.seats) == 2  # noqa: E731
    step_until([app], seated, phones=people)
    assert lobby.welcome is not None and lobby.welcome.seat is None
    assert lobby.status() == i18n._("You are watching. The game begins when the host starts it.")
    url = f"http://{LAN}:{port}/?t={code}"
    assert lobby.page == url and not lobby.start_button.visible
    host.client.start()
    step_until([app], lambda: isinstance(app.stack.top, TableScene), phones=people)
    scene = app.stack.top
    assert isinstance(scene, TableScene) and isinstance(scene.source, Spectator)
    assert scene.source.facts.names[:2] == ("Hosta", "Guesto")
    assert scene.page == url  # people play at this table: the screen shows where their page is
    drawn = record_text(app.text)
    step_until([app], lambda: url in [b.words for b in drawn] and scene.page_drawn is not None, phones=people)
    spot = scene.page_drawn
    assert spot is not None
    for name, rect in scene.table.layout.named_rects():
        assert not spot.colliderect(rect), name
    step_until([app], lambda: app.stack.top is not None and app.stack.top.name == "gameover", 60, people)
    for phone in people:
        phone.client.close()


def test_the_network_menu_offers_to_watch_a_table(server: ServerThread) -> None:
    port = server.server.port
    host = Phone(port, None, "Hosta", {"seats": 3, "deals": 1})
    step_until([], lambda: host.welcome is not None, phones=(host,))
    assert host.welcome is not None
    app = new_app()
    app.push(NetMenuScene(app, Screens(app)))
    app.step(DT, [])
    menu = app.stack.top
    assert isinstance(menu, NetMenuScene)
    watch = next(b for b in menu.group.widgets if b.label() == i18n._("Watch a table"))
    watch.activate()
    app.step(DT, [])
    join = app.stack.top
    assert isinstance(join, JoinScene) and join.watching
    assert join.title() == i18n._("Watch a table")
    assert not join.name_w.visible and not join.join_button.visible and join.watch_button.visible
    join.address = f"127.0.0.1:{port}"
    join.code = host.welcome.table
    join.resize(app.size)
    app.step(DT, [key(pygame.K_RETURN, "\r")])  # Enter watches
    step_until([app], lambda: isinstance(app.stack.top, LobbyScene) and app.stack.top.welcome is not None)
    lobby = app.stack.top
    assert isinstance(lobby, LobbyScene) and lobby.welcome is not None and lobby.welcome.seat is None
    lobby.back()
    host.client.close()
