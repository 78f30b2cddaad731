"""Farmer in the desktop's menu: a freedesktop ``.desktop`` file and its icons, for one user.

``farmer --install-desktop-entry`` writes ``applications/<APP_ID>.desktop``, the metainfo
``metainfo/<APP_ID>.metainfo.xml`` (for software centres), the icons
``icons/hicolor/<N>x<N>/apps/<APP_ID>.png`` and ``icons/hicolor/scalable/apps/<APP_ID>.svg``
under the user's data folder (``$XDG_DATA_HOME``, else ``~/.local/share``), or under a folder
given to it (``/usr/share`` for a system-wide package); ``APP_ID`` is the application id,
``io.github.farmer_game.Farmer``. The entry is the one shipped in ``assets/<APP_ID>.desktop``
with ``Exec`` and ``TryExec`` set to the ``farmer`` that is running, by its absolute path, so
it works whether that is in a virtual environment, pipx's folder or the standalone bundle,
and whether or not it is on the desktop session's ``PATH``. The icons are drawn by
:mod:`scenes.app.icon`, the same drawing the build makes the packages' icon files from.
``farmer --uninstall-desktop-entry`` removes exactly those files.
"""

from __future__ import annotations

import os
import re
import shutil
import sys
from collections.abc import Mapping, Sequence
from pathlib import Path

from scenes import resources

APP_ID = "io.github.farmer_game.Farmer"
"""The application id: the desktop file's name and the icon's name in the icon theme."""

ICON_SIZES = (16, 24, 32, 48, 64, 128, 256)
"""The hicolor sizes drawn (48 is the one the icon theme spec asks every application for)."""

OLD_NAMES = ("farmer.desktop", "farmer.png")
"""What releases before the application id wrote, removed by ``--uninstall-desktop-entry`` too."""


def data_home(environ: Mapping[str, str] | None = None) -> Path:
    """The user's data folder: ``$XDG_DATA_HOME``, else ``~/.local/share``."""
    env = os.environ if environ is None else environ
    value = env.get("XDG_DATA_HOME", "")
    return Path(value) if os.path.isabs(value) else Path.home() / ".local" / "share"


def launcher() -> list[str]:
    """The command that starts this very ``farmer``, by absolute paths."""
    if getattr(sys, "frozen", False):  # the PyInstaller bundle: its executable is the game
        return [os.path.abspath(sys.executable)]
    script = Path(sys.argv[0]) if sys.argv and sys.argv[0] else None
    if script is not None and script.name == "farmer" and script.is_file():
        return [str(script.absolute())]
    found = shutil.which("farmer")
    if found:
        return [os.path.abspath(found)]
    return [os.path.abspath(sys.executable), "-m", "scenes.cli"]


_RESERVED = re.compile(r'[\s"\'\\><~|&;$*?#()`]')


def exec_quote(arg: str) -> str:
    """``arg`` as one argument of a desktop entry's ``Exec`` key (the spec's quoting rules).

    The spec's own escapes (``\\"``, ``\\$``...) inside the quotes, then a second level of
    backslashes since the value is a string in the file; ``%`` is doubled.
    """
    arg = arg.replace("%", "%%")
    if not _RESERVED.search(arg):
        return arg
    quoted = re.sub(r'(["`$\\])', r"\\\1", arg)
    return '"' + quoted.replace("\\", "\\\\") + '"'


def entry_text(command: Sequence[str], template: str | None = None) -> str:
    """The desktop entry that starts ``command``: the shipped one with ``Exec`` and ``TryExec`` set."""
    text = resources.path(f"{APP_ID}.desktop").read_text(encoding="utf-8") if template is None else template
    lines = []
    for line in text.splitlines():
        if line.startswith("Exec="):
            line = "Exec=" + " ".join(exec_quote(a) for a in command)
        elif line.startswith("TryExec="):
            line = "TryExec=" + command[0].replace("\\", "\\\\")
        lines.append(line)
    return "\n".join(lines) + "\n"


