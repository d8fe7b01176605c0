"""The `rapcc` command a rewritten file's header names: the one that writes the
same text (from the CLI, the build hook and the library alike)."""
from __future__ import annotations

from collections.abc import Sequence


def reproduce_command(path: str, strategy: str, seed: int, block_dim: Sequence[int] | None,
                      dynamic_smem: int | None, whole_program: bool, include_dirs: Sequence[str] = (),
                      defines: Sequence[str] = (), std: str = "c++17", more: Sequence[str] = ()) -> str:
    """The command line, from the effective options (not argv, so that where
    the output goes does not change its bytes); `more`: the caller's further
    flags, in their order."""
    import shlex  # on use: a build hook's cache hit never asks
    parts = ["rapcc", path, "--strategy", strategy, "--seed", str(seed)]
    if block_dim:
        parts += ["--block-dim", "x".join(map(str, block_dim))]
    if dynamic_smem is not None:
        parts += ["--dynamic-smem", str(dynamic_smem)]
    if whole_program:
        parts += ["--whole-program"]
    for d in include_dirs:
        parts += ["-I", d]
    for d in defines:
        parts += ["-D", d]
    if std != "c++17":
        parts += ["-std", std]
    return " ".join(shlex.quote(p) for p in parts + list(more)) + " -o OUTPUT"
