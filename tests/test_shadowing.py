"""Issue 31: a shared array's uses are tied to its declaration by clang's
name lookup, never by its spelling, in the rewrite, the verifier and the
token scans. Each shadowing form is checked against its twin (the same file
with the shadowing declaration renamed): the twin is rewritten, and so is the
shadowing form wherever the rewrite stays exact; where a text would be
re-spelled in a scope that names it again, the array is kept with a
diagnostic."""
from __future__ import annotations

import re
import subprocess

import pytest

from conftest import require_nvcc
from rapcc.diagnostics import InternalError
from rapcc.frontend import parse_file
from rapcc.pipeline import Options, RewriteResult, rewrite_source_strategies

STRATEGIES = ("auto", "pad", "xor", "rap", "bvxor", "bwperm", "bwxor", "swizzle")

# The issue's reduced case: a scalar `tile` in a nested block of `a`, and a
# second kernel with its own `tile` of another type and shape.
ISSUE = b"""\
__global__ void a(float *out, const float *in) {
    __shared__ float tile[32][24];
    int tx = threadIdx.x, ty = threadIdx.y;
    for (int c = ty; c < 24; c += blockDim.y) tile[tx][c] = in[tx * 24 + c];
    __syncthreads();
    float acc1 = 0.0f;
    for (int r = 0; r < 32; ++r) acc1 += tile[r][ty % 24];
    out[ty * 32 + tx] = acc1;
    { float tile = acc1 * 0.5f; (void)tile; }
}
__global__ void b(float *out, const float *in) {
    __shared__ double tile[32][48];
    int tx = threadIdx.x;
    for (int k = 0; k < 48; ++k) tile[tx % 32][k] = in[k];
    __syncthreads();
    float acc = 0.0f;
    for (int k = 0; k < 48; ++k) acc += (float)tile[threadIdx.x % 32][k];
    out[threadIdx.x] = acc;
}
void launch(float *o, const float *i) {
    a<<<1, dim3(32, 8)>>>(o, i);
    b<<<1, 32>>>(o, i);
}
"""


def _all(src: bytes, name: str = "t.cu") -> dict[str, RewriteResult]:
    results = rewrite_source_strategies(src, name, Options(whole_program=True, seed=1), STRATEGIES)
    errors = {s: r for s, r in results.items() if isinstance(r, InternalError)}
    assert not errors, errors
    return results  # type: ignore[return-value]


def _rewritten(results: dict[str, RewriteResult], strategy: str) -> set[tuple[str | None, str]]:
    return {(p.analysis.array.function, p.analysis.array.name) for p in results[strategy].plans if p.rewritten}


def _twin(src: bytes, shadow: str, renamed: str) -> bytes:
    """`src` with the text `shadow` (the shadowing construct) spelled `renamed`."""
    assert src.count(shadow.encode()) == 1
    return src.replace(shadow.encode(), renamed.encode())


def test_issue_case_is_rewritten_under_every_strategy():
    results = _all(ISSUE)
    for strategy in ("auto", "pad", "xor", "rap"):
        assert _rewritten(results, strategy) == {("a", "tile"), ("b", "tile")}, strategy
    text = results["pad"].text.decode()
    # each array padded, the nested scalar untouched
    assert "__shared__ float tile[32][24 + 1];" in text and "__shared__ double tile[32][48 + 1];" in text
    assert "{ float tile = acc1 * 0.5f; (void)tile; }" in text


def test_issue_case_twin_rewritten_alike():
    """Without the nested scalar the same arrays are rewritten the same way."""
    twin = _all(_twin(ISSUE, "{ float tile = acc1 * 0.5f; (void)tile; }", "{ float t2 = acc1 * 0.5f; (void)t2; }"))
    shadowed = _all(ISSUE)
    for strategy in STRATEGIES:
        assert _rewritten(twin, strategy) == _rewritten(shadowed, strategy), strategy


@pytest.mark.nvcc
def test_issue_case_rewrites_compile(tmp_path):
    nvcc = require_nvcc()
    results = _all(ISSUE)
    done = 0
    for strategy, r in results.items():
        if r.text == ISSUE:
            continue
        out = tmp_path / f"t.{strategy}.cu"
        out.write_bytes(r.text)
        proc = subprocess.run([nvcc, "-arch=sm_90", "-cubin", "-o", str(out.with_suffix(".cubin")), str(out)],
                              capture_output=True, text=True)
        assert proc.returncode == 0, f"{strategy}: {proc.stderr[:600]}"
        done += 1
    assert done >= 4


