"""Compile, launch and time one case's kernel on the GPU through CuPy (tests run a CPU stand-in,
tests/harness_fakes.py).

CuPy is optional (CI has no GPU), so this module never imports it at import
time: `import_cupy()` loads it when a CupyRunner is made, and `cuda_status()`
tells the CLI whether a GPU can be used at all.
"""
from __future__ import annotations

import importlib
from dataclasses import dataclass
from typing import Any, Callable, Protocol, Sequence

import numpy as np

from .case import Case, KernelArg
from .timing import DEFAULT_WARMUP, MIN_REPEATS, CudaEventTimer, Timing, measure_interleaved

# NVRTC options of every build, recorded with each result. CuPy adds the
# target architecture of the current device itself.
DEFAULT_NVRTC_OPTIONS: tuple[str, ...] = ("-std=c++17",)

POISON_BYTE = 0xFF  # NaN for floats, all ones for integers


class GpuUnavailable(Exception):
    """CuPy cannot be imported, or it sees no CUDA device."""


class BuildError(Exception):
    """The source did not compile; the message carries the compiler log."""


class LaunchError(Exception):
    """The launch failed or the kernel faulted (CUDA error)."""


@dataclass(frozen=True, slots=True)
class BuiltKernel:
    """A compiled kernel ready to launch.

    label: what is being run, e.g. 'transpose_32x8/pad', for messages.
    options: the compiler options it was built with (NVRTC flags for CuPy).
    handle: the runner's own object (a cupy RawKernel, or None).
    """

    case: Case
    label: str
    source: bytes
    options: tuple[str, ...]
    handle: Any


class Runner(Protocol):
    """Builds and launches case kernels; `run` returns the outputs in
    `case.outputs` order after poisoning them before the launch."""

    name: str

    def build(self, case: Case, source: bytes, label: str) -> BuiltKernel: ...

    def run(self, kernel: BuiltKernel, args: Sequence[KernelArg]) -> list[np.ndarray]: ...

    def time(self, kernel: BuiltKernel, args: Sequence[KernelArg], *, warmup: int = DEFAULT_WARMUP,
             repeats: int = MIN_REPEATS) -> Timing: ...

    def time_many(self, kernels: Sequence[BuiltKernel], args: Sequence[KernelArg], *,
                  warmup: int = DEFAULT_WARMUP, repeats: int = MIN_REPEATS) -> list[Timing]:
        """Variants of one kernel timed together on the same inputs (timing.measure_interleaved)."""
        ...


def import_cupy() -> Any:
    """The cupy module, or GpuUnavailable saying why not."""
    try:
        return importlib.import_module("cupy")
    except Exception as exc:  # ImportError, or a CUDA library that fails to load
        raise GpuUnavailable(f"CuPy cannot be imported: {exc}") from exc


def cuda_status() -> tuple[bool, str]:
    """(usable, description): whether CuPy sees a CUDA device, and which, or why not."""
    try:
        cp = import_cupy()
    except GpuUnavailable as exc:
        return False, str(exc)
    try:
        count = int(cp.cuda.runtime.getDeviceCount())
    except Exception as exc:
        return False, f"CuPy {cp.__version__}: {exc}"
    if count < 1:
        return False, f"CuPy {cp.__version__}: no CUDA device"
    props = cp.cuda.runtime.getDeviceProperties(0)
    name = props["name"].decode() if isinstance(props["name"], bytes) else str(props["name"])
    return True, f"CuPy {cp.__version__}, {name}, {props['multiProcessorCount']} SMs"


class CupyRunner:
    """Compiles with NVRTC through `cupy.RawModule` and launches on device 0."""

    name = "cupy"

    def __init__(self, options: tuple[str, ...] = DEFAULT_NVRTC_OPTIONS):
        self._cp = import_cupy()
        self.options = tuple(options)

    def build(self, case: Case, source: bytes, label: str) -> BuiltKernel:
        options = self.options + tuple(f"-D{d}" for d in case.build_defines)
        try:
            module = self._cp.RawModule(code=source.decode("utf-8"), options=options,
                                        name_expressions=case.name_expressions or None)
            function = module.get_function(case.kernel)  # compiles here (CuPy compiles lazily)
        except Exception as exc:
            raise BuildError(f"{label}: NVRTC compilation failed: {exc}") from exc
        return BuiltKernel(case, label, source, options, function)

    def _upload(self, args: Sequence[KernelArg]) -> list[Any]:
        return [self._cp.asarray(a) if isinstance(a, np.ndarray) else a for a in args]

    def _launcher(self, kernel: BuiltKernel, args: Sequence[KernelArg], dev_args: list[Any]) -> Callable[[], None]:
        case = kernel.case
        grid = case.grid(args)  # from the host arguments: grids read sizes with NumPy
        packed = tuple(dev_args)
        return lambda: kernel.handle(grid, case.block, packed, shared_mem=case.shared_bytes)

    def _checked(self, label: str, action: Callable[[], Any]) -> Any:
        try:
            result = action()
            self._cp.cuda.get_current_stream().synchronize()
            return result
        except Exception as exc:  # CUDA driver/runtime errors of any kind
            raise LaunchError(f"{label}: {type(exc).__name__}: {exc}") from exc

    def run(self, kernel: BuiltKernel, args: Sequence[KernelArg]) -> list[np.ndarray]:
        dev_args = self._upload(args)
        for i in kernel.case.outputs:
            self._cp.cuda.runtime.memset(dev_args[i].data.ptr, POISON_BYTE, dev_args[i].nbytes)
        self._checked(kernel.label, self._launcher(kernel, args, dev_args))
        return [self._cp.asnumpy(dev_args[i]) for i in kernel.case.outputs]

    def time(self, kernel: BuiltKernel, args: Sequence[KernelArg], *, warmup: int = DEFAULT_WARMUP,
             repeats: int = MIN_REPEATS) -> Timing:
        return self.time_many([kernel], args, warmup=warmup, repeats=repeats)[0]

    def time_many(self, kernels: Sequence[BuiltKernel], args: Sequence[KernelArg], *,
                  warmup: int = DEFAULT_WARMUP, repeats: int = MIN_REPEATS) -> list[Timing]:
        # One set of device buffers for all: the same data and the same cache
        # footprint for every variant.
        dev_args = self._upload(args)
        launches = [self._launcher(k, args, dev_args) for k in kernels]
        stream = self._cp.cuda.get_current_stream()
        timer = CudaEventTimer(self._cp)
        return self._checked(", ".join(k.label for k in kernels),
                             lambda: measure_interleaved(launches, timer, warmup=warmup, repeats=repeats,
                                                         synchronize=stream.synchronize))
