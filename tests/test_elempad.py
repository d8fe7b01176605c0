"""Element padding for arrays of structs whose element stride causes the
conflict (issue 30; rapcc/strategies/elempad.py): each wrong form is kept,
its legal twin (the base kernel) is rewritten."""
from __future__ import annotations

import subprocess
from dataclasses import replace
from pathlib import Path

import pytest

from rapcc.banks import DEFAULT_BANKS
from rapcc.diagnostics import InternalError
from rapcc.frontend import parse_file
from rapcc.ir import Via
from rapcc.pipeline import Options, rewrite_source
from rapcc.strategies import REGISTRY, StrategyContext
from rapcc.strategies.elempad import Refusal, refusal
from rapcc.verify import verify
from tests.conftest import require_nvcc
from tests.buildtools import require_host_oracle
from tests.fuzz.hostcheck import GXX, Failure, build_and_run, precompile_header
from tests.fuzz.hostgen import HostKernel, Launch

# A 32-byte struct of doubles, each field written and read one per thread: a
# double starts in 4 of the 32 banks, 4-way; at 40 bytes, in 16, conflict-free.
AOS = """struct P { double x, y, z, w; };
__device__ double get(const P *q) { return q->x; }
DEVICE
__global__ void k(const int *in, int *out, int p) {
    LOCAL
    unsigned t = threadIdx.x, b = blockIdx.x * N;
    s[t].x = in[b + t]; s[t].y = in[b + t] * 0.5; s[t].z = -in[b + t]; s[t].w = t;
    __syncthreads();
    out[b + t] = (int)(s[t].x + s[(t + 1) % N].y + s[(t + 7) % N].w * 3.0) + p EXTRA;
}
LAUNCH"""
RUN = """#ifdef __CUDACC__
void run(const int *in, int *out) { k<<<4, N>>>(in, out, 0); }
#endif
"""


def aos(local: str = "__shared__ P s[N];", extra: str = "", device: str = "", launch: str = RUN, n: int = 256) -> str:
    return (f"#define N {n}\n" + AOS.replace("LOCAL", local).replace("EXTRA", extra).replace("DEVICE", device)
            .replace("LAUNCH", launch))


def _result(tmp_path: Path, src: str, strategy: str = "auto"):
    path = tmp_path / "k.cu"
    path.write_text(src)
    return rewrite_source(src.encode(), str(path), Options(whole_program=True, strategy=strategy))


def _plan(tmp_path: Path, src: str, strategy: str = "auto"):
    return next(p for p in _result(tmp_path, src, strategy).plans if p.analysis.array.name == "s")


def test_one_field_per_thread_is_padded_to_a_conflict_free_element(tmp_path: Path) -> None:
    result = _result(tmp_path, aos())
    [plan] = result.plans
    assert plan.mapping.strategy == "elempad" and plan.mapping.elem_pad == 8  # 40 bytes: the smallest that works
    assert "32-byte element stride" in plan.reason and "padded from 32 to 40 bytes" in plan.reason
    # The bank model proves the choice: every access at its ideal, each was 4 times it.
    assert all(p is not None and abs(p.wavefronts - p.ideal) < 1e-9 for p in plan.after)
    assert all(p is not None and p.wavefronts >= 4 * p.ideal - 1e-9 for p in plan.before)
    text = result.text.decode()
    assert ("template <class __rapcc_T, int __rapcc_PAD> struct __rapcc_padded "
            "{ __rapcc_T v; char __rapcc_pad[__rapcc_PAD]; };") in text
    assert "__shared__ __rapcc_padded<P, 8> s[N];" in text
    assert "s[t].v.x = in[b + t];" in text and "s[(t + 1) % N].v.y" in text
    assert "s[t].x" not in text


def test_sixteen_byte_floats_take_one_word(tmp_path: Path) -> None:
    """A struct of 4-byte floats (alignment 4) pads by one word: 20 bytes, 5 words, odd."""
    src = aos().replace("double x, y, z, w;", "float x, y, z, w;")
    plan = _plan(tmp_path, src)
    assert plan.mapping.strategy == "elempad" and plan.mapping.elem_pad == 4


def test_growth_needs_every_launch_known(tmp_path: Path) -> None:
    """Wrong form: the launch's dynamic shared memory is a run-time value, so the
    growth is not allowed (issue 27 §7). Twin: a launch without any, padded."""
    kept = _plan(tmp_path, aos(launch=RUN.replace("const int *in, int *out)", "const int *in, int *out, unsigned n)")
                               .replace("N>>>", "N, n>>>")))
    assert not kept.rewritten and "would grow the static shared memory" in kept.reason
    assert _plan(tmp_path, aos()).mapping.strategy == "elempad"


def test_growth_past_the_static_limit_is_refused(tmp_path: Path) -> None:
    """Wrong form: 1,500 elements of 32 bytes (48,000) padded to 40 (60,000) pass 48 KiB."""
    kept = _plan(tmp_path, aos(n=1024, local="__shared__ P s[1500];"))
    assert not kept.rewritten and "over the 49152-byte limit" in kept.reason
    assert _plan(tmp_path, aos(n=1024, local="__shared__ P s[1024];")).mapping.strategy == "elempad"


