"""The standalone bundle's figures, as the README gives them: size, files, archive, start-up times.

    python -m tools.bench_bundle [--bundle dist/farmer] [--installed build/dist-venv/bin/farmer] [--runs 7]

Run after ``make dist`` (which also installs the game, not editable, in build/dist-venv: the
pip-installed game to compare with). Prints the bundle's size on disk and number of files,
the size of the folder as a ``.tar.gz``, and the median and range over ``--runs`` runs of
``farmer --version`` and of a game that opens, draws its first frames and quits
(``--players 4 --exit-after 0.1``, headless), for the bundle and for the installed game.
"""

from __future__ import annotations

import argparse
import os
import statistics
import subprocess
import tarfile
import tempfile
import time
from collections.abc import Sequence
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent


def disk(folder: Path) -> tuple[int, int]:
    """The bytes on disk (in whole blocks, as ``du``) and the number of files under ``folder``."""
    files = [p for p in folder.rglob("*") if p.is_file() and not p.is_symlink()]
    return sum(p.stat().st_blocks * 512 for p in files), len(files)


def archived(folder: Path) -> int:
    """The size of ``folder`` as a gzip-compressed tar archive."""
    with tempfile.TemporaryDirectory() as tmp:
        target = Path(tmp) / "bundle.tar.gz"
        with tarfile.open(target, "w:gz") as tar:
            tar.add(folder, arcname=folder.name)
        return target.stat().st_size


def timed(command: Sequence[str], runs: int) -> list[float]:
    """Wall-clock seconds of ``command`` (run from a temporary folder, headless), ``runs`` times."""
    seconds = []
    with tempfile.TemporaryDirectory() as tmp:
        env = {k: v for k, v in os.environ.items() if not k.startswith(("PYTHON", "VIRTUAL_ENV"))}
        env.update(SDL_VIDEODRIVER="dummy", SDL_AUDIODRIVER="dummy", FARMER_HOME=str(Path(tmp) / "home"))
        for _ in range(runs):
            start = time.perf_counter()
            subprocess.run(command, cwd=tmp, env=env, capture_output=True, check=True, timeout=120)
            seconds.append(time.perf_counter() - start)
    return seconds


def spread(seconds: list[float]) -> str:
    """``median (min-max)`` in seconds."""
    return f"{statistics.median(seconds):.2f} s ({min(seconds):.2f}-{max(seconds):.2f})"


def main(argv: Sequence[str] | None = None) -> int:
    """Measure and print the figures."""
    parser = argparse.ArgumentParser(description="The standalone bundle's figures for the README.")
    parser.add_argument("--bundle", type=Path, default=ROOT / "dist" / "farmer")
    parser.add_argument("--installed", type=Path, default=ROOT / "build" / "dist-venv" / "bin" / "farmer")
    parser.add_argument("--runs", type=int, default=7)
    args = parser.parse_args(argv)
    exe = args.bundle / "farmer"
    if not exe.is_file():
        parser.error(f"no bundle at {exe}: `make dist` builds it")
    size, count = disk(args.bundle)
    packed = archived(args.bundle)
    print(f"bundle {args.bundle}: {size / 2**20:.0f} MiB on disk in {count} files;", end=" ")
    print(f"{packed / 2**20:.0f} MiB as .tar.gz")
    game = ["--players", "4", "--seed", "1", "--exit-after", "0.1"]
    print(f"bundle --version: {spread(timed([str(exe), '--version'], args.runs))}")
    print(f"bundle first frames and quit: {spread(timed([str(exe), *game], args.runs))}")
    if args.installed.is_file():
        print(f"installed --version: {spread(timed([str(args.installed), '--version'], args.runs))}")
        print(f"installed first frames and quit: {spread(timed([str(args.installed), *game], args.runs))}")
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
