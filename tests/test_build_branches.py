"""Code that nvcc's own macros decide is analysed as the compile's nvcc takes it,
and kept where rapcc cannot know their values (rapcc/frontend/build_branches.py)."""
from __future__ import annotations

import pytest

from rapcc.build_macros import UNKNOWN, BuildMacros, ask_nvcc, from_arch_option
from rapcc.pipeline import Options, rewrite_source
from tests.conftest import require_nvcc

# `other` sits in a kernel of its own: code under a branch an unknown macro
# decides reaches every array of its kernel (a local it assigns), not another
# kernel's.
_KERNEL = """#define N 32
__global__ void k(float *out)
{
    __shared__ float tile[N][N];
    int tx = threadIdx.x, ty = threadIdx.y;
    tile[ty][tx] = out[ty * N + tx];
    __syncthreads();
BRANCH
}

__global__ void k2(float *out)
{
    __shared__ float other[N][N];
    int tx = threadIdx.x, ty = threadIdx.y;
    other[ty][tx] = out[ty * N + tx];
    __syncthreads();
    out[ty * N + tx] += other[tx][ty];
}

int main()
{
    float *d;
    k<<<1, dim3(32, 32)>>>(d);
    k2<<<1, dim3(32, 32)>>>(d);
}
"""
_FLAT = "out[ty * N + tx] = tile[0][tx * N + ty];"  # a walk across the rows: out of a row's range
_IN_RANGE = "out[ty * N + tx] = tile[tx][ty];"  # a 32-way conflict, padded away
# The sound proof's refusal of the flat walk (`rapcc-unproved`).
_WALK = "subscript 1 of 'tile' is not proved inside its dimension"


def _constexpr(new: str, old: str) -> str:
    return _KERNEL.replace("BRANCH", f"    if constexpr (__CUDACC_VER_MAJOR__ >= 13) {{\n        {new}\n"
                                     f"    }} else {{\n        {old}\n    }}")


def _rewrite(text: str, build: BuildMacros):
    result = rewrite_source(text.encode(), "k.cu", Options(whole_program=True, build=build))
    kept = {p.analysis.array.name: p for p in result.plans}
    return {name for name, p in kept.items() if p.rewritten}, [d.format() for d in result.diagnostics]


def _installed(tmp_path, *flags: str) -> BuildMacros:
    found = ask_nvcc(require_nvcc(), flags, str(tmp_path))
    assert found.version is not None, "nvcc --dryrun named no __CUDACC_VER_MAJOR__"
    return found


def _on_installed_branch(build: BuildMacros, taken: str, other: str) -> str:
    """`_constexpr` with `taken` on the branch the installed nvcc takes (nvcc 13 and later: the first)."""
    assert build.version is not None
    return _constexpr(taken, other) if build.version[0] >= 13 else _constexpr(other, taken)


@pytest.mark.nvcc
def test_if_constexpr_on_the_version_is_analysed_on_the_installed_nvccs_branch(tmp_path):
    # The installed nvcc runs the flat walk: the array must stay. With the old pinned
    # __CUDACC_VER_MAJOR__ 12 the other branch was analysed under nvcc 13 and 'tile' padded.
    build = _installed(tmp_path)
    rewritten, diags = _rewrite(_on_installed_branch(build, _FLAT, _IN_RANGE), build)
    assert "tile" not in rewritten and "other" in rewritten
    assert any(_WALK in d for d in diags)


@pytest.mark.nvcc
def test_if_constexpr_twin_the_installed_nvccs_branch_in_range_is_rewritten(tmp_path):
    build = _installed(tmp_path)
    rewritten, diags = _rewrite(_on_installed_branch(build, _IN_RANGE, _FLAT), build)
    assert {"tile", "other"} <= rewritten
    assert not any("rapcc-escape" in d for d in diags)