@pytest.mark.parametrize("local, extra, device, why", [
    ("__shared__ P s[N];", "+ (int)sizeof(s[0])", "", "'sizeof' of an element"),
    ("__shared__ P s[N];", "+ (int)sizeof(s)", "", "'sizeof'"),
    ("__shared__ P s[N];", "+ (int)get(&s[t])", "", "the address of an element of 's' is taken"),
    ("__shared__ P s[N]; P *q = s;", "+ (int)q[(t + 1) % N].x", "",
     "element padding does not apply: some use reaches it through a pointer"),
    ("__shared__ struct P s[N];", "", "", "element padding does not apply: its declaration"),
    # A pointer bound to the array or an element and never used: no access, but the
    # new element type would not convert to `P *` (the output would not compile).
    ("__shared__ P s[N]; P *q = s;", "", "", "element padding does not apply: its name is spelled outside"),
    ("__shared__ P s[N]; P *q = &s[0];", "", "", "element padding does not apply: its name is spelled outside"),
    # Two declarators share the type's spelling: rewrapping it would pad `u` too.
    ("__shared__ P s[N], u[4];", "+ (int)u[t % 4].x", "", "element padding does not apply: its declaration"),
    ("__shared__ P s[N];", "+ (int)whole(s[t])", "__device__ double whole(P q) { return q.y; }", "left untouched"),
])
def test_uses_the_rewrite_does_not_change_exactly_keep_the_array(tmp_path: Path, local: str, extra: str,
                                                                   device: str, why: str) -> None:
    plan = _plan(tmp_path, aos(local=local, extra=extra, device=device))
    assert not plan.rewritten and why in plan.reason, plan.reason


def test_requested_where_it_does_not_apply_says_why(tmp_path: Path) -> None:
    plan = _plan(tmp_path, aos(local="__shared__ struct P s[N];"), "elempad")
    assert not plan.rewritten
    assert plan.reason.startswith("strategy 'elempad' does not apply: its declaration is not one array of a class")
    assert _plan(tmp_path, aos(), "elempad").mapping.elem_pad == 8


def test_a_layout_pragma_asks_for_it(tmp_path: Path) -> None:
    """`#pragma rapcc layout(s, elempad)` overrides `--strategy none` for `s` (steer.py)."""
    src = aos(local="#pragma rapcc layout(s, elempad)\n    __shared__ P s[N];")
    assert _plan(tmp_path, src, "none").mapping.elem_pad == 8
    assert not _plan(tmp_path, aos(), "none").rewritten


def test_template_element_type_keeps_the_array(tmp_path: Path) -> None:
    """Wrong form: the element is a template parameter (its size differs per instance).
    Twin: the same kernel with P spelled, padded."""
    src = aos().replace("__global__ void k(", "template <class T> __global__ void k(") \
        .replace("__shared__ P s[N];", "__shared__ T s[N];").replace("k<<<", "k<P><<<")
    plan = _plan(tmp_path, src)
    # `s[t].x` on a dependent `T` is a member clang does not resolve in the template: an escape too.
    assert not plan.rewritten and plan.analysis.array.elem_bytes == 0 and plan.reason.startswith("left untouched")
    assert refusal(plan.analysis) is not None
    assert refusal(replace(plan.analysis, escapes=())) == Refusal.UNKNOWN_ELEMENT  # the whitelist too
    assert _plan(tmp_path, aos()).rewritten


def test_the_whitelist_itself_refuses_what_it_does_not_model(tmp_path: Path) -> None:
    """The strategy refuses on its own, whatever the planner's blockers decided:
    each unmodelled fact of an otherwise padded array gives no candidate."""
    a = _plan(tmp_path, aos()).analysis
    ctx = StrategyContext(DEFAULT_BANKS, 1)
    assert refusal(a) is None and REGISTRY["elempad"].candidates(a, ctx)
    first = a.accesses[0]
    whole = replace(first, access=replace(first.access, member=False))
    aliased = replace(first, access=replace(first.access, via=Via("s", (), "1")))
    copy = replace(first, access=replace(first.access, kind="copy"))
    wrong = {
        Refusal.SPELLING: replace(a, array=replace(a.array, elem_type_range=None)),
        Refusal.UNKNOWN_ELEMENT: replace(a, array=replace(a.array, elem_align=0)),
        Refusal.NOT_STATIC: replace(a, array=replace(a.array, is_extern=True)),
        Refusal.WHOLE_ELEMENT: replace(a, accesses=(whole,) + a.accesses[1:]),
        Refusal.ALIAS: replace(a, accesses=(aliased,) + a.accesses[1:]),
        Refusal.KIND: replace(a, accesses=(copy,) + a.accesses[1:]),
        Refusal.UNSEEN_USE: replace(a, clones=(None,)),  # type: ignore[arg-type]
        Refusal.STRAY_SPELLING: replace(a, stray_spellings=(a.array.decl.start + 40,)),
    }
    assert refusal(replace(a, stray_spellings=None)) == Refusal.STRAY_SPELLING  # not looked at: unknown
    for why, b in wrong.items():
        assert refusal(b) == why
        assert REGISTRY["elempad"].candidates(b, ctx) == []


