"""The game's files are found through the package, a missing one is named, and the desktop entry.

tests/test_install.py checks the same from a built and installed wheel; these run in the
development environment (the editable install maps ``farmer_assets`` to ``assets/``).
"""

from __future__ import annotations

import re
import shutil
import struct
import tomllib
from fnmatch import fnmatch
from importlib.metadata import version
from pathlib import Path
from xml.etree import ElementTree

import pygame
import pytest

from scenes import i18n, resources
from scenes.app import desktop, icon
from scenes.cli import main
from scenes.ui import text

ROOT = Path(__file__).resolve().parent.parent


def test_the_assets_are_found_through_the_package() -> None:
    assert resources.font("DejaVuSans.ttf").read_bytes()[:4] == b"\x00\x01\x00\x00"  # a TrueType font
    for lang in ("fr", "de"):
        assert i18n.catalogue_path(lang).read_text(encoding="utf-8").startswith("# ")
    assert resources.path(f"{desktop.APP_ID}.desktop").is_file()
    assert resources.path(f"{desktop.APP_ID}.metainfo.xml").is_file()


def test_every_file_in_assets_and_the_ai_data_is_packaged() -> None:
    """A file added to assets/ (or game/ai/*.json) that nothing ships fails here.

    A file is shipped by a package-data pattern of ``farmer_assets``, or as a licence file
    (the fonts' licence), or as a data file (the man page, in ``setup.py``).
    """
    config = tomllib.loads((ROOT / "pyproject.toml").read_text(encoding="utf-8"))
    data = config["tool"]["setuptools"]["package-data"]
    licences = [f for f in config["project"]["license-files"] if f.startswith("assets/")]
    setup_text = (ROOT / "setup.py").read_text(encoding="utf-8")
    unshipped = [
        rel
        for rel in (
            p.relative_to(ROOT / "assets").as_posix()
            for p in (ROOT / "assets").rglob("*")
            if p.is_file() and "__pycache__" not in p.parts
        )
        if not rel.endswith((".py", ".pyc"))
        and not any(fnmatch(rel, pattern) for pattern in data["farmer_assets"])
        and f"assets/{rel}" not in licences
        and f'"assets/{rel}"' not in setup_text
    ]
    assert unshipped == []
    assert all(
        any(fnmatch(p.name, pat) for pat in data["game.ai"]) for p in (ROOT / "game" / "ai").glob("*.json")
    )


def test_a_missing_file_is_an_error_that_names_it() -> None:
    with pytest.raises(resources.MissingAssetError, match=re.escape("fonts/NoSuchFont.ttf")):
        resources.font("NoSuchFont.ttf")


