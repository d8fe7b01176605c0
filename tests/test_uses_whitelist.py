"""Uses by whitelist (issue 27, classes 2 and 3): every mention of a shared
array's storage is an access the rewrite changes exactly, or the array keeps
its layout with the reason. Each wrong form below computed wrong results on
the GPU under `auto`; its legal twin is still rewritten.

- a reference cast of an element to another type (the bytes at its address);
- a reference into the array returned by a helper, then walked by the caller;
- a member array of a shared struct decayed to a pointer, walked, or
  subscripted past its extent, or a member's address taken;
- a row alias whose index a plain `int &` helper moves after the alias is made;
- a helper that owns `__shared__` state, which a per-array copy would split.
"""
from __future__ import annotations

import subprocess

import pytest

from conftest import require_nvcc
from rapcc.analysis.absint import Failure
from rapcc.analysis.proof_shapes import Exact
from rapcc.analysis.soundness import prove
from rapcc.frontend import parse_file
from rapcc.pipeline import Options, rewrite_source
from rapcc.planner import BlockKind

STRATEGIES = ["auto", "xor", "pad"]

# One kernel, 32x8 threads: `buf` a flat 256-element tile, `tile` a 32x32 one
# (loaded row by row: ty + j), `pair` 256 structs of two floats. Each case
# replaces /*CASE*/ and reads into `acc`.
KERNEL = """
struct V2 { float v[2]; };
__device__ void bump(int &v) { v += 1; }
__device__ float &cell(float *s, int i) { return s[i]; }
__device__ float cell_value(const float *s, int i) { return s[i]; }
__global__ void k(float *out, const float *in)
{
#pragma rapcc block_dim(32, 8)
    __shared__ float buf[256];
    __shared__ float tile[32][32];
    __shared__ V2 pair[256];
    unsigned tx = threadIdx.x, ty = threadIdx.y, t = ty * 32 + tx;
    buf[t] = in[t];
    for (int j = 0; j < 32; j += 8)
        tile[ty + j][tx] = in[(ty + j) * 32 + tx];
    pair[t].v[0] = in[t];
    pair[t].v[1] = in[t + 1];
    __syncthreads();
    float acc = 0.0f;
    /*CASE*/
    out[t] = acc + buf[(tx * 8 + ty) % 256] + tile[tx][ty] + pair[(tx * 8 + ty) % 256].v[0];
}
// Launched without dynamic shared memory, so padding may grow the static arrays (issue 27 §7).
void launch(float *out, const float *in) { k<<<1, dim3(32, 8)>>>(out, in); }
"""

# name -> (array, the failure that keeps it, wrong form, legal twin)
CASES = {
    "reference_cast": (
        "tile", Failure.ESCAPE,
        "    if (tx < 8) { float4 v = reinterpret_cast<const float4 &>(tile[ty][4 * tx]); acc += v.x + v.w; }",
        "    acc += static_cast<const float &>(tile[ty][tx]);"),
    "reference_cast_c_style": (
        "buf", Failure.ESCAPE,
        # Not `(const double &)`: a const reference to another type binds a converted temporary.
        "    if (tx < 16) { double d = (double &)buf[2 * t % 256]; acc += (float)d; }",
        "    acc += (const float &)buf[t];"),
    "reference_cast_same_size": (  # one element's own bytes as another type of its size: that element
        "buf", Failure.ESCAPE,
        "    acc += reinterpret_cast<const float2 &>(buf[2 * (t % 128)]).y;",
        "    acc += (float)reinterpret_cast<const int &>(buf[t]) + reinterpret_cast<const short2 &>(buf[t]).x;"),
    "returned_reference_walked": (
        "buf", Failure.ESCAPE,
        "    { float *run = &cell(buf, ty * 32); for (int j = 0; j < 32; ++j) acc += run[j]; }",
        "    acc += cell_value(buf, t);"),
    "returned_reference_written": (
        "buf", Failure.ESCAPE,
        "    cell(buf, t) = 2.0f;\n    __syncthreads();\n    acc += buf[t];",
        "    buf[t] = cell_value(buf, t) * 2.0f;\n    __syncthreads();\n    acc += buf[t];"),
    "member_decays": (
        "pair", Failure.ESCAPE,
        "    { const float *flat = pair[0].v; for (int j = 0; j < 64; ++j) acc += flat[j]; }",
        "    acc += pair[t].v[tx & 1];"),
    "member_past_its_extent": (
        "pair", Failure.OUT_OF_RANGE,
        "    acc += pair[ty].v[tx];",
        "    acc += pair[ty].v[tx % 2];"),
    "member_address": (
        "pair", Failure.ESCAPE,
        "    { const float *p = &pair[ty].v[0]; acc += p[tx]; }",
        "    { const float &r = pair[ty].v[1]; acc += r; }"),
    "alias_moved_by_reference": (
        "tile", Failure.ALIAS,
        "    { int r = ty; const float *row = tile[r]; bump(r); acc += row[tx]; }",
        "    { int r = ty; const float *row = tile[r]; int q = r; bump(q); acc += row[tx] + q; }"),
    "flat_alias_moved_by_reference": (
        "buf", Failure.ALIAS,
        "    { int r = ty; const float *row = buf + r * 32; bump(r); acc += row[tx]; }",
        "    { int r = ty; const float *row = buf + r * 32; acc += row[tx]; }"),
}


