"""Farmer as people install it: the sdist, the wheel built from it, and that wheel installed.

Once per session the checkout's files are copied to a temporary folder and ``python -m build
--no-isolation`` makes the sdist there and the wheel from the sdist (so a file the sdist
forgets is missing from the wheel too). The wheel goes into a fresh virtual environment made
without pip (``venv --without-pip``, a fraction of a second) by this environment's pip
(``pip --python``, ``--no-deps --no-index``: nothing is downloaded). Its dependencies (pygame-ce,
platformdirs) are this environment's, reached through a ``.pth`` file that appends their
folder to the new environment's path: after its own site-packages, so the installed game
comes first, and without running that folder's own ``.pth`` files, so the editable install
of the checkout that ``make test`` made there is never switched on.

The installed game then runs headless from a folder outside the checkout, in French and in
German, and tells which font and catalogue files it opened: all of them inside the new
environment's ``farmer_assets``, none in the checkout.
"""

from __future__ import annotations

import json
import os
import shutil
import subprocess
import sys
import sysconfig
import tarfile
import zipfile
from dataclasses import dataclass
from importlib.metadata import version
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parent.parent
DISTRIBUTION = "farmer-card-game"
"""The name on the package index (the command stays ``farmer``)."""
VERSION = version(DISTRIBUTION)
DIST_INFO = f"farmer_card_game-{VERSION}.dist-info"
APP_ID = "io.github.farmer_game.Farmer"

pytestmark = pytest.mark.skipif(sys.platform == "win32", reason="POSIX virtual environment layout")

SKIP = {".git", ".venv", "build", "dist", "__pycache__", ".mypy_cache", ".pytest_cache", ".ruff_cache"}


@dataclass(frozen=True)
class Built:
    """The sdist and wheel of the checkout, and the fresh environment the wheel is installed in."""

    sdist: Path
    wheel: Path
    venv: Path
    site: Path
    outside: Path
    """A working folder outside the checkout, with FARMER_HOME under it."""
    build_log: str
    """What the build printed."""

    def env(self) -> dict[str, str]:
        """The environment the installed game runs in: headless, its files kept in a temporary home."""
        env = {k: v for k, v in os.environ.items() if not k.startswith("PYTHON")}
        env.update(
            SDL_VIDEODRIVER="dummy",
            SDL_AUDIODRIVER="dummy",
            PYGAME_HIDE_SUPPORT_PROMPT="1",
            FARMER_HOME=str(self.outside / "home"),
        )
        return env

    def run(self, *args: str, timeout: float = 120) -> subprocess.CompletedProcess[str]:
        """``args`` run from the outside folder, in the installed game's environment."""
        return subprocess.run(
            args,
            cwd=self.outside,
            env=self.env(),
            capture_output=True,
            text=True,
            timeout=timeout,
            check=False,
        )


def source_files() -> list[Path]:
    """The checkout's files as a fresh clone with this work committed would hold them."""
    try:
        out = subprocess.run(
            ["git", "ls-files", "-z", "--cached", "--others", "--exclude-standard"],
            cwd=ROOT,
            capture_output=True,
            check=True,
        ).stdout
        files = [Path(os.fsdecode(name)) for name in out.split(b"\0") if name]
    except (OSError, subprocess.CalledProcessError):  # not a git checkout (an unpacked sdist, say)
        files = [p.relative_to(ROOT) for p in ROOT.rglob("*") if p.is_file()]
    return [
        f for f in files if not SKIP & set(f.parts) and (ROOT / f).is_file() and ".egg-info" not in str(f)
    ]


@pytest.fixture(scope="session")
def built(tmp_path_factory: pytest.TempPathFactory) -> Built:
    """Build the sdist and wheel once and install the wheel in a fresh environment."""
    base = tmp_path_factory.mktemp("install")
    src = base / "src"
    for rel in source_files():
        (src / rel).parent.mkdir(parents=True, exist_ok=True)
        shutil.copy2(ROOT / rel, src / rel)
    dist = base / "dist"
    build = subprocess.run(
        [sys.executable, "-m", "build", "--no-isolation", "--outdir", str(dist), str(src)],
        capture_output=True,
        text=True,
        check=False,
    )
    assert build.returncode == 0, (
        f"the build failed (needs `pip install -e .[dev]`):\n{build.stdout}\n{build.stderr}"
    )
    (sdist,) = dist.glob("*.tar.gz")
    (wheel,) = dist.glob("*.whl")

    venv = base / "venv"
    subprocess.run([sys.executable, "-m", "venv", "--without-pip", str(venv)], check=True)
    python = venv / "bin" / "python"
    install = subprocess.run(
        [
            sys.executable,
            "-m",
            "pip",
            "--python",
            str(python),
            "install",
            "--quiet",
            "--no-deps",
            "--no-index",
            str(wheel),
        ],
        capture_output=True,
        text=True,
        check=False,
    )
    assert install.returncode == 0, install.stdout + install.stderr
    site = Path(
        subprocess.run(
            [str(python), "-c", "import sysconfig; print(sysconfig.get_paths()['purelib'])"],
            capture_output=True,
            text=True,
            check=True,
        ).stdout.strip()
    )
    deps = {str(Path(sysconfig.get_paths()[key])) for key in ("purelib", "platlib")}
    (site / "_farmer_test_dependencies.pth").write_text("\n".join(sorted(deps)) + "\n")
    outside = base / "elsewhere"
    outside.mkdir()
    return Built(sdist, wheel, venv, site, outside, build.stdout + build.stderr)


