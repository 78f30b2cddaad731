"""``make check-packaging``: Farmer checked by the tools packagers, distributions and stores use.

    python -m tools.check_packaging [--install]

Builds the sdist and the wheel (``python -m build``, in an isolated build environment as any
installer would), then runs, and reports each in a line:

- ``check-wheel-contents`` on the wheel (W009, three top-level packages, is the layout's);
- ``pyroma`` on the sdist, which must score 10/10;
- that the wheel holds the man page (``share/man/man6/farmer.6``), the icons at every size
  (PNG 16 to 512, SVG, ``.ico``, ``.icns``), the metainfo and the desktop entry;
- ``appstreamcli validate --no-net`` on the wheel's metainfo: no error and no warning (the
  screenshots and URLs are on the public web, out of this machine's reach, hence ``--no-net``);
- ``desktop-file-validate`` on the wheel's desktop entry;
- ``msgfmt --check`` on every catalogue, and ``groff -ww`` on the man page (no warning);
- ``systemd-analyze verify`` on the kiosk's service, and ``systemd-analyze security``: an
  exposure of at most :data:`MAX_EXPOSURE`;
- ``flatpak-builder --show-manifest`` on the Flatpak manifest: it parses, with no unknown
  property (building it needs the Flatpak runtimes, out of this machine's reach;
  ``tests/test_packaging.py`` checks that every file it installs exists);
- the wheel installed by ``pipx`` under its name, from outside the checkout, with its
  dependencies from the package index: ``farmer --version`` answers, ``man`` finds the page,
  and the desktop entry ``farmer --install-desktop-entry`` writes passes
  ``desktop-file-validate``.

A missing Debian tool is installed with ``apt-get`` when ``--install`` is given and this is
root (as on CI); otherwise the check fails and says which package to install. Nothing is
skipped. The Python tools (build, check-wheel-contents, pyroma, pipx) come from the
environment ``make check-packaging`` prepares.
"""

from __future__ import annotations

import argparse
import json
import os
import re
import shutil
import subprocess
import sys
import tempfile
import zipfile
from collections.abc import Callable, Sequence
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
APP_ID = "io.github.farmer_game.Farmer"
SERVICE = ROOT / "tools" / "kiosk" / "farmer-kiosk.service"
FLATPAK = ROOT / "tools" / "flatpak" / f"{APP_ID}.json"
MAX_EXPOSURE = 4.0
PNG_SIZES = (16, 24, 32, 48, 64, 128, 256, 512)

DEBIAN_TOOLS = {
    "appstreamcli": "appstream",
    "desktop-file-validate": "desktop-file-utils",
    "msgfmt": "gettext",
    "systemd-analyze": "systemd",
    "groff": "groff-base",
    "man": "man-db",
    "cage": "cage",  # the kiosk service's ExecStart, which `systemd-analyze verify` looks for
    "flatpak-builder": "flatpak-builder",
}
"""The commands the checks run, and the Debian package of each."""


class Failed(Exception):
    """A check that did not pass, with what it printed."""


def run(
    args: Sequence[str | Path], cwd: Path | None = None, env: dict[str, str] | None = None
) -> subprocess.CompletedProcess[str]:
    """``args`` run with their output captured (never raises on a non-zero status)."""
    return subprocess.run(
        [str(a) for a in args], cwd=cwd, env=env, capture_output=True, text=True, check=False
    )


def must(done: subprocess.CompletedProcess[str]) -> str:
    """The output of ``done``; :class:`Failed` if it exited non-zero."""
    out = (done.stdout + done.stderr).strip()
    if done.returncode != 0:
        raise Failed(f"exit status {done.returncode}\n{out}")
    return out


def debian_tools(install: bool) -> None:
    """Make every command of :data:`DEBIAN_TOOLS` available, installing what is missing if allowed."""
    missing = sorted({deb for tool, deb in DEBIAN_TOOLS.items() if shutil.which(tool) is None})
    if not missing:
        return
    if not install or os.geteuid() != 0:
        raise Failed(
            f"missing Debian packages: {' '.join(missing)} (sudo apt-get install -y {' '.join(missing)})"
        )
    env = {**os.environ, "DEBIAN_FRONTEND": "noninteractive"}
    must(run(["apt-get", "update", "-qq"], env=env))
    must(run(["apt-get", "install", "-y", "-qq", "--no-install-recommends", *missing], env=env))
    still = [tool for tool in DEBIAN_TOOLS if shutil.which(tool) is None]
    if still:
        raise Failed(f"still missing after apt-get: {' '.join(still)}")


