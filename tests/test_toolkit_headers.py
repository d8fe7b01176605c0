"""RAPCC_HEADERS=toolkit: the toolkit's real headers in clang's own CUDA mode (rapcc/frontend/parse.py)."""
from __future__ import annotations

import os
import shutil
import sys

import pytest

from rapcc.build_macros import ask_nvcc
from rapcc.frontend.parse import SKEW_DIR, ParseConfig, clang_args, libclang_major, parse_tolerant, \
    toolkit_resources
from rapcc.frontend.launches import launch_facts
from rapcc.toolkit import AUTO_HEADERS, HeaderMode, find_toolkit, header_mode, resource_dir
from tests.conftest import ROOT, require_nvcc

DONE_WHEN = """#include <cub/cub.cuh>
#include <thrust/device_vector.h>
#include <cuda/pipeline>
#include <mutex>
#include <unordered_map>
#include <cuda_fp16.h>

#define N 32
__global__ void transpose(float *out, const float *in)
{
    __shared__ float tile[N][N];
    tile[threadIdx.y][threadIdx.x] = in[threadIdx.y * N + threadIdx.x];
    __syncthreads();
    out[threadIdx.y * N + threadIdx.x] = tile[threadIdx.x][threadIdx.y];
}

__global__ void halves(__half2 *out) { out[threadIdx.x] = make_half2(__float2half(1.0f), __float2half(2.0f)); }

std::mutex lock;
std::unordered_map<int, int> seen;

int main()
{
    float *a = nullptr, *b = nullptr;
    transpose<<<1, dim3(32, 8)>>>(a, b);
    cudaLaunchConfig_t config = {};
    config.gridDim = dim3(1);
    config.blockDim = dim3(64);
    __half2 *h = nullptr;
    cudaLaunchKernelEx(&config, halves, h);
    thrust::device_vector<int> v(4);
    return 0;
}
"""


def _toolkit() -> str:
    nvcc = require_nvcc()
    found = find_toolkit(None, {}, lambda name: nvcc if name == "nvcc" else None)
    if found is None:
        pytest.fail(f"nvcc at {nvcc} has no toolkit headers")
    if toolkit_resources(ParseConfig(cuda_path=found.root, headers=HeaderMode.TOOLKIT)) is None:
        pytest.fail("clang's resource headers are not installed (pip install clang-tidy==18.1.8)")
    return found.root


def test_libclangs_version_is_the_loaded_librarys_own():
    """Asked of the library the bindings loaded (issue 29: not of the wheel's
    metadata, whose reader cost a run ~14 ms), it agrees with the wheel's."""
    from importlib.metadata import version
    assert libclang_major() == int(version("libclang").split(".")[0]) > 0


@pytest.mark.parametrize("text, major", [
    ("clang version 18.1.1", 18),
    ("Ubuntu clang version 17.0.6 (++20231209124227+6009708b4367-1~exp1~20231209124336.77)", 17),
    ("libclang of no known form", 0),  # no resource folder is taken for it (the stand-ins)
])
def test_libclangs_major_is_read_from_its_version_text(monkeypatch, text, major):
    from rapcc.frontend import clangext
    monkeypatch.setattr(clangext, "library_version", lambda: text)
    assert libclang_major.__wrapped__() == major


def test_the_resource_headers_are_libclangs_version():
    major = libclang_major()
    found = resource_dir(major)
    assert found is not None, "clang-tidy's resource headers (a dependency) are missing"
    assert os.path.basename(found) == str(major)
    assert resource_dir(major + 1) is None  # another clang's wrappers are never taken


def test_the_switch_is_read_strictly():
    assert header_mode({}) == HeaderMode.AUTO
    assert header_mode({"RAPCC_HEADERS": " Toolkit "}) == HeaderMode.TOOLKIT
    with pytest.raises(ValueError, match="RAPCC_HEADERS='real'"):
        header_mode({"RAPCC_HEADERS": "real"})


