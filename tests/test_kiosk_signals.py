"""A real kiosk process stops cleanly on SIGTERM (what a service manager sends) and on SIGINT."""

from __future__ import annotations

import os
import signal
import subprocess
import sys
import time
from pathlib import Path

import pytest


@pytest.mark.parametrize("sig", [signal.SIGTERM, signal.SIGINT])
def test_a_locked_kiosk_stops_cleanly_on_a_signal(sig: signal.Signals, tmp_path: Path) -> None:
    env = {**os.environ, "FARMER_HOME": str(tmp_path), "SDL_VIDEODRIVER": "dummy", "SDL_AUDIODRIVER": "dummy"}
    proc = subprocess.Popen(
        [sys.executable, "-c", "import sys; from scenes.cli import main; sys.exit(main(['--kiosk']))"],
        env=env, stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL,
    )
    log = tmp_path / "data" / "kiosk.log"
    try:
        deadline = time.monotonic() + 60
        # Wait until the kiosk listens for signals (before that, a signal is the interpreter's).
        while not (log.exists() and "SIGTERM or SIGINT stops the kiosk" in log.read_text()):
            assert proc.poll() is None and time.monotonic() < deadline
            time.sleep(0.05)
        proc.send_signal(sig)
        assert proc.wait(20) == 0
    finally:
        if proc.poll() is None:
            proc.kill()
            proc.wait()
    text = log.read_text()
    assert f"{sig.name} received: stopping" in text and "kiosk stopping" in text
