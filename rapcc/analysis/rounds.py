"""Rounds of draws replayed side by side (issue 20).

A data-dependent access is replayed round after round with fresh draws
(access_samples.py, `_expected_samples`) until it has enough warp instructions: up to
16 replays of the same loops and subscripts, each over one block's lanes,
where numpy's cost per operation, not the lanes, sets the time (SHOC's sort,
Parboil's histo). The rounds differ only in the constants their draws start
from (datadraw.py). Here they are replayed once, the block's lanes repeated
once per round and each draw started from its round's constant
(`salted_access`), and the instructions split back into rounds.

Every round comes back as it would alone, or none does (None: the caller
replays them one by one): a replay that would have gone otherwise for one
round alone (a guard or subscript unknown for some rounds only, a round with
no instruction that would replay block 1, a round's instructions filling up)
raises RoundsDiffer. The loops read no draw (drawn_access replaces only
subscripts and guards), so every round steps the same trips; the work each
round would have charged (budget.py) is handed back with it.
"""
from __future__ import annotations

import numpy as np

from .. import ir
from .budget import recorded
from .datadraw import salt_name, salt_value, salted_access
from .evaluate import Env
from .dependence import sampled_loops
from .warps import AccessSamples, BlockShape, ParamSamples, RoundsDiffer, sample_with_params, warp_builtins
from .warptable import WarpTable

WARP = 32


def replay_rounds(access: ir.Access, vars: dict[str, ir.VarDef], block: BlockShape, known: dict[str, int],
                  data_only: bool, first: int, count: int) -> list[tuple[ParamSamples, list[int]]] | None:
    """For rounds `first` .. `first + count - 1`: what `sample_with_params` on
    that round's `drawn_access(access, vars, round, data_only)` returns, and
    the work units it charges, in order; None where they cannot be replayed
    together."""
    salted = salted_access(access, vars, data_only)
    if salted is None or count < 2:
        return None
    nwarps = -(-block.threads // WARP)
    builtins, exists = warp_builtins(block, 0, WARP, nwarps)
    lanes = len(exists)
    tiled = {k: np.tile(v, count) if isinstance(v, np.ndarray) else v for k, v in builtins.items()}
    values: dict[str, np.ndarray | int] = dict(known)
    # Every draw binds at least one `#draw` local: as many salts as those cover every draw.
    for k in range(1, 1 + sum(1 for key in salted.vars if key.startswith("#draw"))):
        values[salt_name(k)] = np.repeat(np.array([salt_value(k + ((first + r) << 8)) for r in range(count)],
                                                  dtype=np.int64), lanes)
    root = (Env(tiled, values, salted.vars, clamp_shifts=True), np.tile(exists, count))
    with recorded() as log:
        try:
            ps = sample_with_params(salted.access, salted.vars, block, known,
                                    loops=sampled_loops(salted.access, salted.vars), root=root, rounds=count)
        except RoundsDiffer:
            return None
    if ps.unknown is not None or any(units % count for units in log):
        return None
    charges = [units // count for units in log]
    return [(ParamSamples(tuple((b, _round(smp, r, count, nwarps)) for b, smp in ps.by_binding), None), charges)
            for r in range(count)]


def _round(samples: AccessSamples, r: int, count: int, nwarps: int) -> AccessSamples:
    """Round `r`'s instructions of `samples`, its warps numbered as alone."""
    table = samples.instances
    if not isinstance(table, WarpTable) or not len(table):
        return AccessSamples((), None, unrolled=samples.unrolled)
    warps = np.asarray(table.warps)
    rows = np.flatnonzero(warps // nwarps == r)
    if not rows.size:
        return AccessSamples((), None, unrolled=samples.unrolled)
    picked = rows.tolist()
    own = WarpTable(tuple(c[rows] for c in table.indices), table.active[rows],
                    tuple((warps[rows] - r * nwarps).tolist()), tuple(table.trips[k] for k in picked),
                    tuple(table.weights[k] for k in picked))
    return AccessSamples(own, None, unrolled=samples.unrolled)
