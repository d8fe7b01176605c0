"""A user header's branches that the parse's compiler macros, nvcc's unknown
ones or a build's flags decide are analysed as the main file's are
(rapcc/frontend/header_branches.py): rt3_110..117 with the branch moved into
`#include "common.h"`, each beside its legal twin."""
from __future__ import annotations

import pytest

from rapcc.build_macros import UNKNOWN, BuildMacros, from_arch_option
from rapcc.frontend import header_branches
from rapcc.frontend.header_branches import UserHeader, header_facts, inert_macros
from rapcc.pipeline import Options, rewrite_source

# `tile[ty][tx + skew]` runs off its row for any skew but 0: a skew the parse
# reads as 0 while nvcc compiles 16 turns padding into wrong results (rt3_110).
_SKEWED = """#include "common.h"
__global__ void k(int *out)
{
    __shared__ int tile[16][32];
    int tx = threadIdx.x, ty = threadIdx.y;
    tile[ty][tx] = out[ty * 32 + tx];
    tile[ty + 8][tx] = out[ty * 32 + tx + 256];
    __syncthreads();
    const int skew = SKEW;
    out[ty * 32 + tx] = tile[tx % 16][ty] + tile[ty][tx + skew];
}

__global__ void k2(int *out)
{
    __shared__ int other[32][32];
    int tx = threadIdx.x, ty = threadIdx.y;
    for (int j = ty; j < 32; j += 8) other[j][tx] = out[j * 32 + tx];
    __syncthreads();
    out[ty * 32 + tx] = other[tx][ty];
}

int main()
{
    int *d;
    k<<<1, LAUNCH>>>(d);
    k2<<<1, dim3(32, 8)>>>(d);
}
"""
_ARCH = from_arch_option("sm_90")  # nvcc's own macros known: only the compiler's are unknown


def _rewrite(tmp_path, header: str, skew: str = "0", launch: str = "dim3(32, 8)",
             build: BuildMacros = _ARCH, others: dict[str, str] | None = None):
    (tmp_path / "common.h").write_text(header)
    for name, text in (others or {}).items():
        (tmp_path / name).write_text(text)
    text = _SKEWED.replace("SKEW", skew).replace("LAUNCH", launch)
    path = tmp_path / "k.cu"
    path.write_text(text)
    result = rewrite_source(text.encode(), str(path), Options(whole_program=True, build=build))
    rewritten = {p.analysis.array.name for p in result.plans if p.rewritten}
    return rewritten, [d.format() for d in result.diagnostics]


def _branch(condition: str, taken: str, other: str) -> str:
    return f"#if {condition}\n{taken}\n#else\n{other}\n#endif\n"


@pytest.mark.parametrize("condition", ["defined(__clang__)", "__GNUC__ < 7", "__cplusplus >= 202002L",
                                       "defined(__NVPTX__)", "__has_builtin(__builtin_assume)"])
def test_a_header_constant_under_a_compiler_macro_keeps_every_array(tmp_path, condition):
    header = _branch(condition, "constexpr int kSkew = 0;", "constexpr int kSkew = 16;")
    rewritten, diags = _rewrite(tmp_path, header, "kSkew")
    assert not rewritten
    assert any("common.h:1:" in d and "may reach 'tile'" in d and "not rapcc's clang parse" in d for d in diags)
    # the twin: the same constant outside any branch is rewritten
    rewritten, diags = _rewrite(tmp_path, "constexpr int kSkew = 0;\n", "kSkew")
    assert {"tile", "other"} <= rewritten and not any("decides" in d for d in diags)


def test_a_header_inline_function_under_a_compiler_macro_keeps_every_array(tmp_path):
    header = ("__host__ __device__ constexpr int skew_of()\n{\n"
              + _branch("defined(__clang__)", "    return 0;", "    return 16;") + "}\n")
    rewritten, diags = _rewrite(tmp_path, header, "skew_of()")
    assert not rewritten and any("'__clang__' decides code at" in d for d in diags)
    # the twin: one body; `other` is rewritten (a call's value is not followed, so `tile` is kept either way)
    twin = "__host__ __device__ constexpr int skew_of()\n{\n    return 0;\n}\n"
    rewritten, diags = _rewrite(tmp_path, twin, "skew_of()")
    assert "other" in rewritten and not any("decides" in d for d in diags)


