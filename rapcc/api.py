"""rapcc as a Python library: `rapcc.rewrite(...)` and `rapcc.analyze(...)`.

    >>> import rapcc
    >>> r = rapcc.rewrite(open("transpose.cu").read(), filename="transpose.cu", block_dim=(32, 8))
    >>> r.changed, r.report["arrays"][0]["strategy"]

Errors raise subclasses of `rapcc.RapccError` and never print or exit:
`UsageError` for a bad argument, `RapccError` itself for a source rapcc cannot
read (its `.diagnostics` say where), `RapccInternalError` when rapcc fails
its own checks.
"""
from __future__ import annotations

from dataclasses import dataclass
from typing import Any, Iterable, Sequence, Union

from .arch import ArchError, bank_model_name
from .diagnostics import Diagnostic, InternalError, RapccError
from .pipeline import STRATEGIES, Options, RewriteResult, analyze_source, rewrite_source
from .reproduce import reproduce_command

BlockDim = Union[int, Sequence[int], None]


class UsageError(RapccError):
    """An argument rapcc cannot use (an unknown strategy, an invalid block shape or architecture)."""


class RapccInternalError(RapccError):
    """rapcc broke its own guarantees (the verifier rejected a mapping) or failed; nothing is returned."""


@dataclass(frozen=True, slots=True)
class Result:
    """The outcome of `rewrite` or `analyze`.

    text: the rewritten source (the input itself when nothing changed, and always for `analyze`).
    report: the JSON report, the contract of `rapcc --report-format json`.
    diagnostics: compiler-style diagnostics (bank conflicts, escapes, assumptions).
    changed: whether any array was rewritten.
    """

    text: str
    report: dict[str, Any]
    diagnostics: tuple[Diagnostic, ...]
    changed: bool


def _block_dim(value: BlockDim) -> tuple[int, int, int] | None:
    if value is None:
        return None
    dims = [value] if isinstance(value, int) else list(value)
    if not 1 <= len(dims) <= 3 or not all(isinstance(d, int) and d > 0 for d in dims):
        raise UsageError(f"block_dim {value!r}: expected 1 to 3 positive ints, e.g. (32, 8)")
    dims += [1] * (3 - len(dims))
    if dims[0] * dims[1] * dims[2] > 1024:
        raise UsageError(f"block_dim {value!r}: more than 1024 threads")
    return (dims[0], dims[1], dims[2])


def _options(strategy: str, block_dim: BlockDim, include_dirs: Iterable[str], defines: Iterable[str],
             arch: str, filename: str, dynamic_smem: int | None = None, whole_program: bool = False) -> Options:
    if strategy not in STRATEGIES:
        raise UsageError(f"unknown strategy '{strategy}' (expected one of {', '.join(STRATEGIES)})")
    try:
        bank_model_name(arch)
    except ArchError as exc:
        raise UsageError(str(exc)) from None
    if isinstance(include_dirs, str) or isinstance(defines, str):
        raise UsageError("include_dirs and defines take sequences of strings, not one string")
    block = _block_dim(block_dim)
    if dynamic_smem is not None and (not isinstance(dynamic_smem, int) or dynamic_smem < 0):
        raise UsageError(f"dynamic_smem {dynamic_smem!r}: expected a byte count")
    include_dirs, defines = tuple(include_dirs), tuple(defines)
    # The header of a rewrite names the `rapcc` command that writes the same text.
    return Options(strategy=strategy, block_dim=block, dynamic_smem=dynamic_smem, whole_program=whole_program,
                   include_dirs=include_dirs, defines=defines,
                   command=reproduce_command(filename, strategy, 1, block, dynamic_smem, whole_program, include_dirs,
                                             defines))


def _result(r: RewriteResult) -> Result:
    return Result(r.text.decode("utf-8", errors="surrogateescape"), r.report, r.diagnostics, r.changed)


def _run(fn, source: str, filename: str, options: Options) -> Result:
    if not isinstance(source, str):
        raise UsageError(f"source must be str, not {type(source).__name__}")
    try:
        return _result(fn(source.encode("utf-8", errors="surrogateescape"), filename, options))
    except RapccError:
        raise
    except InternalError as exc:
        raise RapccInternalError(str(exc)) from exc
    except Exception as exc:  # a bug in rapcc: an error of the library's own, never a crash of the caller's type
        raise RapccInternalError(f"{type(exc).__name__}: {exc}") from exc


def rewrite(source: str, *, filename: str = "kernel.cu", block_dim: BlockDim = None, strategy: str = "auto",
            include_dirs: Sequence[str] = (), defines: Sequence[str] = (), arch: str = "sm_90",
            dynamic_smem: int | None = None, whole_program: bool = False) -> Result:
    """Rewrite the `__shared__` arrays of CUDA `source` to remove bank conflicts.

    filename: the name diagnostics, the report and the `#line` directive use;
        `#include "..."` is resolved from its folder.
    block_dim: the kernels' block shape, `(32, 8)` or `256`; otherwise
        `#pragma rapcc block_dim`, the file's launches, `__launch_bounds__`.
    strategy: `auto` (the cheapest predicted per array) or one of pad, xor,
        rap, bvxor, bwperm, bwxor, none.
    include_dirs, defines: as `-I` and `-D` (`"N=4"`).
    dynamic_smem: the most dynamic shared memory (bytes) any launch of the
        kernels asks for, as `--dynamic-smem`: padding grows static shared
        memory, so it needs this of every launch the file does not show.
    whole_program: the source holds every launch of its kernels, as
        `--whole-program`; otherwise a kernel of external linkage may be
        launched elsewhere, and its layout applies under the shapes proved only.
    arch: the target (`sm_90`); it selects the bank model (every sm_50+
        architecture shares rapcc's one model).

    The text is verified (every mapping in bounds and injective, every use
    rewritten) before it is returned; when nothing is rewritten it is `source`.
    """
    return _run(rewrite_source, source, filename, _options(strategy, block_dim, include_dirs, defines, arch, filename,
                                                              dynamic_smem, whole_program))


def analyze(source: str, *, filename: str = "kernel.cu", block_dim: BlockDim = None, strategy: str = "auto",
            include_dirs: Sequence[str] = (), defines: Sequence[str] = (), arch: str = "sm_90",
            dynamic_smem: int | None = None, whole_program: bool = False) -> Result:
    """Analyse `source` like `rewrite`, and rewrite nothing: the report and the
    diagnostics of every shared-memory access (`strategy` is checked, not applied)."""
    return _run(analyze_source, source, filename, _options(strategy, block_dim, include_dirs, defines, arch, filename,
                                                              dynamic_smem, whole_program))
