"""Per-lane bank picture of warp instructions, for reports that draw banks.

The same address arithmetic as `predict`: logical indices through a layout,
times the element size, plus the member offset; the bank model then says
which lane's word goes to which bank in which wavefront.
"""
from __future__ import annotations

import numpy as np

from ..banks import BankModel, WarpBanks
from .predict import LayoutFn
from .warps import WarpInstance


def byte_addresses(instances: tuple[WarpInstance, ...], layout: LayoutFn, elem_bytes: int,
                   offset: int) -> np.ndarray:
    """(instances, lanes) byte addresses; one layout call for all of them (it
    may be an interpreted C helper)."""
    stacked = tuple(np.concatenate([i.indices[d] for i in instances]) for d in range(len(instances[0].indices)))
    lanes = len(instances[0].active)
    return (np.asarray(layout(stacked), dtype=np.int64) * elem_bytes + offset).reshape(len(instances), lanes)


def warp_banks(instance: WarpInstance, layout: LayoutFn, elem_bytes: int, width: int, offset: int,
               banks: BankModel) -> WarpBanks:
    """Lane -> (bank, word, wavefront) of one warp instruction under `layout`."""
    addr = byte_addresses((instance,), layout, elem_bytes, offset)[0]
    return banks.assign(addr, instance.active, width)


def wavefronts_per_instruction(instances: tuple[WarpInstance, ...], layout: LayoutFn, elem_bytes: int,
                               width: int, offset: int, banks: BankModel) -> np.ndarray:
    """Wavefronts of each instruction, in replay order (the terms `predict` averages)."""
    if not instances:
        return np.zeros(0, dtype=np.int64)
    addr = byte_addresses(instances, layout, elem_bytes, offset)
    return banks.wavefronts_batch(addr, np.stack([i.active for i in instances]), width)
