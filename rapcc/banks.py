"""The shared-memory bank model: wavefronts of one warp-wide access.

Compute capability 5.0 and newer (seed 002): bank = (byte address / 4) mod 32.
Lanes that touch the same 4-byte word are served together (broadcast /
multicast). A request wider than a bank per lane is split into phases: 8- and
16-byte accesses are served per half-warp. A phase needs as many wavefronts as
the largest number of distinct words that fall in one bank, so a conflict-free
half-warp of 16-byte lanes (256 bytes) takes 2. Half-warps, not quarter-warps,
for 16 bytes: on an H200, `As[ty][k..k+3]` fused into one LDS.128 by a 16x16
block (two addresses, each broadcast to a half-warp) takes 2 wavefronts, where
quarter-warp phases would take 4 (matmul_tile in
benchmarks/results/suite-h200-2026-11-23c).

The congestion of Nakano et al.'s Discrete Memory Machine (seed 000 §II) is the
special case of 4-byte elements and one phase.
"""
from __future__ import annotations

from dataclasses import dataclass

import numpy as np


_DEAD = int(np.iinfo(np.int64).max)  # sorts after every word a live lane touches


@dataclass(frozen=True, slots=True)
class LaneWord:
    """One 4-byte word a lane touches, and when the hardware serves it."""

    lane: int
    word: int  # word address (byte address / bank_bytes)
    bank: int
    phase: int  # the half-warp serving it (0 for 4-byte accesses)
    wavefront: int  # index of the wavefront within the whole instruction
    collisions: int  # distinct words that share this word's bank in its phase


@dataclass(frozen=True, slots=True)
class WarpBanks:
    """Which lane hits which bank in which wavefront, for one warp instruction."""

    words: tuple[LaneWord, ...]
    wavefronts: int
    lanes_per_phase: int


@dataclass(frozen=True, slots=True)
class BankModel:
    banks: int = 32
    bank_bytes: int = 4
    warp_size: int = 32

    def lanes_per_phase(self, width: int) -> int:
        """How many lanes one phase of a `width`-byte access serves."""
        if width <= self.bank_bytes:
            return self.warp_size
        if width <= 4 * self.bank_bytes:
            return self.warp_size // 2
        return max(1, (self.banks * self.bank_bytes) // width)

    def wavefronts(self, byte_addresses: np.ndarray, active: np.ndarray, width: int) -> int:
        """Wavefronts of one warp instruction.

        byte_addresses: per-lane start address in bytes (shape (warp_size,)).
        active: per-lane bool mask; inactive lanes move nothing.
        width: bytes each lane moves (1, 2, 4, 8 or 16).
        """
        lpp = self.lanes_per_phase(width)
        words_per_lane = max(1, -(-width // self.bank_bytes))
        total = 0
        for p in range(0, len(byte_addresses), lpp):
            addr = byte_addresses[p:p + lpp][active[p:p + lpp]]
            if addr.size == 0:
                continue
            words = (addr // self.bank_bytes)[:, None] + np.arange(words_per_lane)[None, :]
            words = np.unique(words.ravel())
            total += int(np.bincount(words % self.banks, minlength=self.banks).max())
        return total

    def wavefronts_batch(self, byte_addresses: np.ndarray, active: np.ndarray, width: int) -> np.ndarray:
        """`wavefronts` for many warp instructions at once: rows of (n, warp_size)."""
        n, lanes = byte_addresses.shape
        lpp = min(self.lanes_per_phase(width), lanes)
        wpl = max(1, -(-width // self.bank_bytes))
        phases = -(-lanes // lpp)
        pad = phases * lpp - lanes
        # np.pad costs more than the rest when there is nothing to pad (the usual 32 lanes).
        addr = np.pad(byte_addresses, ((0, 0), (0, pad))) if pad else byte_addresses
        act = np.pad(active, ((0, 0), (0, pad))) if pad else active
        rows = n * phases
        words = addr // self.bank_bytes
        if wpl > 1:
            words = (words[:, :, None] + np.arange(wpl)[None, None, :]).reshape(rows, lpp * wpl)
            live = np.repeat(act.reshape(rows, lpp), wpl, axis=1)
        else:  # one word per lane (the usual 4-byte access): no copies
            words, live = words.reshape(rows, lpp), act.reshape(rows, lpp)
        # Distinct live words per phase: sort, then drop repeats and dead lanes.
        w = np.where(live, words, _DEAD)
        w.sort(axis=1)
        keep = w != _DEAD
        keep[:, 1:] &= w[:, 1:] != w[:, :-1]
        # Each distinct word counts once in its (phase, bank) bin.
        bins = (w % self.banks + np.arange(rows)[:, None] * self.banks)[keep]
        counts = np.bincount(bins, minlength=rows * self.banks).reshape(rows, self.banks)
        return counts.max(axis=1).reshape(n, phases).sum(axis=1).astype(np.int64, copy=False)

    def assign(self, byte_addresses: np.ndarray, active: np.ndarray, width: int) -> WarpBanks:
        """Lane -> (bank, word, wavefront) of one warp instruction, by the
        rules `wavefronts` counts: the k distinct words of a bank in a phase
        go out in k wavefronts, in address order; lanes reading one word share
        its wavefront (broadcast). `wavefronts` of the result equals
        `self.wavefronts(byte_addresses, active, width)`."""
        lpp = self.lanes_per_phase(width)
        words_per_lane = max(1, -(-width // self.bank_bytes))
        out: list[LaneWord] = []
        first = 0
        for phase, p in enumerate(range(0, len(byte_addresses), lpp)):
            lanes = [p + k for k in range(min(lpp, len(byte_addresses) - p)) if active[p + k]]
            if not lanes:
                continue
            per_bank: dict[int, list[int]] = {}
            touched = [(lane, int(byte_addresses[lane]) // self.bank_bytes + k)
                       for lane in lanes for k in range(words_per_lane)]
            for _, w in touched:
                ws = per_bank.setdefault(w % self.banks, [])
                if w not in ws:
                    ws.append(w)
            for ws in per_bank.values():
                ws.sort()
            for lane, w in touched:
                ws = per_bank[w % self.banks]
                out.append(LaneWord(lane, w, w % self.banks, phase, first + ws.index(w), len(ws)))
            first += max(len(ws) for ws in per_bank.values())
        return WarpBanks(tuple(out), first, lpp)

    def ideal(self, active: np.ndarray, width: int) -> int:
        """The fewest wavefronts the same lanes could need on distinct words: per
        active phase, the bytes it moves over the bytes one wavefront serves."""
        return int(self.ideal_each(np.asarray(active)[None, :], width)[0])

    def ideal_each(self, active: np.ndarray, width: int) -> np.ndarray:
        """`ideal` of each row of (n, warp_size) active masks."""
        active = np.asarray(active)
        lpp = min(self.lanes_per_phase(width), active.shape[1])
        phases = -(-active.shape[1] // lpp)
        extra = phases * lpp - active.shape[1]
        padded = np.pad(active, ((0, 0), (0, extra))) if extra else active
        lanes = padded.reshape(len(active), phases, lpp).sum(axis=2)
        line = self.banks * self.bank_bytes
        return (-(-(lanes * max(width, 1)) // line)).sum(axis=1)

    def congestion(self, word_addresses: np.ndarray) -> int:
        """DMM congestion (seed 000 §II): the most distinct addresses in one bank."""
        words = np.unique(np.asarray(word_addresses))
        return int(np.bincount(words % self.banks, minlength=self.banks).max())


DEFAULT_BANKS = BankModel()
