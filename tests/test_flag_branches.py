"""Branches a build's macro decides (rapcc/frontend/flag_branches.py): code
under `#ifdef WIDE` that changes what later code computes keeps the arrays its
values reach; stores through subscripts, directives and a file's include
guard keep nothing."""
from __future__ import annotations

import pytest

from rapcc.build_macros import from_arch_option
from rapcc.frontend.flag_branches import _stores_only
from rapcc.frontend.tokens import Token
from rapcc.pipeline import Options, rewrite_source
from tests.test_build_branches import _SKEWED

# test_build_branches' two kernels, with the build-flag group where its skew is chosen.
_FILE = "PRELUDE" + _SKEWED.replace("\nSKEW\n", "\nBRANCH\n")


def _rewrite(prelude: str, branch: str):
    text = _FILE.replace("PRELUDE", prelude).replace("BRANCH", branch)
    # the arch known: only the build's own macro is in question
    result = rewrite_source(text.encode(), "k.cu", Options(whole_program=True, build=from_arch_option("sm_90")))
    return ({p.analysis.array.name for p in result.plans if p.rewritten},
            [d.format() for d in result.diagnostics])


def test_a_local_assigned_under_a_build_flag_keeps_its_kernels_arrays():
    """The wrong form (as rt3_102 with -DWIDE): the parse skips `skew = 16`, a
    build with -DWIDE runs it and the tile's read leaves its row."""
    rewritten, diags = _rewrite("", "    int skew = 0;\n#ifdef WIDE\n    skew = 16;\n#endif")
    assert "tile" not in rewritten
    assert any("'WIDE' decides code at line 9 whose values may reach 'tile'" in d and "-D" in d for d in diags)
    assert "other" in rewritten  # the twin: another kernel's array


@pytest.mark.parametrize("prelude", [
    "#ifdef WIDE\nconstexpr int kSkew = 16;\n#else\nconstexpr int kSkew = 0;\n#endif\n",
    "#if WIDTH > 32\n__device__ int skew_of() { return 16; }\n#else\n__device__ int skew_of() { return 0; }\n#endif\n"
    "constexpr int kSkew = 0;\n",
])
def test_a_declaration_under_a_build_flag_keeps_every_array(prelude):
    rewritten, diags = _rewrite(prelude, "    const int skew = kSkew;")
    assert not rewritten and any("may reach 'other'" in d for d in diags)


def test_a_type_chosen_by_a_build_flag_keeps_the_arrays():
    """`unsigned` in one branch and `int` in the other change the arithmetic of
    the same text after them."""
    branch = "#ifdef WIDE\n    unsigned\n#else\n    int\n#endif\n    skew = 0;"
    rewritten, _ = _rewrite("", branch)
    assert "tile" not in rewritten and "other" in rewritten


@pytest.mark.parametrize("branch", [
    "    const int skew = 0;\n#ifdef DEBUG\n    out[tx] = tile[ty][tx];\n#endif",
    "    const int skew = 0;\n#ifdef DEBUG\n    if (tx < 32 && ty == 0) out[tx] = tile[ty][tx] + (int)sizeof(int);\n#endif",
    "    const int skew = 0;\n#ifndef STEP\n#define STEP 1\n#endif",
])
def test_stores_and_directives_under_a_build_flag_keep_nothing(branch):
    """The legal twins: stores through subscripts change memory, not a value
    the analysis knows, and their subscripts are proved in every branch."""
    rewritten, diags = _rewrite("", branch)
    assert {"tile", "other"} <= rewritten, diags


def test_an_include_guard_decides_nothing():
    text = "#ifndef K_CU\n#define K_CU\n" + _FILE.replace("PRELUDE", "").replace(
        "BRANCH", "    const int skew = 0;") + "#endif\n"
    result = rewrite_source(text.encode(), "k.cu", Options(whole_program=True, build=from_arch_option("sm_90")))
    assert {p.analysis.array.name for p in result.plans if p.rewritten} == {"tile", "other"}
    # the same group with an #else is a choice, not a guard
    text = text.replace("#endif\n", "#else\nint unused_k;\n#endif\n")
    result = rewrite_source(text.encode(), "k.cu", Options(whole_program=True, build=from_arch_option("sm_90")))
    assert not any(p.rewritten for p in result.plans)


def _toks(text: str) -> list[Token]:
    out, at = [], 0
    for word in text.split():
        out.append(Token(word, at, at + len(word), 1, at + 1))
        at += len(word) + 1
    return out


@pytest.mark.parametrize("text, stores", [
    ("dst [ i ] = t [ r ] [ c ] ;", True),
    ("if ( i < 4 ) dst [ i ] = 1 ;", True),
    ("dst [ i ] = sizeof ( int ) ;", True),
    ("skew = 16 ;", False),
    ("dst [ i ] += 1 ;", False),
    ("dst [ i ] = f ( x ) ;", False),
    ("dst [ i ] = 1", False),
    ("if ( g ( i ) ) dst [ i ] = 1 ;", False),
    ("dst [ i = 2 ] = 1 ;", False),
    ("int a [ 2 ] ;", False),
    ('printf ( "%d" , dst [ i ] ) ;', True),
    ("printf ( fmt , & skew ) ;", False),
    ("assert ( i < 4 ) ;", True),
    ("assert ( i ++ < 4 ) ;", False),
])
def test_stores_only_reads_statements_token_by_token(text, stores):
    assert _stores_only(_toks(text)) is stores


_LAUNCHED = """static __global__ void k(const int *in, int *out, int p)
{
    __shared__ int tile[8][32];
    const int tx = threadIdx.x, ty = threadIdx.y;
    const int tid = ty * blockDim.x + tx;
    tile[tid / 32][tid % 32] = in[tid];
    __syncthreads();
    out[tid] = tile[ty][tx] + tile[tid % 8][tid / 8];
}
void launch(const int *in, int *out)
{
LAUNCH
}
"""


def test_a_launch_shape_a_build_flag_picks_keeps_the_internal_kernels_arrays():
    """The wrong form: the parse reads the 32x8 launch only, and a build with
    -DWIDE launches the internal kernel 64x4, where tile[ty][tx] leaves its
    row; no blockDim guard protects an internal kernel's layout."""
    launch = ("#ifdef WIDE\n    k<<<2, dim3(64, 4)>>>(in, out, 0);\n#else\n"
              "    k<<<2, dim3(32, 8)>>>(in, out, 0);\n#endif")
    result = rewrite_source(_LAUNCHED.replace("LAUNCH", launch).encode(), "k.cu",
                            Options(build=from_arch_option("sm_90")))
    (plan,) = result.plans
    assert not plan.rewritten and "'WIDE' decides code at line 12" in plan.reason
    # the twin: the one launch, no branch
    result = rewrite_source(_LAUNCHED.replace("LAUNCH", "    k<<<2, dim3(32, 8)>>>(in, out, 0);").encode(), "k.cu",
                            Options(build=from_arch_option("sm_90")))
    (plan,) = result.plans
    assert plan.rewritten, plan.reason
