"""The differential fuzzer in CI: generated kernels x every strategy must be
rewritten or refused without an internal error, compile wherever the original
does, and compute bit-identical outputs on the CPU interpreter. Also checks
that the fuzzer itself catches wrong rewrites, and replays the reduced
regressions in tests/fuzz/regressions/."""
from __future__ import annotations

import os
import re
import shutil
import time
from pathlib import Path

import numpy as np
import pytest

from rapcc.pipeline import STRATEGIES

from . import kast
from .campaign import check_batches, draw_batches
from .check import check_batch, compare, make_inputs, rewrite_text, variants
from .interp import GeneratorBug, run
from .kast import ArrayDecl, Bin, Emit, For, If, Kernel, Let, Lit, Load, Ref, Store, Sync, Var, Input, M32
from .render import render_file

SEED = 20261123
# 150 kernels, 25 per file (one parse per file and strategy): a fixed sample for every CI run; the
# campaigns (benchmarks/fuzz_campaign.py, benchmarks/fuzz_gpu.py) draw thousands more.
BATCHES, BATCH_SIZE = 6, 25
REGRESSIONS = Path(__file__).resolve().parent / "regressions"


def _need_nvcc() -> bool:
    if shutil.which("nvcc"):
        return True
    if os.environ.get("RAPCC_REQUIRE_NVCC") == "1":
        pytest.fail("nvcc is required (RAPCC_REQUIRE_NVCC=1) but not on the PATH")
    return False


def _fill(a: ArrayDecl, nt: int, j: str, k: str) -> For:
    """Element k of `a` written by thread k % nt, subscripts decomposed per dimension."""
    subs = []
    stride = a.size
    for d in a.dims:
        stride //= d
        subs.append(Bin("%", Bin("/", Var(k), Lit(stride)), Lit(d)))
    value = Bin("^", Input(Var(k), M32), Lit(12345))
    return For(j, -(-a.size // nt), (Let(k, Bin("+", Var("tid"), Bin("*", Var(j), Lit(nt)))),
                                     If(Bin("<", Var(k), Lit(a.size)), (Store(Ref(a.name, tuple(subs)), value),))))


def _transpose_kernel(reads: tuple) -> Kernel:
    tile = ArrayDecl("tile", "float", (32, 32), (None, None))
    body = (_fill(tile, 256, "f", "e"), Sync(), For("i", 4, reads), Emit(0))
    return Kernel("fz_t", (32, 8), (tile,), (), (), body, 1)


TRANSPOSE_READ = Load(Ref("tile", (Var("tx"), Bin("+", Var("ty"), Bin("*", Var("i"), Lit(8))))))
FLAT_READ = Load(Ref("tile", (Lit(0), Bin("+", Var("tid"), Bin("*", Var("i"), Lit(256))))))


@pytest.mark.slow
def test_generated_kernels_rewrite_identically() -> None:
    """150 generated kernels x every strategy: no finding of any kind."""
    compile_ = _need_nvcc()
    start = time.monotonic()
    batches = draw_batches(SEED, BATCHES, BATCH_SIZE)
    assert sum(len(b) for b in batches) >= 150
    findings = [f for fs in check_batches(batches, SEED, STRATEGIES, compile_) for f in fs]
    elapsed = time.monotonic() - start
    kinds = sorted({(f.kind, f.strategy) for f in findings})
    assert not findings, (f"{len(findings)} findings in {elapsed:.0f}s ({kinds}); reduce them with "
                          "benchmarks/fuzz_campaign.py --seed 20261123 --reduce:\n"
                          + "\n".join(f.summary() for f in findings[:40]))


def test_identical_rewrite_is_accepted() -> None:
    """xor rewrites a transpose through its emitted helper: the interpreter, reading that helper, agrees."""
    k = _transpose_kernel((TRANSPOSE_READ,))
    text, sites = render_file([k])
    out = rewrite_text(text, "xor")
    assert "_at(tile," in out  # the accessor form is what this test exercises
    inputs = make_inputs(1)
    ref = {(k.name, d): run(k, None, inputs, d).out for d in variants(k)}
    assert compare([k], sites, out, inputs, ref, "xor") == []