@pytest.mark.parametrize("new, old", [(_FLAT, _IN_RANGE), (_IN_RANGE, _FLAT)])
def test_if_constexpr_on_an_unknown_version_keeps_the_array(new, old):
    rewritten, diags = _rewrite(_constexpr(new, old), UNKNOWN)
    assert "tile" not in rewritten
    assert any("'tile' is used under a branch that '__CUDACC_VER_MAJOR__' decides" in d and "no nvcc found" in d
               for d in diags)
    assert "other" in rewritten  # its uses sit outside the branch: still rewritten


def _preprocessor(active_from_800: str, below: str) -> str:
    return _KERNEL.replace("BRANCH", f"#if __CUDA_ARCH__ >= 800\n    {active_from_800}\n#else\n    {below}\n#endif")


def test_preprocessor_branch_on_the_arch_follows_the_arch_option():
    text = _preprocessor(_FLAT, _IN_RANGE)
    rewritten, diags = _rewrite(text, from_arch_option("sm_90"))
    assert "tile" not in rewritten and any(_WALK in d for d in diags)
    # sm_75 parses the other branch: the flat walk is a skipped spelling, not the code analysed.
    rewritten, diags = _rewrite(text, from_arch_option("sm_75"))
    assert not any(_WALK in d for d in diags)
    assert any("preprocessor branch at line 8 (on __CUDA_ARCH__) that this parse skipped" in d for d in diags)


@pytest.mark.nvcc
def test_preprocessor_branch_on_the_arch_with_two_arch_values(tmp_path):
    text = _preprocessor(_FLAT, _IN_RANGE)
    _, diags = _rewrite(text, _installed(tmp_path, "-arch", "sm_90"))
    assert any(_WALK in d for d in diags)
    _, diags = _rewrite(text, _installed(tmp_path, "-arch", "sm_75"))
    assert not any(_WALK in d for d in diags)
    # Both targets at once: the arch has two values, neither branch licenses anything.
    rewritten, diags = _rewrite(text, _installed(tmp_path, "-gencode", "arch=compute_75,code=sm_75",
                                                 "-gencode", "arch=compute_90,code=sm_90"))
    assert "tile" not in rewritten and "other" in rewritten
    assert any("'__CUDA_ARCH__' decides" in d and "device passes give it different values" in d for d in diags)


def test_preprocessor_branch_on_an_unknown_arch_keeps_the_array_twin_outside_is_rewritten():
    rewritten, diags = _rewrite(_preprocessor(_IN_RANGE, _IN_RANGE), UNKNOWN)
    assert "tile" not in rewritten and "other" in rewritten
    assert any("'tile' is used under a branch that '__CUDA_ARCH__' decides" in d for d in diags)


def test_an_unbraced_if_constexpr_on_an_unknown_version_keeps_every_array():
    text = _KERNEL.replace("BRANCH", f"    if constexpr (__CUDACC_VER_MAJOR__ >= 13)\n        {_IN_RANGE}")
    rewritten, diags = _rewrite(text, UNKNOWN)
    assert not rewritten and any("'__CUDACC_VER_MAJOR__' is used in code that may reach" in d for d in diags)


def test_ifdef_cuda_arch_is_known_in_every_device_pass():
    text = _KERNEL.replace("BRANCH", f"#ifdef __CUDA_ARCH__\n    {_IN_RANGE}\n#endif")
    rewritten, diags = _rewrite(text, UNKNOWN)
    assert {"tile", "other"} <= rewritten and not any("decides" in d for d in diags)


def test_a_macro_defined_from_an_unknown_one_is_unknown_too():
    text = "#if __CUDA_ARCH__ >= 800\n#define STEP 2\n#else\n#define STEP 1\n#endif\n" + _KERNEL.replace(
        "BRANCH", "    out[ty * N + tx] = tile[tx][ty] * STEP;")
    rewritten, diags = _rewrite(text, UNKNOWN)
    assert not rewritten and any("'STEP' is used in code that may reach 'tile'" in d for d in diags)
    rewritten, _ = _rewrite(text, from_arch_option("sm_90"))  # the twin: the arch known
    assert {"tile", "other"} <= rewritten


