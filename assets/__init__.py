"""Farmer's files: fonts (with their licence), catalogues, the desktop entry.

This folder stays at the top of the repository; the build installs it as the package
``farmer_assets`` (see ``setup.py``), and the game finds it with ``scenes.resources``.
It holds no code.
"""
