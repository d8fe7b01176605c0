import numpy as np
import pytest

from rapcc.banks import BankModel

B = BankModel()
ALL = np.ones(32, dtype=bool)


def lanes(stride_bytes: int) -> np.ndarray:
    return np.arange(32, dtype=np.int64) * stride_bytes


@pytest.mark.parametrize("stride_words, expected", [(1, 1), (2, 2), (4, 4), (8, 8), (16, 16), (32, 32), (33, 1), (3, 1)])
def test_4_byte_strides(stride_words, expected):
    assert B.wavefronts(lanes(4 * stride_words), ALL, 4) == expected


def test_broadcast_and_subword_are_served_together():
    assert B.wavefronts(np.zeros(32, dtype=np.int64), ALL, 4) == 1
    # 1-byte lanes packed in 8 words, 2-byte lanes in 16 words: one wavefront each.
    assert B.wavefronts(lanes(1), ALL, 1) == 1
    assert B.wavefronts(lanes(2), ALL, 2) == 1
    # 2-byte lanes 64 bytes apart: every lane in bank 0 of a distinct word.
    assert B.wavefronts(lanes(128), ALL, 2) == 32


def test_8_byte_accesses_are_served_per_half_warp():
    assert B.ideal(ALL, 8) == 2
    assert B.wavefronts(lanes(8), ALL, 8) == 2
    # Column of a 32x32 double tile: 16 lanes per phase all in the same bank pair.
    assert B.wavefronts(lanes(256), ALL, 8) == 32
    # Padding the row by one double: conflict-free per half-warp.
    assert B.wavefronts(lanes(264), ALL, 8) == 2


def test_16_byte_accesses_are_served_per_half_warp():
    assert B.ideal(ALL, 16) == 4
    assert B.wavefronts(lanes(16), ALL, 16) == 4
    assert B.wavefronts(lanes(32), ALL, 16) == 8
    # An LDS.128 of a 16x16 block reading As[ty][k..k+3]: two addresses, each
    # broadcast to a half-warp, take 2 wavefronts on an H200 (4 if the phases
    # were quarter-warps).
    two_rows = np.repeat(np.array([0, 64]), 16)
    assert B.wavefronts(two_rows, ALL, 16) == 2


def test_inactive_lanes_and_phases_cost_nothing():
    active = np.zeros(32, dtype=bool)
    active[:8] = True
    assert B.wavefronts(lanes(128), active, 4) == 8
    assert B.ideal(active, 8) == 1


def test_dmm_congestion_is_the_4_byte_case():
    addr = np.array([0, 32, 64, 1, 2, 3])
    assert B.congestion(addr) == 3
    assert B.wavefronts(addr * 4, np.ones(6, dtype=bool), 4) == 3


def test_batch_agrees_with_single_instruction_model():
    rng = np.random.default_rng(0)
    for width in (1, 2, 4, 8, 16):
        addr = rng.integers(0, 4096, size=(50, 32)) * width
        active = rng.random((50, 32)) < 0.8
        batch = B.wavefronts_batch(addr, active, width)
        assert list(batch) == [B.wavefronts(a, m, width) for a, m in zip(addr, active)]
