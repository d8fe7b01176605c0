"""The sound proof's facts per access site (rapcc/analysis/site_facts.py): what
the rest of rapcc reads of the one range proof, run before planning."""
from __future__ import annotations

from rapcc.analysis.arrays import analyze
from rapcc.analysis.soundness import prove_file
from rapcc.frontend import parse_file
from rapcc.pipeline import Options

LAUNCH = "\nvoid go(float *o) { k<<<1, dim3(32, 8)>>>(o); }\n"


def _info(body: str):
    src = 'extern "C" __global__ void k(float *o) {\n  __shared__ float s[8][64];\n' + body + "}\n" + LAUNCH
    info, _ = parse_file("k.cu", src.encode(), Options())
    return info


def _sites(body: str):
    info = _info(body)
    (a,) = analyze(info)
    return a, {x.access.text: x.site for x in a.accesses}


def test_each_subscript_is_joined_over_every_run_of_the_site() -> None:
    a, sites = _sites("  s[threadIdx.y][threadIdx.x + 32] = 1.0f;\n  o[0] = s[7][threadIdx.x];\n")
    assert a.unproved is None
    store = sites["s[threadIdx.y][threadIdx.x + 32]"]
    assert store is not None and store.ranges is not None
    assert (store.ranges[0].lo, store.ranges[0].hi) == (0, 7) and (store.ranges[1].lo, store.ranges[1].hi) == (32, 63)
    assert store.top(1) == 63 and not store.never_runs


def test_a_site_no_run_reaches_never_runs_and_its_twin_runs() -> None:
    # 32x8 threads: `threadIdx.x >= 32` never holds, `threadIdx.x >= 16` does for half of them.
    a, sites = _sites("  if (threadIdx.x >= 32) s[0][threadIdx.x] = 1.0f;\n"
                      "  if (threadIdx.x >= 16) s[1][threadIdx.x] = 2.0f;\n  o[0] = s[1][3];\n")
    assert a.unproved is None
    never, runs = sites["s[0][threadIdx.x]"], sites["s[1][threadIdx.x]"]
    assert never is not None and never.never_runs and never.top(1) == -1
    assert runs is not None and not runs.never_runs and runs.ranges is not None and runs.ranges[1].lo == 16


def test_an_unproved_array_has_no_site_facts() -> None:
    """The runs that refuse an array need not cover every launch: nothing they
    recorded is a fact (unknown, never a guess)."""
    a, sites = _sites("  s[0][threadIdx.x * 4] = 1.0f;\n  o[0] = s[1][threadIdx.x];\n")
    assert a.unproved is not None
    assert all(site is None for site in sites.values())


def test_an_access_the_program_has_no_node_for_is_unknown() -> None:
    info = _info("  s[threadIdx.y][threadIdx.x] = 1.0f;\n")
    proof = prove_file(info, None)
    assert proof is not None
    (arr,) = info.arrays
    assert proof.site(arr.key, 0, 1) is None  # no site spans 0..1
    (x,) = [a for a in info.accesses if a.array == arr.key]
    assert proof.site(arr.key, x.range.start, x.range.end) is not None


def test_an_array_the_proof_is_not_asked_about_is_never_proved() -> None:
    """An array with an escape is kept whatever the proof says, so the proof does
    not run for it: its verdict is the escape, never "proved" by default; the
    escape-free array beside it is still proved."""
    src = b"""__device__ void sink(float *);
__global__ void k(float *o) {
  __shared__ float s[8][64];
  __shared__ float t[64];
  sink(s[0]);
  t[threadIdx.x] = 1.0f;
  o[0] = t[threadIdx.x];
}
void go(float *o) { k<<<1, dim3(32, 8)>>>(o); }
"""
    info, _ = parse_file("k.cu", src, Options())
    by_name = {a.array.name: a for a in analyze(info)}
    assert by_name["s"].escapes and by_name["s"].unproved is not None
    assert by_name["s"].unproved[0].failure.value == "escape"
    assert by_name["t"].unproved is None
    s_key = by_name["s"].array.key
    facts = prove_file(info, None, frozenset({by_name["t"].array.key}))
    assert facts is not None and not facts.lowered(s_key) and facts.finding(s_key) is None
    assert facts.site(s_key, 0, 10**6) is None  # not asked: nothing is known of it


def test_a_proved_arrays_sites_cover_every_thread_when_the_per_thread_retry_stops_early() -> None:
    """'x' fails the whole-block run, and the per-thread retry stops at thread 16,
    its first finding: 'y', proved, keeps what the whole block's run recorded
    (every thread), not what threads 0..16 reached."""
    src = b"""__global__ void k(float *o) {
  __shared__ float x[32];
  __shared__ float y[32];
  x[threadIdx.x * 2] = 1.0f;
  y[threadIdx.x] = 2.0f;
  o[threadIdx.x] = y[threadIdx.x];
}
void go(float *o) { k<<<1, 32>>>(o); }
"""
    info, _ = parse_file("k.cu", src, Options())
    by_name = {a.array.name: a for a in analyze(info)}
    assert by_name["x"].unproved is not None and by_name["x"].unproved[0].lane == (16, 0, 0)
    assert by_name["y"].unproved is None
    for x in by_name["y"].accesses:
        assert x.site is not None and x.site.ranges is not None and (x.site.ranges[0].lo, x.site.ranges[0].hi) == (0, 31)