def asset_files() -> list[str]:
    """The files of assets/ (``/``-separated, relative to it) the wheel has in ``farmer_assets``.

    All but the fonts' licence (a licence file of the wheel's metadata, so that it is there once)
    and the man page (installed as ``share/man/man6/farmer.6``).
    """
    return sorted(
        rel
        for rel in (
            p.relative_to(ROOT / "assets").as_posix()
            for p in (ROOT / "assets").rglob("*")
            if p.is_file() and "__pycache__" not in p.parts
        )
        if rel not in ("fonts/LICENSE-DejaVu.txt", "man/farmer.6")
    )


ICONS = [
    f"farmer_assets/icons/hicolor/{size}x{size}/apps/{APP_ID}.png"
    for size in (16, 24, 32, 48, 64, 128, 256, 512)
] + [
    f"farmer_assets/icons/hicolor/scalable/apps/{APP_ID}.svg",
    "farmer_assets/icons/farmer.ico",
    "farmer_assets/icons/farmer.icns",
]
"""The icon files the build draws into the wheel."""


def test_the_build_warns_of_nothing(built: Built) -> None:
    """setuptools once printed a 40-line warning about the man page's folder on every build (and
    every first ``make play``): the package data is now exactly what pyproject.toml lists."""
    assert "would be ignored" not in built.build_log
    assert "Warning" not in built.build_log, built.build_log[-3000:]


def test_make_play_on_a_fresh_copy_says_in_a_few_lines_what_it_does(tmp_path: Path) -> None:
    """A first ``make play`` sets up .venv and starts the game, in a few lines of its own words."""
    src = tmp_path / "farmer"
    for rel in source_files():
        (src / rel).parent.mkdir(parents=True, exist_ok=True)
        shutil.copy2(ROOT / rel, src / rel)
    # As a person runs it: not as a make inside `make test` (whose MAKELEVEL would have make say
    # "Entering directory").
    env = {k: v for k, v in os.environ.items()
           if not k.startswith(("PYTHON", "VIRTUAL_ENV")) and k not in ("MAKELEVEL", "MAKEFLAGS", "MFLAGS")}
    env.update(SDL_VIDEODRIVER="dummy", SDL_AUDIODRIVER="dummy", FARMER_HOME=str(tmp_path / "home"))
    done = subprocess.run(
        ["make", "play", "ARGS=--version", f"PYTHON={sys.executable}"],
        cwd=src,
        env=env,
        capture_output=True,
        text=True,
        timeout=900,
        check=False,
    )
    out = (done.stdout + done.stderr).strip().splitlines()
    assert done.returncode == 0, "\n".join(out)
    assert out[0].startswith("Setting up Farmer in .venv")
    assert out[-1] == f"farmer {VERSION}"
    assert len(out) <= 5, "\n".join(out)
    assert not any("warning" in line.lower() for line in out), "\n".join(out)


def test_the_sdist_carries_the_assets_licences_and_what_builds_and_tests_it(built: Built) -> None:
    with tarfile.open(built.sdist) as tar:
        names = {n.partition("/")[2] for n in tar.getnames()}
    missing = [f"assets/{a}" for a in [*asset_files(), "fonts/LICENSE-DejaVu.txt", "man/farmer.6"]]
    assert [m for m in missing if m not in names] == []
    for needed in ("LICENSE", "pyproject.toml", "setup.py", "MANIFEST.in", "Makefile", "farmer.spec"):
        assert needed in names
    assert "tests/test_install.py" in names
    assert "tools/kiosk/farmer-kiosk.service" in names
    # The page's checks come with it (what npm installs them from), never what npm installed.
    for needed in ("package.json", "package-lock.json", "tsconfig.json"):
        assert needed in names
    assert not [n for n in names if n.startswith("node_modules/") or "/node_modules/" in n]


def test_the_wheel_carries_every_asset_as_farmer_assets_and_the_licences(built: Built) -> None:
    with zipfile.ZipFile(built.wheel) as whl:
        names = set(whl.namelist())
        metadata = whl.read(f"{DIST_INFO}/METADATA").decode()
        entry_points = whl.read(f"{DIST_INFO}/entry_points.txt").decode()
        man = whl.read(f"farmer_card_game-{VERSION}.data/data/share/man/man6/farmer.6").decode()
    missing = [a for a in asset_files() if f"farmer_assets/{a}" not in names]
    assert missing == []
    assert [i for i in ICONS if i not in names] == []
    assert man.startswith(".TH FARMER 6 ")
    assert f"Name: {DISTRIBUTION}" in metadata.splitlines()
    ai_data = sorted(p.relative_to(ROOT).as_posix() for p in (ROOT / "game" / "ai").glob("*.json"))
    assert [f for f in ai_data if f not in names] == []
    assert f"{DIST_INFO}/licenses/LICENSE" in names
    assert f"{DIST_INFO}/licenses/assets/fonts/LICENSE-DejaVu.txt" in names
    # Every file once (check-wheel-contents' W002): the fonts' licence only as a licence file.
    assert "farmer_assets/fonts/LICENSE-DejaVu.txt" not in names
    # PEP 639: an SPDX expression and the licence files; not the old License: table.
    assert "License-Expression: MIT AND Bitstream-Vera" in metadata.splitlines()
    assert "License-File: LICENSE" in metadata.splitlines()
    assert not any(line.startswith("License: ") for line in metadata.splitlines())
    assert "farmer = scenes.cli:main" in entry_points
    # Nothing of the checkout's tooling or tests is installed as a package.
    assert {n.split("/")[0] for n in names if n.endswith(".py")} == {"game", "scenes", "farmer_assets"}