def _rewrite(body: str, strategy: str):
    return rewrite_source(KERNEL.replace("    /*CASE*/", body).encode(), "k.cu", Options(whole_program=True, strategy=strategy))


def _plan(result, name: str):
    return next(p for p in result.plans if p.analysis.array.name == name)


@pytest.mark.parametrize("strategy", STRATEGIES)
@pytest.mark.parametrize("name", sorted(CASES))
def test_the_wrong_use_keeps_the_array_with_its_finding(name: str, strategy: str) -> None:
    array, failure, wrong, _ = CASES[name]
    r = _rewrite(wrong, strategy)
    plan = _plan(r, array)
    assert not plan.rewritten, plan.reason
    if strategy != "auto":  # auto may keep it as cheapest before the gate runs
        assert plan.unproved is not None, plan.reason
        assert plan.unproved[0].failure == failure, plan.reason
        assert plan.unproved[1].line > 1  # the diagnostic points into the kernel, not the file's top
    assert any(d.check_id in ("rapcc-unproved", "rapcc-escape") for d in r.diagnostics)


@pytest.mark.parametrize("name", sorted(CASES))
def test_the_legal_twin_is_still_rewritten(name: str) -> None:
    array, _, _, twin = CASES[name]
    for strategy in ("xor", "pad"):
        plan = _plan(_rewrite(twin, strategy), array)
        assert plan.rewritten, f"{strategy}: {plan.reason}"


def test_every_array_the_case_does_not_touch_is_still_rewritten() -> None:
    """The refusal is the array's alone: the kernel's other arrays are rewritten."""
    _, _, wrong, _ = CASES["member_decays"]
    r = _rewrite(wrong, "xor")
    assert [p.analysis.array.name for p in r.plans if p.rewritten] == ["buf", "tile"]


def test_an_alias_moved_through_a_reference_under_a_goto_is_refused() -> None:
    """`bump(r)` before a backward goto: `r` is not the same wherever it is in scope."""
    body = ("    { int r = ty, n = 0; const float *row = tile[r];\n"
            "      again: acc += row[tx]; bump(r); if (++n < 3) goto again; }")
    plan = _plan(_rewrite(body, "xor"), "tile")
    assert not plan.rewritten and plan.unproved is not None and plan.unproved[0].failure == Failure.ALIAS


OWNER = """
__device__ float mix(float *t, int i, int phase)
{
    /*OWN*/
    float v = t[i];
    if (phase == 0) carry[i] = v;
    else v += carry[(i + 1) % 256];
    return v;
}
__global__ void k(float *out, const float *in)
{
#pragma rapcc block_dim(256, 1)
    __shared__ float a[256];
    __shared__ float b[256];
    unsigned t = threadIdx.x;
    a[t] = in[t];
    b[(t * 8) % 256] = in[t + 256];
    __syncthreads();
    float x = mix(a, (t * 8) % 256, 0);
    __syncthreads();
    x += mix(b, t, 1);
    out[t] = x;
}
"""


@pytest.mark.parametrize("strategy", STRATEGIES)
@pytest.mark.parametrize("own", ["__shared__ float carry[256];", "static __shared__ float carry[256];"])
def test_a_helper_that_owns_shared_state_is_not_cloned(own: str, strategy: str) -> None:
    """The first call stores into the helper's `carry`, the second reads it: a
    copy per array would give each call its own `carry`."""
    r = rewrite_source(OWNER.replace("/*OWN*/", own).encode(), "k.cu", Options(whole_program=True, strategy=strategy))
    for name in ("a", "b"):
        plan = _plan(r, name)
        assert not plan.rewritten and not plan.analysis.clones
        if strategy != "auto":
            assert "'mix' declares its own __shared__ variable 'carry'" in plan.reason
    # No copy of 'mix' (its own 'carry', proved in range, may change layout where it is).
    assert b"mix__rapcc" not in r.text


