"""The packaging files read as their tools read them: the Flatpak manifest, the PyInstaller spec per
system, and the kiosk's sandboxed service.

The tools themselves (flatpak-builder, PyInstaller on Windows and macOS, systemd-analyze) run in
``make check-packaging`` and ``make dist``; these tests check what can be checked on any
machine, with the standard library: that every file the Flatpak installs exists once the
build has drawn the icons, that the spec asks for a windowed ``.exe`` with its ``.ico`` on
Windows and an app bundle with its ``.icns`` and version on macOS, and that the service keeps
the sandbox, and its writable folder, in step with the kiosk's environment file.
"""

from __future__ import annotations

import json
import re
import shlex
import sys
import tomllib
import types
from importlib.metadata import version
from pathlib import Path
from typing import Any

import pytest

from scenes import resources
from scenes.app import desktop, icon
from tools import make_icons

ROOT = Path(__file__).resolve().parent.parent
MANIFEST = ROOT / "tools" / "flatpak" / f"{desktop.APP_ID}.json"
SERVICE = ROOT / "tools" / "kiosk" / "farmer-kiosk.service"


def manifest() -> dict[str, Any]:
    data: dict[str, Any] = json.loads(MANIFEST.read_text(encoding="utf-8"))
    return data


def test_the_flatpak_manifest_is_for_the_application_id_and_starts_farmer() -> None:
    m = manifest()
    assert m["id"] == desktop.APP_ID
    assert m["runtime"] == "org.freedesktop.Platform" and m["sdk"] == "org.freedesktop.Sdk"
    scripts = tomllib.loads((ROOT / "pyproject.toml").read_text(encoding="utf-8"))["project"]["scripts"]
    assert m["command"] in scripts
    assert "--socket=wayland" in m["finish-args"]


def test_the_flatpak_takes_every_dependency_from_the_package_index_by_its_hash() -> None:
    """Each Python module is a file of the package index, pinned by its sha256."""
    config = tomllib.loads((ROOT / "pyproject.toml").read_text(encoding="utf-8"))
    needed = {re.split(r"[~<>=!]", d)[0].replace("-", "_") for d in config["project"]["dependencies"]}
    given = set()
    for module in manifest()["modules"][:-1]:
        for source in module["sources"]:
            assert source["type"] == "file"
            assert source["url"].startswith("https://files.pythonhosted.org/packages/")
            assert re.fullmatch(r"[0-9a-f]{64}", source["sha256"])
            given.add(source["url"].rsplit("/", 1)[1].split("-")[0].lower())
    assert needed <= given


def test_every_file_the_flatpak_installs_exists_in_the_build(tmp_path: Path) -> None:
    """The farmer module's ``install`` commands, run against the checkout with the icons drawn."""
    farmer = manifest()["modules"][-1]
    assert farmer["sources"] == [{"type": "dir", "path": "../..", "skip": [".venv", "build", "dist", ".git"]}]
    assert (MANIFEST.parent / "../..").resolve() == ROOT
    commands = farmer["build-commands"]
    assert "python3 -m tools.make_icons build/icons" in commands
    make_icons.write(tmp_path / "build" / "icons")
    installed = {}
    for command in commands:
        words = shlex.split(command)
        if words[0] != "install":
            continue
        assert words[1] == "-Dm644"
        source, dest = words[2], words[3]
        found = tmp_path / source if source.startswith("build/") else ROOT / source
        assert found.is_file(), source
        assert dest.startswith("${FLATPAK_DEST}/share/")
        installed[dest.removeprefix("${FLATPAK_DEST}/share/")] = source
    expected = {
        f"metainfo/{desktop.APP_ID}.metainfo.xml",
        f"applications/{desktop.APP_ID}.desktop",
        f"icons/hicolor/scalable/apps/{desktop.APP_ID}.svg",
        *(f"icons/hicolor/{n}x{n}/apps/{desktop.APP_ID}.png" for n in icon.PNG_SIZES),
    }
    assert set(installed) == expected


class _Recorder:
    """PyInstaller's spec names (Analysis, EXE, BUNDLE...) that record what the spec asked for."""

    def __init__(self) -> None:
        self.calls: dict[str, tuple[tuple[Any, ...], dict[str, Any]]] = {}

    def name(self, kind: str) -> Any:
        def make(*args: Any, **kwargs: Any) -> types.SimpleNamespace:
            self.calls[kind] = (args, kwargs)
            return types.SimpleNamespace(pure=[], scripts=[], binaries=[], datas=[])

        return make


