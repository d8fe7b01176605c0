"""The pass as one call: front end -> analysis -> planning -> rewriting -> verification.

(Interface stub: filled in by the core pipeline work.)
"""
from __future__ import annotations

from dataclasses import dataclass


@dataclass(frozen=True, slots=True)
class Options:
    strategy: str = "auto"  # auto | pad | xor | rap | none (| hash strategies)
    block_dim: tuple[int, int, int] | None = None
    seed: int = 1
    include_dirs: tuple[str, ...] = ()
    defines: tuple[str, ...] = ()
    std: str = "c++17"
    cuda_path: str | None = None