def test_standin_keeps_the_stand_ins_and_auto_follows_its_setting(tmp_path, monkeypatch):
    (tmp_path / "include").mkdir()
    args = clang_args(ParseConfig(cuda_path=str(tmp_path), headers=HeaderMode.STANDIN))
    assert "-nocudainc" in args and not any(a.startswith("--cuda-path") for a in args)
    assert AUTO_HEADERS in (HeaderMode.STANDIN, HeaderMode.TOOLKIT)
    # `auto` is the stand-ins or the toolkit as toolkit.AUTO_HEADERS says (the one line that flips the default).
    for default in (HeaderMode.STANDIN, HeaderMode.TOOLKIT):
        monkeypatch.setattr(sys.modules["rapcc.frontend.parse"], "AUTO_HEADERS", default)
        args = clang_args(ParseConfig(cuda_path=str(tmp_path), headers=HeaderMode.AUTO))
        assert ("-nocudainc" in args) == (default == HeaderMode.STANDIN)
        # Without a toolkit: the stand-ins, there is nothing else.
        assert "-nocudainc" in clang_args(ParseConfig(headers=HeaderMode.AUTO))
    assert "-nocudainc" in clang_args(ParseConfig(headers=HeaderMode.TOOLKIT))


def test_the_stand_ins_are_asked_for_by_either_spelling():
    for spelling in ("standin", "standins", "Stand-ins"):
        assert header_mode({"RAPCC_HEADERS": spelling}) == HeaderMode.STANDIN


def test_toolkit_mode_command_line(tmp_path):
    (tmp_path / "include" / "cccl").mkdir(parents=True)
    args = clang_args(ParseConfig(cuda_path=str(tmp_path), headers=HeaderMode.TOOLKIT, defines=("T=1",)))
    assert f"--cuda-path={tmp_path}" in args and "-nocudainc" not in args and "-nostdinc" not in args
    assert "-Xclang" in args and "-target-sdk-version=12.3" in args  # clang 18's newest CUDA
    assert args[args.index("-isystem") + 1] == str(tmp_path / "include" / "cccl")
    # The skew stand-ins are searched last, after the host compiler's folders (host_compiler.py).
    after = [args[i + 1] for i, a in enumerate(args) if a == "-idirafter"]
    assert after[-1] == str(SKEW_DIR) and after.count(str(SKEW_DIR)) == 1
    assert args.index("-D__CUDACC_VER_MAJOR__=12") < args.index("-DT=1")


@pytest.mark.parametrize("name", ["texture_fetch_functions.h", "curand_mtgp32_kernel.h"])
def test_each_skew_stand_in_is_empty_and_only_for_a_header_the_wrapper_includes(name):
    text = (SKEW_DIR / name).read_text()
    assert all(line.startswith(("/*", " *")) for line in text.splitlines())  # a comment, no declaration
    wrapper = os.path.join(resource_dir(libclang_major()) or "", "include", "__clang_cuda_runtime_wrapper.h")
    assert f'#include "{name}"' in open(wrapper).read() or f"#include <{name}>" in open(wrapper).read()
    assert sorted(p.name for p in SKEW_DIR.iterdir()) == ["curand_mtgp32_kernel.h", "texture_fetch_functions.h"]


@pytest.mark.nvcc
@pytest.mark.slow
@pytest.mark.parametrize("name", ["texture_fetch_functions.h", "curand_mtgp32_kernel.h"])
def test_each_skew_stand_in_is_needed_by_the_installed_toolkit(tmp_path, monkeypatch, name):
    root = _toolkit()
    if os.path.exists(os.path.join(root, "include", name)):
        pytest.skip(f"this toolkit still ships {name}")
    skew = tmp_path / "skew"
    shutil.copytree(SKEW_DIR, skew)
    (skew / name).unlink()
    src = tmp_path / "k.cu"
    src.write_text("__global__ void k(float *o) { o[0] = 1.0f; }\n")
    config = ParseConfig(cuda_path=root, headers=HeaderMode.TOOLKIT)
    monkeypatch.setattr(sys.modules["rapcc.frontend.parse"], "SKEW_DIR", skew)
    parsed = parse_tolerant(str(src), src.read_bytes(), config)
    assert any(d.spelling == f"'{name}' file not found" for d in parsed.tu.diagnostics)


