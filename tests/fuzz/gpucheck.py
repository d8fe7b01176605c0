"""The host fuzzer on a GPU: rapcc rewrites each generated kernel under every
strategy, nvcc builds one program per batch of kernels (gpuprogram.py), the
program runs every variant on the device, and each rewrite's output must
equal the original's bit for bit. Same kernels and input as hostcheck.py;
here the GPU, not hostcuda.h, decides what the code means."""
from __future__ import annotations

import os
import shutil
import subprocess
from dataclasses import dataclass, field
from enum import Enum
from pathlib import Path

from rapcc.diagnostics import RapccError
from rapcc.verify_nvcc import FloatCheck

from .gpuprogram import RECORD_BYTES, Variant, asm_intact, program, variants
from .hostgen import HostKernel
from .hostvariants import STRATEGIES, StrategyResult, describe_diff, distinct, rewrites

NVCC = os.environ.get("RAPCC_FUZZ_NVCC", "nvcc")
NVCCFLAGS = ("-arch=sm_90", "-O2", "-w")
# rapcc compares the PTX float dataflow of each rewrite with the input's as this build compiles them
# (rapcc/verify_float.py): a rewrite that moves nvcc's contraction is refused, not run.
FLOAT_CHECK = FloatCheck(shutil.which(NVCC) or NVCC, ("-O2", "-w"), ("compute_90",))
COMPILE_TIMEOUT_S = 600
RUN_TIMEOUT_S = 60


class GpuOutcome(Enum):
    IDENTICAL = "identical"  # rewritten, same output bits
    DIFFERS = "differs"  # rewritten, output changed: a wrong-code bug
    RUN_FAILS = "run_fails"  # rewritten, and its launches fail or hang where the original's do not
    REFUSED = "refused"  # rapcc kept the file as written
    RAPCC_ERROR = "rapcc_error"  # rapcc crashed or its verifier rejected its own rewrite
    BUILD_ERROR = "build_error"  # nvcc rejects the rewrite (it accepts the original)
    BUILT = "built"  # --compile-only: the rewrite builds; not run


@dataclass(frozen=True, slots=True)
class GpuVerdict:
    strategy: str
    outcome: GpuOutcome
    detail: str = ""


@dataclass(frozen=True, slots=True)
class GpuKernelResult:
    """One kernel's verdicts. `generator_error` is set when the original is
    rejected (by rapcc, nvcc, or the device, or its two runs differ): no
    strategy is judged. `namespaces` maps "original" and each strategy that
    has a variant in the built program (a refused one: the original's) to
    its namespace there."""
    kernel: HostKernel
    results: tuple[GpuVerdict, ...]
    generator_error: str = ""
    program: str = ""
    namespaces: dict[str, str] = field(default_factory=dict)

    @property
    def findings(self) -> tuple[GpuVerdict, ...]:
        return tuple(r for r in self.results
                     if r.outcome not in (GpuOutcome.IDENTICAL, GpuOutcome.REFUSED, GpuOutcome.BUILT))


@dataclass(frozen=True, slots=True)
class Prepared:
    """A kernel ready to build: its texts (original, original again, each
    distinct rewrite) and strategy -> index of its text, or its verdict."""
    kernel: HostKernel
    texts: list[str]
    which: dict[str, int]
    verdicts: dict[str, GpuVerdict]
    error: str = ""


def _verdict(r: StrategyResult) -> GpuVerdict:
    return GpuVerdict(r.strategy, GpuOutcome(r.outcome.value))


