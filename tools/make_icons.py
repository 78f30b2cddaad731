"""Write Farmer's icon files from its one drawing (:mod:`scenes.app.icon`).

    python -m tools.make_icons OUT

writes, under ``OUT``, the freedesktop icon theme's layout and the bundles' icons:

- ``hicolor/scalable/apps/<APP_ID>.svg`` (``APP_ID``: ``io.github.farmer_game.Farmer``), the scalable icon;
- ``hicolor/<N>x<N>/apps/<APP_ID>.png`` for every size of :data:`scenes.app.icon.PNG_SIZES`;
- ``farmer.ico`` (Windows: 16 to 256 pixels, each a PNG inside the ICO container);
- ``farmer.icns`` (macOS: 16 to 1024 pixels, the retina sizes included, each a PNG).

The build runs it (``setup.py`` puts the files in the wheel's ``farmer_assets/icons``), so
no icon file is kept in the repository. The ICO and ICNS containers are written here, with
no imaging library: both hold PNG images as they are.
"""

from __future__ import annotations

import argparse
import os
import struct
import sys
from collections.abc import Callable, Sequence
from pathlib import Path

os.environ.setdefault("PYGAME_HIDE_SUPPORT_PROMPT", "1")

from scenes.app import icon  # after the variable that quiets pygame
from scenes.app.desktop import APP_ID

ICO_SIZES = (16, 24, 32, 48, 64, 128, 256)
"""The sizes in the Windows icon (256 is the largest the format holds)."""

ICNS_TYPES = (
    ("icp4", 16),
    ("icp5", 32),
    ("icp6", 64),
    ("ic07", 128),
    ("ic08", 256),
    ("ic09", 512),
    ("ic10", 1024),
    ("ic11", 32),
    ("ic12", 64),
    ("ic13", 256),
    ("ic14", 512),
)
"""The macOS icon's entries by type and size in pixels (ic10 to ic14 are the 2x retina ones)."""


def ico(images: Sequence[tuple[int, bytes]]) -> bytes:
    """A Windows ``.ico`` file holding the PNG ``images`` (size in pixels, PNG bytes)."""
    header = struct.pack("<HHH", 0, 1, len(images))
    offset = len(header) + 16 * len(images)
    entries, blobs = b"", b""
    for size, data in images:
        if not 1 <= size <= 256:
            raise ValueError(f"an ICO image is 1 to 256 pixels, not {size}")
        side = 0 if size == 256 else size  # 0 stands for 256
        entries += struct.pack("<BBBBHHII", side, side, 0, 0, 1, 32, len(data), offset + len(blobs))
        blobs += data
    return header + entries + blobs


def icns(images: Sequence[tuple[str, bytes]]) -> bytes:
    """A macOS ``.icns`` file holding the PNG ``images`` (entry type, PNG bytes)."""
    body = b"".join(kind.encode("ascii") + struct.pack(">I", 8 + len(data)) + data for kind, data in images)
    return b"icns" + struct.pack(">I", 8 + len(body)) + body


def png_path(out: Path, size: int) -> Path:
    """Where the ``size`` pixel PNG goes under ``out``."""
    return out / "hicolor" / f"{size}x{size}" / "apps" / f"{APP_ID}.png"


def svg_path(out: Path) -> Path:
    """Where the scalable icon goes under ``out``."""
    return out / "hicolor" / "scalable" / "apps" / f"{APP_ID}.svg"


def write(out: Path, png: Callable[[int], bytes] = icon.png) -> list[Path]:
    """Write every icon file under ``out``; the files written."""
    drawn: dict[int, bytes] = {}

    def at(size: int) -> bytes:
        if size not in drawn:
            drawn[size] = png(size)
        return drawn[size]

    files: list[tuple[Path, bytes]] = [(svg_path(out), icon.svg().encode("utf-8"))]
    files += [(png_path(out, size), at(size)) for size in icon.PNG_SIZES]
    files.append((out / "farmer.ico", ico([(size, at(size)) for size in ICO_SIZES])))
    files.append((out / "farmer.icns", icns([(kind, at(size)) for kind, size in ICNS_TYPES])))
    for path, data in files:
        path.parent.mkdir(parents=True, exist_ok=True)
        path.write_bytes(data)
    return [path for path, _ in files]


def main(argv: Sequence[str] | None = None) -> int:
    """``python -m tools.make_icons OUT``."""
    parser = argparse.ArgumentParser(description="Write Farmer's icon files from its one drawing.")
    parser.add_argument("out", type=Path, help="the folder to write them in")
    options = parser.parse_args(argv)
    written = write(options.out)
    print(f"make_icons: {len(written)} files in {options.out}", file=sys.stderr)
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