@pytest.mark.nvcc
@pytest.mark.slow
def test_done_when_file_parses_with_no_error_and_its_launch_is_read(tmp_path):
    root = _toolkit()
    src = tmp_path / "k.cu"
    src.write_text(DONE_WHEN)
    build = ask_nvcc(require_nvcc(), ("-arch", "sm_80"), str(tmp_path / "cache"))
    parsed = parse_tolerant(str(src), src.read_bytes(), ParseConfig(cuda_path=root, build=build,
                                                                     headers=HeaderMode.TOOLKIT))
    assert [e.diagnostic.format() for e in parsed.scopes.errors] == []
    assert launch_facts(parsed.tu)[0].get("transpose") == [(32, 8, 1)]


@pytest.mark.nvcc
@pytest.mark.slow
def test_the_same_file_with_the_stand_ins_has_errors_in_the_toolkit(tmp_path):
    """The twin: what toolkit mode removes (make_half2, <mutex>, the launch API)."""
    root = _toolkit()
    src = tmp_path / "k.cu"
    src.write_text(DONE_WHEN)
    parsed = parse_tolerant(str(src), src.read_bytes(), ParseConfig(cuda_path=root, headers=HeaderMode.STANDIN))
    assert parsed.scopes.errors


@pytest.mark.nvcc
@pytest.mark.slow
@pytest.mark.parametrize("name", ["transpose_32x8.cu", "conv_rows.cu", "lud_tile.cu", "scan_blelloch.cu"])
def test_toolkit_mode_rewrites_as_the_stand_ins_do_with_and_without_its_prelude(tmp_path, monkeypatch, name):
    """The toolkit's prelude is precompiled (and its declarations left out of
    the unit's top level): the rewrite is the stand-ins' one, byte for byte."""
    from rapcc.frontend import prelude
    from rapcc.pipeline import Options, rewrite_source
    root = _toolkit()
    monkeypatch.setattr(prelude.tempfile, "gettempdir", lambda: str(tmp_path))
    monkeypatch.setattr(prelude, "_built", {})
    path = ROOT / "examples" / name
    build = ask_nvcc(require_nvcc(), (), str(tmp_path / "cache"))

    def text(mode: HeaderMode) -> bytes:
        return rewrite_source(path.read_bytes(), str(path), Options(cuda_path=root, build=build, headers=mode,
                                                                    dynamic_smem=0)).text
    standin = text(HeaderMode.STANDIN)
    monkeypatch.setattr(prelude, "ENABLED", False)
    plain = text(HeaderMode.TOOLKIT)
    monkeypatch.setattr(prelude, "ENABLED", True)
    with_pch = text(HeaderMode.TOOLKIT)
    assert list(tmp_path.glob("rapcc-*/prelude-*.pch")), "no precompiled prelude was made"
    assert with_pch == plain == standin
    assert standin != path.read_bytes()  # each is rewritten


_TEMPLATES = """template <int T> struct Holder { __device__ operator float *() { return nullptr; } };
template <int T> __global__ void k(float *o) { __shared__ float s[T]; s[threadIdx.x] = o[0]; o[0] = s[0]; }
template <> __global__ void k<3>(float *o) { o[0] = Holder<3>(); }
template __global__ void k<64>(float *);
void run(float *o) { k<32><<<1, 32>>>(o); }
"""


@pytest.mark.nvcc
@pytest.mark.slow
@pytest.mark.parametrize("source", ["tests/golden/template_transpose.cu", "tests/providers/conversion.cu",
                                    "inline"])
