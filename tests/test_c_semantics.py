"""C integer semantics of the sound range analysis, checked against the host
compiler nvcc uses (g++, with -fwrapv so that signed overflow, undefined in C,
wraps as the analysis assumes): random expressions over every integer type,
lowered through libclang (frontend/lower.py) and evaluated by the abstract
interpreter (analysis/interpret.py) on constants, must give exactly g++'s value
where C defines it and contain it everywhere else."""
from __future__ import annotations

import random
import shutil
import subprocess

import pytest

from buildtools import require_tool
from rapcc import sound_ir as s
from rapcc.analysis.aliasing import stmt_exprs
from rapcc.analysis.absint import Frame
from rapcc.analysis.intervals import SInt
from rapcc.analysis.run import Run
from rapcc.frontend import parse_file
from rapcc.pipeline import Options

TYPES = ["bool", "char", "signed char", "unsigned char", "short", "unsigned short", "int", "unsigned",
         "long", "unsigned long", "long long", "unsigned long long"]
BINARY = ["+", "-", "*", "/", "%", "&", "|", "^", "<", ">=", "==", "!=", "&&", "||", "<<", ">>"]


def _leaf(rng: random.Random) -> str:
    t = rng.choice(TYPES)
    v = rng.choice([0, 1, 2, 7, 31, 32, 127, 128, 255, 256, 65535, 65536, 2147483647, -1, -2, -128, -129, -32768,
                    4294967295, rng.randint(-300, 300)])
    return f"(({t}){v}LL)"


def _expr(rng: random.Random, depth: int) -> str:
    if depth == 0 or rng.random() < 0.25:
        return _leaf(rng)
    k = rng.random()
    if k < 0.15:
        return f"({rng.choice(['-', '~', '!'])}{_expr(rng, depth - 1)})"
    if k < 0.25:
        return f"(({rng.choice(TYPES)}){_expr(rng, depth - 1)})"
    if k < 0.3:
        return f"({_expr(rng, depth - 1)} ? {_expr(rng, depth - 1)} : {_expr(rng, depth - 1)})"
    op = rng.choice(BINARY)
    a, b = _expr(rng, depth - 1), _expr(rng, depth - 1)
    if op in ("/", "%"):
        b = f"({b} | 1)"  # never zero
    if op in ("<<", ">>"):
        b = f"((int){rng.randint(0, 7)})"
    return f"({a} {op} {b})"


def _host_compiler() -> str:
    return shutil.which("c++") or require_tool("g++")


@pytest.mark.parametrize("seed", [1, 2])
def test_constant_expressions_evaluate_as_the_host_compiler_does(tmp_path, seed: int):
    cxx = _host_compiler()
    rng = random.Random(seed)
    exprs = [_expr(rng, 3) for _ in range(150)]
    program = "#include <cstdio>\n" + "".join(
        f"static void p{i}() {{ auto v = {e}; if ((decltype(v))-1 < 0) std::printf(\"%lld\\n\", (long long)v); "
        f"else std::printf(\"%llu\\n\", (unsigned long long)v); }}\n" for i, e in enumerate(exprs))
    program += "int main() {" + "".join(f" p{i}();" for i in range(len(exprs))) + " return 0; }\n"
    src = tmp_path / "e.cpp"
    src.write_text(program)
    exe = tmp_path / "e"
    subprocess.run([cxx, "-std=c++17", "-fwrapv", "-w", "-O0", str(src), "-o", str(exe)], check=True)
    expected = [int(x) for x in subprocess.run([str(exe)], capture_output=True, text=True, check=True).stdout.split()]

    cu = tmp_path / "e.cu"
    cu.write_text("__global__ void k(int *o) {\n" + "".join(f"    auto v{i} = {e};\n" for i, e in enumerate(exprs))
                  + "    __shared__ int s[1];\n    s[0] = 0;\n}\n")
    info, _ = parse_file(str(cu), cu.read_bytes(), Options())
    (fn,) = info.sound().functions
    run = Run({fn.key: fn}, {}, (1, 1, 1))
    fr = Frame(fn, {}, fn.escaped, {}, frozenset())
    decls = sorted((n for n in stmt_exprs(fn.body) if isinstance(n, s.Decl)), key=lambda d: int(d.key.split("@")[1].split(":")[0]))
    assert len(decls) == len(exprs)
    exact = 0
    for d, e, want in zip(decls, exprs, expected):
        got = run.eval(d.init, {}, fr)
        assert isinstance(got, SInt), e
        if d.ty.int_type is not None and not d.ty.int_type.signed and want < 0:
            want += 1 << d.ty.int_type.bits
        assert got.lo <= want <= got.hi, (e, want, got)
        exact += got.single is not None
    assert exact >= len(exprs) * 0.8  # undefined shifts of negative values are the only widened results
