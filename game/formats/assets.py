"""Where the game's files are: the installed package ``farmer_assets`` (no pygame, no scenes).

The files live in ``assets/`` at the top of the repository. The build installs that folder
as the package ``farmer_assets`` (``setup.py`` maps the one to the other), so the same call
finds them in a checkout (an editable install maps the package to ``assets/``), in an
installed wheel, under pipx and in the PyInstaller bundle: :func:`importlib.resources.files`,
never a path worked out from where a source file happens to be.

The window (:mod:`scenes.resources`) and the table server (the catalogues and the page for
phones) both look here. A file that is missing is an error that names it
(:class:`MissingAssetError`), never a quiet fallback.
"""

from __future__ import annotations

import atexit
import contextlib
import importlib.resources
from importlib.resources.abc import Traversable
from pathlib import Path

PACKAGE = "farmer_assets"
"""The import name of the assets folder once built or installed."""
LOCALE = "locale"
"""The catalogues' folder: ``locale/<lang>/LC_MESSAGES/<domain>.po``."""
WEB = "web"
"""The page for phones' folder: ``web/index.html`` and the files it loads."""

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


def root(package: str = PACKAGE) -> Traversable:
    """The assets folder as the installed package ``package`` gives it."""
    try:
        return importlib.resources.files(package)
    except ModuleNotFoundError:
        raise MissingAssetError(
            "the whole assets folder", f"the package {package!r}, which is not installed"
        ) from None


def find(name: str, base: Traversable | None = None) -> Traversable:
    """The file ``name`` (``/``-separated) in ``base`` (None: :func:`root`); MissingAssetError if absent."""
    base = root() if base is None else base
    item = base.joinpath(*name.split("/"))
    if not item.is_file():
        raise MissingAssetError(name, str(base))
    return item


def path(name: str, base: Traversable | None = None) -> Path:
    """The file ``name`` (``/``-separated, e.g. ``fonts/DejaVuSans.ttf``) as a path on disk.

    Raises :class:`MissingAssetError` if it is not there. A package kept in a zip file
    (never the case for a wheel installed by pip) is extracted once, for the whole run.
    """
    item = find(name, base)
    if isinstance(item, Path):
        return item
    return _extracted.enter_context(importlib.resources.as_file(item))


def catalogue_name(language: str, domain: str = "farmer") -> str:
    """The ``.po`` catalogue of ``language`` (``fr``, ``de``) as a name inside the assets."""
    return f"{LOCALE}/{language}/LC_MESSAGES/{domain}.po"