PROBE = r"""
import json, os, runpy, sys

import pygame

fonts = []
opened = []


class Font(pygame.font.Font):
    def __init__(self, file=None, size=20, *args, **kwargs):
        fonts.append(None if file is None else os.fsdecode(file))
        super().__init__(file, size, *args, **kwargs)


pygame.font.Font = Font


def audit(event, args):
    if event == "open" and isinstance(args[0], (str, bytes, os.PathLike)):
        opened.append(os.path.abspath(os.fsdecode(args[0])))


sys.addaudithook(audit)
out, script, *argv = sys.argv[1:]
sys.argv = [script, *argv]
try:
    runpy.run_path(script, run_name="__main__")  # the installed `farmer` console script itself
    status = 0
except SystemExit as stop:
    status = stop.code

import scenes
from scenes import i18n

with open(out, "w", encoding="utf-8") as f:
    json.dump(
        {
            "status": status,
            "fonts": fonts,
            "catalogues": [p for p in opened if p.endswith(".po")],
            "scenes": scenes.__file__,
            "language": i18n.language(),
            "game_name": i18n.game_name(),
            "sys_path": sys.path,
        },
        f,
    )
"""


@pytest.mark.parametrize(("lang", "name"), [("fr", "La Ferme"), ("de", "Pächter")])
def test_the_installed_game_plays_in_french_and_german_from_its_own_files(
    built: Built, lang: str, name: str
) -> None:
    report = built.outside / f"probe-{lang}.json"
    args = ["--lang", lang, "--players", "4", "--seed", "5", "--exit-after", "1"]
    done = built.run(
        str(built.venv / "bin" / "python"),
        "-I",
        "-c",
        PROBE,
        str(report),
        str(built.venv / "bin" / "farmer"),
        *args,
    )
    assert done.returncode == 0, done.stdout + done.stderr
    seen = json.loads(report.read_text(encoding="utf-8"))
    assert seen["status"] in (0, None), done.stderr
    assert seen["language"] == lang
    assert seen["game_name"] == name  # the catalogue was read, not only its number formats
    installed = built.site.resolve()
    assert Path(seen["scenes"]).resolve().is_relative_to(installed)
    assert str(ROOT) not in seen["sys_path"]
    fonts = {Path(f).resolve() for f in seen["fonts"]}
    assert fonts, "no font was opened"
    assert all(f.is_relative_to(installed / "farmer_assets" / "fonts") for f in fonts), fonts
    catalogues = {Path(p).resolve() for p in seen["catalogues"]}
    assert catalogues == {installed / "farmer_assets" / "locale" / lang / "LC_MESSAGES" / "farmer.po"}
    assert not any(p.is_relative_to(ROOT) for p in fonts | catalogues)


def test_the_installed_farmer_command_tells_its_version_and_runs(built: Built) -> None:
    farmer = str(built.venv / "bin" / "farmer")
    shown = built.run(farmer, "--version")
    assert shown.returncode == 0, shown.stderr
    assert shown.stdout.strip() == f"farmer {VERSION}"
    played = built.run(farmer, "--lang", "de", "--exit-after", "1")
    assert played.returncode == 0, played.stdout + played.stderr
    assert "Traceback" not in played.stderr


def test_a_missing_asset_stops_the_installed_game_naming_the_file(built: Built) -> None:
    """A broken installation says which file is missing instead of drawing suits as boxes."""
    broken = built.outside / "broken-site"
    shutil.copytree(built.site / "farmer_assets", broken / "farmer_assets")
    (broken / "farmer_assets" / "fonts" / "DejaVuSans.ttf").unlink()
    probe = "from scenes.ui.text import Text; Text().font(20)"
    env_path = f"{broken}{os.pathsep}{built.site}"
    done = subprocess.run(
        [
            str(built.venv / "bin" / "python"),
            "-c",
            f"import sys; sys.path[:0] = {env_path.split(os.pathsep)!r}; {probe}",
        ],
        cwd=built.outside,
        env=built.env(),
        capture_output=True,
        text=True,
        timeout=60,
        check=False,
    )
    assert done.returncode != 0
    assert "MissingAssetError" in done.stderr
    assert "fonts/DejaVuSans.ttf" in done.stderr
