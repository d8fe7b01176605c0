"""The host fuzzer's check: rapcc rewrites a generated kernel under every
strategy, g++ compiles the original and each distinct rewrite as C++20 with
hostcuda.h (one program, each variant in its own namespace), the program runs
every variant's launches on the same input, and each rewrite's output must
equal the original's bit for bit. g++, not rapcc's model, decides what the
code means; a rewrite that rapcc refuses (output equal to its input) passes.
"""
from __future__ import annotations

import os
import re
import shutil
import subprocess
from dataclasses import dataclass
from pathlib import Path

from rapcc.diagnostics import RapccError

from .hostgen import NOUT, HostKernel
from .hostvariants import INPUT_INIT, STRATEGIES, Outcome, StrategyResult, describe_diff, distinct, rewrites

__all__ = ["STRATEGIES", "Outcome", "StrategyResult", "KernelResult", "check_kernel", "clean", "precompile_header",
           "build_and_run", "host_text", "rewrites", "describe_diff"]

HEADER = Path(__file__).resolve().parent / "hostcuda.h"
GXX = os.environ.get("RAPCC_FUZZ_GXX", "/usr/bin/g++")
CXXFLAGS = ("-std=c++20", "-O0", "-w", "-pthread")
RUN_TIMEOUT_S = 60
COMPILE_TIMEOUT_S = 180


@dataclass(frozen=True, slots=True)
class KernelResult:
    """One kernel's verdicts. `generator_error` is set when the original
    itself is rejected (by rapcc as bad input, or by g++, or its run fails):
    that is a fuzzer bug, and no strategy is judged."""
    kernel: HostKernel
    results: tuple[StrategyResult, ...]
    generator_error: str = ""

    @property
    def bugs(self) -> tuple[StrategyResult, ...]:
        return tuple(r for r in self.results if r.outcome in (Outcome.DIFFERS, Outcome.RUN_FAILS, Outcome.RAPCC_ERROR))

    @property
    def findings(self) -> tuple[StrategyResult, ...]:
        """The bugs, and the rewrites the host could not build or run (to look at: a
        construct hostcuda.h lacks, or a rewrite that no longer compiles)."""
        return tuple(r for r in self.results if r.outcome != Outcome.IDENTICAL and r.outcome != Outcome.REFUSED)


def precompile_header(cache: Path) -> Path:
    """hostcuda.h and its precompiled form in `cache`; g++ picks the .gch up
    for `-include cache/hostcuda.h` when the flags match, which saves most of
    each compile (the header pulls in <thread> and <barrier>)."""
    cache.mkdir(parents=True, exist_ok=True)
    header = cache / HEADER.name
    gch = cache / (HEADER.name + ".gch")
    text = HEADER.read_bytes()
    if not header.exists() or header.read_bytes() != text or not gch.exists():
        header.write_bytes(text)
        subprocess.run([GXX, *CXXFLAGS, "-x", "c++-header", str(header), "-o", str(gch)], check=True,
                       timeout=COMPILE_TIMEOUT_S)
    return header


# `extern __shared__ T name[];` (the launch's dynamic shared memory) has no
# host meaning: g++ reads `extern static`. On the host it is a pointer to
# hostcuda.h's one dynamic window, so that every extern array of a kernel
# names the same bytes, as on the GPU.
_EXTERN_SHARED = re.compile(r"\bextern\s+__shared__\s+(?:__align__\(\s*\d+\s*\)\s+)?"
                            r"([A-Za-z_][\w:\s]*?)\s*\b(\w+)\s*\[\s*\]\s*;")


_GUARD_ASM = 'asm("neg.s32 %0, %1;" : "=r"(__rapcc_m) : "r"('


def host_text(kernel: HostKernel, text: str) -> str | None:
    """`text` with each asm statement replaced by its host meaning (None when
    one is no longer there as generated) and each extern shared array given
    storage."""
    for asm, host in kernel.host_asm:
        if asm not in text:
            return None
        text = text.replace(asm, host)
    # rapcc's guard mask (rewrite.guard_function): PTX neg.s32 is 0 - x modulo 2^32
    text = text.replace(_GUARD_ASM, "__rapcc_m = (0u - (")
    return _EXTERN_SHARED.sub(lambda m: f"{m[1]} *const {m[2]} = reinterpret_cast<{m[1]} *>(fz_dynamic_window);", text)


def program(kernel: HostKernel, variant_files: list[Path]) -> str:
    """A main() that runs every launch of every variant, the variants in
    namespaces fz_v0, fz_v1, ..., and writes each variant's output region
    to stdout as raw bytes."""
    lines = [f"static int fz_in[{4096}];", f"static int fz_out[{len(variant_files)}][{NOUT}];"]
    for i, f in enumerate(variant_files):
        lines += [f"namespace fz_v{i} {{", f'#include "{f.name}"', "}"]
    lines += ["int main() {",
              f"    {INPUT_INIT}"]
    for i in range(len(variant_files)):
        for launch in kernel.launches:
            call = f"fz_v{i}::{launch.kernel}(fz_in, fz_out[{i}] + {launch.out_offset}, {launch.param})"
            lines.append(f"    fz_dynamic_smem = {launch.smem};")
            lines.append(f"    fz_launch(dim3({launch.grid}), dim3({launch.block[0]}, {launch.block[1]}), [&] {{ {call}; }});")
    lines += ["    fwrite(fz_out, sizeof fz_out, 1, stdout);", "    return 0;", "}"]
    return "\n".join(lines) + "\n"


