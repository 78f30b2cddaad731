"""The one thing pyproject.toml cannot say: ``assets/`` is installed as the package ``farmer_assets``.

Everything else (metadata, dependencies, package data) is in pyproject.toml. The folder stays
at the top of the repository; mapping it to a package puts it in the wheel beside ``game``
and ``scenes``, where ``scenes.resources`` finds it through :mod:`importlib.resources` in a
checkout (editable install), an installed wheel, pipx and the PyInstaller bundle alike.
"""

from setuptools import find_namespace_packages, find_packages, setup

ASSETS = ["farmer_assets", *(f"farmer_assets.{sub}" for sub in find_namespace_packages(where="assets"))]
"""The assets folder and its data folders (fonts, locale/fr/LC_MESSAGES, ...)."""

setup(
    packages=[*find_packages(include=["game", "game.*", "scenes", "scenes.*"]), *ASSETS],
    package_dir={"farmer_assets": "assets"},
)
