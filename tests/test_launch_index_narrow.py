"""rapcc/build/launch_index.py's narrowed scan (issue 28): a compile step
reads the launches of the files that may name its own device functions
(build/launch_scope.py), and gets of those functions exactly what the scan
of every file gives; the rewrite treats any other function as launched with
an unknown shape (`Options.launch_scope`)."""
from __future__ import annotations

from pathlib import Path

import pytest

from rapcc.build import launch_index
from rapcc.build.cache import Cache
from rapcc.build.compdb import CompileEntry
from rapcc.build.launch_index import Job, ProjectFacts, ScanLog, cached_project_launches, store_file_launches
from rapcc.build.nvcc_args import HonouredFlags
from rapcc.build.worker import launches_job
from rapcc.pipeline import Options, rewrite_source

FLAGS = HonouredFlags((), (), "c++17", ())

# The kernels' file: its compile step needs the launches of tile_k, paste_k, ptr_k, hdr_k, gone_k.
KERNELS = """
__global__ void tile_k(float *p) { p[threadIdx.x] = 0; }
__global__ void paste_k(float *p) { p[threadIdx.x] = 1; }
__global__ void ptr_k(float *p) { p[threadIdx.x] = 2; }
__global__ void hdr_k(float *p) { p[threadIdx.x] = 3; }
template <int N> __global__ void gone_k(float *p) { p[threadIdx.x] = N; }
void run_all(float *p) { tile_k<<<1, dim3(32, 8)>>>(p); gone_k<4><<<1, 64>>>(p); }
"""
FILES = {
    "kernels.cu": KERNELS,
    # Spells the kernel: read.
    "spell.cu": "__global__ void tile_k(float *p);\nvoid a(float *p) { tile_k<<<1, dim3(64, 4)>>>(p); }\n",
    # Names it only by pasting (`paste ## _k`): the name is never spelled, and the file is read.
    "paste.cu": "#define DECLARE(n) __global__ void n##_k(float *p)\nDECLARE(paste);\n"
                "#define LAUNCH(n) n##_k<<<1, dim3(16, 16)>>>(p)\nvoid b(float *p) { LAUNCH(paste); }\n",
    # A local function pointer that only launches it, and the kernel passed as a pointer (unknown).
    "pointer.cu": "__global__ void ptr_k(float *p);\nvoid take(void (*)(float *));\n"
                  "void c(float *p) { void (*f)(float *) = ptr_k; f<<<1, 128>>>(p); take(ptr_k); }\n",
    # The launch is a macro of a user header: the file spells no kernel.
    "macro.cu": '#include "launch.h"\nvoid d(float *p) { RUN_HDR; }\n',
    "launch.h": "__global__ void hdr_k(float *p);\n#define RUN_HDR hdr_k<<<1, dim3(8, 8, 4)>>>(p)\n",
    # Host code that names none of them: not read for kernels.cu.
    "host.cu": "__global__ void lone(float *p) { p[0] = 0; }\nvoid e(float *p) { lone<<<1, 32>>>(p); }\n",
    # A launch of a same-named function the kernels' file does not define: out of its scope.
    "other.cu": "__global__ void other(float *p) { p[0] = 0; }\nvoid f(float *p) { other<<<1, 96>>>(p); }\n",
}


def _project(root: Path) -> list[CompileEntry]:
    for name, text in FILES.items():
        (root / name).write_text(text)
    return [CompileEntry(str(root / n), str(root), FLAGS, True) for n in FILES if n.endswith(".cu")]


def _parser(cache: Cache, parsed: list[str]):
    """The worker's own reading of each file, in this process (rapcc's stand-in headers)."""
    def compute(jobs: list[Job]) -> None:
        for key, path, src, flags, extra in jobs:
            parsed.append(Path(path).name)
            launches_job(cache, {"key": key, "path": path, "source": src.decode(), **extra,
                                 "options": {"strategy": "none", **flags.to_json(), "headers": "standin"}})
    return compute


def _restricted(facts: ProjectFacts, names: tuple[str, ...]) -> tuple:
    keep = set(names)
    return (tuple((k, v) for k, v in facts.shapes if k in keep), tuple((k, v) for k, v in facts.unknown if k in keep))