@dataclass(frozen=True, slots=True)
class Failure:
    built: bool  # False: g++ rejected the program; True: it built, and the run crashed or hung
    message: str


def build_and_run(kernel: HostKernel, texts: list[str], work: Path, header: Path, tag: str) -> list[bytes] | Failure:
    """Each variant's output bytes, or why the program did not build or run."""
    files = []
    for i, text in enumerate(texts):
        f = work / f"{tag}_v{i}.cu"
        f.write_text(text)
        files.append(f)
    main = work / f"{tag}_main.cpp"
    main.write_text(program(kernel, files))
    exe = work / f"{tag}.exe"
    built = subprocess.run([GXX, *CXXFLAGS, "-include", str(header), str(main), "-o", str(exe)],
                           capture_output=True, text=True, timeout=COMPILE_TIMEOUT_S)
    if built.returncode != 0:
        return Failure(False, "g++: " + "\n".join(l for l in built.stderr.splitlines() if "error" in l)[:1500])
    try:
        ran = subprocess.run([str(exe)], capture_output=True, timeout=RUN_TIMEOUT_S)
    except subprocess.TimeoutExpired:
        return Failure(True, f"run: timed out after {RUN_TIMEOUT_S} s")
    if ran.returncode != 0:
        return Failure(True, f"run: exit {ran.returncode}: {ran.stderr.decode(errors='replace')[:500]}")
    size = NOUT * 4
    return [ran.stdout[i * size:(i + 1) * size] for i in range(len(texts))]


def check_kernel(kernel: HostKernel, work: Path, header: Path) -> KernelResult:
    """Rewrite, build, run and compare one kernel (files under work/kernel.name)."""
    kdir = work / kernel.name
    kdir.mkdir(parents=True, exist_ok=True)
    path = kdir / f"{kernel.name}.cu"
    path.write_text(kernel.source)
    try:
        variants = rewrites(kernel, path)
    except RapccError as exc:
        return KernelResult(kernel, (), f"rapcc: bad input: {exc}")
    original = host_text(kernel, kernel.source)
    assert original is not None, "the generator's asm table names its own statements"
    verdicts: dict[str, StrategyResult] = {}
    hosts: dict[str, str] = {}
    for strategy, v in variants.items():
        if isinstance(v, StrategyResult):
            verdicts[strategy] = v
            continue
        (kdir / f"{kernel.name}.{strategy}.cu").write_bytes(v)
        text = host_text(kernel, v.decode())
        if text is None:
            verdicts[strategy] = StrategyResult(strategy, Outcome.HOST_ERROR, "an asm statement was rewritten")
            continue
        hosts[strategy] = text
    texts, which = distinct(hosts)  # distinct host texts of the rewrites, in order
    # the original runs twice: two copies that disagree mean a race or an
    # uninitialised read in the generated kernel, not a rapcc bug
    outputs = build_and_run(kernel, [original, original, *texts], kdir, header, "all")
    if not isinstance(outputs, Failure):
        if outputs[0] != outputs[1]:
            return KernelResult(kernel, (), "original: two runs differ: " + describe_diff(outputs[0], outputs[1]))
        outputs = outputs[1:]
    else:
        # find who breaks the build: the original alone, then each rewrite beside it
        alone = build_and_run(kernel, [original], kdir, header, "orig")
        if isinstance(alone, Failure):
            return KernelResult(kernel, (), f"original: {alone.message}")
        per = [build_and_run(kernel, [original, t], kdir, header, f"r{j}") for j, t in enumerate(texts)]
        outputs = [alone[0]] + [p if isinstance(p, Failure) else p[1] for p in per]
    for strategy, j in which.items():
        got = outputs[j + 1]
        if isinstance(got, Failure):
            outcome = Outcome.RUN_FAILS if got.built else Outcome.HOST_ERROR
            verdicts[strategy] = StrategyResult(strategy, outcome, got.message)
        elif got == outputs[0]:
            verdicts[strategy] = StrategyResult(strategy, Outcome.IDENTICAL)
        else:
            verdicts[strategy] = StrategyResult(strategy, Outcome.DIFFERS, describe_diff(outputs[0], got))
    return KernelResult(kernel, tuple(verdicts[s] for s in STRATEGIES))


def clean(work: Path, result: KernelResult) -> None:
    """Drop a passing kernel's build files; a finding's stay for the report."""
    if not result.findings and not result.generator_error:
        shutil.rmtree(work / result.kernel.name, ignore_errors=True)
