"""rapcc on the fetched real-code corpus (benchmarks/fetch_corpus.sh): files
parse to analysis, nothing crashes, and every `auto` rewrite of a file nvcc
compiles compiles too. Skips where the corpus was not fetched, unless
RAPCC_REQUIRE_CORPUS=1 (then it fails)."""
from __future__ import annotations

import os
import shutil
import sys
import tempfile
from pathlib import Path

import pytest

# benchmarks/ is a folder of scripts, not an installed package.
sys.path.insert(0, str(Path(__file__).resolve().parent.parent))
from benchmarks.corpus import CORPUS, analyse_file, shared_memory_files  # noqa: E402


def _corpus() -> list[tuple[Path, Path]]:
    if not CORPUS.is_dir():
        if os.environ.get("RAPCC_REQUIRE_CORPUS") == "1":
            pytest.fail("the real-code corpus is required (RAPCC_REQUIRE_CORPUS=1); run benchmarks/fetch_corpus.sh")
        pytest.skip("third_party/corpus not fetched (benchmarks/fetch_corpus.sh)")
    return [(project, f) for project in sorted(CORPUS.iterdir()) if project.is_dir()
            for f in shared_memory_files(project)]


@pytest.mark.slow
def test_real_files_parse_to_analysis_and_rewrites_compile():
    files = _corpus()
    nvcc = shutil.which("nvcc")
    with tempfile.TemporaryDirectory() as tmp:
        # nvcc only where rapcc rewrote something: compiling every original takes many minutes.
        results = []
        for project, path in files:
            r = analyse_file(project.name, project, path, None, Path(tmp), None)
            if r.rewritten and nvcc:
                r = analyse_file(project.name, project, path, nvcc, Path(tmp), None)
            results.append(r)
    parsed = sum(r.parsed for r in results)
    assert len(results) >= 100
    assert parsed / len(results) >= 0.95, [r.path for r in results if not r.parsed]
    assert [r.bug for r in results if r.bug] == []
    assert all(f.reason and f.line > 0 for r in results for f in r.refusals)