def test_a_helper_sharing_file_scope_state_is_still_cloned() -> None:
    """The twin: `carry` at file scope is one array whichever copy names it."""
    src = "__shared__ float carry[256];\n" + OWNER.replace("/*OWN*/", "")
    r = rewrite_source(src.encode(), "k.cu", Options(whole_program=True, strategy="xor"))
    for name in ("a", "b"):
        plan = _plan(r, name)
        assert plan.rewritten and [c.name for c in plan.analysis.clones] == ["mix"], plan.reason
    text = r.text.decode()
    assert "mix__rapcc_a(a, (t * 8) % 256, 0)" in text and "mix__rapcc_b(b, t, 1)" in text


def test_a_static_local_is_owned_state_too() -> None:
    src = OWNER.replace("/*OWN*/", "__shared__ float carry[256]; static __device__ int calls; calls += 1;")
    src = src.replace("__shared__ float carry[256]; ", "")
    src = "__shared__ float carry[256];\n" + src
    r = rewrite_source(src.encode(), "k.cu", Options(whole_program=True, strategy="xor"))
    plan = _plan(r, "a")
    assert not plan.rewritten and "static variable 'calls'" in plan.reason


def _proof(src: str, tmp_path) -> dict[str, Failure | None]:
    """The range proof's verdict per array name, alone: every access counts as
    covered, so no refusal here comes from the collector."""
    cu = tmp_path / "k.cu"
    cu.write_text(src)
    info, _ = parse_file(str(cu), cu.read_bytes(), Options(whole_program=True))
    program = info.sound()
    names = {a.key: a.name for a in program.arrays}
    proof = prove(program, lambda name, args: Exact(((32, 8, 1),)), lambda a, start, end: True)
    return {names[k]: (f.failure if f is not None else None) for k, f in proof.findings}


@pytest.mark.parametrize("name", sorted(CASES))
def test_the_proof_alone_refuses_the_wrong_use_and_proves_the_twin(name: str, tmp_path) -> None:
    """The gate's proof does not lean on the collector: it sees each wrong use itself."""
    array, failure, wrong, twin = CASES[name]
    assert _proof(KERNEL.replace("    /*CASE*/", wrong), tmp_path)[array] == failure
    assert _proof(KERNEL.replace("    /*CASE*/", twin), tmp_path)[array] is None


# Alias definitions whose index reads more than locals: the rewrite re-reads it at each use.
ALIAS_INDEX = {
    "memory": ("    __shared__ int idx[4];\n    if (t == 0) idx[0] = 3;\n    __syncthreads();\n"
               "    { const float *row = tile[idx[0]]; __syncthreads(); if (t == 0) idx[0] = 5;\n"
               "      __syncthreads(); acc += row[tx]; }"),
    "struct_member": "    { S st; st.r = ty; const float *row = tile[st.r]; st.r = 31 - st.r; acc += row[tx]; }",
    "struct_member_by_reference": "    { S st; st.r = ty; const float *row = tile[st.r]; bump(st.r); acc += row[tx]; }",
}


@pytest.mark.parametrize("name", sorted(ALIAS_INDEX))
def test_an_alias_index_read_from_memory_or_a_member_is_an_alias_failure(name: str, tmp_path) -> None:
    src = "struct S { int r; };\n" + KERNEL.replace("    /*CASE*/", ALIAS_INDEX[name])
    assert _proof(src, tmp_path)["tile"] == Failure.ALIAS
    twin = "    { int q = ty; const float *row = tile[min(q, 31) & 31]; acc += row[tx]; }"
    assert _proof(KERNEL.replace("    /*CASE*/", twin), tmp_path)["tile"] is None


@pytest.mark.parametrize("strategy", ["xor", "pad"])
@pytest.mark.parametrize("write", ["reinterpret_cast<short &>(g) = 100;", "(unsigned &)g = 100u;"])
def test_a_local_written_through_a_reference_cast_is_unknown(write: str, strategy: str) -> None:
    """`g` becomes 100 through the cast: `tile[0][g]` leaves row 0."""
    plan = _plan(_rewrite(f"    {{ int g = tx; {write} acc += tile[0][g]; }}", strategy), "tile")
    assert not plan.rewritten and plan.unproved is not None
    assert plan.unproved[0].failure == Failure.OUT_OF_RANGE
    twin = _plan(_rewrite(f"    {{ int g = tx; {write} acc += tile[0][g & 31]; }}", strategy), "tile")
    assert twin.rewritten, twin.reason


