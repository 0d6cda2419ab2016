"""A real, non-editable install: the wheel carries the fonts and the compiled catalogs, and
`jeweltable screenshot` runs from another folder in German."""

from __future__ import annotations

import os
import shutil
import subprocess
import sys
import sysconfig
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
# What a build does not read: the environment, git, caches and earlier builds.
NOT_SOURCE = (
    ".venv",
    ".git",
    "__pycache__",
    ".pytest_cache",
    ".ruff_cache",
    ".hypothesis",
    "build",
    "*.egg-info",
)


def run(*args: str | Path, **kwargs) -> subprocess.CompletedProcess:
    return subprocess.run(
        [str(a) for a in args], capture_output=True, text=True, timeout=300, **kwargs
    )


def test_a_built_wheel_installs_into_a_fresh_venv_with_fonts_and_catalogs(tmp_path):
    # Built from a copy of the tree: the build compiles the catalogs, rewriting each .mo in
    # place, and the tests running beside this one (make test runs several at once) read them.
    source = tmp_path / "source"
    shutil.copytree(ROOT, source, symlinks=True, ignore=shutil.ignore_patterns(*NOT_SOURCE))
    wheels = tmp_path / "wheels"
    built = run(
        sys.executable, "-m", "pip", "wheel", "--no-deps", "--no-build-isolation",
        "-w", wheels, source,
    )  # fmt: skip
    assert built.returncode == 0, built.stderr
    [wheel] = wheels.glob("jeweltable-*.whl")

    venv = tmp_path / "venv"
    assert run(sys.executable, "-m", "venv", "--without-pip", venv).returncode == 0
    python = venv / "bin" / "python"
    installed = run(sys.executable, "-m", "pip", "--python", python, "install", "--no-deps", wheel)
    assert installed.returncode == 0, installed.stderr
    # The dependencies (pygame-ce, msgpack, zeroconf) come from the test environment, behind
    # the fresh venv's own packages; only this project is installed from the wheel.
    site = Path(
        run(python, "-c", "import sysconfig; print(sysconfig.get_path('purelib'))").stdout.strip()
    )
    (site / "deps.pth").write_text(sysconfig.get_path("purelib") + "\n")

    elsewhere = tmp_path / "elsewhere"
    elsewhere.mkdir()
    env = {**os.environ, "SDL_VIDEODRIVER": "dummy", "SDL_AUDIODRIVER": "dummy"}
    env.pop("PYTHONPATH", None)
    probe = run(
        python,
        "-c",
        "from client.words import i18n; from client.ui import theme; from server import web_files; "
        "i18n.set_language('de'); "
        "print(i18n.__file__); print(theme.FONT_REGULAR.exists()); print(i18n._('Connect')); "
        "print(web_files.page_file('/'))",
        cwd=elsewhere,
        env=env,
    )
    assert probe.returncode == 0, probe.stderr
    where, font, word, page = probe.stdout.split("\n")[:4]
    assert where.startswith(str(site)), where
    assert font == "True"
    assert word == "Verbinden"
    assert page.startswith(str(site)) and page.endswith("index.html"), "the page is package data"

    out = elsewhere / "table.png"
    shot = run(
        venv / "bin" / "jeweltable", "screenshot", "--scene", "table", "--game", "das-kollier",
        "--lang", "de", "--size", "800x600", "--out", out, cwd=elsewhere, env=env,
    )  # fmt: skip
    assert shot.returncode == 0, shot.stderr
    assert out.stat().st_size > 10_000