def prepare(kernel: HostKernel, work: Path) -> Prepared:
    """rapcc's rewrites of `kernel`, saved under work/<name>/."""
    kdir = work / kernel.name
    kdir.mkdir(parents=True, exist_ok=True)
    path = kdir / f"{kernel.name}.cu"
    path.write_text(kernel.source)
    try:
        rewritten = rewrites(kernel, path, FLOAT_CHECK)
    except RapccError as exc:
        return Prepared(kernel, [], {}, {}, f"rapcc: bad input: {exc}")
    verdicts: dict[str, GpuVerdict] = {}
    texts: dict[str, str] = {}
    for strategy, v in rewritten.items():
        if isinstance(v, StrategyResult):
            verdicts[strategy] = _verdict(v)
            continue
        (kdir / f"{kernel.name}.{strategy}.cu").write_bytes(v)
        if not asm_intact(kernel, v.decode()):
            verdicts[strategy] = GpuVerdict(strategy, GpuOutcome.BUILD_ERROR, "an asm statement naming an array was rewritten")
            continue
        texts[strategy] = v.decode()
    unique, which = distinct(texts)
    # the original twice: two copies that disagree mean a race in the generated kernel
    return Prepared(kernel, [kernel.source, kernel.source, *unique], {s: i + 2 for s, i in which.items()}, verdicts)


@dataclass(frozen=True, slots=True)
class Built:
    """A built program and the variants it holds, in record order."""
    exe: Path
    variants: tuple[Variant, ...]
    kernels: tuple[str, ...]  # batch index -> kernel name


def nvcc(source: Path, exe: Path) -> str:
    """nvcc's error lines, or "" when it built `exe`."""
    try:
        done = subprocess.run([NVCC, *NVCCFLAGS, str(source), "-o", str(exe)], capture_output=True, text=True,
                              timeout=COMPILE_TIMEOUT_S)
    except subprocess.TimeoutExpired:
        return f"nvcc: timed out after {COMPILE_TIMEOUT_S} s"
    if done.returncode == 0:
        return ""
    errors = [l for l in (done.stderr + done.stdout).splitlines() if "error" in l]
    return "nvcc: " + "\n".join(errors or done.stderr.splitlines()[-5:])[:1500]


def build(batch: list[tuple[HostKernel, list[str]]], folder: Path, tag: str) -> Built | str:
    folder.mkdir(parents=True, exist_ok=True)
    source = folder / f"{tag}.cu"
    source.write_text(program(batch))
    exe = folder / f"{tag}.exe"
    error = nvcc(source, exe)
    if error:
        return error
    return Built(exe, tuple(variants(batch)), tuple(k.name for k, _ in batch))


def build_batch(prepared: list[Prepared], folder: Path) -> tuple[list[Built], list[Prepared]]:
    """The programs that hold every variant nvcc accepts, and `prepared` with
    verdicts for those it rejects: the batch as one program, else each kernel
    alone, else the original alone and each rewrite beside it."""
    ready = [p for p in prepared if not p.error]
    if not ready:
        return [], prepared
    whole = build([(p.kernel, p.texts) for p in ready], folder, "batch")
    if isinstance(whole, Built):
        return [whole], prepared
    programs: list[Built] = []
    out: list[Prepared] = []
    for p in prepared:
        if p.error:
            out.append(p)
            continue
        alone = build([(p.kernel, p.texts)], folder, p.kernel.name)
        if isinstance(alone, Built):
            programs.append(alone)
            out.append(p)
            continue
        orig = build([(p.kernel, p.texts[:1])], folder, f"{p.kernel.name}_orig")
        if isinstance(orig, str):
            out.append(Prepared(p.kernel, [], {}, {}, f"original: {orig}"))
            continue
        keep = p.texts[:2]
        verdicts = dict(p.verdicts)
        which: dict[str, int] = {}
        for i, text in enumerate(p.texts[2:], start=2):
            beside = build([(p.kernel, [p.texts[0], text])], folder, f"{p.kernel.name}_r{i}")
            users = [s for s, j in p.which.items() if j == i]
            if isinstance(beside, str):
                verdicts.update({s: GpuVerdict(s, GpuOutcome.BUILD_ERROR, beside) for s in users})
            else:
                keep.append(text)
                which.update({s: len(keep) - 1 for s in users})
        fixed = Prepared(p.kernel, keep, which, verdicts)
        again = build([(p.kernel, keep)], folder, p.kernel.name)
        if isinstance(again, Built):
            programs.append(again)
            out.append(fixed)
        else:
            out.append(Prepared(p.kernel, [], {}, {}, f"variants build apart but not together: {again}"))
    return programs, out