def test_a_member_of_a_member_is_checked_in_its_extent(tmp_path) -> None:
    src = """
struct In { float v[2]; };
struct Out { int tag; In in; };
__global__ void k(float *out, const float *in)
{
    __shared__ Out cells[256];
    unsigned tx = threadIdx.x, ty = threadIdx.y, t = ty * 32 + tx;
    cells[t].in.v[0] = in[t];
    cells[t].in.v[1] = in[t + 1];
    __syncthreads();
    out[t] = cells[(tx * 8 + ty) % 256].in.v[0] + CASE;
}
"""
    assert _proof(src.replace("CASE", "cells[ty].in.v[tx % 4]"), tmp_path)["cells"] == Failure.OUT_OF_RANGE
    assert _proof(src.replace("CASE", "(&cells[ty].in.v[0])[1]"), tmp_path)["cells"] == Failure.ESCAPE
    assert _proof(src.replace("CASE", "cells[ty].in.v[tx % 2]"), tmp_path)["cells"] is None


@pytest.mark.parametrize("wrong, twin", [
    ("    { const float &x = buf[t]; acc += (&x)[1]; }", "    { const float &x = buf[t]; acc += x; }"),
    ("    { float &x = tile[ty][tx]; acc += (&x)[32]; }", "    { float &x = tile[ty][tx]; x += 1.0f; acc += x; }"),
    ("    { const float &x = pair[ty].v[0]; acc += (&x)[3]; }", "    { const float &x = pair[ty].v[1]; acc += x; }"),
    ("    { const V2 &x = pair[ty]; const float *f = x.v; acc += f[3]; }",
     "    { const float &x = pair[t].v[0]; acc += x * x; }"),
])
def test_a_reference_to_an_element_is_followed_only_as_its_value(wrong: str, twin: str, tmp_path) -> None:
    """A local reference is the element it binds while it is only read and
    assigned; its address (or a member array of it) is a walk from there."""
    array = "buf" if "buf" in wrong else "tile" if "tile" in wrong else "pair"
    assert _proof(KERNEL.replace("    /*CASE*/", wrong), tmp_path)[array] == Failure.ESCAPE
    assert _proof(KERNEL.replace("    /*CASE*/", twin), tmp_path)[array] is None


@pytest.mark.parametrize("use, kept", [
    ("acc += AS_PAIR(buf[2 * (t % 128)]).y;", True),  # the macro's tokens hide the `&`: the bare lvalue shows it
    ("acc += LOAD(buf[t]);", False),  # a value cast inside a macro: its operand is loaded first
    ("acc += SAME(buf[t]);", False),
])
def test_a_cast_written_inside_a_macro_is_read_from_its_operand(use: str, kept: bool) -> None:
    pre = ("#define AS_PAIR(x) reinterpret_cast<const float2 &>(x)\n#define LOAD(x) ((float)(x))\n"
           "#define SAME(x) static_cast<const float &>(x)\n")
    r = rewrite_source((pre + KERNEL.replace("    /*CASE*/", f"    {use}")).encode(), "k.cu", Options(whole_program=True, strategy="xor"))
    plan = _plan(r, "buf")
    assert plan.rewritten is not kept, plan.reason
    if kept:
        assert plan.unproved is not None and plan.unproved[0].failure == Failure.ESCAPE


@pytest.mark.nvcc
def test_every_rewritten_twin_compiles(tmp_path) -> None:
    """The twins' rewrites are CUDA: one unit, each in its own namespace, through nvcc and ptxas."""
    nvcc = require_nvcc()
    units = [_rewrite(twin, strategy).text.decode() for _, _, _, twin in CASES.values() for strategy in ("xor", "pad")]
    units.append(rewrite_source(("__shared__ float carry[256];\n" + OWNER.replace("/*OWN*/", "")).encode(), "k.cu",
                                Options(whole_program=True, strategy="xor")).text.decode())
    src = tmp_path / "twins.cu"
    src.write_text("".join(f"namespace twin{i} {{\n{u}\n}}\n" for i, u in enumerate(units)))
    done = subprocess.run([nvcc, "-arch=sm_90", "-cubin", "-o", str(tmp_path / "t.cubin"), str(src)],
                          capture_output=True, text=True, timeout=600)
    assert done.returncode == 0, done.stderr[-2000:]