def test_a_header_launch_helper_under_a_compiler_macro_keeps_every_array(tmp_path):
    """A 64x4 launch runs `tile[ty + 8]` past 16 rows' proof for 32x8: the shape clang reads is not nvcc's."""
    header = "inline dim3 block_shape()\n{\n" + _branch("__cplusplus >= 202002L", "    return dim3(32, 8);",
                                                     "    return dim3(64, 4);") + "}\n"
    rewritten, diags = _rewrite(tmp_path, header, launch="block_shape()")
    assert not rewritten and any("'__cplusplus' decides code" in d for d in diags)
    twin = "inline dim3 block_shape()\n{\n    return dim3(32, 8);\n}\n"  # one shape (`k`'s launch is not read)
    rewritten, diags = _rewrite(tmp_path, twin, launch="block_shape()")
    assert "other" in rewritten and not any("decides" in d for d in diags)


def test_a_header_type_under_a_compiler_macro_keeps_every_array(tmp_path):
    header = _branch("defined(__clang__)", "typedef int skew_t;", "typedef unsigned char skew_t;")
    rewritten, _ = _rewrite(tmp_path, header, "skew_t(256)")
    assert not rewritten


def test_a_header_macro_defined_under_a_compiler_macro_is_unknown_where_the_kernel_spells_it(tmp_path):
    header = _branch("defined(__clang__)", "#define HDR_SKEW 0", "#define HDR_SKEW 16")
    rewritten, diags = _rewrite(tmp_path, header, "HDR_SKEW")
    assert not rewritten
    assert any("'HDR_SKEW' is used in code" in d and "a header of the user's defines it" in d for d in diags)
    # the twin: the branch's macro unused, nothing reaches an array
    rewritten, diags = _rewrite(tmp_path, header, "0")
    assert {"tile", "other"} <= rewritten


def test_a_macro_of_one_header_decides_another_headers_branch(tmp_path):
    """`fast.h` defines FAST under clang only; `common.h` picks the skew on FAST (a fixed point over the headers)."""
    fast = _branch("defined(__clang__)", "#define FAST 1", "#define FAST 0")
    header = '#include "fast.h"\n' + _branch("FAST", "constexpr int kSkew = 0;", "constexpr int kSkew = 16;")
    rewritten, _ = _rewrite(tmp_path, header, "kSkew", others={"fast.h": fast})
    assert not rewritten
    # the twin: FAST's group holds a pragma alone, and the skew is the same everywhere
    legal = '#include "fast.h"\n#if FAST\n#pragma message("fast")\n#endif\nconstexpr int kSkew = 0;\n'
    rewritten, _ = _rewrite(tmp_path, legal, "kSkew", others={"fast.h": fast})
    assert {"tile", "other"} <= rewritten


def test_a_header_branch_on_an_unknown_arch_keeps_every_array_twin_with_the_arch_known(tmp_path):
    header = _branch("__CUDA_ARCH__ >= 800", "constexpr int kSkew = 0;", "constexpr int kSkew = 16;")
    rewritten, diags = _rewrite(tmp_path, header, "kSkew", build=UNKNOWN)
    assert not rewritten and any("'__CUDA_ARCH__' decides code" in d for d in diags)
    assert {"tile", "other"} <= _rewrite(tmp_path, header, "kSkew", build=_ARCH)[0]


def test_a_compiler_macro_branch_inside_an_include_guard_keeps_every_array_guard_alone_twin(tmp_path):
    guarded = "#ifndef COMMON_H\n#define COMMON_H\nBODY#endif\n"
    branch = _branch("defined(__clang__)", "constexpr int kSkew = 0;", "constexpr int kSkew = 16;")
    rewritten, diags = _rewrite(tmp_path, guarded.replace("BODY", branch), "kSkew")
    assert not rewritten and any("'__clang__' decides code at" in d and "common.h:3:" in d for d in diags)
    rewritten, diags = _rewrite(tmp_path, guarded.replace("BODY", "constexpr int kSkew = 0;\n"), "kSkew")
    assert {"tile", "other"} <= rewritten and not any("decides" in d for d in diags)