def test_the_narrowed_scan_gives_the_kernels_file_what_the_whole_scan_gives(tmp_path):
    (tmp_path / "src").mkdir()
    entries = _project(tmp_path / "src")
    whole_parsed: list[str] = []
    whole = cached_project_launches(entries, Cache(tmp_path / "c1"), "v", _parser(Cache(tmp_path / "c1"), whole_parsed))
    assert whole.scope is None and len(whole_parsed) == len(entries)
    parsed: list[str] = []
    log = ScanLog()
    cache = Cache(tmp_path / "c2")
    own = str(tmp_path / "src" / "kernels.cu")
    narrow = cached_project_launches(entries, cache, "v", _parser(cache, parsed), own, log)
    assert narrow.scope == ("gone_k", "hdr_k", "paste_k", "ptr_k", "tile_k")
    assert _restricted(narrow, narrow.scope) == _restricted(whole, narrow.scope)
    shapes = dict(narrow.shapes)
    # Each way of naming a kernel was read: spelled, pasted, through a pointer, by a header's macro.
    assert (64, 4, 1) in shapes["tile_k"] and (32, 8, 1) in shapes["tile_k"]
    assert (16, 16, 1) in shapes["paste_k"]
    assert (128, 1, 1) in shapes["ptr_k"] and "ptr_k" in dict(narrow.unknown)
    assert (8, 8, 4) in shapes["hdr_k"]
    assert (64, 1, 1) in shapes["gone_k"]
    # The files that cannot name them were not parsed; nothing outside the scope is reported.
    assert sorted(parsed) == ["kernels.cu", "macro.cu", "paste.cu", "pointer.cu", "spell.cu"]
    assert "other" not in shapes and "lone" not in shapes
    assert (log.parsed, log.read, log.of, log.whole) == (5, 5, 7, None)


def test_a_file_that_pastes_the_name_from_pieces_it_does_not_spell_whole_is_still_read(tmp_path):
    """The wrong form of narrowing, a scan for the kernel's spelling alone, would drop paste.cu:
    its launch 16x16 must reach paste_k."""
    (tmp_path / "src").mkdir()
    entries = _project(tmp_path / "src")
    assert b"paste_k" not in (tmp_path / "src" / "paste.cu").read_bytes()
    cache = Cache(tmp_path / "c")
    facts = cached_project_launches(entries, cache, "v", _parser(cache, []), str(tmp_path / "src" / "kernels.cu"))
    assert (16, 16, 1) in dict(facts.shapes)["paste_k"]


def test_a_step_of_a_file_outside_the_database_reads_every_file(tmp_path):
    (tmp_path / "src").mkdir()
    entries = _project(tmp_path / "src")
    stray = tmp_path / "stray.cu"
    stray.write_text(KERNELS)
    cache = Cache(tmp_path / "c")
    parsed: list[str] = []
    log = ScanLog()
    facts = cached_project_launches(entries, cache, "v", _parser(cache, parsed), str(stray), log)
    assert facts.scope is None and len(parsed) == len(entries)
    assert log.whole == "the compiled file is not in the compile database"


def test_a_launch_reading_another_files_constant_takes_the_whole_scan(tmp_path):
    """Any file of the database may define the constant: no narrowing (exact, as before)."""
    (tmp_path / "src").mkdir()
    entries = _project(tmp_path / "src")
    (tmp_path / "src" / "spell.cu").write_text(
        "__global__ void tile_k(float *p);\nextern const int B;\nvoid a(float *p) { tile_k<<<1, B>>>(p); }\n")
    cache = Cache(tmp_path / "c")
    log = ScanLog()
    facts = cached_project_launches(entries, cache, "v", _parser(cache, []), str(tmp_path / "src" / "kernels.cu"), log)
    assert facts.scope is None and log.whole == "a launch reads a constant another file defines"


def test_a_file_that_does_not_parse_and_may_name_a_kernel_makes_its_launches_unknown(tmp_path):
    """A file rapcc cannot parse may launch any kernel it can name, with any shape: unknown, not
    absent, in a step's narrowed scan and in the whole scan alike (the whole scan dropped it)."""
    (tmp_path / "src").mkdir()
    entries = _project(tmp_path / "src")
    (tmp_path / "src" / "spell.cu").write_text(FILES["spell.cu"] + "void broken(float *p) { p[0] = ; }\n")
    cache = Cache(tmp_path / "c")
    narrow = cached_project_launches(entries, cache, "v", _parser(cache, []), str(tmp_path / "src" / "kernels.cu"))
    whole = cached_project_launches(entries, cache, "v", _parser(cache, []))
    for facts in (narrow, whole):
        assert any("'spell.cu', which rapcc cannot parse" in r for r in dict(facts.unknown)["tile_k"])
        assert launch_index.UNREAD_ENTRY in dict(facts.shapes)["tile_k"]
        # The twin: a kernel the broken file cannot name keeps its read shapes and no unknown launch.
        assert (16, 16, 1) in dict(facts.shapes)["paste_k"] and "paste_k" not in dict(facts.unknown)


