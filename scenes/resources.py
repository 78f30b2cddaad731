"""The game's files (fonts, catalogues, the desktop entry), found through the installed package.

The files live in ``assets/`` at the top of the repository. The build installs that folder
as the package ``farmer_assets`` (``setup.py`` maps the one to the other), so the same call
finds them in a checkout (an editable install maps the package to ``assets/``), in an
installed wheel, under pipx and in the PyInstaller bundle: :func:`importlib.resources.files`,
never a path worked out from where this source file happens to be. The lookup itself is
:mod:`game.formats.assets`, shared with the table server; this module names the window's files.

A file that is missing is an error that names it (:class:`MissingAssetError`), never a quiet
fallback: without its fonts the game draws the suits as empty boxes, without its
catalogues it speaks English with French numbers.
"""

from __future__ import annotations

import importlib.metadata
from importlib.resources.abc import Traversable
from pathlib import Path

from game.formats import assets
from game.formats.assets import MissingAssetError

__all__ = [
    "DISTRIBUTION", "FONTS", "LOCALE", "PACKAGE", "MissingAssetError", "catalogue", "font", "path", "root",
    "version",
]

DISTRIBUTION = "farmer-card-game"
"""Farmer's name on the package index (its metadata's ``Name``; the command is ``farmer``)."""

PACKAGE = assets.PACKAGE
"""The import name of the assets folder once built or installed."""

FONTS = "fonts"
"""The fonts' folder (their licence is in the checkout and in the wheel's licence files)."""
LOCALE = assets.LOCALE
"""The catalogues: ``locale/<lang>/LC_MESSAGES/farmer.po``."""


def root() -> Traversable:
    """The assets folder as the installed package gives it (:func:`game.formats.assets.root`)."""
    return assets.root(PACKAGE)


def path(name: str) -> Path:
    """The file ``name`` (``/``-separated, e.g. ``fonts/DejaVuSans.ttf``) as a path on disk.

    Raises :class:`MissingAssetError` if it is not there (:func:`game.formats.assets.path`).
    """
    return assets.path(name, root())


def font(filename: str) -> Path:
    """A bundled font, e.g. ``DejaVuSans.ttf``."""
    return path(f"{FONTS}/{filename}")


def catalogue(language: str, domain: str = "farmer") -> Path:
    """The ``.po`` catalogue of ``language`` (``fr``, ``de``)."""
    return path(assets.catalogue_name(language, domain))


def version() -> str:
    """The installed version of Farmer (``0.1.0``), from the package's metadata."""
    try:
        return importlib.metadata.version(DISTRIBUTION)
    except importlib.metadata.PackageNotFoundError:
        return "(not installed: run it from an installed package or `make play`)"
