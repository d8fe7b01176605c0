"""The host fuzzer on a GPU (benchmarks/fuzz_host_gpu.py, tests/fuzz/gpucheck.py):
the driver builds every strategy's variant with nvcc in one program per batch
(checked here without a GPU), restarts after a variant whose launches fail,
and on a GPU finds every rewrite's output equal to the original's."""
from __future__ import annotations

import json
import subprocess
import sys
from pathlib import Path

import pytest

from rapcc.harness.runner import cuda_status
from rapcc.rewrite import DYNAMIC_SMEM_HELPER
from tests.buildtools import require_tool
from tests.conftest import require_nvcc

from .gpucheck import Built, GpuOutcome, RunFailure, build_batch, prepare, run
from .gpuprogram import RECORD_BYTES, Variant, in_namespace, mangled, program
from .hostfamilies import FAMILIES, generate
from .hostgen import NOUT, Launch, cuda_call
from .hostvariants import STRATEGIES

ROOT = Path(__file__).resolve().parents[2]
DRIVER = ROOT / "benchmarks" / "fuzz_host_gpu.py"
SEED = 20261124
NF = len(FAMILIES)
ASM_NAME = [f.__name__ for f in FAMILIES].index("asm_name")
# the near twins of the last six families: kernels that rapcc rewrites, with
# template, file-scope and multi-launch kernels among them
TWINS = NF + NF - 6


def _drive(out: Path, *extra: str) -> tuple[int, dict]:
    done = subprocess.run([sys.executable, str(DRIVER), "--seed", str(SEED), "--start", str(TWINS), "--count", "6",
                           "--out", str(out), "--jobs", "2", *extra], cwd=ROOT, capture_output=True, text=True,
                          timeout=900)
    print(done.stdout, done.stderr)
    return done.returncode, json.loads((out / "results.json").read_text())


def test_ptx_name_mangled_for_its_namespace():
    kernel = generate(SEED, ASM_NAME + 1)[ASM_NAME]
    assert kernel.ptx_arrays == ("g_tile",) and not kernel.twin
    text = in_namespace(kernel, kernel.source, "fz_k0_v3")
    assert "[_ZN8fz_k0_v36g_tileE+" in text and "[g_tile+" not in text
    assert mangled("fz_v0", "g_tile") == "_ZN5fz_v06g_tileE"


def test_program_runs_every_variant_of_every_kernel():
    kernels = generate(SEED, 2)
    text = program([(kernels[0], [kernels[0].source] * 2), (kernels[1], [kernels[1].source] * 3)])
    for j, n in ((0, 2), (1, 3)):
        for i in range(n):
            assert f"namespace fz_k{j}_v{i} {{" in text
            assert f"fz_k{j}_v{i}::{kernels[j].name}<<<" in text
    assert "case 4:" in text and "case 5:" not in text and "0xdeadbeef" in text


def test_every_copy_of_a_kernel_counts_its_own_lines():
    """The original runs twice, in two namespaces at different places of the
    program: a kernel reading `__LINE__` (rt3_124) must see its own file's
    lines in both, or the harness calls its two runs different."""
    kernels = generate(SEED, 1)
    text = program([(kernels[0], [kernels[0].source] * 2)]).splitlines()
    for i in range(2):
        at = text.index(f"namespace fz_k0_v{i} {{")
        assert text[at + 1] == f'#line 1 "fz_k0_v{i}.cu"' and text[at + 2] == kernels[0].source.splitlines()[0]


def test_program_defines_the_dynamic_size_helper_once_before_the_variants():
    """Two variants that both rewrite an extern array call rapcc's helper; its
    include guard would define it in the first variant's namespace only, so
    the program defines it once, at file scope, before any namespace. A
    launch with dynamic bytes passes them as the third chevron argument."""
    kernels = generate(SEED, 1)
    text = program([(kernels[0], [kernels[0].source] * 2)])
    helper = f"unsigned int {DYNAMIC_SMEM_HELPER}(void)"
    assert text.count(helper) == 1 and text.index(helper) < text.index("namespace fz_k0_v0")
    assert text.index("#define RAPCC_DYNAMIC_SMEM_BYTES_DEFINED") < text.index(helper)
    with_bytes = cuda_call(Launch("k", 2, (32, 8), 0, 0, 4096), "k", "in", "out")
    assert with_bytes == "k<<<2, dim3(32, 8), 4096>>>(in, out, 0);"
    assert cuda_call(Launch("k", 2, (32, 8), 0), "k", "in", "out") == "k<<<2, dim3(32, 8)>>>(in, out, 0);"


