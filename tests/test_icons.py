"""The icon files the build makes from the one drawing: SVG, PNGs, and the Windows and macOS icons."""

from __future__ import annotations

import struct
from pathlib import Path
from xml.etree import ElementTree

import pygame
import pytest

from scenes.app import desktop, icon
from tools import make_icons

SVG = "{http://www.w3.org/2000/svg}"


def _png_size(data: bytes) -> tuple[int, int]:
    assert data[:8] == b"\x89PNG\r\n\x1a\n"
    width, height = struct.unpack(">II", data[16:24])
    return width, height


@pytest.fixture(scope="module")
def written(tmp_path_factory: pytest.TempPathFactory) -> tuple[Path, list[Path]]:
    out = tmp_path_factory.mktemp("icons")
    return out, make_icons.write(out)


def test_every_icon_file_is_written_under_the_application_id(written: tuple[Path, list[Path]]) -> None:
    out, files = written
    expected = {
        out / "hicolor" / "scalable" / "apps" / f"{desktop.APP_ID}.svg",
        out / "farmer.ico",
        out / "farmer.icns",
        *(out / "hicolor" / f"{n}x{n}" / "apps" / f"{desktop.APP_ID}.png" for n in icon.PNG_SIZES),
    }
    assert set(files) == expected
    assert all(f.is_file() for f in files)
    for size in icon.PNG_SIZES:
        assert _png_size(make_icons.png_path(out, size).read_bytes()) == (size, size)
    assert set(desktop.ICON_SIZES) <= set(icon.PNG_SIZES)


def test_the_svg_is_the_drawing_as_paths(written: tuple[Path, list[Path]]) -> None:
    out, _ = written
    root = ElementTree.parse(make_icons.svg_path(out)).getroot()
    assert root.tag == f"{SVG}svg"
    assert root.get("viewBox") == "0 0 256 256"
    paths = root.findall(f"{SVG}path")
    assert len(paths) == len(icon.shapes())
    assert [p.get("fill") for p in paths] == ["#{:02x}{:02x}{:02x}".format(*s.colour) for s in icon.shapes()]
    assert root.findall(f".//{SVG}image") == [] and root.findall(f".//{SVG}text") == []  # vectors only


def test_the_png_and_the_svg_come_from_the_same_outlines() -> None:
    """Each outline's middle point has the outline's colour in the painted icon (one drawing, two outputs)."""
    size = 256
    surf = icon.draw(size)
    tile = icon.shapes()[1]  # the felt
    xs = [x for x, _ in tile.rings[0]]
    ys = [y for _, y in tile.rings[0]]
    corner = (round(min(xs) * size) + 6, round(max(ys) * size) - 40)  # felt, clear of the cards
    assert tuple(surf.get_at(corner))[:3] == tile.colour
    assert surf.get_at((1, 1)).a == 0


def test_the_windows_icon_holds_every_size_as_png(written: tuple[Path, list[Path]]) -> None:
    out, _ = written
    data = (out / "farmer.ico").read_bytes()
    reserved, kind, count = struct.unpack("<HHH", data[:6])
    assert (reserved, kind, count) == (0, 1, len(make_icons.ICO_SIZES))
    sizes = []
    for i in range(count):
        w, h, _colours, _zero, planes, bits, length, offset = struct.unpack(
            "<BBBBHHII", data[6 + 16 * i : 22 + 16 * i]
        )
        assert (planes, bits) == (1, 32)
        image = data[offset : offset + length]
        assert _png_size(image) == ((w or 256), (h or 256))
        sizes.append(w or 256)
    assert sizes == list(make_icons.ICO_SIZES)


def test_the_macos_icon_holds_every_size_as_png(written: tuple[Path, list[Path]]) -> None:
    out, _ = written
    data = (out / "farmer.icns").read_bytes()
    assert data[:4] == b"icns" and struct.unpack(">I", data[4:8])[0] == len(data)
    seen = {}
    at = 8
    while at < len(data):
        kind, length = data[at : at + 4].decode(), struct.unpack(">I", data[at + 4 : at + 8])[0]
        seen[kind] = _png_size(data[at + 8 : at + length])
        at += length
    assert seen == {kind: (size, size) for kind, size in make_icons.ICNS_TYPES}


def test_an_ico_image_larger_than_256_is_refused() -> None:
    with pytest.raises(ValueError, match="512"):
        make_icons.ico([(512, b"")])


def test_the_command_writes_the_files(tmp_path: Path) -> None:
    assert make_icons.main([str(tmp_path)]) == 0
    assert (tmp_path / "farmer.ico").is_file()
    assert isinstance(pygame.image.load(str(make_icons.png_path(tmp_path, 48))), pygame.Surface)