@dataclass(frozen=True, slots=True)
class RunFailure:
    message: str


def run(built: Built) -> list[bytes | RunFailure] | str:
    """Each variant's output bytes or why its launches failed; a string when
    the program cannot run at all (no device). A failing variant ends its
    process (the context may be gone); the run restarts after it."""
    records = built.exe.with_suffix(".records")
    n = len(built.variants)
    outputs: list[bytes | RunFailure] = []
    while len(outputs) < n:
        args = [str(built.exe), str(records)] + ([str(len(outputs))] if outputs else [])
        if not outputs and records.exists():
            records.unlink()
        try:
            done = subprocess.run(args, capture_output=True, text=True, timeout=RUN_TIMEOUT_S)
            message = done.stderr.strip()[-500:]
            code = done.returncode
        except subprocess.TimeoutExpired:
            message, code = f"timed out after {RUN_TIMEOUT_S} s", -1
        data = records.read_bytes() if records.exists() else b""
        got = len(data) // RECORD_BYTES
        for k in range(len(outputs), got):
            record = data[k * RECORD_BYTES:(k + 1) * RECORD_BYTES]
            error = int.from_bytes(record[4:8], "little", signed=True)
            outputs.append(record[8:] if error == 0 else RunFailure(f"cuda error {error}: {message}"))
        if code == 2 and got == 0:
            return f"{built.exe.name}: {message}"
        if len(outputs) < n and code != 3:
            # the process died or hung inside the variant after its last record
            outputs.append(RunFailure(f"run: exit {code}: {message}"))
            data = records.read_bytes() if records.exists() else b""
            records.write_bytes(data + bytes(RECORD_BYTES))  # a placeholder, so record k stays variant k
    return outputs


def judge(p: Prepared, outputs: list[bytes | RunFailure] | None, program_name: str,
          namespaces: list[str]) -> GpuKernelResult:
    """Verdicts from one kernel's outputs (None: --compile-only)."""
    if p.error:
        return GpuKernelResult(p.kernel, (), p.error, program_name)
    spaces = {s: namespaces[i] for s, i in p.which.items()} | ({"original": namespaces[0]} if namespaces else {})
    spaces.update({s: namespaces[0] for s, v in p.verdicts.items() if v.outcome == GpuOutcome.REFUSED})
    verdicts = dict(p.verdicts)
    if outputs is None:
        verdicts.update({s: GpuVerdict(s, GpuOutcome.BUILT) for s in p.which})
        return GpuKernelResult(p.kernel, tuple(verdicts[s] for s in STRATEGIES), "", program_name, spaces)
    first, second = outputs[0], outputs[1]
    if isinstance(first, RunFailure) or isinstance(second, RunFailure):
        bad = first if isinstance(first, RunFailure) else second
        return GpuKernelResult(p.kernel, (), f"original: {bad.message}", program_name, spaces)
    if first != second:
        return GpuKernelResult(p.kernel, (), "original: two runs differ: " + describe_diff(first, second),
                               program_name, spaces)
    for s, i in p.which.items():
        got = outputs[i]
        if isinstance(got, RunFailure):
            verdicts[s] = GpuVerdict(s, GpuOutcome.RUN_FAILS, got.message)
        elif got == first:
            verdicts[s] = GpuVerdict(s, GpuOutcome.IDENTICAL)
        else:
            verdicts[s] = GpuVerdict(s, GpuOutcome.DIFFERS, describe_diff(first, got))
    return GpuKernelResult(p.kernel, tuple(verdicts[s] for s in STRATEGIES), "", program_name, spaces)


def clean(work: Path, result: GpuKernelResult) -> None:
    """Drop a passing kernel's files; a finding's stay for the report."""
    if not result.findings and not result.generator_error:
        shutil.rmtree(work / result.kernel.name, ignore_errors=True)


__all__ = ["GpuOutcome", "GpuVerdict", "GpuKernelResult", "Prepared", "Built", "prepare", "build_batch", "run",
           "judge", "clean", "NVCC"]
