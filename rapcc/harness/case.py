"""A benchmark case: one example kernel, how to launch it, and what it must compute.

Each `examples/<name>.case.py` defines `make_case() -> Case`. The harness needs
nothing else to check a kernel (against a NumPy reference, and bitwise against
the original source when rapcc has rewritten it) and to time it.

This module imports NumPy only, so that cases load on machines without CuPy.
"""
from __future__ import annotations

import importlib.util
import math
from dataclasses import dataclass, replace
from pathlib import Path
from typing import Callable, Sequence, Union

import numpy as np

# A kernel argument as the case produces it: a host array (uploaded by the
# runner) or a NumPy scalar whose dtype is the parameter's C type.
KernelArg = Union[np.ndarray, np.generic]
Dim3 = tuple[int, int, int]

# The number of SMs of the GPUs the suite is sized for (H100 and H200).
BIG_GPU_SMS = 132

CASE_SUFFIX = ".case.py"


class CaseLoadError(Exception):
    """A `.case.py` file could not be imported or did not yield a valid Case."""


@dataclass(frozen=True, slots=True)
class Case:
    """One example kernel and everything needed to run and check it.

    name: the example's file stem (`transpose_32x8` for `transpose_32x8.cu`).
    source: path of the CUDA source.
    kernel: the `__global__` function to launch: an `extern "C"` name, or for
        a C++ kernel (a template, a namespace) one of `name_expressions`.
    block: the launch block shape; it must agree with the kernel's
        `#pragma rapcc block_dim(...)`, which is what rapcc analyses.
    grid: the launch grid, computed from the arguments `make_inputs` produced,
        so that the grid always matches the data size.
    make_inputs: `(rng, scale) -> args`: fresh random arguments in kernel
        parameter order. scale=1 fills an H100/H200; scale near 0 gives the
        smallest launch (one or two blocks) for CPU tests.
    outputs: indices of the arguments the kernel writes. Every element of an
        output is written, so the runner may poison them before a launch.
    reference: `(args) -> [expected output, ...]`, one array per index in
        `outputs`, computed with NumPy.
    pattern: one line: the shared-memory access pattern the case exercises.
    shared_bytes: dynamic shared memory per block (for `extern __shared__`).
    access_bytes: bytes one lane moves per shared access (4 for float, 8 for
        double or float2). Nsight Compute's ideal is one wavefront per
        instruction for up to 4 bytes, two for 8 and four for 16.
    rtol: tolerance for float outputs, relative to the largest reference
        magnitude; None takes the dtype's default (see compare.py).
    build_defines: macros the kernels are compiled with (`-D`) but rapcc does
        not parse with, as when a build selects a branch rapcc skipped.
    name_expressions: for C++ kernels, the expressions NVRTC instantiates and
        names (`"tiles::transpose<32>"`), as `cupy.RawModule` takes them.
    case_file: the `.case.py` file it came from (set by the loader), so that
        a child process (ncu, isolation) can load the same case again.
    """

    name: str
    source: Path
    kernel: str
    block: Dim3
    grid: Callable[[Sequence[KernelArg]], Dim3]
    make_inputs: Callable[[np.random.Generator, float], list[KernelArg]]
    outputs: tuple[int, ...]
    reference: Callable[[Sequence[KernelArg]], list[np.ndarray]]
    pattern: str
    shared_bytes: int = 0
    access_bytes: int = 4
    rtol: float | None = None
    name_expressions: tuple[str, ...] = ()
    case_file: Path | None = None
    # Macros the kernels are compiled with but rapcc does not parse with: a
    # build whose -D flags select a branch rapcc's parse skipped.
    build_defines: tuple[str, ...] = ()

    def ideal_wavefronts_per_instruction(self) -> int:
        """Wavefronts one warp-wide shared instruction needs at best: 128 bytes each."""
        return max(1, self.access_bytes // 4)


def scaled_count(full: int, scale: float, minimum: int = 1) -> int:
    """`full` scaled by `scale`, rounded, and never below `minimum`.

    Cases size their grids with this so that scale=1 fills a 132-SM GPU and a
    tiny scale still launches a valid (minimal) problem.
    """
    if scale < 0 or not math.isfinite(scale):
        raise ValueError(f"scale must be a finite number >= 0, not {scale}")
    return max(minimum, int(round(full * scale)))


def kernel_base_name(name: str) -> str:
    """A kernel's name without return type, namespaces, template arguments or
    parameters (`void ns::k<32>(float *)` -> `k`): how Nsight Compute names
    kernels by default, whichever way a case or a report spells them."""
    head = name.split("(", 1)[0].strip()
    depth, out = 0, []
    for ch in head:  # drop template argument lists, nested ones included
        depth += ch == "<"
        if depth == 0:
            out.append(ch)
        depth -= ch == ">"
    plain = "".join(out).strip()
    return plain.split()[-1].split("::")[-1] if plain else plain


def poison_like(array: np.ndarray) -> np.ndarray:
    """An array shaped like `array` whose every byte is 0xFF: NaN for floats,
    -1 / all-ones for integers, so an element the kernel never wrote shows."""
    out = np.empty_like(array)
    out.view(np.uint8).fill(0xFF)
    return out


def _import_case_file(path: Path) -> Case:
    module_name = "rapcc_example_" + path.name[: -len(CASE_SUFFIX)].replace("-", "_")
    spec = importlib.util.spec_from_file_location(module_name, path)
    if spec is None or spec.loader is None:
        raise CaseLoadError(f"{path}: cannot be imported as a Python module")
    module = importlib.util.module_from_spec(spec)
    try:
        spec.loader.exec_module(module)
    except Exception as exc:  # the file is user code: any failure is reported with its name
        raise CaseLoadError(f"{path}: import failed: {type(exc).__name__}: {exc}") from exc
    make_case = getattr(module, "make_case", None)
    if not callable(make_case):
        raise CaseLoadError(f"{path}: defines no function 'make_case'")
    try:
        case = make_case()
    except Exception as exc:
        raise CaseLoadError(f"{path}: make_case() failed: {type(exc).__name__}: {exc}") from exc
    if not isinstance(case, Case):
        raise CaseLoadError(f"{path}: make_case() returned {type(case).__name__}, not Case")
    return case


def _validate(case: Case, path: Path) -> None:
    stem = path.name[: -len(CASE_SUFFIX)]
    if case.name != stem:
        raise CaseLoadError(f"{path}: case name '{case.name}' does not match the file name '{stem}'")
    if not case.source.is_file():
        raise CaseLoadError(f"{path}: source '{case.source}' does not exist")
    if not case.outputs:
        raise CaseLoadError(f"{path}: the case names no output argument")
    if case.name_expressions and case.kernel not in case.name_expressions:
        raise CaseLoadError(f"{path}: kernel '{case.kernel}' is not one of its name_expressions")
    if len(case.block) != 3 or any(d < 1 for d in case.block):
        raise CaseLoadError(f"{path}: block {case.block} is not three positive sizes")


def load_case_file(path: Path) -> Case:
    """Import one `.case.py` file and return its validated Case."""
    case = _import_case_file(path)
    _validate(case, path)
    return replace(case, case_file=path.resolve())


def load_cases(examples_dir: Path | str) -> list[Case]:
    """Every case under `examples_dir` (each `*.case.py`), sorted by name.

    Raises CaseLoadError naming the first file that fails to import or that
    does not produce a valid Case.
    """
    root = Path(examples_dir)
    if not root.is_dir():
        raise CaseLoadError(f"{root}: not a directory")
    cases = [load_case_file(p) for p in sorted(root.glob("*" + CASE_SUFFIX))]
    names = [c.name for c in cases]
    if len(set(names)) != len(names):
        raise CaseLoadError(f"{root}: duplicate case names")
    return sorted(cases, key=lambda c: c.name)


def select_cases(cases: Sequence[Case], names: Sequence[str]) -> list[Case]:
    """The cases called `names`, in that order; KeyError names an unknown one."""
    by_name = {c.name: c for c in cases}
    unknown = [n for n in names if n not in by_name]
    if unknown:
        raise KeyError(f"unknown case '{unknown[0]}' (known: {', '.join(sorted(by_name))})")
    return [by_name[n] for n in names]


def default_examples_dir() -> Path:
    """`examples/` of the source tree this package runs from (the repository root)."""
    return Path(__file__).resolve().parents[2] / "examples"