def _kernel(decl: str, extra_top: str, body: str) -> bytes:
    """A kernel with a conflicting transposed read of its `tile` and `body` after it."""
    return (f"{extra_top}"
            "__global__ void k(float *out, const float *in) {\n"
            f"{decl}"
            "    int tx = threadIdx.x, ty = threadIdx.y;\n"
            "    for (int c = 0; c < 32; ++c) tile[ty][c] = in[ty * 32 + c];\n"
            "    __syncthreads();\n"
            "    float acc = tile[tx][ty];\n"
            f"{body}"
            "    out[ty * 32 + tx] = acc;\n"
            "}\n"
            "void launch(float *o, const float *i) { k<<<1, dim3(32, 32)>>>(o, i); }\n").encode()


LOCAL = "    __shared__ float tile[32][32];\n"

# (shadowing form, the text that shadows, the same text with another name)
FORMS = {
    "nested_array": (
        _kernel(LOCAL, "", "    {\n        float tile[4];\n        for (int i = 0; i < 4; ++i) tile[i] = i;\n"
                           "        acc += tile[tx & 3];\n    }\n"),
        "float tile[4];\n        for (int i = 0; i < 4; ++i) tile[i] = i;\n        acc += tile[tx & 3];",
        "float t4[4];\n        for (int i = 0; i < 4; ++i) t4[i] = i;\n        acc += t4[tx & 3];"),
    # a file-scope `tile`: the whole file may hold its uses, the helper too
    "helper_param": (
        _kernel("", "__shared__ float tile[32][32];\n"
                    "__device__ float h(const float *tile, int i) { return tile[i & 7] + tile[0]; }\n",
                "    acc += h(in, tx);\n"),
        "h(const float *tile, int i) { return tile[i & 7] + tile[0]; }",
        "h(const float *p, int i) { return p[i & 7] + p[0]; }"),
    # in a helper, beside a file-scope `tile` (a lambda in the kernel itself
    # leaves its subscripts unproved)
    "lambda_param": (
        _kernel("", "__shared__ float tile[32][32];\n"
                    "__device__ int hl(int v) { auto f = [](int tile) { return tile + 1; }; return f(v); }\n",
                "    acc += hl(ty);\n"),
        "[](int tile) { return tile + 1; }", "[](int t) { return t + 1; }"),
    # a local struct's member, declared inside the kernel
    "member": (
        _kernel(LOCAL, "", "    struct P { int tile; int pad; };\n    P q; q.tile = tx; q.pad = 1;\n"
                           "    acc += q.tile + q.pad;\n"),
        "struct P { int tile; int pad; };\n    P q; q.tile = tx; q.pad = 1;\n    acc += q.tile + q.pad;",
        "struct P { int pad; };\n    P q; q.pad = tx;\n    acc += q.pad;"),
    # a file-scope `__shared__ tile`, rewritten for its own kernel, that the
    # kernel's local array hides (arrays of a named namespace are not collected)
    "namespace_array": (
        _kernel(LOCAL, "__shared__ float tile[32][32];\n"
                       "__global__ void g(float *out) {\n"
                       "    int tx = threadIdx.x, ty = threadIdx.y;\n"
                       "    for (int c = 0; c < 32; ++c) tile[ty][c] = c;\n    __syncthreads();\n"
                       "    out[ty * 32 + tx] = tile[tx][ty];\n}\n"
                       "void launch_g(float *o) { g<<<1, dim3(32, 32)>>>(o); }\n", ""),
        "__shared__ float tile[32][32];\n__global__ void g(float *out) {\n"
        "    int tx = threadIdx.x, ty = threadIdx.y;\n"
        "    for (int c = 0; c < 32; ++c) tile[ty][c] = c;\n    __syncthreads();\n"
        "    out[ty * 32 + tx] = tile[tx][ty];",
        "__shared__ float tilg[32][32];\n__global__ void g(float *out) {\n"
        "    int tx = threadIdx.x, ty = threadIdx.y;\n"
        "    for (int c = 0; c < 32; ++c) tilg[ty][c] = c;\n    __syncthreads();\n"
        "    out[ty * 32 + tx] = tilg[tx][ty];"),
}


@pytest.mark.parametrize("form", sorted(FORMS))
def test_shadowing_form_is_rewritten_as_its_twin(form):
    """The shadowing form: no internal error, the array rewritten under every
    strategy that rewrites its twin, and the other declaration's text as written."""
    src, shadow, renamed = FORMS[form]
    twin_src = _twin(src, shadow, renamed)
    shadowed, twin = _all(src), _all(twin_src)
    mine = (None if form in ("lambda_param", "helper_param") else "k", "tile")
    assert mine in _rewritten(twin, "xor")
    if form == "namespace_array":
        assert (None, "tile") in _rewritten(shadowed, "xor")  # with the kernel's `tile` beside it
    for strategy in STRATEGIES:
        assert mine in _rewritten(shadowed, strategy) or mine not in _rewritten(twin, strategy), strategy
        text = shadowed[strategy].text.decode()
        if form != "namespace_array":
            assert shadow in text, strategy  # the shadowing declaration and its uses are not the array's


