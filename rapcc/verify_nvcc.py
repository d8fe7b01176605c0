"""nvcc's PTX for an input and for its rewrite, compiled as the build compiles them.

`FloatCheck` is the configuration, read once at the edge: the CLI makes it
from its own flags (`cli.py`), the build hook from nvcc's real command line
(`build/ptx_flags.py`). Each text is compiled in a temporary folder of its
own (`tempfile`, so under the process's TMPDIR), under the name of the file
it stands for, with the original folder first on the include path, where its
quoted `#include`s resolve as in the original place (the build hook compiles
a rewrite so); the input, where it is on disk as read, in its own place. A file compiled inside
another (`Options.unit`: `main.cu` includes `kernel.cu`) is compiled as that
unit: a copy of the unit beside the text.
"""
from __future__ import annotations

import os
import subprocess
import tempfile
from dataclasses import dataclass, replace
from typing import Sequence

COMPILE_TIMEOUT_S = 300


@dataclass(frozen=True, slots=True)
class FloatCheck:
    """How to compile device code to PTX as the build does.

    nvcc: the real nvcc; None where none was found (the check cannot run: one note).
    flags: the build's flags for device code (`-I`, `-D`, `-std`, `-O`, `-fmad`,
        `--use_fast_math`, `-rdc`, ...), without targets, inputs, outputs or modes;
        None: the rewrite's own options say them (`rapcc`'s command line: `with_flags`).
    archs: the virtual architectures the build generates PTX for (`compute_80`);
        () for nvcc's default target.
    cwd: the folder the build compiles in (relative paths in `flags`); None: this process's.
    unchecked: why the build's device code is not the PTX this compiles (link-time
        optimisation, a target only the machine knows): the check cannot vouch for it.
    """

    nvcc: str | None
    flags: tuple[str, ...] | None = None
    archs: tuple[str, ...] = ()
    cwd: str | None = None
    unchecked: str | None = None


@dataclass(frozen=True, slots=True)
class Ptx:
    """One text's PTX per architecture, or why nvcc gave none."""

    modules: tuple[tuple[str, str], ...]  # (arch, PTX text); arch "" for nvcc's default
    error: str | None = None


def with_flags(check: FloatCheck, include_dirs: Sequence[str], defines: Sequence[str], undefines: Sequence[str],
               std: str, extra_args: Sequence[str], rdc: bool) -> FloatCheck:
    """`check` with the flags of a rewrite's options where it has none of its
    own: the ones rapcc's parse read the file with, which are nvcc's spelling
    too (`-isystem DIR`, `-include FILE`, `--compiler-bindir=DIR`), and nvcc's
    defaults for the rest (`-O3`, `-fmad=true`)."""
    if check.flags is not None:
        return check
    flags = [f"-std={std}", *(f"-I{d}" for d in include_dirs), *(f"-D{d}" for d in defines),
             *(f"-U{u}" for u in undefines), *extra_args, *(["-rdc=true"] if rdc else [])]
    return replace(check, flags=tuple(flags))


def _argv(check: FloatCheck, arch: str, source: str, output: str, first_dir: str) -> list[str]:
    target = ["-arch=" + arch] if arch else []
    return [check.nvcc or "nvcc", "-ptx", "-I", first_dir, *(check.flags or ()), *target, "-x", "cu", source, "-o", output]


def _first_error(text: str) -> str:
    lines = [line.strip() for line in text.splitlines() if line.strip()]
    found = next((line for line in lines if "error" in line), lines[0] if lines else "no message")
    return found[:200]


def _on_disk(path: str, text: bytes) -> bool:
    try:
        with open(path, "rb") as f:
            return f.read() == text
    except OSError:
        return False


def compile_ptx(check: FloatCheck, path: str, text: bytes, unit: tuple[str, bytes] | None = None) -> Ptx:
    """`text` (the file at `path`, or its rewrite) compiled to PTX for each of
    `check.archs`; `unit`: (path, bytes) of the unit that #includes it, compiled
    in its place with `text` beside it. A text that is the file on disk (the
    input) is compiled where it is, as the build compiles it; a rewrite from a
    temporary folder, as the build hook compiles it. The compiles run side by side."""
    assert check.nvcc is not None
    with tempfile.TemporaryDirectory(prefix="rapcc-ptx-") as folder:
        name = os.path.basename(path) or "input.cu"
        compiled, first_dir = os.path.join(folder, name), os.path.dirname(os.path.abspath(path))
        in_place = _on_disk(path, text) and (unit is None or _on_disk(*unit))
        if in_place:
            compiled = os.path.abspath(unit[0] if unit is not None else path)
        else:
            with open(os.path.join(folder, name), "wb") as f:
                f.write(text)
        if unit is not None:
            first_dir = os.path.dirname(os.path.abspath(unit[0]))
            if not in_place:
                compiled = os.path.join(folder, "rapcc-unit-" + os.path.basename(unit[0]))
                with open(compiled, "wb") as f:
                    f.write(unit[1])
        archs = check.archs or ("",)
        runs = []
        for k, arch in enumerate(archs):
            out = os.path.join(folder, f"out{k}.ptx")
            try:
                runs.append((arch, out, subprocess.Popen(_argv(check, arch, compiled, out, first_dir),
                                                         cwd=check.cwd, stdin=subprocess.DEVNULL, stdout=subprocess.PIPE,
                                                         stderr=subprocess.STDOUT)))
            except OSError as exc:
                return Ptx((), f"cannot run nvcc ({exc})")
        modules, error = [], None
        for arch, out, proc in runs:
            try:
                said, _ = proc.communicate(timeout=COMPILE_TIMEOUT_S)
            except subprocess.TimeoutExpired:
                proc.kill()
                proc.communicate()
                error = error or f"nvcc took longer than {COMPILE_TIMEOUT_S} s"
                continue
            if proc.returncode != 0:
                error = error or _first_error(said.decode(errors="replace"))
                continue
            try:
                with open(out, encoding="utf-8", errors="replace") as f:
                    modules.append((arch, f.read()))
            except OSError:
                error = error or "nvcc wrote no PTX"
        return Ptx(tuple(modules), error)


__all__ = ["FloatCheck", "Ptx", "compile_ptx", "with_flags"]