def test_the_verifier_rejects_an_element_the_plan_did_not_make(tmp_path: Path) -> None:
    """The verifier re-reads the emitted element: a plan claiming 48-byte elements
    where the text has 40 fails; the true plan passes."""
    src = aos()
    path = tmp_path / "k.cu"
    path.write_text(src)
    result = rewrite_source(src.encode(), str(path), Options(whole_program=True, strategy="auto"))
    reparsed = parse_file(str(path), result.text, Options(whole_program=True), host_facts=False)[0]
    verify(result.text, result.plans, (), reparsed, DEFAULT_BANKS)
    forged = tuple(replace(p, mapping=replace(p.mapping, elem_pad=16)) for p in result.plans)
    with pytest.raises(InternalError, match="40-byte elements"):
        verify(result.text, forged, (), reparsed, DEFAULT_BANKS)


TWO_D = """struct P { double x, y, z, w; };
__global__ void k(const int *in, int *out, int p) {
    __shared__ P s[4][64];
    unsigned t = threadIdx.x, b = blockIdx.x * 256, r = t / 64, c = t % 64;
    s[r][c].x = in[b + t]; s[r][c].y = t;
    __syncthreads();
    out[b + t] = (int)(s[r][c].x + s[(r + 1) % 4][c].y) + p;
}
#ifdef __CUDACC__
void run(const int *in, int *out) { k<<<4, 256>>>(in, out, 0); }
#endif
"""
# Each spelling element padding accepts: (source, the declaration it writes, the pad).
SPELLINGS = {
    "doubles": (aos(), "__shared__ __rapcc_padded<P, 8> s[N];", 8),
    "floats": (aos().replace("double x, y, z, w;", "float x, y, z, w;"), "__shared__ __rapcc_padded<P, 4> s[N];", 4),
    "namespaced": (aos(local="__shared__ ns::P s[N];").replace(
        "struct P { double x, y, z, w; };", "namespace ns { struct P { double x, y, z, w; }; }\nusing ns::P;"),
        "__shared__ __rapcc_padded<ns::P, 8> s[N];", 8),
    "global": (aos(local="__shared__ ::P s[N];"), "__shared__ __rapcc_padded<::P, 8> s[N];", 8),
    # alignof(P) == 16: the element grows by multiples of 16, to 48 bytes.
    "aligned": (aos().replace("struct P {", "struct __align__(16) P {"), "__shared__ __rapcc_padded<P, 16> s[N];", 16),
    "attribute": (aos(local="__shared__ __align__(16) P s[N];"), "__shared__ __align__(16) __rapcc_padded<P, 8> s[N];",
                  8),
    "2-D": (TWO_D, "__shared__ __rapcc_padded<P, 8> s[4][64];", 8),
}


@pytest.mark.parametrize("name", SPELLINGS)
def test_each_accepted_spelling_is_rewrapped(tmp_path: Path, name: str) -> None:
    src, declared, pad = SPELLINGS[name]
    result = _result(tmp_path, src)
    assert result.plans[0].mapping.elem_pad == pad
    assert declared in result.text.decode()


# The host oracle includes each variant in a namespace (`::P` then names nothing)
# and spells `__align__(n)` as `alignas(n)` after `static` (g++ refuses it there):
# those two spellings run on nvcc only.
ORACLE = [n for n in SPELLINGS if n not in ("global", "attribute")]


@pytest.mark.slow
@pytest.mark.parametrize("name", ORACLE)
def test_host_oracle_gives_the_same_results(tmp_path: Path, name: str) -> None:
    """g++ runs the original and the padded kernel on the host: the same bits."""
    require_host_oracle(GXX)
    src = SPELLINGS[name][0]
    out = _result(tmp_path, src)
    assert out.plans[0].mapping.strategy == "elempad"
    kernel = HostKernel("elempad", "elempad", True, src, (Launch("k", 4, (256, 1), 5),))
    got = build_and_run(kernel, [src, out.text.decode()], tmp_path, precompile_header(tmp_path / "pch"), "ep")
    assert not isinstance(got, Failure), got
    assert any(got[0][4 * i:4 * i + 4] != b"\0\0\0\0" for i in range(1024))
    assert got[1] == got[0]


@pytest.mark.nvcc
@pytest.mark.parametrize("name", SPELLINGS)
def test_output_compiles_with_nvcc(tmp_path: Path, name: str) -> None:
    nvcc = require_nvcc()
    result = _result(tmp_path, SPELLINGS[name][0])
    assert result.plans[0].mapping.strategy == "elempad"
    out = tmp_path / "out.cu"
    out.write_bytes(result.text)
    proc = subprocess.run([nvcc, "-arch=sm_90", "-cubin", "-o", str(tmp_path / "k.cubin"), str(out)],
                          capture_output=True, text=True)
    assert proc.returncode == 0, proc.stderr