def entry_path(root: Path) -> Path:
    """Where the desktop entry goes under the data folder ``root``."""
    return root / "applications" / f"{APP_ID}.desktop"


def icon_path(root: Path, size: int) -> Path:
    """Where the ``size`` pixel icon goes under the data folder ``root``."""
    return root / "icons" / "hicolor" / f"{size}x{size}" / "apps" / f"{APP_ID}.png"


def metainfo_path(root: Path) -> Path:
    """Where the AppStream metainfo goes under the data folder ``root`` (read by software centres)."""
    return root / "metainfo" / f"{APP_ID}.metainfo.xml"


def scalable_icon_path(root: Path) -> Path:
    """Where the scalable (SVG) icon goes under the data folder ``root``."""
    return root / "icons" / "hicolor" / "scalable" / "apps" / f"{APP_ID}.svg"


def _old_files(root: Path) -> list[Path]:
    """The entry and icons an install before the application id left under ``root``."""
    entry, png = OLD_NAMES
    return [root / "applications" / entry, *(icon_path(root, size).with_name(png) for size in ICON_SIZES)]


def install(root: Path | None = None, command: Sequence[str] | None = None) -> list[Path]:
    """Write the desktop entry and its icons under ``root`` (the user's data folder); the files written."""
    os.environ.setdefault("PYGAME_HIDE_SUPPORT_PROMPT", "1")
    import pygame

    from scenes.app import icon

    root = data_home() if root is None else root
    written = []
    for size in ICON_SIZES:
        target = icon_path(root, size)
        target.parent.mkdir(parents=True, exist_ok=True)
        pygame.image.save(icon.draw(size), str(target))
        written.append(target)
    scalable = scalable_icon_path(root)
    scalable.parent.mkdir(parents=True, exist_ok=True)
    scalable.write_text(icon.svg(), encoding="utf-8")
    written.append(scalable)
    info = metainfo_path(root)
    info.parent.mkdir(parents=True, exist_ok=True)
    info.write_bytes(resources.path(f"{APP_ID}.metainfo.xml").read_bytes())
    written.append(info)
    entry = entry_path(root)
    entry.parent.mkdir(parents=True, exist_ok=True)
    entry.write_text(entry_text(command or launcher()), encoding="utf-8")
    entry.chmod(0o755)  # some desktops only trust an entry that may be executed
    written.append(entry)
    return written


def uninstall(root: Path | None = None) -> list[Path]:
    """Remove what :func:`install` wrote under ``root``; the files removed."""
    root = data_home() if root is None else root
    removed = []
    ours = [
        entry_path(root),
        metainfo_path(root),
        scalable_icon_path(root),
        *(icon_path(root, size) for size in ICON_SIZES),
    ]
    for target in [*ours, *_old_files(root)]:
        if target.is_file():
            target.unlink()
            removed.append(target)
    return removed


def main(folder: str | None, remove: bool = False) -> int:
    """``farmer --install-desktop-entry [DATA_DIR]`` (or ``--uninstall-desktop-entry``); the exit status."""
    if sys.platform in ("win32", "darwin"):
        print("farmer: desktop entries are for Linux and BSD desktops (freedesktop.org)", file=sys.stderr)
        return 1
    root = Path(folder).expanduser().absolute() if folder else data_home()
    command = launcher()
    try:
        files = uninstall(root) if remove else install(root, command)
    except OSError as exc:
        doing = "remove" if remove else "install"
        print(f"farmer: could not {doing} the desktop entry: {exc}", file=sys.stderr)
        return 1
    if remove:
        print(f"farmer: removed the desktop entry and its icons ({len(files)} files) from {root}")
    else:
        print(f"farmer: Farmer is in the desktop's menu ({entry_path(root)}), starting {' '.join(command)}")
    return 0
