"""What pyproject.toml cannot say: the assets' package, the icons drawn by the build, the man page.

Everything else (metadata, dependencies, package data) is in pyproject.toml.

- ``assets/`` is installed as the package ``farmer_assets``. The folder stays at the top of
  the repository; mapping it to a package puts it in the wheel beside ``game`` and ``scenes``,
  where ``scenes.resources`` finds it through :mod:`importlib.resources` in a checkout
  (editable install), an installed wheel, pipx and the PyInstaller bundle alike.
- The icons are drawn while the wheel is built, by ``tools/make_icons.py`` from the game's own
  drawing (``scenes/app/icon.py``), into ``farmer_assets/icons``: the scalable SVG, the PNGs
  of the icon theme's sizes, and the ``.ico`` and ``.icns`` the Windows and macOS bundles use.
- The man page, ``assets/man/farmer.6``, is installed as ``share/man/man6/farmer.6`` (where
  ``man`` finds it in a virtual environment's or pipx's prefix).
"""

import sys
from pathlib import Path

from setuptools import find_namespace_packages, find_packages, setup
from setuptools.command.build_py import build_py

HERE = Path(__file__).resolve().parent

ASSETS = [
    "farmer_assets",
    *(f"farmer_assets.{sub}" for sub in find_namespace_packages(where="assets", exclude=["man", "man.*"])),
]
"""The assets folder and its data folders (fonts, locale/fr/LC_MESSAGES, ...)."""


class BuildWithIcons(build_py):
    """``build_py`` that also draws the icon files into the built ``farmer_assets/icons``."""

    def run(self) -> None:
        """Build the packages, then the icons (not for an editable install: the game draws its own)."""
        super().run()
        if self.editable_mode:
            return
        sys.path.insert(0, str(HERE))
        from tools.make_icons import write

        write(Path(self.build_lib) / "farmer_assets" / "icons")


setup(
    packages=[*find_packages(include=["game", "game.*", "scenes", "scenes.*"]), *ASSETS],
    package_dir={"farmer_assets": "assets"},
    data_files=[("share/man/man6", ["assets/man/farmer.6"])],
    cmdclass={"build_py": BuildWithIcons},
)
