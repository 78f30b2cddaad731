"""The game's files (fonts, catalogues, the desktop entry), found through the installed package.

The files live in ``assets/`` at the top of the repository. The build installs that folder
as the package ``farmer_assets`` (``setup.py`` maps the one to the other), so the same call
finds them in a checkout (an editable install maps the package to ``assets/``), in an
installed wheel, under pipx and in the PyInstaller bundle: :func:`importlib.resources.files`,
never a path worked out from where this source file happens to be.

A file that is missing is an error that names it (:class:`MissingAssetError`), never a quiet
fallback: without its fonts the game draws the suits as empty boxes, without its
catalogues it speaks English with French numbers.
"""

from __future__ import annotations

import atexit
import contextlib
import importlib.metadata
import importlib.resources
from importlib.resources.abc import Traversable
from pathlib import Path

DISTRIBUTION = "farmer-card-game"
"""Farmer's name on the package index (its metadata's ``Name``; the command is ``farmer``)."""

PACKAGE = "farmer_assets"
"""The import name of the assets folder once built or installed."""

FONTS = "fonts"
"""The fonts' folder (their licence is in the checkout and in the wheel's licence files)."""
LOCALE = "locale"
"""The catalogues: ``locale/<lang>/LC_MESSAGES/farmer.po``."""

_extracted = contextlib.ExitStack()
atexit.register(_extracted.close)


class MissingAssetError(FileNotFoundError):
    """A file the game ships is not there: a broken or partial installation."""

    def __init__(self, name: str, where: str) -> None:
        """``name`` (e.g. ``fonts/DejaVuSans.ttf``) was looked for in ``where``."""
        super().__init__(
            f"farmer: a file of the game is missing: {name} (looked in {where}); "
            "the installation is incomplete, install Farmer again"
        )
        self.name = name
        self.where = where


def root() -> Traversable:
    """The assets folder as the installed package gives it."""
    try:
        return importlib.resources.files(PACKAGE)
    except ModuleNotFoundError:
        raise MissingAssetError(
            "the whole assets folder", f"the package {PACKAGE!r}, which is not installed"
        ) from None


def path(name: str) -> Path:
    """The file ``name`` (``/``-separated, e.g. ``fonts/DejaVuSans.ttf``) as a path on disk.

    Raises :class:`MissingAssetError` if it is not there. A package kept in a zip file
    (never the case for a wheel installed by pip) is extracted once, for the whole run.
    """
    base = root()
    item = base.joinpath(*name.split("/"))
    if not item.is_file():
        raise MissingAssetError(name, str(base))
    if isinstance(item, Path):
        return item
    return _extracted.enter_context(importlib.resources.as_file(item))


def font(filename: str) -> Path:
    """A bundled font, e.g. ``DejaVuSans.ttf``."""
    return path(f"{FONTS}/{filename}")


def catalogue(language: str, domain: str = "farmer") -> Path:
    """The ``.po`` catalogue of ``language`` (``fr``, ``de``)."""
    return path(f"{LOCALE}/{language}/LC_MESSAGES/{domain}.po")


def version() -> str:
    """The installed version of Farmer (``0.1.0``), from the package's metadata."""
    try:
        return importlib.metadata.version(DISTRIBUTION)
    except importlib.metadata.PackageNotFoundError:
        return "(not installed: run it from an installed package or `make play`)"
