"""Find a real CUDA toolkit whose headers the parse can use.

Precedence, first match wins:
1. an explicit `--cuda-path DIR` (what the user typed beats what the machine has);
2. none at all when `RAPCC_NO_CUDA_DISCOVERY` is set (hermetic runs and tests);
3. `CUDA_HOME`, then `CUDA_PATH`;
4. the toolkit of the `nvcc` on `PATH`: its `../include`, or, where `nvcc` is
   a wrapper script elsewhere, the `TOP` that `nvcc --dryrun -v` reports.

Where the headers go under the stand-ins (`HeaderMode.STANDIN`; under
`TOOLKIT` clang's own CUDA wrappers take their place: frontend/parse.py):
after rapcc's stand-ins, not before. Measured with
CUDA 13.0 and the libclang 18 wheel, a toolkit header that shadows a stand-in
fails: its device-side headers (cuda_fp16.h, cooperative_groups.h,
sm_*_atomic_functions.h, math_functions.h, ...) expect clang's CUDA wrapper
headers and redeclare the shim's builtins ("static declaration of 'atomicAdd'
follows non-static declaration"), and its runtime types clash with the shim's
("redefinition of 'cudaSurfaceBoundaryMode'"). So the stand-ins own the headers
they define, the shim carries the runtime API (device attributes and error
codes complete for CUDA 13), and the toolkit supplies the rest (cuComplex.h,
cuBLAS, cuFFT, CCCL's <cuda/...>, thrust).

A candidate counts only when `include/cuda_runtime_api.h` exists under it; a
set variable that points nowhere is skipped, not an error. Pure: the caller
passes the environment and the PATH lookup, read once at the edge.
"""
from __future__ import annotations

import os
import subprocess
from dataclasses import dataclass
from enum import Enum
from typing import Callable, Mapping

DISABLE_ENV = "RAPCC_NO_CUDA_DISCOVERY"
_MARKER = os.path.join("include", "cuda_runtime_api.h")


@dataclass(frozen=True, slots=True)
class Toolkit:
    root: str
    source: str  # how it was found: "--cuda-path", "CUDA_HOME", "CUDA_PATH" or "nvcc on PATH"


def _has_headers(root: str, exists: Callable[[str], bool]) -> bool:
    return exists(os.path.join(root, _MARKER))


PROBE_TIMEOUT_S = 30
# nvcc's dry runs started ahead of their answer's use (`start_nvcc_top`), by nvcc path.
_started: dict[str, subprocess.Popen[str]] = {}
# A forked child (parallel.py's workers) neither reads nor ends its parent's dry runs.
os.register_at_fork(after_in_child=_started.clear)


def _probe_argv(nvcc: str) -> list[str]:
    return [nvcc, "--dryrun", "-v", "-c", "rapcc_probe.cu"]


def _top_in(text: str) -> str | None:
    for line in text.splitlines():
        if line.startswith("#$ TOP="):
            return os.path.normpath(line.split("=", 1)[1].strip())
    return None


def nvcc_top(nvcc: str) -> str | None:
    """The toolkit root nvcc itself uses (it prints `#$ TOP=...` on a dry run);
    the dry run `start_nvcc_top` started for this nvcc where there is one."""
    started = _started.pop(nvcc, None)
    if started is None:
        try:
            proc = subprocess.run(_probe_argv(nvcc), capture_output=True, text=True, timeout=PROBE_TIMEOUT_S)
        except (OSError, subprocess.SubprocessError):
            return None
        return _top_in(proc.stdout + proc.stderr)
    try:
        out, err = started.communicate(timeout=PROBE_TIMEOUT_S)
    except subprocess.SubprocessError:  # as subprocess.run's timeout: the dry run killed, no answer
        started.kill()
        started.communicate()
        return None
    return _top_in(out + err)


@dataclass(frozen=True, slots=True)
class _AskNvcc:
    """No toolkit found without asking this nvcc for its TOP."""
    nvcc: str


def _found(env: Mapping[str, str], which: Callable[[str], str | None], exists: Callable[[str], bool],
           realpath: Callable[[str], str]) -> Toolkit | _AskNvcc | None:
    """What discovery finds without --cuda-path and without running anything."""
    if env.get(DISABLE_ENV):
        return None
    for var in ("CUDA_HOME", "CUDA_PATH"):
        root = env.get(var)
        if root and _has_headers(root, exists):
            return Toolkit(root, var)
    nvcc = which("nvcc")
    if not nvcc:
        return None
    root = os.path.dirname(os.path.dirname(realpath(nvcc)))
    if _has_headers(root, exists):
        return Toolkit(root, "nvcc on PATH")
    return _AskNvcc(nvcc)