def test_the_prelude_without_its_declarations_lists_the_same_user_top_level(tmp_path, monkeypatch, source):
    """excludeDeclarationsFromPCH lists implicit instances at the top level;
    toplevel.py leaves them out, and keeps an explicit specialization (the
    twin, with a place of its own; an explicit instantiation is listed by neither)."""
    import clang.cindex as ci

    from rapcc.frontend import prelude
    from rapcc.frontend.toplevel import top_level
    root = _toolkit()
    monkeypatch.setattr(prelude.tempfile, "gettempdir", lambda: str(tmp_path))
    monkeypatch.setattr(prelude, "_built", {})
    path = tmp_path / "k.cu"
    path.write_text(_TEMPLATES if source == "inline" else (ROOT / source).read_text())
    args = prelude.precompiled(clang_args(ParseConfig(cuda_path=root, headers=HeaderMode.TOOLKIT)))
    assert args is not None

    def tops(exclude: bool) -> list[tuple]:
        tu = ci.Index.create(excludeDecls=exclude).parse(str(path), args=args, options=0x01 | 0x200)
        return [(t.kind, t.cursor.spelling, t.main, t.cursor.extent.start.offset, t.cursor.extent.end.offset)
                for t in top_level(tu) if t.file is not None and not t.system]
    assert tops(True) == tops(False)
    if source == "inline":
        listed = [(kind.name, name) for kind, name, *_ in tops(True)]
        assert listed.count(("FUNCTION_TEMPLATE", "k")) == 1 and listed.count(("FUNCTION_DECL", "k")) == 1  # the specialization


_CALLS_THE_TOOLKIT = """__global__ void k(float2 *o) { o[threadIdx.x] = make_float2(1.0f, 2.0f); }
__device__ int mine() { return 7; }
"""


def _body_of(tu, name: str) -> bool:
    """Whether the parse has a body for the function `name` (its definition's compound statement)."""
    import clang.cindex as ci
    found = [c for c in tu.cursor.walk_preorder() if c.kind == ci.CursorKind.FUNCTION_DECL and c.spelling == name]
    assert found, f"no declaration of {name}"
    return any(k.kind == ci.CursorKind.COMPOUND_STMT for c in found for k in c.get_children())


@pytest.mark.nvcc
@pytest.mark.slow
def test_the_toolkit_prelude_has_no_function_bodies_the_users_file_keeps_its(tmp_path, monkeypatch):
    """SkipFunctionBodies applies to the precompiled prelude alone (clang's wrapper and the toolkit)."""
    from rapcc.frontend import prelude
    import clang.cindex as ci
    root = _toolkit()
    monkeypatch.setattr(prelude.tempfile, "gettempdir", lambda: str(tmp_path))
    monkeypatch.setattr(prelude, "_built", {})
    src = tmp_path / "k.cu"
    src.write_text(_CALLS_THE_TOOLKIT)
    args = clang_args(ParseConfig(cuda_path=root, headers=HeaderMode.TOOLKIT))
    with_pch = prelude.precompiled(args)
    assert with_pch is not None
    tu = ci.Index.create(excludeDecls=False).parse(str(src), args=with_pch, options=0x01 | 0x200)
    assert not [d.spelling for d in tu.diagnostics if d.severity >= ci.Diagnostic.Error]
    assert not _body_of(tu, "make_float2") and _body_of(tu, "mine") and _body_of(tu, "k")
    plain = ci.Index.create().parse(str(src), args=args, options=0x01 | 0x200)
    assert _body_of(plain, "make_float2")  # what the prelude left out


@pytest.mark.nvcc
@pytest.mark.slow
def test_a_user_header_that_shadows_a_toolkit_one_keeps_its_bodies(tmp_path, monkeypatch):
    """The twin: a `-I` folder with its own `cuda.h` (it then
    `#include_next`s the toolkit's): the prelude reads a user's header, so no
    function body is left out of it."""
    from rapcc.frontend import prelude
    import clang.cindex as ci
    root = _toolkit()
    monkeypatch.setattr(prelude.tempfile, "gettempdir", lambda: str(tmp_path))
    monkeypatch.setattr(prelude, "_built", {})
    inc = tmp_path / "inc"
    inc.mkdir()
    (inc / "cuda.h").write_text("#include_next <cuda.h>\n"
                                            "static inline int shadow_helper() { return 3; }\n")
    src = tmp_path / "k.cu"
    src.write_text(_CALLS_THE_TOOLKIT + "int use() { return shadow_helper(); }\n")
    with_pch = prelude.precompiled(clang_args(ParseConfig(cuda_path=root, headers=HeaderMode.TOOLKIT,
                                                          include_dirs=(str(inc),))))
    assert with_pch is not None
    tu = ci.Index.create(excludeDecls=False).parse(str(src), args=with_pch, options=0x01 | 0x200)
    assert not [d.spelling for d in tu.diagnostics if d.severity >= ci.Diagnostic.Error]
    assert _body_of(tu, "shadow_helper") and _body_of(tu, "make_float2")