FAKE = """#!{python}
import sys
records, first = sys.argv[1], int(sys.argv[2]) if len(sys.argv) > 2 else 0
with open(records, "ab" if first else "wb") as f:
    for v in range(first, 5):
        if v == 3:
            sys.exit(139)  # dies inside variant 3 without a record
        error = 700 if v == 1 else 0
        f.write(v.to_bytes(4, "little") + error.to_bytes(4, "little") + bytes([v]) * {nbytes})
        f.flush()
        if error:
            sys.exit(3)
"""


def test_run_restarts_after_a_failing_variant(tmp_path: Path):
    exe = tmp_path / "fake.exe"
    exe.write_text(FAKE.format(python=sys.executable, nbytes=4 * NOUT))
    exe.chmod(0o755)
    variants = tuple(Variant(0, f"fz_k0_v{i}", "") for i in range(5))
    outputs = run(Built(exe, variants, ("k",)))
    assert not isinstance(outputs, str)
    assert [type(o) for o in outputs] == [bytes, RunFailure, bytes, RunFailure, bytes]
    assert outputs[0] == bytes([0]) * 4 * NOUT and outputs[2] == bytes([2]) * 4 * NOUT
    assert outputs[4] == bytes([4]) * 4 * NOUT
    assert "700" in outputs[1].message and "exit 139" in outputs[3].message
    assert (tmp_path / "fake.records").stat().st_size == 5 * RECORD_BYTES


@pytest.mark.nvcc
def test_asm_naming_an_array_builds_in_a_namespace(tmp_path: Path):
    require_nvcc()
    kernel = generate(SEED, ASM_NAME + 1)[ASM_NAME]
    prepared = prepare(kernel, tmp_path)
    programs, after = build_batch([prepared], tmp_path / "b0")
    assert not after[0].error
    assert len(programs) == 1 and programs[0].exe.exists()
    assert not [v for v in after[0].verdicts.values() if v.outcome == GpuOutcome.BUILD_ERROR]


@pytest.mark.nvcc
@pytest.mark.slow
def test_compile_only_builds_every_strategy(tmp_path: Path):
    require_nvcc()
    require_tool("nm")
    rc, results = _drive(tmp_path, "--compile-only")
    assert rc == 0
    strategies = results["summary"]["per_strategy"]
    assert sum(c.get("build_error", 0) for c in strategies.values()) == 0
    assert sum(c["rewritten"] for c in strategies.values()) > 0
    assert len(results["kernels"]) == 6
    for k in results["kernels"]:
        assert not k["generator_error"]
        symbols = subprocess.run(["nm", "-C", str(Path(k["program"]).with_suffix(".exe"))], capture_output=True,
                                 text=True, check=True).stdout
        for strategy in STRATEGIES:
            if k["outcomes"][strategy] == "rapcc_error":
                continue
            ns = k["namespaces"][strategy]
            # a rewrite has its own namespace; a refused strategy points at the original's
            assert (ns == k["namespaces"]["original"]) == (k["outcomes"][strategy] == "refused")
            for launch in k["launches"]:
                assert f"{ns}::{launch}(" in symbols, (k["kernel"], strategy, ns, launch)


@pytest.mark.gpu
@pytest.mark.nvcc
@pytest.mark.slow
def test_rewrites_match_the_original_on_the_gpu(tmp_path: Path):
    require_nvcc()
    usable, why = cuda_status()
    if not usable:
        pytest.skip(f"no CUDA GPU: {why}")
    rc, results = _drive(tmp_path)
    strategies = results["summary"]["per_strategy"]
    assert results["findings"] == [] and results["summary"]["generator_errors"] == 0
    assert sum(c.get("identical", 0) for c in strategies.values()) > 0
    assert rc == 0