def build(out: Path) -> tuple[Path, Path]:
    """The sdist and the wheel of the checkout, built in ``out``."""
    must(run([sys.executable, "-m", "build", "--outdir", out, ROOT]))
    (sdist,) = out.glob("*.tar.gz")
    (wheel,) = out.glob("*.whl")
    return sdist, wheel


def pyroma(sdist: Path) -> str:
    """``pyroma`` on the sdist: 10 out of 10."""
    out = must(run([sys.executable, "-m", "pyroma", "--min", "10", sdist]))
    found = re.search(r"Final rating: (\d+)/10", out)
    if found is None or found.group(1) != "10":
        raise Failed(out)
    return found.group(0)


def wheel_contents(wheel: Path, into: Path) -> str:
    """Check the wheel holds the man page, the icons, the metainfo, the desktop entry and the page for
    phones (every file of ``assets/web/``); unpack it."""
    with zipfile.ZipFile(wheel) as whl:
        names = set(whl.namelist())
        whl.extractall(into)
    version = wheel.name.split("-")[1]
    page = sorted(f"farmer_assets/web/{p.name}" for p in (ROOT / "assets" / "web").iterdir() if p.is_file())
    if "farmer_assets/web/index.html" not in page:
        raise Failed("assets/web/index.html, the page for phones, is missing from the checkout")
    needed = [
        f"farmer_card_game-{version}.data/data/share/man/man6/farmer.6",
        f"farmer_assets/{APP_ID}.metainfo.xml",
        f"farmer_assets/{APP_ID}.desktop",
        f"farmer_assets/icons/hicolor/scalable/apps/{APP_ID}.svg",
        "farmer_assets/icons/farmer.ico",
        "farmer_assets/icons/farmer.icns",
        *(f"farmer_assets/icons/hicolor/{n}x{n}/apps/{APP_ID}.png" for n in PNG_SIZES),
        *page,
    ]
    missing = [n for n in needed if n not in names]
    if missing:
        raise Failed("not in the wheel: " + ", ".join(missing))
    return (f"{len(needed)} files: man page, {len(PNG_SIZES)} PNGs, SVG, ICO, ICNS, metainfo, desktop entry, "
            f"{len(page)} of the page for phones")


def appstream(metainfo: Path) -> str:
    """``appstreamcli validate --no-net``: no error and no warning (information, pedantic notes allowed)."""
    out = must(run(["appstreamcli", "validate", "--no-net", "--explain", metainfo]))
    if re.search(r"^[EW]: ", out, re.MULTILINE):
        raise Failed(out)
    return out.splitlines()[-1]


def desktop_entry(entry: Path) -> str:
    """``desktop-file-validate``: no message at all."""
    out = must(run(["desktop-file-validate", entry]))
    if out:
        raise Failed(out)
    return "valid"


def catalogues() -> str:
    """``msgfmt --check`` on every catalogue."""
    pos = sorted((ROOT / "assets" / "locale").glob("*/LC_MESSAGES/*.po"))
    counts = []
    for po in pos:
        out = must(
            run(
                ["msgfmt", "--check", "--statistics", "-o", os.devnull, po], env={**os.environ, "LC_ALL": "C"}
            )
        )
        counts.append(f"{po.parent.parent.name}: {out}")
    return "; ".join(counts)


def man_page(page: Path) -> str:
    """``groff -man -ww``: the page formats with no warning."""
    out = must(run(["groff", "-man", "-ww", "-z", page]))
    if out:
        raise Failed(out)
    return "formats with no warning"


def service_verify() -> str:
    """``systemd-analyze verify`` on the kiosk's service."""
    out = must(run(["systemd-analyze", "verify", SERVICE]))
    if out:
        raise Failed(out)
    return "no message"


def service_security() -> str:
    """``systemd-analyze security``: the service's exposure, at most :data:`MAX_EXPOSURE`."""
    done = run(["systemd-analyze", "security", "--offline=true", "--no-pager", SERVICE])
    out = (done.stdout + done.stderr).strip()
    found = re.search(r"Overall exposure level for \S+: ([\d.]+) (\w+)", out)
    if found is None:
        raise Failed(f"no exposure level in:\n{out}")
    exposure = float(found.group(1))
    if exposure > MAX_EXPOSURE:
        raise Failed(f"exposure {exposure} is above {MAX_EXPOSURE}:\n{out}")
    return f"exposure {exposure} {found.group(2)}"


