"""What the host fuzzer's two checks share (hostcheck.py on the CPU with g++,
gpucheck.py on the GPU with nvcc): the strategies, rapcc's rewrites of one
generated kernel, the distinct rewritten texts, the input every variant
reads, and how two outputs are told apart."""
from __future__ import annotations

import traceback
from dataclasses import dataclass
from enum import Enum
from pathlib import Path

from rapcc.diagnostics import InternalError, RapccError
from rapcc.pipeline import Options, rewrite_source_strategies
from rapcc.verify_nvcc import FloatCheck

from .hostgen import NIN, HostKernel

STRATEGIES = ("auto", "pad", "xor", "rap", "bvxor", "bwperm", "bwxor", "swizzle")
# The input both checks give every variant: element i of an int array of NIN.
INPUT_INIT = f"for (unsigned i = 0; i < {NIN}; ++i) fz_in[i] = (int)((i * 2654435761u) >> 9);"


class Outcome(Enum):
    IDENTICAL = "identical"  # rewritten, same output bits
    DIFFERS = "differs"  # rewritten, output changed: a wrong-code bug
    REFUSED = "refused"  # rapcc kept the file as written
    RUN_FAILS = "run_fails"  # rewritten, and the run crashes or hangs where the original's does not: wrong code
    RAPCC_ERROR = "rapcc_error"  # rapcc crashed or its verifier rejected its own rewrite
    HOST_ERROR = "host_error"  # the rewrite does not build on the host (the original does)


@dataclass(frozen=True, slots=True)
class StrategyResult:
    strategy: str
    outcome: Outcome
    detail: str = ""


def rewrites(kernel: HostKernel, path: Path, float_check: FloatCheck | None = None
             ) -> dict[str, bytes | StrategyResult]:
    """strategy -> the rewritten text, or its verdict when there is nothing
    to run (refused, rapcc error). Raises RapccError when rapcc calls the
    original bad input. `float_check`: compare nvcc's floating point of the
    input and each rewrite (the GPU check, which builds with nvcc)."""
    # Options() names no toolkit (cuda_path None): the stand-in headers alone,
    # the same answer with or without one installed. (Setting
    # RAPCC_NO_CUDA_DISCOVERY here leaked into the process and made the
    # toolkit tests that ran after it in the same worker skip.)
    source = kernel.source.encode()
    try:
        results = rewrite_source_strategies(source, str(path), Options(seed=1, float_check=float_check), STRATEGIES)
    except RapccError:
        raise
    except Exception:  # a crash is a finding, reported per strategy
        detail = traceback.format_exc(limit=4)[-1500:]
        return {s: StrategyResult(s, Outcome.RAPCC_ERROR, detail) for s in STRATEGIES}
    out: dict[str, bytes | StrategyResult] = {}
    for strategy, result in results.items():
        if isinstance(result, InternalError):
            out[strategy] = StrategyResult(strategy, Outcome.RAPCC_ERROR, f"internal error: {result}"[:1500])
        elif result.text == source:
            out[strategy] = StrategyResult(strategy, Outcome.REFUSED)
        else:
            out[strategy] = result.text
    return out


def distinct(texts: dict[str, str]) -> tuple[list[str], dict[str, int]]:
    """The distinct texts in order of first appearance, and strategy -> the
    index of its text among them: equal rewrites are built and run once."""
    unique: list[str] = []
    which: dict[str, int] = {}
    for strategy, text in texts.items():
        if text not in unique:
            unique.append(text)
        which[strategy] = unique.index(text)
    return unique, which


def describe_diff(want: bytes, got: bytes) -> str:
    ints = [(i, int.from_bytes(want[4 * i:4 * i + 4], "little", signed=True),
             int.from_bytes(got[4 * i:4 * i + 4], "little", signed=True)) for i in range(len(want) // 4)]
    bad = [(i, a, b) for i, a, b in ints if a != b]
    shown = ", ".join(f"out[{i}] {a} -> {b}" for i, a, b in bad[:4])
    return f"{len(bad)} of {len(ints)} outputs differ: {shown}"