def test_an_unknown_macro_in_code_keeps_every_array_and_is_never_guarded():
    text = _KERNEL.replace("BRANCH", "    out[ty * N + tx] = tile[tx][ty] + __CUDA_ARCH__;")
    rewritten, diags = _rewrite(text, UNKNOWN)
    assert not rewritten and any("'__CUDA_ARCH__' is used in code that may reach 'other'" in d for d in diags)
    result = rewrite_source(text.encode(), "k.cu", Options(whole_program=True, build=from_arch_option("sm_90")))
    assert result.changed
    # nvcc's host pass has no __CUDA_ARCH__: a `#if __CUDA_ARCH__ != 900 #error` guard would stop the compile.
    assert b"__CUDA_ARCH__ !=" not in result.text and "__CUDA_ARCH__" not in dict(result.macro_guards)


def test_the_arch_option_reaches_the_parse(run_cli, tmp_path):
    """`rapcc --arch`, without an nvcc (run_cli hides it): __CUDA_ARCH__ known, the version not."""
    src = tmp_path / "k.cu"
    src.write_text(_preprocessor(_FLAT, _IN_RANGE))
    _, _, err = run_cli(str(src), "--arch", "sm_90", "--whole-program", "-o", str(tmp_path / "out.cu"))
    assert _WALK in err and "decides" not in err
    _, _, err = run_cli(str(src), "--whole-program", "-o", str(tmp_path / "out.cu"))
    assert "'tile' is used under a branch that '__CUDA_ARCH__' decides" in err and "pass --arch" in err


# Code under an unknown branch that spells no array still decides values an
# array's subscripts read (tests/redteam3/rt3_36, rt3_90, rt3_100, rt3_102).
_SKEWED = """__global__ void k(int *out)
{
    __shared__ int tile[16][32];
    int tx = threadIdx.x, ty = threadIdx.y;
    tile[ty][tx] = out[ty * 32 + tx];
    tile[ty + 8][tx] = out[ty * 32 + tx + 256];
    __syncthreads();
SKEW
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
    k<<<1, dim3(32, 8)>>>(d);
    k2<<<1, dim3(32, 8)>>>(d);
}
"""
_LOCAL = "    int skew;\n#if __CUDA_ARCH__ >= 800\n    skew = 0;\n#else\n    skew = 16;\n#endif"


def test_a_local_assigned_under_an_unknown_branch_keeps_its_kernels_arrays_twin_kernel_rewritten():
    rewritten, diags = _rewrite(_SKEWED.replace("SKEW", _LOCAL), UNKNOWN)
    assert "tile" not in rewritten
    assert any("'__CUDA_ARCH__' decides code at line 9 whose values may reach 'tile'" in d for d in diags)
    assert "other" in rewritten  # another kernel: the local cannot reach it
    # the twin: the arch known, the branch sm_90 compiles (skew 0) is analysed and the tile rewritten
    rewritten, _ = _rewrite(_SKEWED.replace("SKEW", _LOCAL), from_arch_option("sm_90"))
    assert {"tile", "other"} <= rewritten


def test_if_constexpr_assigning_a_local_on_an_unknown_version_keeps_its_kernels_arrays():
    branch = ("    int skew = 16;\n    if constexpr (__CUDACC_VER_MAJOR__ >= 12) {\n        skew = 0;\n    }")
    rewritten, diags = _rewrite(_SKEWED.replace("SKEW", branch), UNKNOWN)
    assert "tile" not in rewritten and "other" in rewritten
    assert any("'__CUDACC_VER_MAJOR__' decides code" in d and "'tile'" in d for d in diags)


@pytest.mark.parametrize("declaration", [
    "#if __CUDA_ARCH__ >= 800\nconstexpr int kSkew = 0;\n#else\nconstexpr int kSkew = 16;\n#endif\n",
    "__host__ __device__ constexpr int skew_of() {\n#if __CUDA_ARCH__ >= 800\n    return 0;\n#else\n"
    "    return 16;\n#endif\n}\nconstexpr int kSkew = skew_of();\n",
])
def test_a_declaration_under_an_unknown_branch_keeps_every_array(declaration):
    text = declaration + _SKEWED.replace("SKEW", "    const int skew = kSkew;")
    rewritten, diags = _rewrite(text, UNKNOWN)
    assert not rewritten
    assert any("'__CUDA_ARCH__' decides code at line" in d and "may reach 'other'" in d for d in diags)
    rewritten, _ = _rewrite(text, from_arch_option("sm_90"))  # the twin: the arch known
    assert {"tile", "other"} <= rewritten


