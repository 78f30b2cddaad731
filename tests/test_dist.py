"""The standalone bundle (``make dist``: dist/farmer/farmer) starts on its own, headless.

Marked slow and left out of ``make test``: ``make dist-test`` builds the bundle and runs this
with ``FARMER_BUNDLE`` set, and then a missing bundle is a failure; run by hand without it,
the tests are skipped unless dist/farmer/farmer has been built.
"""

from __future__ import annotations

import os
import subprocess
import time
from importlib.metadata import version
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parent.parent
BUNDLE = Path(os.environ.get("FARMER_BUNDLE") or ROOT / "dist" / "farmer" / "farmer").absolute()

pytestmark = pytest.mark.slow


@pytest.fixture
def bundle() -> Path:
    if not BUNDLE.is_file():
        if os.environ.get("FARMER_BUNDLE"):
            pytest.fail(f"no bundle at {BUNDLE}: `make dist` builds it")
        pytest.skip("the standalone bundle is not built (`make dist-test` builds and tests it)")
    return BUNDLE


def run(bundle: Path, cwd: Path, *args: str) -> tuple[subprocess.CompletedProcess[str], float]:
    """The bundle run with ``args`` from ``cwd``, with no Python of ours in reach; and how long it took."""
    env = {k: v for k, v in os.environ.items() if not k.startswith(("PYTHON", "VIRTUAL_ENV"))}
    env.update(
        SDL_VIDEODRIVER="dummy", SDL_AUDIODRIVER="dummy", FARMER_HOME=str(cwd / "home"), PATH="/usr/bin:/bin"
    )
    start = time.perf_counter()
    done = subprocess.run(
        [str(bundle), *args], cwd=cwd, env=env, capture_output=True, text=True, timeout=120, check=False
    )
    return done, time.perf_counter() - start


def test_the_bundle_tells_its_version(bundle: Path, tmp_path: Path) -> None:
    done, _seconds = run(bundle, tmp_path, "--version")
    assert done.returncode == 0, done.stderr
    assert done.stdout.strip() == f"farmer {version('farmer-card-game')}"


@pytest.mark.parametrize("lang", ["fr", "de"])
def test_the_bundle_plays_a_short_game_with_its_own_files(bundle: Path, tmp_path: Path, lang: str) -> None:
    done, seconds = run(
        bundle, tmp_path, "--lang", lang, "--players", "4", "--seed", "2", "--exit-after", "1"
    )
    assert done.returncode == 0, done.stdout + done.stderr
    assert "Traceback" not in done.stderr
    assert seconds < 30, f"the bundle took {seconds:.1f} s for a one-second game"


def test_the_bundle_carries_its_assets_and_licences_inside_it(bundle: Path) -> None:
    internal = bundle.parent / "_internal"
    inside = internal / "farmer_assets"
    for name in (
        "fonts/DejaVuSans.ttf",
        "locale/fr/LC_MESSAGES/farmer.po",
        "locale/de/LC_MESSAGES/farmer.po",
        "io.github.farmer_game.Farmer.desktop",
        "icons/hicolor/256x256/apps/io.github.farmer_game.Farmer.png",
    ):
        assert (inside / name).is_file(), name
    licences = internal / f"farmer_card_game-{version('farmer-card-game')}.dist-info" / "licenses"
    assert (licences / "LICENSE").is_file()
    assert (licences / "assets" / "fonts" / "LICENSE-DejaVu.txt").is_file()