def find_toolkit(explicit: str | None, env: Mapping[str, str], which: Callable[[str], str | None],
                 exists: Callable[[str], bool] = os.path.isfile,
                 realpath: Callable[[str], str] = os.path.realpath,
                 top: Callable[[str], str | None] = nvcc_top) -> Toolkit | None:
    """The toolkit to parse with, or None (the stand-in headers alone)."""
    if explicit:
        return Toolkit(explicit, "--cuda-path")
    found = _found(env, which, exists, realpath)
    if not isinstance(found, _AskNvcc):
        return found
    root = top(found.nvcc)
    if root and _has_headers(root, exists):
        return Toolkit(root, "nvcc on PATH")
    return None


def start_nvcc_top(env: Mapping[str, str], which: Callable[[str], str | None]) -> str | None:
    """Start the dry run that `find_toolkit(None, env, which)` will ask of
    nvcc, ahead of its need (issue 29: a run in a process of its own starts it
    before its imports, which it then overlaps: ~11 ms through this machine's
    nvcc wrapper). Its answer is the one `nvcc_top` would get: the same command
    line, environment and folder, as nothing in between changes them. Returns
    the nvcc started, or None where discovery will not ask one (CUDA_HOME, an
    nvcc beside its headers, discovery off) or it could not start. An answer
    never asked for is ended by `stop_started`."""
    found = _found(env, which, os.path.isfile, os.path.realpath)
    if not isinstance(found, _AskNvcc) or found.nvcc in _started:
        return None
    try:
        _started[found.nvcc] = subprocess.Popen(_probe_argv(found.nvcc), stdout=subprocess.PIPE,
                                                stderr=subprocess.PIPE, text=True)
    except (OSError, subprocess.SubprocessError):
        return None
    return found.nvcc


def stop_started() -> None:
    """End the dry runs started ahead whose answer nobody asked for (a
    --cuda-path given, a run that stopped before its parse)."""
    while _started:
        _, proc = _started.popitem()
        proc.kill()
        proc.wait()  # not its output: a process it started may still hold the pipes
        for pipe in (proc.stdout, proc.stderr):
            if pipe is not None:
                pipe.close()


class HeaderMode(Enum):
    """Which headers the parse reads (`RAPCC_HEADERS`, read once at the edge)."""

    AUTO = "auto"  # the toolkit's where one is found (and clang's resource headers are installed)
    TOOLKIT = "toolkit"  # the same, named: tests pin it
    STANDIN = "standin"  # rapcc's stand-in headers, with a toolkit only filling in what they lack


HEADERS_ENV = "RAPCC_HEADERS"
# What `auto` (the default) reads where a toolkit and clang's resource headers
# are found: the toolkit's own headers, so that rapcc parses the program nvcc
# compiles (issue 28). They cost about 6% more than the stand-ins per file
# (docs/headers.md); the stand-ins stay the fallback where no toolkit is found.
AUTO_HEADERS = HeaderMode.TOOLKIT
# The libclang wheel has no resource headers; a wheel of the same clang major
# version ships them (clang-tidy 18.1.8: lib/clang/18/include, with the CUDA wrappers).
RESOURCE_PACKAGE = "clang_tidy"


def header_mode(env: Mapping[str, str]) -> HeaderMode:
    value = env.get(HEADERS_ENV, "").strip().lower() or HeaderMode.AUTO.value
    try:
        return HeaderMode(_SPELLINGS.get(value, value))
    except ValueError:
        raise ValueError(f"{HEADERS_ENV}='{env[HEADERS_ENV]}' (expected auto, toolkit or standins)") from None


_SPELLINGS = {"standins": "standin", "stand-in": "standin", "stand-ins": "standin"}


def resource_dir(major: int) -> str | None:
    """clang's resource folder (`lib/clang/MAJOR`, with `include/__clang_cuda_runtime_wrapper.h`)
    from the installed resource package, for libclang's major version; None where absent or another version."""
    import importlib.util
    spec = importlib.util.find_spec(RESOURCE_PACKAGE)
    if spec is None or not spec.submodule_search_locations:
        return None
    for base in spec.submodule_search_locations:
        root = os.path.join(base, "data", "lib", "clang", str(major))
        if os.path.isfile(os.path.join(root, "include", "__clang_cuda_runtime_wrapper.h")):
            return root
    return None