@pytest.mark.nvcc
@pytest.mark.slow
def test_the_host_compilers_own_include_folders_are_searched(tmp_path):
    """`-ccbin` (which the build hook passes as `--compiler-bindir=`) names a compiler whose search list has a folder clang's driver
    does not know (as `CPLUS_INCLUDE_PATH` would): its header is found; the
    twin, with nvcc's default gcc, does not find it."""
    root = _toolkit()
    gcc = shutil.which("gcc")
    if gcc is None:
        pytest.fail("gcc (nvcc's host compiler) is not on the PATH")
    extra = tmp_path / "host-only"
    extra.mkdir()
    (extra / "only_host.h").write_text("#define ONLY_HOST 32\n")
    fake = tmp_path / "my-gcc"
    fake.write_text(f'#!/bin/sh\nexec {gcc} "$@" -idirafter {extra}\n')
    fake.chmod(0o755)
    src = tmp_path / "k.cu"
    src.write_text("#include <only_host.h>\n__global__ void k(float *o)\n{\n    __shared__ float s[ONLY_HOST];\n"
                   "    s[threadIdx.x] = o[0];\n    o[0] = s[31 - threadIdx.x];\n}\n")
    config = ParseConfig(cuda_path=root, headers=HeaderMode.TOOLKIT, extra_args=(f"--compiler-bindir={fake}",))
    assert f"{extra}" in clang_args(config)
    parsed = parse_tolerant(str(src), src.read_bytes(), config)
    assert not [d.spelling for d in parsed.tu.diagnostics if d.severity >= 3]
    default = parse_tolerant(str(src), src.read_bytes(), ParseConfig(cuda_path=root, headers=HeaderMode.TOOLKIT))
    assert "'only_host.h' file not found" in [d.spelling for d in default.tu.diagnostics]


# Under the toolkit's headers `threadIdx.y` is a property of a builtin class, a
# member whose token clang does not show as a use of any declaration. The alias
# check of issue 31 read that `y` as a name a declaration of the alias's scope
# might capture, so the verifier refused the rewrite of `row = tile[threadIdx.y
# + k]` (examples/stencil_rowptr.cu under xor). A member's name is looked up in
# its class, never where it is spelled.
MEMBER_ALIAS = """__global__ void k(const float *in, float *out) {
    __shared__ float tile[10][130];
    int tid = threadIdx.y * 32 + threadIdx.x;
    for (int p = tid; p < 1300; p += 256) tile[p / 130][p % 130] = in[p];
    __syncthreads();
    float acc = 0.f;
    for (int k = 0; k < 3; k++) {
        const float *row = tile[threadIdx.y + k];
        /*SCOPE*/
        for (int j = 0; j < 4; j++) acc += row[4 * threadIdx.x + j];
    }
    out[tid] = acc;
}
void run(const float *in, float *out) { k<<<1, dim3(32, 8)>>>(in, out); }
"""


@pytest.mark.nvcc
@pytest.mark.parametrize("scope, kept", [
    ("", False),
    ("int y = 1; acc += y;", False),  # a local `y`: `threadIdx.y` still names the member
    ("int k = 1; acc += k;", True),  # the twin: `k` of the initializer declared again, refused
])
def test_a_member_name_in_an_alias_initializer_is_no_name_to_capture(scope: str, kept: bool) -> None:
    root = _toolkit()
    from rapcc.pipeline import Options, rewrite_source
    r = rewrite_source(MEMBER_ALIAS.replace("/*SCOPE*/", scope).encode(), "k.cu",
                       Options(strategy="xor", cuda_path=root, headers=HeaderMode.TOOLKIT))
    tile = next(p for p in r.plans if p.analysis.array.name == "tile")
    assert tile.rewritten is not kept, tile.reason