def test_a_header_inlining_macro_chosen_by_the_compiler_changes_nothing(tmp_path):
    """`FORCEINLINE` is `__attribute__((always_inline))` for clang and `__forceinline__` for nvcc:
    whichever the compile takes, the helper computes the same values."""
    header = (_branch("defined(__clang__)", "#define FORCEINLINE __attribute__((always_inline)) inline",
                      "#define FORCEINLINE __forceinline__")
              + "#ifdef __clang__\n#pragma clang diagnostic push\n#endif\n"
              + "FORCEINLINE __host__ __device__ constexpr int skew_of() { return 0; }\n")
    rewritten, diags = _rewrite(tmp_path, header, "skew_of()")
    assert "other" in rewritten and not any("FORCEINLINE" in d for d in diags)  # (`tile`: a call's value)
    # the wrong form: the same macro, one of whose bodies is a value
    wrong = _branch("defined(__clang__)", "#define FORCEINLINE inline", "#define FORCEINLINE 16 +")
    wrong += "__host__ __device__ constexpr int skew_of() { return FORCEINLINE 0; }\n"
    rewritten, diags = _rewrite(tmp_path, wrong, "skew_of()")
    assert not rewritten and any("uses 'FORCEINLINE'" in d for d in diags)


def test_inert_macros_follow_every_definition_and_leave_out_the_builds_flags():
    defines = [("FI", ("__attribute__", "(", "(", "always_inline", ")", ")")), ("FI", ()),
               ("DFI", ("FI", "inline")), ("AL", ("__attribute__", "(", "(", "aligned", "(", "16", ")", ")", ")")),
               ("MIX", ("inline",)), ("MIX", ("16",)), ("D", ("inline",))]
    assert inert_macros(defines, ("D=1",)) == frozenset({"FI", "DFI"})


def test_each_header_is_lexed_once_for_the_same_unit(tmp_path):
    """The verdict is remembered per (path, bytes, build, macros): another parse reads no header again."""
    from rapcc.frontend.tokens import FileTokens  # noqa: F401  (the type `lex` returns)
    calls = []
    header_branches._VERDICTS.clear()

    def lex():
        calls.append(1)
        raise AssertionError("lexed")  # the first call is answered below, before any lex
    text = b"#pragma once\n"
    key_header = UserHeader(str(tmp_path / "h.h"), text, lex)
    header_branches._VERDICTS[(key_header.path, text, _ARCH, frozenset(), frozenset())] = (frozenset(), None)
    for _ in range(3):
        assert header_facts((key_header,), _ARCH, frozenset()).keeps is None
    assert not calls


def test_a_header_naming_no_unknown_macro_is_not_lexed(tmp_path):
    """Most headers spell none of the macros rapcc cannot know: a substring test spares their lexing."""
    def lex():
        raise AssertionError("lexed")
    header_branches._VERDICTS.clear()
    plain = UserHeader(str(tmp_path / "plain.h"), b"#define TILE 32\nconstexpr int kSkew = 0;\n", lex)
    assert header_facts((plain,), _ARCH, frozenset()) == header_branches.HeaderFacts(frozenset(), frozenset(), None)
    # the wrong form for the filter: a name spliced over two lines is still a spelling of it, and is lexed
    spliced = UserHeader(str(tmp_path / "spliced.h"), b"#if defined(__cla\\\nng__)\nint x;\n#endif\n", lex)
    with pytest.raises(AssertionError, match="lexed"):
        header_facts((spliced,), _ARCH, frozenset())


def test_an_inlining_macro_with_another_body_in_another_header_is_not_inert(tmp_path):
    """FORCEINLINE is an inlining request in `common.h`'s clang branch, but `other.h` defines it otherwise
    where that branch did not: not every definition is inert, so its spelling keeps the arrays."""
    header = (_branch("defined(__clang__)", "#define FORCEINLINE inline", "") + '#include "other.h"\n'
              + "FORCEINLINE __host__ __device__ constexpr int skew_of() { return 0; }\n")
    other = "#ifndef FORCEINLINE\n#define FORCEINLINE static\n#endif\n"
    rewritten, diags = _rewrite(tmp_path, header, "skew_of()", others={"other.h": other})
    assert "other" not in rewritten and any("FORCEINLINE" in d for d in diags)
    # the twin: `other.h`'s fallback is an inlining request too
    rewritten, diags = _rewrite(tmp_path, header, "skew_of()",
                                others={"other.h": other.replace("static", "__forceinline__")})
    assert "other" in rewritten and not any("FORCEINLINE" in d for d in diags)