def test_copies_of_a_shared_device_function_compute_identically() -> None:
    """Two kernels read their own tiles through the one `fz_rd_float(p, i)`:
    each rewritten tile gets its own copy of it, and the interpreter, reading
    the copies' rewritten bodies, agrees with the original under every strategy."""
    def kernel(name: str, tile: str, read) -> Kernel:
        arr = ArrayDecl(tile, "float", (1024,), (None,))
        body = (_fill(arr, 256, "f", "e"), Sync(), For("i", 4, (read,)), Emit(0))
        return Kernel(name, (32, 8), (arr,), (), (), body, 1)
    r = Bin("+", Var("ty"), Bin("*", Var("i"), Lit(8)))
    column = Load(Ref("ta", (Bin("+", Bin("*", Var("tx"), Lit(32)), r),)), form="call")  # 32-way
    row = Load(Ref("tb", (Bin("+", Bin("*", r, Lit(32)), Var("tx")),)), form="call")  # conflict-free
    kernels = [kernel("fz_ca", "ta", column), kernel("fz_cb", "tb", row)]
    text, _ = render_file(kernels)
    assert text.count("fz_rd_float(") == 3  # one definition, one call per kernel
    out = rewrite_text(text, "xor")
    assert "fz_rd_float__rapcc_ta(ta, " in out and "fz_rd_float__rapcc_tb(tb, " in out
    assert check_batch(kernels, SEED, STRATEGIES, _need_nvcc()) == []


def test_a_subscript_left_unmapped_is_caught() -> None:
    """A deliberately broken rewrite: one use of the swizzled tile keeps its raw subscript."""
    k = _transpose_kernel((TRANSPOSE_READ,))
    text, sites = render_file([k])
    out = rewrite_text(text, "xor")
    broken, n = re.subn(r"__rapcc_tile_[0-9a-f]{8}_at\(tile, threadIdx\.x, threadIdx\.y \+ i \* 8\)|"
                        r"__rapcc_tile_[0-9a-f]{8}_at\(tile, tx, ty \+ i \* 8\)", "tile[tx][ty + i * 8]", out)
    assert n == 1
    inputs = make_inputs(1)
    ref = {(k.name, d): run(k, None, inputs, d).out for d in variants(k)}
    found = compare([k], sites, broken, inputs, ref, "xor")
    assert [f.kind for f in found] == ["wrong-code"]


def test_a_pad_that_a_flat_walk_sees_is_caught() -> None:
    """A padded declaration with a read that walks past the row (the issue's pattern), edited by hand."""
    k = _transpose_kernel((FLAT_READ,))
    text, sites = render_file([k])
    broken = text.replace("__shared__ float tile[32][32];", "__shared__ float tile[32][32 + 1];")
    assert broken != text
    inputs = make_inputs(1)
    ref = {(k.name, d): run(k, None, inputs, d).out for d in variants(k)}
    found = compare([k], sites, broken, inputs, ref, "pad")
    assert len(found) == 1 and "outputs differ" in found[0].detail


def test_the_interpreter_rejects_a_racy_original() -> None:
    """The generator's promises are checked: two threads writing one element is a generator bug."""
    tile = ArrayDecl("tile", "int", (32,), (None,))
    body = (Store(Ref("tile", (Bin("&", Var("tid"), Lit(15)),)), Lit(1)), Sync(), Emit(0))
    with pytest.raises(GeneratorBug):
        run(Kernel("fz_r", (32, 1), (tile,), (), (), body, 1), None, make_inputs(1))


def test_generated_kernels_keep_their_promises() -> None:
    """Generated originals never race, read unwritten elements or leave their arrays."""
    for batch in draw_batches(SEED + 1, 5, 10):
        for k in batch:
            for d in variants(k):
                out = run(k, None, make_inputs(3), d).out
                assert not np.any(out == 0xDEADBEEF)  # every thread wrote every slot


def _regressions() -> list[Path]:
    return sorted(REGRESSIONS.glob("case_*.py"))


@pytest.mark.parametrize("path", _regressions(), ids=lambda p: p.stem)
def test_regression(path: Path) -> None:
    """A reduced finding: under every strategy it is now refused or rewritten correctly."""
    names = dict(vars(kast))
    exec(compile(path.read_text(), str(path), "exec"), names)
    findings = check_batch([names["KERNEL"]], SEED, STRATEGIES, _need_nvcc())
    assert not findings, "\n".join(f.summary() for f in findings)
