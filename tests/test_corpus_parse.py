"""The parser corpus: realistic CUDA files (in the style of the CUDA samples,
Rodinia and Parboil) must parse with nothing but the pip libclang wheel and
rapcc's stand-in headers, and their __shared__ declarations must show up in
the AST.

Each corpus file carries a `// rapcc-corpus: shared-arrays=N` line: the number
of __shared__ array declarations written in it.
"""
from __future__ import annotations

import re
from pathlib import Path

import clang.cindex as ci
import pytest

from rapcc.frontend.parse import SHIM_DIR, ParseConfig, ParseError, parse

K = ci.CursorKind
CORPUS = Path(__file__).resolve().parent / "corpus"
CORPUS_FILES = sorted(CORPUS.glob("*.cu"))
HEADER = re.compile(rb"//\s*rapcc-corpus:\s*shared-arrays=(\d+)")
ARRAY_TYPES = {ci.TypeKind.CONSTANTARRAY, ci.TypeKind.INCOMPLETEARRAY, ci.TypeKind.DEPENDENTSIZEDARRAY,
               ci.TypeKind.VARIABLEARRAY}
STANDINS = sorted(p.relative_to(SHIM_DIR).as_posix() for p in SHIM_DIR.rglob("*") if p.is_file())


def _parse_or_fail(path: str, source: bytes, config: ParseConfig | None = None):
    try:
        return parse(path, source, config or ParseConfig())
    except ParseError as exc:
        pytest.fail("ParseError:\n" + "\n".join(d.format() for d in exc.diagnostics), pytrace=False)


def _all_problems(tu: ci.TranslationUnit) -> list[str]:
    """Every warning or error clang reported, the stand-in headers included
    (parse() only returns those in the user's file)."""
    return [f"{d.location.file}:{d.location.line}:{d.location.column}: {d.spelling}"
            for d in tu.diagnostics if d.severity >= ci.Diagnostic.Warning]


def _shared_decls(tu: ci.TranslationUnit, path: str) -> list[ci.Cursor]:
    return [c for c in tu.cursor.walk_preorder()
            if c.kind == K.VAR_DECL and c.location.file is not None and c.location.file.name == path
            and any(ch.kind == K.CUDASHARED_ATTR for ch in c.get_children())]


def test_corpus_is_large_enough():
    assert len(CORPUS_FILES) >= 25


@pytest.mark.parametrize("path", CORPUS_FILES, ids=lambda p: p.name)
def test_corpus_file_parses(path: Path):
    source = path.read_bytes()
    header = HEADER.search(source)
    assert header, f"{path.name} lacks a '// rapcc-corpus: shared-arrays=N' line"

    tu, warnings = _parse_or_fail(str(path), source)

    assert not [w for w in warnings if w.level == "error"]
    errors = [d for d in tu.diagnostics if d.severity >= ci.Diagnostic.Error]
    assert not errors, "\n".join(f"{d.location}: {d.spelling}" for d in errors)
    missing = [w.format() for w in warnings if w.message.endswith("file not found")]
    assert not missing, f"the corpus needs a stand-in header rapcc lacks: {missing}"

    shared = _shared_decls(tu, str(path))
    assert shared, "no __shared__ declaration found in the AST"
    arrays = [c for c in shared if c.type.kind in ARRAY_TYPES]
    assert len(arrays) >= int(header.group(1)), [(c.spelling, c.location.line) for c in arrays]


@pytest.mark.parametrize("header", STANDINS)
def test_standin_header_is_self_contained(header: str, tmp_path: Path):
    """Each stand-in says what it is, has an include guard (but <cassert>,
    which like <assert.h> must honour NDEBUG on every inclusion), and parses
    on its own with no diagnostics at all."""
    text = (SHIM_DIR / header).read_text()
    assert text.startswith("/* rapcc") and "stand-in" in text.split("*/")[0]
    if header != "cassert":
        guard = re.search(r"^#ifndef (\w+)\n#define \1$", text, re.M)
        assert guard, "no include guard"
    path = str(tmp_path / "only_include.cu")
    tu, _ = _parse_or_fail(path, f"#include <{header}>\n".encode())
    assert _all_problems(tu) == []