def test_a_missing_assets_package_is_an_error(monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setattr(resources, "PACKAGE", "farmer_assets_not_installed")
    with pytest.raises(resources.MissingAssetError, match="farmer_assets_not_installed"):
        resources.root()


def test_a_missing_font_is_never_replaced_by_pygames_own(monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setitem(text._FILES, "sans", "Missing.ttf")
    with pytest.raises(resources.MissingAssetError, match=re.escape("fonts/Missing.ttf")):
        text.Text().font(20)


def test_a_missing_catalogue_is_an_error_not_english(monkeypatch: pytest.MonkeyPatch, tmp_path: Path) -> None:
    shutil.copytree(ROOT / "assets" / "fonts", tmp_path / "fonts")  # an install that lost its catalogues
    monkeypatch.setattr(resources, "root", lambda: tmp_path)
    with pytest.raises(resources.MissingAssetError, match=re.escape("locale/de/LC_MESSAGES/farmer.po")):
        i18n.translations.__wrapped__("de")
    assert i18n.translations.__wrapped__("en").gettext("Farmer") == "Farmer"  # English needs no file


def test_the_version_is_the_packages(capsys: pytest.CaptureFixture[str]) -> None:
    with pytest.raises(SystemExit) as stop:
        main(["--version"])
    assert stop.value.code == 0
    assert capsys.readouterr().out.strip() == f"farmer {version(resources.DISTRIBUTION)}"


def test_the_icon_is_a_card_on_felt_at_every_size() -> None:
    for size in (*desktop.ICON_SIZES, icon.WINDOW_ICON_SIZE):
        surf = icon.draw(size)
        assert surf.get_size() == (size, size)
        assert surf.get_at((0, 0)).a == 0  # rounded corners: transparent
        assert surf.get_at((size // 2, size // 2)).a == 255
    with pytest.raises(ValueError):
        icon.draw(4)


def test_the_window_has_farmers_title_and_icon() -> None:
    pygame.display.init()
    try:
        pygame.display.set_mode((320, 240))
        icon.dress_window()
        assert pygame.display.get_caption()[0] == "Farmer"
    finally:
        pygame.display.quit()


@pytest.mark.parametrize(
    ("arg", "written"),
    [
        ("/usr/bin/farmer", "/usr/bin/farmer"),
        ("/home/a b/farmer", '"/home/a b/farmer"'),
        ('/x/"q"', r'"/x/\\"q\\""'),
        ("/x/$HOME", r'"/x/\\$HOME"'),
        ("/x/50%", "/x/50%%"),
        ("C:\\farmer", r'"C:\\\\farmer"'),
    ],
)
def test_exec_arguments_are_quoted_as_the_desktop_entry_spec_says(arg: str, written: str) -> None:
    assert desktop.exec_quote(arg) == written


def _png_size(path: Path) -> tuple[int, int]:
    head = path.read_bytes()[:24]
    assert head[:8] == b"\x89PNG\r\n\x1a\n"
    width, height = struct.unpack(">II", head[16:24])
    return width, height


def test_the_desktop_entry_installs_for_the_user_and_uninstalls(tmp_path: Path) -> None:
    data = tmp_path / "my data"
    command = [str(tmp_path / "a venv" / "bin" / "farmer")]
    written = desktop.install(data, command)
    entry = data / "applications" / "io.github.farmer_game.Farmer.desktop"
    assert entry in written
    lines = entry.read_text(encoding="utf-8").splitlines()
    assert f'Exec="{command[0]}"' in lines
    assert f"TryExec={command[0]}" in lines
    assert "Icon=io.github.farmer_game.Farmer" in lines
    assert "Name[fr]=La Ferme" in lines
    apps = data / "icons" / "hicolor"
    for size in desktop.ICON_SIZES:
        assert _png_size(apps / f"{size}x{size}" / "apps" / "io.github.farmer_game.Farmer.png") == (
            size,
            size,
        )
    assert data / "metainfo" / "io.github.farmer_game.Farmer.metainfo.xml" in written
    svg = ElementTree.parse(apps / "scalable" / "apps" / "io.github.farmer_game.Farmer.svg").getroot()
    assert svg.tag == "{http://www.w3.org/2000/svg}svg"
    assert sorted(desktop.uninstall(data)) == sorted(written)
    assert not entry.exists()


def test_the_command_line_installs_the_desktop_entry(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    assert main(["--install-desktop-entry", str(tmp_path)]) == 0
    assert "desktop's menu" in capsys.readouterr().out
    exec_line = next(
        line
        for line in (tmp_path / "applications" / f"{desktop.APP_ID}.desktop").read_text().splitlines()
        if line.startswith("Exec=")
    )
    assert exec_line != "Exec=farmer"  # an absolute path: the menu needs no PATH
    assert main(["--uninstall-desktop-entry", str(tmp_path)]) == 0
    assert not (tmp_path / "applications" / f"{desktop.APP_ID}.desktop").exists()


def test_an_entry_from_before_the_application_id_is_removed_too(tmp_path: Path) -> None:
    old = [tmp_path / "applications" / "farmer.desktop", tmp_path / "icons/hicolor/48x48/apps/farmer.png"]
    for path in old:
        path.parent.mkdir(parents=True, exist_ok=True)
        path.write_text("x")
    assert sorted(desktop.uninstall(tmp_path)) == sorted(old)


def test_the_desktop_entry_and_the_metainfo_name_the_application_id() -> None:
    """The desktop entry, the metainfo and the icons share one id (the validators run in check-packaging)."""
    entry = (ROOT / "assets" / f"{desktop.APP_ID}.desktop").read_text(encoding="utf-8").splitlines()
    assert f"Icon={desktop.APP_ID}" in entry
    info = ElementTree.parse(ROOT / "assets" / f"{desktop.APP_ID}.metainfo.xml").getroot()
    assert info.findtext("id") == desktop.APP_ID
    assert info.findtext("launchable") == f"{desktop.APP_ID}.desktop"
    assert info.findtext("translation") == "farmer"  # the gettext domain: locale/*/LC_MESSAGES/farmer.po
    assert info.findtext("provides/binary") == "farmer"
    releases = [r.get("version") for r in info.iterfind("releases/release")]
    assert releases[0] == version(resources.DISTRIBUTION)  # the newest release is this version


def test_the_man_page_names_every_option() -> None:
    """``assets/man/farmer.6`` documents every option of ``farmer --help``."""
    from scenes.cli import parser

    page = (ROOT / "assets" / "man" / "farmer.6").read_text(encoding="utf-8").replace("\\-", "-")
    flags = {flag for action in parser()._actions for flag in action.option_strings if flag.startswith("--")}
    assert sorted(f for f in flags if f not in page) == []
    assert f'"Farmer {version(resources.DISTRIBUTION)}"' in page.splitlines()[0]


def test_the_user_data_folder_follows_xdg() -> None:
    assert desktop.data_home({"XDG_DATA_HOME": "/srv/data"}) == Path("/srv/data")
    assert desktop.data_home({"XDG_DATA_HOME": "relative"}) == Path.home() / ".local" / "share"
    assert desktop.data_home({}) == Path.home() / ".local" / "share"