def test_the_unread_entries_are_the_frontends() -> None:
    from rapcc.frontend.launches import UNREAD_SHAPE, bytes_entry
    assert launch_index.UNREAD_ENTRY == UNREAD_SHAPE and launch_index.UNKNOWN_BYTES_ENTRY == bytes_entry(None)


@pytest.mark.skipif(launch_index.fcntl is None, reason="without POSIX flock no step waits on another's claim")
def test_a_step_waits_for_another_steps_claim_no_longer_than_its_patience(tmp_path, monkeypatch):
    """A claim held far longer than a parse takes: the step parses the file itself and goes on."""
    (tmp_path / "src").mkdir()
    f = tmp_path / "src" / "u0.cu"
    f.write_text("// unit\n")
    entries = [CompileEntry(str(f), str(tmp_path / "src"), FLAGS, True)]
    cache = Cache(tmp_path / "c")
    key = launch_index.file_launch_key(str(f), f.read_bytes(), FLAGS, "v")
    held = launch_index._try_claim(cache.root, key)  # another step, stuck
    assert held is not None
    monkeypatch.setattr(launch_index, "DEFAULT_PATIENCE_S", 0.2)
    done: list[str] = []

    def compute(jobs: list[Job]) -> None:
        for k, *_ in jobs:
            done.append(k)
            store_file_launches(cache, k, {"launches": {"k": [(32, 1, 1)]}}, None)
    log = ScanLog()
    try:
        facts = cached_project_launches(entries, cache, "v", compute, log=log)
    finally:
        held.close()
    assert done == [key] and facts.shapes == (("k", ((32, 1, 1),)),)
    assert 0.2 <= log.waited_s < 2.0


# ---- the rewrite: a function outside the scope is launched with an unknown shape ----

FLAT = """__global__ void k(const float *in, float *o) {
  __shared__ float tile[8][32];
  int tx = threadIdx.x, ty = threadIdx.y;
  tile[ty][tx] = in[ty * 32 + tx];
  __syncthreads();
  o[ty * 32 + tx] = tile[tx & 7][ty * 4 + (tx >> 3)];
}
void run(float *i, float *o) { k<<<1, dim3(32, 8)>>>(i, o); }
"""


def _tile(options: Options):
    r = rewrite_source(FLAT.encode(), "k.cu", options)
    (plan,) = [p for p in r.plans if p.analysis.array.name == "tile"]
    return plan


def test_a_kernel_outside_the_scans_scope_is_rewritten_for_the_shapes_proved_only() -> None:
    """Its own launch says 32x8, but other files' launches of it were not read: every shape, so its layout
    applies behind a test of blockDim for the shapes proved only (analysis/guards.py)."""
    plan = _tile(Options(launch_scope=(), whole_program=True))
    assert plan.unproved is None and (32, 8, 1) in plan.analysis.guard


def test_its_twin_inside_the_scope_is_rewritten() -> None:
    assert not _tile(Options(launch_scope=("k",), whole_program=True)).analysis.guard
    assert _tile(Options(launch_scope=("k",), whole_program=True)).rewritten


def test_a_steps_scan_is_one_json_line_of_the_scan_log(tmp_path) -> None:
    import json

    from rapcc.build.rewrites import _append_scan_log
    where = tmp_path / "scan.jsonl"
    _append_scan_log(str(where), "a.cu", 1.23456, ScanLog(parsed=2, parse_s=0.5, waited_s=0.25, read=3, of=9))
    _append_scan_log(str(where), None, 2.0, ScanLog(whole="the compiled file is not in the compile database"))
    first, second = [json.loads(line) for line in where.read_text().splitlines()]
    assert first == {"file": "a.cu", "seconds": 1.235, "parsed": 2, "parse_s": 0.5, "waited_s": 0.25, "read": 3,
                     "of": 9, "whole": None}
    assert second["file"] is None and second["whole"].startswith("the compiled file")