def _spec_on(
    platform: str, monkeypatch: pytest.MonkeyPatch
) -> dict[str, tuple[tuple[Any, ...], dict[str, Any]]]:
    """What ``farmer.spec`` asks PyInstaller for when run on ``platform``."""
    hooks = types.ModuleType("PyInstaller.utils.hooks")
    hooks.collect_data_files = lambda *a, **k: []  # type: ignore[attr-defined]
    hooks.collect_submodules = lambda *a, **k: []  # type: ignore[attr-defined]
    hooks.copy_metadata = lambda name: [(name, ".")]  # type: ignore[attr-defined]
    for name in ("PyInstaller", "PyInstaller.utils"):
        monkeypatch.setitem(sys.modules, name, types.ModuleType(name))
    monkeypatch.setitem(sys.modules, "PyInstaller.utils.hooks", hooks)
    monkeypatch.setattr(sys, "platform", platform)
    recorder = _Recorder()
    names = {kind: recorder.name(kind) for kind in ("Analysis", "PYZ", "EXE", "COLLECT", "BUNDLE")}
    exec(compile((ROOT / "farmer.spec").read_text(encoding="utf-8"), "farmer.spec", "exec"), names)
    return recorder.calls


def test_the_spec_on_linux_is_a_console_folder_without_app_bundle(monkeypatch: pytest.MonkeyPatch) -> None:
    calls = _spec_on("linux", monkeypatch)
    assert calls["EXE"][1]["console"] is True
    assert calls["EXE"][1]["icon"] is None
    assert calls["COLLECT"][1]["name"] == "farmer"
    assert "BUNDLE" not in calls


def test_the_spec_on_windows_is_windowed_with_the_ico(monkeypatch: pytest.MonkeyPatch) -> None:
    calls = _spec_on("win32", monkeypatch)
    exe = calls["EXE"][1]
    assert exe["console"] is False
    assert exe["icon"] == str(resources.root() / "icons" / "farmer.ico")  # the package's, drawn by the build
    assert "BUNDLE" not in calls


def test_the_spec_on_macos_makes_an_app_bundle_with_the_icns_and_version(
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    calls = _spec_on("darwin", monkeypatch)
    assert calls["EXE"][1]["console"] is False
    bundle = calls["BUNDLE"][1]
    assert bundle["name"] == "Farmer.app"
    assert bundle["bundle_identifier"] == desktop.APP_ID
    assert bundle["icon"].endswith("farmer.icns")
    plist = bundle["info_plist"]
    assert plist["CFBundleShortVersionString"] == plist["CFBundleVersion"] == version(resources.DISTRIBUTION)
    assert plist["CFBundleName"] == "Farmer"


def _service() -> dict[str, list[str]]:
    values: dict[str, list[str]] = {}
    for line in SERVICE.read_text(encoding="utf-8").splitlines():
        if "=" in line and not line.startswith("#"):
            key, _, value = line.partition("=")
            values.setdefault(key, []).append(value)
    return values


def test_the_kiosk_service_is_sandboxed_and_writes_only_the_kiosks_folder() -> None:
    unit = _service()
    for key, value in {
        "NoNewPrivileges": "yes",
        "ProtectSystem": "strict",
        "ProtectHome": "yes",
        "PrivateTmp": "yes",
        "DevicePolicy": "closed",
        "CapabilityBoundingSet": "",
    }.items():
        assert unit[key] == [value], key
    families = unit["RestrictAddressFamilies"][0].split()
    assert "AF_UNIX" in families and not {"AF_INET", "AF_INET6"} & set(families)
    env = (ROOT / "tools" / "kiosk" / "farmer-kiosk.env").read_text(encoding="utf-8")
    home = re.search(r"^FARMER_HOME=(.+)$", env, re.MULTILINE)
    assert home is not None
    assert home.group(1) in unit["ReadWritePaths"][0].split()  # the log is written there
    assert {d.split()[0] for d in unit["DeviceAllow"]} >= {"/dev/tty1", "char-drm", "char-input"}
    assert unit["ExecStart"][0].startswith("/usr/bin/cage ") and unit["TTYPath"] == ["/dev/tty1"]


def test_every_line_of_the_kiosks_sandbox_is_explained() -> None:
    """Each setting of the sandbox has a comment above it (a run of settings shares one)."""
    lines = SERVICE.read_text(encoding="utf-8").splitlines()
    start = lines.index("# --- The sandbox ---")
    end = lines.index("[Install]")
    before = ""
    for line in lines[start:end]:
        if line and not line.startswith("#"):
            assert before.startswith("#") or "=" in before, line
        if line:
            before = line