@pytest.mark.parametrize("std", ["c++11", "c++14", "c++17", "c++20"])
def test_all_standins_together(std: str, tmp_path: Path):
    path = str(tmp_path / "everything.cu")
    source = "".join(f"#include <{h}>\n" for h in STANDINS).encode()
    tu, _ = _parse_or_fail(path, source, ParseConfig(std=std))
    assert _all_problems(tu) == []


def test_launch_syntax_and_host_code(tmp_path: Path):
    """`k<<<grid, block, smem, stream>>>(...)` needs the launch-configuration
    function declared by the shim; host code mixes C and C++ library calls."""
    source = b"""#include <cstdio>
#include <vector>
template <int N> __global__ void k(float *a) { __shared__ float s[N]; s[threadIdx.x] = a[threadIdx.x]; }
int main() {
  std::vector<float> h(256, 1.0f);
  float *d; cudaMalloc(&d, h.size() * sizeof(float));
  cudaStream_t st; cudaStreamCreate(&st);
  dim3 grid(4, 4), block(16, 16);
  k<256><<<1, 256>>>(d);
  k<256><<<grid, block, 1024>>>(d);
  k<256><<<grid, block, 0, st>>>(d);
  std::printf("%s\\n", cudaGetErrorString(cudaGetLastError()));
  return 0;
}
"""
    path = str(tmp_path / "launch.cu")
    tu, warnings = _parse_or_fail(path, source)
    assert warnings == []
    assert _all_problems(tu) == []
    assert [c.spelling for c in _shared_decls(tu, path)] == ["s"]


def test_missing_header_is_a_warning(tmp_path: Path):
    source = (b'#include <stdio.h>\n'
              b'#include "no_such_header_rapcc.h"\n'
              b'__global__ void k(float *a) {\n'
              b'  __shared__ float tile[32][33];\n'
              b'  tile[threadIdx.y][threadIdx.x] = a[threadIdx.x];\n'
              b'  __syncthreads();\n'
              b'  a[threadIdx.x] = tile[threadIdx.x][threadIdx.y];\n'
              b'}\n')
    path = str(tmp_path / "missing_header.cu")
    tu, warnings = parse(path, source, ParseConfig())
    mentions = [w for w in warnings if "no_such_header_rapcc.h" in w.message]
    assert mentions, [w.format() for w in warnings]
    assert all(w.level == "warning" for w in mentions)
    assert mentions[0].file == path and mentions[0].line == 2
    # Parsing went on past the missing header.
    assert [c.spelling for c in _shared_decls(tu, path)] == ["tile"]


def test_syntax_error_raises_with_its_line(tmp_path: Path):
    source = (b'#include <cuda_runtime.h>\n'
              b'__global__ void k(float *a) {\n'
              b'  __shared__ float s[64];\n'
              b'  s[threadIdx.x] = a[threadIdx.x] * ;\n'
              b'  a[threadIdx.x] = s[63 - threadIdx.x];\n'
              b'}\n')
    path = str(tmp_path / "syntax_error.cu")
    with pytest.raises(ParseError) as info:
        parse(path, source, ParseConfig())
    diags = info.value.diagnostics
    assert diags and all(d.level == "error" for d in diags)
    assert (diags[0].file, diags[0].line) == (path, 4)


def test_error_after_missing_header_still_raises(tmp_path: Path):
    """A missing header must not hide a real error later in the file."""
    source = (b'#include "no_such_header_rapcc.h"\n'
              b'__global__ void k(float *a) {\n'
              b'  undeclared_helper(a);\n'
              b'}\n')
    path = str(tmp_path / "missing_then_error.cu")
    with pytest.raises(ParseError) as info:
        parse(path, source, ParseConfig())
    assert [(d.file, d.line) for d in info.value.diagnostics] == [(path, 3)]