# An element accessor over a whole array (`T (&a)[32][32]`, the shape rapcc's
# own `at` helpers have): the proof follows it into its callee, where the
# subscripts are checked against the parameter's type (the argument's).
ACCESSOR = "__device__ float &at2(float (&t)[32][32], int r, int c) { return t[r][c]; }\n"


@pytest.mark.parametrize("wrong, failures", [
    ("    at2(tile, tx, ty + 31) = 2.0f;", {Failure.OUT_OF_RANGE}),  # its subscripts are checked there
    ("    acc += at2(tile, ty + 31, tx);", {Failure.OUT_OF_RANGE}),
    # A pointer from its element walked past the row: the proof's pointer rules refuse it.
    ("    { float *run = &at2(tile, ty, 0); for (int j = 0; j < 64; ++j) acc += run[j]; }",
     {Failure.OUT_OF_RANGE, Failure.ALIAS}),
    ("    { float *run = &cell(buf, ty * 32); for (int j = 0; j < 32; ++j) acc += run[j]; }", {Failure.ESCAPE}),
])
def test_a_returned_array_reference_is_followed_only_as_an_element(wrong: str, failures: set, tmp_path) -> None:
    """The wrong forms: an accessor's subscript past its row, a walk from its
    element's address past the row (a pointer defined by a call: never a
    faithful alias), and `cell`'s pointer (not an array reference: not the
    modelled shape) still an escape."""
    array = "buf" if "buf" in wrong else "tile"
    src = ACCESSOR + KERNEL.replace("    /*CASE*/", wrong)
    assert _proof(src, tmp_path)[array] in failures


@pytest.mark.parametrize("twin", [
    "    at2(tile, ty, tx) = 2.0f;\n    __syncthreads();",
    "    acc += at2(tile, tx, ty) + at2(tile, ty + 8, tx);",
    "    atomicAdd(&at2(tile, tx, ty), 1.0f);",
])
def test_a_returned_array_reference_used_as_its_element_is_proved(twin: str, tmp_path) -> None:
    """The twin of `returned_reference_walked`: `float &at2(float (&t)[32][32],
    ...) { return t[r][c]; }` used as a value, an assignment target or an
    element's address is the access `tile[r][c]`, proved in range."""
    assert _proof(ACCESSOR + KERNEL.replace("    /*CASE*/", twin), tmp_path)["tile"] is None


@pytest.mark.parametrize("body", [
    "{ float &x = t[r][c]; return x; }",  # another statement: not the modelled shape
    "{ return t[r][0 * c]; }",  # the shape (its subscripts may be any expression): proved
    "{ return *(&t[r][0] + c); }",  # a walk, not a subscript chain
    "{ return t[r][c + 0 * t[0][0]]; }",  # a subscript that reads the array itself
    "{ return t[c][r]; }",  # the shape: proved
])
def test_only_the_exact_accessor_shape_is_followed(body: str, tmp_path) -> None:
    """Any other body keeps the array (the parameter is then an escape or a
    reference the callee may write: refused either way)."""
    src = KERNEL.replace("__device__ float cell_value", f"__device__ float &at2(float (&t)[32][32], int r, int c) "
                         f"{body}\n__device__ float cell_value")
    src = src.replace("    /*CASE*/", "    acc += at2(tile, ty, tx);")
    modelled = body.startswith("{ return t[") and "t[0]" not in body
    got = _proof(src, tmp_path)["tile"]
    assert got is None if modelled else got in (Failure.ESCAPE, Failure.ALIAS)


def test_an_array_used_in_a_copied_helper_is_kept() -> None:
    """File-scope `carry` is used in 'mix', which is copied for 'a' and for 'b':
    its proof read one body of 'mix', the output has three, so it is kept (the
    verifier counted 10 uses of 'carry' where 6 were planned). Its twin, where
    one array passes through 'mix' and nothing is copied, may change layout."""
    src = "__shared__ float carry[256];\n" + OWNER.replace("/*OWN*/", "")
    r = rewrite_source(src.encode(), "k.cu", Options(whole_program=True, strategy="xor"))
    carry = _plan(r, "carry")
    assert not carry.rewritten and carry.blocked == BlockKind.COPIED and carry.analysis.copied_in == ("mix",)
    assert _plan(r, "a").rewritten and _plan(r, "b").rewritten
    twin = rewrite_source(src.replace("x += mix(b, t, 1);", "x += mix(a, t, 1);").encode(), "k.cu",
                          Options(whole_program=True, strategy="xor"))
    carry = _plan(twin, "carry")
    assert carry.rewritten and not carry.analysis.copied_in and not _plan(twin, "a").analysis.clones
