"""The HTML report in a real browser: headless Chromium (Debian's package).

The fixture installs `chromium` with apt-get when it is missing and the tests
run as root; they skip only when it cannot be installed. With
RAPCC_UPDATE_DOCS=1 the screenshot of the 16x16 transpose is written to
docs/report_transpose_16x16.png (the picture the README shows).
"""
from __future__ import annotations

import os
import re
import shutil
import struct
import subprocess
from pathlib import Path

import pytest

from conftest import EXAMPLES, ROOT
from rapcc.pipeline import Options, rewrite_source
from rapcc.report_html import render_html

BROWSERS = ("chromium", "chromium-browser", "google-chrome")
FLAGS = ("--headless", "--no-sandbox", "--disable-gpu", "--disable-background-networking",
         "--disable-component-update", "--disable-sync", "--no-first-run", "--hide-scrollbars")
SCREENSHOT = ROOT / "docs" / "report_transpose_16x16.png"


def _find() -> str | None:
    return next((p for p in map(shutil.which, BROWSERS) if p), None)


@pytest.fixture(scope="module")
def chromium() -> str:
    found = _find()
    if found is None and shutil.which("apt-get") and os.geteuid() == 0:
        env = {**os.environ, "DEBIAN_FRONTEND": "noninteractive"}
        for cmd in (["apt-get", "install", "-y", "-qq", "chromium"], ["apt-get", "update", "-qq"],
                    ["apt-get", "install", "-y", "-qq", "chromium"]):
            subprocess.run(cmd, env=env, capture_output=True, timeout=900)
            found = _find()
            if found:
                break
    if found is None:
        pytest.skip("headless Chromium is not installed and 'apt-get install chromium' was not possible here "
                    "(needs apt-get and root)")
    return found


def _page(tmp_path: Path, name: str) -> Path:
    path = f"examples/{name}.cu"
    src = (EXAMPLES / f"{name}.cu").read_bytes()
    result = rewrite_source(src, path, Options())
    out = tmp_path / f"{name}.html"
    out.write_text(render_html(path, src, result.plans, f"rapcc analyze {path} --html {name}.html"))
    return out


def _run(browser: str, tmp_path: Path, *args: str) -> subprocess.CompletedProcess:
    profile = tmp_path / f"profile-{len(list(tmp_path.iterdir()))}"
    return subprocess.run([browser, *FLAGS, f"--user-data-dir={profile}", "--enable-logging=stderr", "--v=0",
                           *args], capture_output=True, text=True, timeout=180)


def _console(stderr: str) -> list[str]:
    """Console messages and load failures Chromium logged for the page."""
    return [ln for ln in stderr.splitlines() if ":CONSOLE" in ln or "net::ERR" in ln or "Refused to" in ln]


@pytest.mark.slow
def test_the_report_renders_without_console_errors_and_shows_32_rows(chromium, tmp_path):
    html = _page(tmp_path, "transpose_32x8")
    run = _run(chromium, tmp_path, "--dump-dom", html.as_uri())
    assert run.returncode == 0, run.stderr[-2000:]
    assert _console(run.stderr) == []
    dom = run.stdout
    # The page's script ran and found every heatmap laid out with a height.
    body = re.search(r'<body[^>]*data-heatmaps="(\d+)"[^>]*data-heatmaps-drawn="(\d+)"', dom)
    assert body and int(body.group(1)) > 0 and body.group(1) == body.group(2)
    sides = {}
    for m in re.finditer(r'<svg class="heatmap" data-side="(\w+)" data-access="([\d:]+)"(.*?)</svg>', dom, re.S):
        sides[(m.group(2), m.group(1))] = m.group(3).count('class="wf-row"')
    assert ("31:40", "before") in sides
    assert sides[("31:40", "before")] == 32 and sides[("31:40", "after")] == 1


def test_the_page_catches_a_script_error(chromium, tmp_path):
    # The console check above can fail: a broken page is caught.
    bad = tmp_path / "bad.html"
    bad.write_text("<html><body><script>null.f();</script></body></html>")
    run = _run(chromium, tmp_path, "--dump-dom", bad.as_uri())
    assert any("Uncaught" in ln for ln in _console(run.stderr))


def _png_size(data: bytes) -> tuple[int, int]:
    assert data[:8] == b"\x89PNG\r\n\x1a\n" and data[12:16] == b"IHDR"
    return struct.unpack(">II", data[16:24])


@pytest.mark.slow
def test_screenshot_of_the_16x16_transpose(chromium, tmp_path):
    html = _page(tmp_path, "transpose_16x16")
    shot = tmp_path / "shot.png"
    run = _run(chromium, tmp_path, f"--screenshot={shot}", "--window-size=1400,1000", html.as_uri())
    assert run.returncode == 0 and shot.exists(), run.stderr[-2000:]
    assert _console(run.stderr) == []
    data = shot.read_bytes()
    assert _png_size(data) == (1400, 1000) and len(data) > 20_000
    if os.environ.get("RAPCC_UPDATE_DOCS") == "1":
        SCREENSHOT.write_bytes(data)