@pytest.mark.parametrize("strategy", ["xor", "swizzle"])
def test_nested_shared_array_of_the_same_name(strategy):
    """A nested block's own `__shared__ tile`: two arrays of one function and
    name, each rewritten with its own mapping (the verifier used to take one
    for the other and stop with an internal error)."""
    src = _kernel(LOCAL, "", "    {\n        __shared__ int tile[8][64];\n"
                             "        for (int c = 0; c < 64; c += 4) tile[ty % 8][(c + tx) % 64] = tx + c;\n"
                             "        __syncthreads();\n        acc += tile[tx % 8][ty * 2];\n    }\n")
    results = _all(src)
    arrays = [p for p in results[strategy].plans if p.rewritten]
    assert len(arrays) == 2 and {p.analysis.array.elem_type for p in arrays} == {"float", "int"}
    text = results[strategy].text.decode()
    helpers = set(re.findall(r"(__rapcc_tile_[0-9a-f]{8})_at\(tile,", text))
    assert len(helpers) == 2


# An alias's initializer is re-spelled at each use of the alias (`row[i]`
# becomes `at(tile, (ty + K) % 32, i)`): inside a block that declares `K` or
# `tile` again, that text names something else.
ALIAS_CONST = ("const int K = 1;\n", LOCAL,
               "    const float *row = tile[(ty + K) % 32];\n    { int K = 31; acc += row[tx] + K; }\n")
ALIAS_BASE = ("__shared__ float tile[32][32];\n", "",
              "    const float *row = tile[(ty + 1) % 32];\n"
              "    { float tile[32][32]; tile[0][tx] = 1.0f; acc += row[tx] + tile[0][tx]; }\n")


@pytest.mark.parametrize("case,hidden,renamed", [(ALIAS_CONST, "{ int K = 31; acc += row[tx] + K; }",
                                                  "{ int K2 = 31; acc += row[tx] + K2; }"),
                                                 (ALIAS_BASE, "tile[0][tx] = 1.0f; acc += row[tx] + tile[0][tx];",
                                                  "tilx[0][tx] = 1.0f; acc += row[tx] + tilx[0][tx];")])
def test_alias_text_hidden_at_its_use_keeps_the_array(case, hidden, renamed):
    top, decl, body = case
    src = _kernel(decl, top, body)
    results = _all(src)
    for strategy in ("xor", "swizzle", "rap"):
        assert not results[strategy].changed, strategy  # was wrong code: `K` read as 31
        assert any("which a declaration inside its scope may name again" in d.message
                   for d in results[strategy].diagnostics), strategy
    twin_src = src.replace(hidden.encode(), renamed.encode())
    if case is ALIAS_BASE:
        twin_src = twin_src.replace(b"{ float tile[32][32];", b"{ float tilx[32][32];")
    assert twin_src != src
    twin = _all(twin_src)
    assert twin["xor"].changed and "_at(tile, " in twin["xor"].text.decode()


def test_skipped_global_qualified_use_counts():
    """`::tile` in a skipped branch is a use of the file-scope `tile` (it was
    dropped as "a member of something else"); `q.tile` there is not."""
    src = (b"__shared__ float tile[32][32];\nstruct Q { float tile; };\n"
           b"__global__ void k(float *out) {\n    Q q; q.tile = 1.0f;\n"
           b"    tile[threadIdx.y][threadIdx.x] = 1.0f;\n    __syncthreads();\n"
           b"    out[0] = tile[threadIdx.x][threadIdx.y] + q.tile;\n"
           b"#ifdef OTHER\n    out[1] = ::tile[1][2];\n    out[2] = q.tile;\n#endif\n}\n")
    info, _ = parse_file("t.cu", src, Options(whole_program=True))
    uses = [src[u.range.start - 2:u.range.end] for u in info.inactive]
    assert uses == [b"::tile"]


def test_skipped_use_belongs_to_its_own_overload():
    """Two kernels named `k` (overloads), each with its own `tile`: a skipped
    use in the first is the first's (the scan took functions by name: the
    last `k`'s range, so it found it in neither)."""
    body = (b"    __shared__ float tile[32][32];\n    tile[threadIdx.y][threadIdx.x] = 1.0f;\n    __syncthreads();\n"
            b"    out[0] = tile[threadIdx.x][threadIdx.y];\n")
    src = (b"__global__ void k(float *out) {\n" + body + b"#ifdef OTHER\n    out[1] = tile[1][2];\n#endif\n}\n"
           b"__global__ void k(float *out, int n) {\n" + body + b"}\n")
    info, _ = parse_file("t.cu", src, Options(whole_program=True))
    first = min(info.arrays, key=lambda a: a.decl.start)
    assert [u.array for u in info.inactive] == [first.key]


