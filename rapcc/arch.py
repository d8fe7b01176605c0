"""GPU architecture names -> the bank model rapcc predicts with.

rapcc has one bank model (`rapcc.banks.BankModel`: 32 banks x 4 bytes,
8- and 16-byte accesses per half-warp), which is the
hardware's from compute capability 5.0 (Maxwell) on; every architecture nvcc 13
targets (sm_75 and newer, `sm_90a` and the like included) maps to it. Kepler
(sm_3x) could switch its banks to 8 bytes, which the model does not describe,
so a command naming it is refused. This module imports nothing heavy: the build
wrapper checks architectures on every compile.
"""
from __future__ import annotations

import re
from typing import Iterable

# The one model's name: part of cache keys, and what the notes say.
MODEL_4BYTE = "32 banks x 4 bytes (compute capability 5.0 and newer)"
DEFAULT_ARCH = "sm_90"

_TARGET = re.compile(r"^(?:sm|compute|lto)_(\d+)[a-z]?$")
# Names nvcc accepts for "the GPU here" or "every supported GPU": all of them
# are sm_75 or newer with nvcc 13.
_SYMBOLIC = ("native", "all", "all-major")


class ArchError(ValueError):
    """An architecture rapcc has no bank model for, or targets that disagree."""


def bank_model_name(target: str) -> str:
    """The bank model of one target name (`sm_90`, `compute_80`, `sm_90a`, `native`)."""
    name = target.strip().lower()
    if name in _SYMBOLIC:
        return MODEL_4BYTE
    m = _TARGET.match(name)
    if m is None:
        raise ArchError(f"unknown GPU architecture '{target}' (expected e.g. sm_90)")
    major = int(m.group(1)) // 10
    if major < 5:
        raise ArchError(f"'{target}': rapcc has no bank model for compute capability {major}.x "
                        "(Kepler's 8-byte bank mode); it models 5.0 and newer")
    return MODEL_4BYTE


def common_bank_model(targets: Iterable[str]) -> str:
    """The one bank model every target shares; ArchError when they disagree.
    No target at all means nvcc's default architecture."""
    models = {t: bank_model_name(t) for t in targets}
    distinct = sorted(set(models.values()))
    if not distinct:
        return bank_model_name(DEFAULT_ARCH)
    if len(distinct) > 1:
        raise ArchError("the targets disagree on the shared-memory bank model: " +
                        ", ".join(f"'{t}' has {m}" for t, m in models.items()))
    return distinct[0]