def test_a_launch_shape_under_an_unknown_branch_keeps_every_array():
    text = _SKEWED.replace("SKEW", "    const int skew = 0;").replace(
        "    k<<<1, dim3(32, 8)>>>(d);",
        "#if CUDART_VERSION >= 12000\n    dim3 b(32, 8);\n#else\n    dim3 b(64, 4);\n#endif\n    k<<<1, b>>>(d);")
    rewritten, diags = _rewrite(text, UNKNOWN)
    assert not rewritten and any("'CUDART_VERSION' decides code" in d for d in diags)


def test_a_local_under_an_unknown_branch_reaches_the_arrays_of_the_helpers_its_kernel_calls():
    text = _SKEWED.replace("SKEW", _LOCAL).replace(
        "__global__ void k2(int *out)\n{", "__device__ void stage(int *out, int skew)\n{").replace(
        "    out[ty * 32 + tx] = other[tx][ty];\n}", "    out[ty * 32 + tx] = other[tx][ty + skew];\n}").replace(
        "tile[ty][tx + skew];\n}", "tile[ty][tx + skew];\n    stage(out, skew);\n}").replace(
        "    k2<<<1, dim3(32, 8)>>>(d);\n", "")
    rewritten, diags = _rewrite(text, UNKNOWN)
    assert not rewritten
    assert any("decides code at line 9 whose values may reach 'other'" in d for d in diags)


@pytest.mark.parametrize("inert", ["#define UNUSED_STEP 2", "#error too old", "#pragma message(\"sm_80\")"])
def test_a_branch_of_directives_alone_keeps_nothing(inert):
    text = f"#if __CUDA_ARCH__ < 800\n{inert}\n#endif\n" + _SKEWED.replace("SKEW", "    const int skew = 0;")
    rewritten, diags = _rewrite(text, UNKNOWN)
    assert {"tile", "other"} <= rewritten and not any("decides" in d for d in diags)


@pytest.mark.parametrize("condition", ["defined(__clang__)", "__GNUC__ < 7", "__cplusplus < 202002L",
                                       "defined(__CUDA__)", "__cpp_concepts >= 201907L", "defined(__NVPTX__)",
                                       "__has_builtin(__builtin_assume)", "__has_include(<cuda/pipeline>)"])
def test_the_parsers_own_compiler_macros_are_unknown_even_with_the_arch_known(condition):
    """libclang defines __clang__, __CUDA__ and __GNUC__ 4 where nvcc's front end
    does not, and -std decides __cplusplus: the branch clang takes is not the
    one nvcc compiles (rt3_110..113), whatever nvcc says about the arch."""
    text = (f"#if {condition}\nconstexpr int kSkew = 0;\n#else\nconstexpr int kSkew = 16;\n#endif\n"
            + _SKEWED.replace("SKEW", "    const int skew = kSkew;"))
    for build in (UNKNOWN, from_arch_option("sm_90")):
        rewritten, diags = _rewrite(text, build)
        assert not rewritten
        assert any("decides code at line 1" in d and "not rapcc's clang parse" in d for d in diags)


def test_ifdef_cplusplus_is_known_twin_rewritten():
    """The twin: nvcc always compiles C++, so `#ifdef __cplusplus` decides nothing."""
    text = ("#ifdef __cplusplus\nconstexpr int kSkew = 0;\n#else\nconstexpr int kSkew = 16;\n#endif\n"
            + _SKEWED.replace("SKEW", "    const int skew = kSkew;"))
    rewritten, diags = _rewrite(text, from_arch_option("sm_90"))
    assert {"tile", "other"} <= rewritten and not any("decides" in d for d in diags)