# A prototype names its reference parameters in the other order from the
# definition: the first argument `f` is the definition's `a`, whose address escapes.
SWAPPED = b"""\
__device__ void adv(int &b, int &a);
__global__ void k(float *out, const float *in) {
    __shared__ float tile[32][32];
    int tx = threadIdx.x, ty = threadIdx.y;
    for (int c = 0; c < 32; ++c) tile[ty][c] = in[ty * 32 + c];
    __syncthreads();
    int f = tx, g = 0;
    adv(f, g);
    out[ty * 32 + tx] = tile[ty][f];
}
__device__ void adv(int &a, int &b) { int *p = &a; *p = 40; b = 1; }
void launch(float *o, const float *i) { k<<<1, dim3(32, 32)>>>(o, i); }
"""


def test_reference_parameter_matched_by_place_not_name():
    """`f` becomes 40 through the escaping `a`: the array stays (it was
    rewritten, as if `f` were the plainly assigned `b`: wrong code)."""
    results = _all(SWAPPED)
    assert not any(r.changed for r in results.values())


def test_reference_parameter_matched_by_place_twin():
    """The same names, with `a` plainly assigned an in-range column: rewritten."""
    results = _all(SWAPPED.replace(b"int *p = &a; *p = 40; b = 1;", b"a = 3; b = 1;"))
    assert results["xor"].changed and b"_at(tile, ty, f)" in results["xor"].text


ALIAS_MEMBER = _kernel(LOCAL, "struct P { int row; };\n",
                       "    const float *row = tile[(ty + 1) % 32];\n"
                       "    P q; q.row = tx;\n    acc += row[tx] + q.row;\n")


@pytest.mark.parametrize("member", ["row", "col"])
def test_alias_beside_a_member_of_its_name(member):
    """`q.row` is not the alias `row`: the alias is rewritten through and the
    verifier accepts the member (it stopped with an internal error)."""
    src = ALIAS_MEMBER.replace(b"int row; }", f"int {member}; }}".encode()).replace(b"q.row", f"q.{member}".encode())
    results = _all(src)
    text = results["xor"].text.decode()
    assert results["xor"].changed and "_at(tile, ((ty + 1) % 32), tx)" in text and f"q.{member}" in text


QUALIFIED = b"""\
__shared__ float tile[32][32];
__global__ void k(float *out, const float *in) {
    int tx = threadIdx.x, ty = threadIdx.y;
    for (int c = 0; c < 32; ++c) tile[ty][c] = in[ty * 32 + c];
    __syncthreads();
    float acc = tile[tx][ty];
    float tile[32][32];
    for (int c = 0; c < 32; ++c) tile[ty][c] = 0.0f;
    const float *row = ::tile[(ty + 1) % 32];
    acc += ::tile[ty][tx] + row[tx] + tile[ty][tx];
    out[ty * 32 + tx] = acc;
}
void launch(float *o, const float *i) { k<<<1, dim3(32, 32)>>>(o, i); }
"""


@pytest.mark.parametrize("hidden", [True, False])
def test_qualified_use_keeps_its_qualifier(hidden):
    """`::tile` where a local `tile` hides the array: the accessor and the
    alias's re-spelled base name `::tile` (they named the local: the verifier
    stopped with an internal error). The twin renames the local."""
    src = QUALIFIED if hidden else QUALIFIED.replace(b"    float tile[32][32];", b"    float tilx[32][32];") \
        .replace(b"tile[ty][c] = 0.0f", b"tilx[ty][c] = 0.0f").replace(b"+ tile[ty][tx]", b"+ tilx[ty][tx]")
    results = _all(src)
    text = results["xor"].text.decode()
    assert results["xor"].changed
    assert "_at(::tile, ty, tx)" in text and "_at(::tile, ((ty + 1) % 32), tx)" in text
    assert text.count("_at(") - text.count("_at(__rapcc_T (&__rapcc_a)") == 4  # the four uses of the file-scope array


@pytest.mark.nvcc
def test_qualified_rewrites_compile(tmp_path):
    nvcc = require_nvcc()
    out = tmp_path / "q.cu"
    out.write_bytes(_all(QUALIFIED)["xor"].text)
    proc = subprocess.run([nvcc, "-arch=sm_90", "-cubin", "-o", str(tmp_path / "q.cubin"), str(out)],
                          capture_output=True, text=True)
    assert proc.returncode == 0, proc.stderr[:600]
