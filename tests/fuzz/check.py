"""The differential check: one batch of generated kernels, rewritten under
every strategy, compiled with nvcc and run on the CPU interpreter.

A batch is one .cu file (parsing and compiling many kernels at once is what
keeps the fuzzer fast); findings are attributed to single kernels by
re-checking a failing kernel alone.
"""
from __future__ import annotations

import os
import shutil
import subprocess
import tempfile
from dataclasses import dataclass

import numpy as np

from rapcc.diagnostics import InternalError, RapccError
from rapcc.pipeline import STRATEGIES, Options, rewrite_source, rewrite_source_strategies

from .interp import run
from .kast import NIN, Kernel, ifdef_macros
from .layout import read_layouts
from .render import render_file

PATH = "fuzz.cu"
NVCC_FLAGS = ("-arch=sm_90", "--ptx", "-w")


@dataclass(frozen=True, slots=True)
class Finding:
    kind: str  # internal-error | rapcc-error | crash | layout | wrong-code | compile
    strategy: str
    kernel: Kernel
    detail: str

    def summary(self) -> str:
        return f"[{self.kind}] {self.kernel.name} under '{self.strategy}': {self.detail}"


def variants(k: Kernel) -> tuple[frozenset[str], ...]:
    """The preprocessor configurations to run: none defined, and every #ifdef macro defined."""
    macros = ifdef_macros(k)
    return (frozenset(),) + ((frozenset(macros),) if macros else ())


def make_inputs(seed: int) -> np.ndarray:
    return np.random.default_rng(seed).integers(0, 1 << 32, NIN, dtype=np.uint64).astype(np.int64)


def rewrite_text(text: str, strategy: str) -> str:
    return rewrite_source(text.encode(), PATH, Options(strategy=strategy, command=f"rapcc {PATH}")).text.decode()


def rewrite_all(text: str, strategies: tuple[str, ...]) -> dict[str, "str | Exception"]:
    """Each strategy's output text, or the exception rapcc raised for it.
    One parse and analysis serves every strategy."""
    try:
        res = rewrite_source_strategies(text.encode(), PATH, Options(command=f"rapcc {PATH}"), strategies)
    except Exception as exc:  # bad input or a crash: every strategy sees it
        return {s: exc for s in strategies}
    return {s: r if isinstance(r, Exception) else r.text.decode() for s, r in res.items()}


def compare(kernels: list[Kernel], sites, rewritten: str, inputs: np.ndarray,
            reference: dict, strategy: str) -> list[Finding]:
    """CPU-interpreted outputs of each kernel in `rewritten` against the original's."""
    try:
        layouts = read_layouts(rewritten, kernels, sites)
    except Exception as exc:  # LayoutError, or a helper that does not parse: a finding too
        return [Finding("layout", strategy, k, f"{type(exc).__name__}: {exc}") for k in kernels]
    found = []
    for k in kernels:
        mine = {a.name: layouts[a.name] for a in k.arrays}
        for defs in variants(k):
            got = run(k, mine, inputs, defs)
            want = reference[(k.name, defs)]
            differ = int(np.count_nonzero(got.out != want))
            if differ or got.faults:
                where = f" with -D{' -D'.join(sorted(defs))}" if defs else ""
                fault = f"; {got.faults[0]}" if got.faults else ""
                found.append(Finding("wrong-code", strategy, k,
                                     f"{differ} of {want.size} outputs differ{where}{fault}"))
                break
    return found


def nvcc_ok(texts: list[str], defines: tuple[str, ...], workdir: str) -> tuple[bool, str]:
    """Whether the texts compile, each in its own namespace of one file."""
    body = "".join(f"namespace fz_v{i} {{\n{t}\n}}\n" for i, t in enumerate(texts))
    path = os.path.join(workdir, f"batch{abs(hash((body, defines))) % 10**12}.cu")
    with open(path, "w") as f:
        f.write(body)
    cmd = ["nvcc", *NVCC_FLAGS, *(f"-D{d}" for d in defines), "-o", os.devnull, path]
    proc = subprocess.run(cmd, capture_output=True, text=True)
    os.unlink(path)
    return proc.returncode == 0, proc.stderr[-2000:]


def check_batch(kernels: list[Kernel], seed: int, strategies: tuple[str, ...] = STRATEGIES,
                compile_: bool = True) -> list[Finding]:
    """Every finding for `kernels` under `strategies` (empty when all is well)."""
    text, sites = render_file(kernels)
    inputs = make_inputs(seed)
    reference = {(k.name, d): run(k, None, inputs, d).out for k in kernels for d in variants(k)}
    findings: list[Finding] = []
    outputs: dict[str, str] = {}
    for s, out in rewrite_all(text, strategies).items():
        if isinstance(out, Exception):
            findings += _attribute_error(kernels, s)
            continue
        if out != text:
            outputs.setdefault(out, s)
            findings += compare(kernels, sites, out, inputs, reference, s)
    if compile_ and shutil.which("nvcc") and outputs:
        findings += _compile_checks(kernels, text, outputs)
    return findings


def _attribute_error(kernels: list[Kernel], strategy: str) -> list[Finding]:
    out = []
    for k in kernels:
        text, _ = render_file([k])
        try:
            rewrite_text(text, strategy)
        except InternalError as exc:
            out.append(Finding("internal-error", strategy, k, str(exc)))
        except RapccError as exc:
            out.append(Finding("rapcc-error", strategy, k, f"{exc} {[d.format() for d in exc.diagnostics][:2]}"))
        except Exception as exc:
            out.append(Finding("crash", strategy, k, f"{type(exc).__name__}: {exc}"))
    return out


def _compile_checks(kernels: list[Kernel], text: str, outputs: dict[str, str]) -> list[Finding]:
    all_macros = tuple(sorted({m for k in kernels for m in ifdef_macros(k)}))
    configs = [()] + ([all_macros] if all_macros else [])
    findings: list[Finding] = []
    with tempfile.TemporaryDirectory(prefix="rapcc-fuzz-") as tmp:
        for defs in configs:
            ok, err = nvcc_ok([text], defs, tmp)
            if not ok:
                raise AssertionError(f"a generated kernel does not compile:\n{err}")
            if nvcc_ok(list(outputs), defs, tmp)[0]:
                continue
            for out, s in outputs.items():  # find the strategies and kernels that break
                if nvcc_ok([out], defs, tmp)[0]:
                    continue
                for k in kernels:
                    single, _ = render_file([k])
                    try:
                        rew = rewrite_text(single, s)
                    except Exception:
                        continue  # reported by the rewrite check
                    ok, err = nvcc_ok([rew], defs, tmp)
                    if not ok:
                        findings.append(Finding("compile", s, k, err.strip().splitlines()[0] if err.strip() else "nvcc failed"))
    return findings
