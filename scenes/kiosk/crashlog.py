"""The kiosk's log: a rotating file in the user's data folder, for exceptions and what the kiosk did."""

from __future__ import annotations

import logging
from logging.handlers import RotatingFileHandler
from pathlib import Path

from scenes.store.files import data_dir

LOG_NAME = "kiosk.log"


def setup_log(folder: Path | None = None, max_bytes: int = 1_000_000, backups: int = 3) -> Path | None:
    """Send the ``farmer`` loggers to a rotating file; returns its path (None when it cannot be written)."""
    folder = folder or data_dir()
    path = folder / LOG_NAME
    logger = logging.getLogger("farmer")
    logger.setLevel(logging.INFO)
    for handler in list(logger.handlers):
        if isinstance(handler, RotatingFileHandler):
            logger.removeHandler(handler)
            handler.close()
    try:
        folder.mkdir(parents=True, exist_ok=True)
        handler = RotatingFileHandler(path, maxBytes=max_bytes, backupCount=backups, encoding="utf-8")
    except OSError:
        return None
    handler.setFormatter(logging.Formatter("%(asctime)s %(levelname)s %(name)s: %(message)s"))
    logger.addHandler(handler)
    return path
