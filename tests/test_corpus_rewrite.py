"""Rewrites of the real-world-style corpus compile as the original does
(fails in CI when nvcc is missing, like tests/test_nvcc.py)."""
from __future__ import annotations

import os
import subprocess
from concurrent.futures import ThreadPoolExecutor
from pathlib import Path

import pytest

from conftest import require_nvcc
from rapcc.diagnostics import InternalError
from rapcc.pipeline import STRATEGIES, Options, rewrite_source_strategies

CORPUS = sorted((Path(__file__).resolve().parent / "corpus").glob("*.cu"))


def _compiles(nvcc: str, path: Path, out: Path, device_only: bool = False) -> subprocess.CompletedProcess:
    # `--cubin` runs the whole device side (front end, ptxas: a padded array
    # over the shared-memory limit fails there) and skips the host compiler,
    # which sees no shared array; it takes half the time of `-c`.
    mode = "--cubin" if device_only else "-c"
    return subprocess.run([nvcc, "-arch=sm_90", mode, "-o", str(out), str(path)], capture_output=True, text=True)


def _errors(proc: subprocess.CompletedProcess, *paths: Path) -> str:
    text = proc.stderr
    for p in paths:
        text = text.replace(str(p), "<file>")
    return "\n".join(line for line in text.splitlines() if "error" in line)


@pytest.mark.nvcc
@pytest.mark.parametrize("src", CORPUS, ids=[p.stem for p in CORPUS])
def test_every_strategy_compiles_as_the_original_does(src, tmp_path):
    """Where the original compiles, every rewrite compiles. Where it does not
    (headers nvcc lacks here), every rewrite fails with the same errors: rapcc
    adds none (its `#line` keeps them on the original's lines)."""
    nvcc = require_nvcc()
    source = src.read_bytes()
    built = {source}
    jobs: list[tuple[str, Path]] = []
    # One parse and analysis for every strategy, as `rapcc bench` does.
    results = rewrite_source_strategies(source, str(src), Options(), tuple(s for s in STRATEGIES if s != "none"))
    for strategy, result in results.items():
        assert not isinstance(result, InternalError), f"{strategy}: {result}"
        text = result.text
        if text in built:
            continue  # the original, or another strategy's identical rewrite
        built.add(text)
        out = tmp_path / f"{src.stem}.{strategy}.cu"
        out.write_bytes(text)
        jobs.append((strategy, out))
    original = _compiles(nvcc, src, tmp_path / "orig.o")

    def check(job: tuple[str, Path]) -> str | None:
        strategy, out = job
        # `auto`'s rewrite, the one builds use, goes through the host compiler
        # too; so does every rewrite of an original that fails (same errors).
        proc = _compiles(nvcc, out, out.with_suffix(".o"), device_only=strategy != "auto" and original.returncode == 0)
        if original.returncode == 0 and proc.returncode != 0:
            return f"{strategy}: {proc.stderr.strip()[:300]}"
        if original.returncode != 0 and _errors(proc, out, src) != _errors(original, src):
            return f"{strategy}: errors differ from the original's:\n{_errors(proc, out, src)[:300]}"
        return None

    with ThreadPoolExecutor(max_workers=max(2, os.cpu_count() or 2)) as pool:
        failures = [f for f in pool.map(check, jobs) if f]
    assert not failures, "\n".join(failures)
