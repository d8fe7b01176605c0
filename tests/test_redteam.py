"""Issue 27's bar on kernels nobody here wrote in the fuzzer's families: the
red-team kernels of tests/redteam/ (hand-written CUDA in ordinary styles:
CUB-style temp storage, unions, byte buffers, index macros, functors and
lambdas over shared rows, vector and narrow elements, sorting networks, and
host launches in a dozen styles) through the host fuzzer's oracle (g++ with
hostcuda.h, no rapcc model in it). For every strategy: rapcc does not crash,
the rewrite builds, and it computes the original's bits; each kernel marked
`// expect: rewritten` is a legal control that auto must still rewrite."""
from __future__ import annotations

import subprocess
from pathlib import Path

import pytest

from tests.buildtools import require_host_oracle
from tests.conftest import require_nvcc
from tests.fuzz.hostcampaign import check_all
from tests.fuzz.hostcheck import GXX, Outcome
from tests.fuzz.hostvariants import rewrites
from tests.redteam.kernels import RedteamKernel, load, parse

KERNELS = load()
BY_NAME = {k.kernel.name: k for k in KERNELS}
# A fixed sample for the fast loop: a legal control of each kind (2-D tile,
# volatile, 8-byte and 16-byte elements, a #define launch), and refusals that
# broke rapcc's cousins before (a union, a byte buffer, a row alias walked by
# a functor, a launch shape held in a class).
SAMPLE = ("rt04_idx_macro_transpose", "rt15_volatile_array", "rt21_float4_transpose_legal",
          "rt34_launch_stream_args", "rt02_union_temp", "rt03_char_reinterpret_float2",
          "rt16_functor_shared_ptr", "rt24_launch_class_member")


def _gxx() -> None:
    require_host_oracle(GXX)


def _judge(kernels: list[RedteamKernel], work: Path) -> None:
    results = check_all([k.kernel for k in kernels], work, jobs=2)
    errors = [(r.kernel.name, r.generator_error[:300]) for r in results if r.generator_error]
    assert not errors, errors
    # a rewrite the host cannot build counts too: the reviewers' nvcc would reject it as well
    bad = [(r.kernel.name, x.strategy, x.outcome.value, x.detail[:200]) for r in results for x in r.findings]
    assert not bad, "\n".join(map(str, bad))
    legal = {k.kernel.name for k in kernels if k.legal}
    lost = [r.kernel.name for r in results if r.kernel.name in legal
            and next(x for x in r.results if x.strategy == "auto").outcome != Outcome.IDENTICAL]
    assert not lost, f"legal controls auto no longer rewrites: {lost}"


def test_redteam_suite_is_well_formed():
    """At least 40 kernels, each with a launch; the sample names real files;
    the legal controls are a minority (most kernels are traps)."""
    assert len(KERNELS) >= 40, len(KERNELS)
    assert all(k.kernel.launches for k in KERNELS)
    assert set(SAMPLE) <= set(BY_NAME)
    legal = sum(k.legal for k in KERNELS)
    assert 0 < legal < len(KERNELS) // 2, legal


def test_parse_reads_launch_and_expect_lines(tmp_path):
    """A kernel file's header: each launch line becomes one launch (param and
    output offset default to 0), `expect: rewritten` marks a control, and a
    file with no launch line is an error, not a kernel that runs nothing."""
    f = tmp_path / "k.cu"
    f.write_text("// launch: k<16,2> 2 64x4\n// launch: k2 1 32x8 -3 512\n// expect: rewritten\n__global__ void k2() {}\n")
    k = parse(f)
    assert k.legal and k.kernel.name == "k"
    assert [(l.kernel, l.grid, l.block, l.param, l.out_offset) for l in k.kernel.launches] == [
        ("k<16,2>", 2, (64, 4), 0, 0), ("k2", 1, (32, 8), -3, 512)]
    f.write_text("// launch k 2 64x4\n__global__ void k() {}\n")
    with pytest.raises(ValueError, match="no '// launch:' line"):
        parse(f)


def test_redteam_sample(tmp_path):
    """The fixed sample through g++: no crash, no rewrite that differs or does
    not build, and auto rewrites the sample's legal controls."""
    _gxx()
    _judge([BY_NAME[n] for n in SAMPLE], tmp_path)


@pytest.mark.slow
def test_redteam_all(tmp_path):
    """Every red-team kernel under every strategy, bit for bit against g++."""
    _gxx()
    _judge(KERNELS, tmp_path)


def _nvcc_check(nvcc: str, kernels: list[RedteamKernel], work: Path) -> None:
    failures = []
    for k in kernels:
        path = work / f"{k.kernel.name}.cu"
        path.write_text(k.kernel.source)
        texts = {"original": k.kernel.source.encode()}
        texts.update({s: v for s, v in rewrites(k.kernel, path).items() if isinstance(v, bytes)})
        seen: set[bytes] = set()
        for strategy, text in texts.items():
            if text in seen:
                continue
            seen.add(text)
            src = work / f"{k.kernel.name}.{strategy}.cu"
            src.write_bytes(text)
            built = subprocess.run([nvcc, "-c", "-arch=sm_90", "-w", str(src), "-o", str(src.with_suffix(".o"))],
                                   capture_output=True, text=True, timeout=300)
            if built.returncode != 0:
                failures.append((k.kernel.name, strategy, built.stderr[-400:]))
    assert not failures, "\n".join(map(str, failures))


@pytest.mark.nvcc
def test_redteam_sample_compiles_with_nvcc(tmp_path):
    """The sample's original and every distinct rewrite build with nvcc -arch=sm_90."""
    _nvcc_check(require_nvcc(), [BY_NAME[n] for n in SAMPLE[:4]], tmp_path)


@pytest.mark.nvcc
@pytest.mark.slow
def test_a_spread_of_the_redteam_compiles_with_nvcc(tmp_path):
    """Every eighth kernel's original and every distinct rewrite build with nvcc
    -arch=sm_90. All of them took five minutes of the suite's 2-core budget
    alone; `python3 benchmarks/redteam_gpu.py --out DIR --compile-only` builds
    every kernel (and, on a GPU, runs them: benchmarks/redteam_gpu.sh)."""
    _nvcc_check(require_nvcc(), KERNELS[3::8], tmp_path)
