"""rapcc/build/launch_index.py: the project's launches, computed once per file
and shared by the compile steps that need them at the same time (issue 28:
no step of a `make -j` build waits while another parses every file)."""
from __future__ import annotations

import threading
import time
from pathlib import Path

import pytest

from rapcc.build import launch_index
from rapcc.build.cache import Cache
from rapcc.build.compdb import CompileEntry
from rapcc.build.launch_index import Job, cached_project_launches, store_file_launches
from rapcc.build.nvcc_args import HonouredFlags

FLAGS = HonouredFlags((), (), "c++17", ())


def _project(tmp_path: Path, n: int) -> list[CompileEntry]:
    entries = []
    for i in range(n):
        f = tmp_path / f"u{i}.cu"
        f.write_text(f"// unit {i}\n")
        entries.append(CompileEntry(str(f), str(tmp_path), FLAGS, True))
    return entries


def _computer(cache: Cache, log: list[tuple[str, str]], who: str, delay_s: float = 0.05):
    """A compute that records which step parsed each file; file uI launches kernel kI at 32xI."""
    def compute(jobs: list[Job]) -> None:
        for key, path, *_ in jobs:
            log.append((who, Path(path).stem))
            time.sleep(delay_s)
            i = int(Path(path).stem[1:])
            store_file_launches(cache, key, {"launches": {f"k{i}": [(32, i + 1, 1)]}}, None)
    return compute


@pytest.mark.skipif(launch_index.fcntl is None,
                    reason="without POSIX flock (Windows) the steps do not share the scan by design: "
                           "each parses every file it needs, so there is no sharing to test")
def test_two_steps_share_the_files_and_each_file_is_parsed_once(tmp_path):
    (tmp_path / "src").mkdir()
    entries = _project(tmp_path / "src", 8)
    cache = Cache(tmp_path / "cache")
    log: list[tuple[str, str]] = []
    results: dict[str, object] = {}

    def step(who: str) -> None:
        results[who] = cached_project_launches(entries, cache, "v", _computer(cache, log, who)).shapes

    threads = [threading.Thread(target=step, args=(w,)) for w in ("a", "b")]
    for t in threads:
        t.start()
    for t in threads:
        t.join()
    parsed = [unit for _, unit in log]
    assert sorted(parsed) == sorted(f"u{i}" for i in range(8))  # every file once, none twice
    assert {who for who, _ in log} == {"a", "b"}  # the second step parsed files too instead of waiting
    expected = tuple((f"k{i}", ((32, i + 1, 1),)) for i in range(8))
    assert results["a"] == results["b"] == expected


def test_a_file_a_step_failed_on_is_parsed_by_the_next_step(tmp_path):
    (tmp_path / "src").mkdir()
    entries = _project(tmp_path / "src", 3)
    cache = Cache(tmp_path / "cache")

    def failing(jobs: list[Job]) -> None:
        raise RuntimeError("worker died")

    with pytest.raises(RuntimeError):
        cached_project_launches(entries, cache, "v", failing)
    log: list[tuple[str, str]] = []
    shapes = cached_project_launches(entries, cache, "v", _computer(cache, log, "b", 0)).shapes
    assert sorted(u for _, u in log) == ["u0", "u1", "u2"]
    assert dict(shapes)["k2"] == ((32, 3, 1),)
    # the claims are gone: a rebuild finds every file cached and parses nothing
    assert not list((tmp_path / "cache" / "launch-claims").glob("*.lock"))
    again: list[tuple[str, str]] = []
    assert cached_project_launches(entries, cache, "v", _computer(cache, again, "c", 0)).shapes == shapes
    assert again == []


def test_a_file_the_cache_did_not_keep_is_not_parsed_again_in_a_loop(tmp_path):
    (tmp_path / "src").mkdir()
    entries = _project(tmp_path / "src", 2)
    cache = Cache(tmp_path / "cache")
    calls: list[int] = []

    def forgetful(jobs: list[Job]) -> None:
        calls.append(len(jobs))  # stores nothing: a full disk

    assert cached_project_launches(entries, cache, "v", forgetful).shapes == ()
    assert sum(calls) == 2