def flatpak_manifest() -> str:
    """``flatpak-builder --show-manifest``: the manifest parses, with no warning (an unknown property)."""
    done = run(["flatpak-builder", "--show-manifest", FLATPAK])
    must(done)
    if done.stderr.strip():
        raise Failed(done.stderr.strip())
    modules = [m.get("name") for m in json.loads(done.stdout)["modules"]]
    return f"parses: {len(modules)} modules ({', '.join(modules)})"


def pipx_install(wheel: Path, work: Path) -> str:
    """The wheel installed by pipx under its name, from outside the checkout: it runs and has its man page."""
    env = {k: v for k, v in os.environ.items() if not k.startswith(("PYTHON", "VIRTUAL_ENV", "PIPX_"))}
    env.update(
        PIPX_HOME=str(work / "pipx"),
        PIPX_BIN_DIR=str(work / "bin"),
        PIPX_MAN_DIR=str(work / "man"),
        SDL_VIDEODRIVER="dummy",
        SDL_AUDIODRIVER="dummy",
        FARMER_HOME=str(work / "home"),
    )
    pipx = [sys.executable, "-m", "pipx"]
    work.mkdir(parents=True)
    must(run([*pipx, "install", "--python", sys.executable, wheel], cwd=work, env=env))
    listed = must(run([*pipx, "list", "--short"], cwd=work, env=env))
    if not listed.startswith("farmer-card-game "):
        raise Failed(f"pipx lists {listed!r}")
    version = must(run([work / "bin" / "farmer", "--version"], cwd=work, env=env))
    page = work / "man" / "man6" / "farmer.6"
    if not page.is_file():
        raise Failed(f"pipx did not install the man page as {page}")
    shown = must(run(["man", "-P", "cat", "-l", page], cwd=work, env={**env, "MANWIDTH": "80"}))
    if "FARMER(6)" not in shown:
        raise Failed(shown[:500])
    must(run([work / "bin" / "farmer", "--install-desktop-entry", work / "share"], cwd=work, env=env))
    entry = work / "share" / "applications" / f"{APP_ID}.desktop"
    desktop_entry(entry)
    return (
        f"{listed}: `farmer --version` says {version!r}; man 6 farmer shows the page; "
        "the desktop entry it installs is valid"
    )


def main(argv: Sequence[str] | None = None) -> int:
    """Run every check and report each; the exit status is 1 if any failed."""
    parser = argparse.ArgumentParser(description="Farmer checked by the packaging ecosystem's own tools.")
    parser.add_argument(
        "--install", action="store_true", help="apt-get install missing Debian tools (as root)"
    )
    options = parser.parse_args(argv)
    failures = 0

    def check(name: str, step: Callable[[], str]) -> None:
        nonlocal failures
        try:
            print(f"ok    {name}: {step()}", flush=True)
        except Failed as failed:
            failures += 1
            print(f"FAIL  {name}: {failed}", flush=True)

    try:
        debian_tools(options.install)
    except Failed as failed:
        print(f"FAIL  the Debian tools: {failed}")
        return 1
    with tempfile.TemporaryDirectory(prefix="farmer-packaging-") as tmp:
        work = Path(tmp)
        try:
            sdist, wheel = build(work / "dist")
        except Failed as failed:
            print(f"FAIL  build: {failed}")
            return 1
        print(f"ok    build: {sdist.name}, {wheel.name}")
        unpacked = work / "wheel"
        check(
            "check-wheel-contents",
            lambda: must(run([sys.executable, "-m", "check_wheel_contents", "--ignore", "W009", wheel])),
        )
        check("pyroma", lambda: pyroma(sdist))
        check("the wheel's files", lambda: wheel_contents(wheel, unpacked))
        check(
            "appstreamcli validate --no-net",
            lambda: appstream(unpacked / "farmer_assets" / f"{APP_ID}.metainfo.xml"),
        )
        check(
            "desktop-file-validate", lambda: desktop_entry(unpacked / "farmer_assets" / f"{APP_ID}.desktop")
        )
        check("msgfmt --check", catalogues)
        check("groff -ww (the man page)", lambda: man_page(ROOT / "assets" / "man" / "farmer.6"))
        check("systemd-analyze verify", service_verify)
        check("systemd-analyze security", service_security)
        check("flatpak-builder --show-manifest", flatpak_manifest)
        check("pipx install", lambda: pipx_install(wheel, work / "pipx-outside"))
    print(f"check-packaging: {'all passed' if not failures else f'{failures} failed'}")
    return 1 if failures else 0


if __name__ == "__main__":
    raise SystemExit(main())
