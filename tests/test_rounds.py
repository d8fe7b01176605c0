"""Rounds of draws replayed side by side (rapcc/analysis/rounds.py) against
each round replayed alone: the same instructions per parameter binding and
the same work charged, or no answer at all (the caller then replays them one
by one)."""
from __future__ import annotations

import random

import numpy as np

from rapcc import ir
from rapcc.analysis.budget import recorded
from rapcc.analysis.datadraw import drawn_access
from rapcc.analysis.rounds import replay_rounds
from rapcc.analysis.dependence import sampled_loops
from rapcc.analysis.warps import BlockShape, sample_with_params

WHERE = ir.SourceRange("k.cu", 1, 1, 0, 1)


def _tid() -> ir.Builtin:
    return ir.Builtin("threadIdx.x")


def _access(rng: random.Random) -> tuple[ir.Access, dict[str, ir.VarDef]]:
    data = ir.Opaque(f"d[{rng.randrange(3)}]", bits=rng.choice([8, 16, 32]), signed=rng.random() < 0.5)
    vars = {"p": ir.VarDef("p", "p", "param", None),
            "v": ir.VarDef("v", "v", "local", ir.BinOp("&", data, ir.Const(rng.choice([7, 31, 255])))),
            "w": ir.VarDef("w", "w", "local", ir.BinOp("%", ir.Opaque("e[0]", bits=32), ir.Const(5))),
            "z": ir.VarDef("z", "z", "local", ir.BinOp("&", ir.Opaque("e[1]", bits=32), ir.Const(255)))}
    leaf = rng.choice([ir.VarRef("v", "v"), data, ir.BinOp("*", ir.VarRef("v", "v"), ir.VarRef("p", "p"))])
    index = ir.BinOp("+", ir.BinOp("*", _tid(), ir.Const(rng.choice([1, 2, 33]))), leaf)
    guards = []
    if rng.random() < 0.6:  # a drawn test: a few lanes per round, a different few each round
        guards.append(ir.Guard(ir.BinOp("==", ir.VarRef("w", "w"), ir.Const(rng.choice([0, 3]))), rng.random() < 0.3))
    if rng.random() < 0.3:
        guards.append(ir.Guard(ir.BinOp("<", _tid(), ir.Const(rng.choice([0, 20, 100]))), False))
    if rng.random() < 0.3:  # a division by a draw: unknown for the rounds that draw a zero
        guards.append(ir.Guard(ir.BinOp("<", ir.BinOp("/", ir.Const(64), ir.VarRef("z", "z")), ir.Const(9)), False))
    bound = rng.choice([ir.Const(rng.choice([1, 3, 70])), ir.VarRef("p", "p")])
    loop = ir.Loop("i", ir.Const(0), ir.BinOp("<", ir.VarRef("i", "i"), bound), "+", ir.Const(1))
    loops = (loop,) if rng.random() < 0.7 else ()
    return ir.Access("a", "k", WHERE, (WHERE,), (index,), "load", 4, 0, loops, tuple(guards)), vars


def _alone(access, vars, block, known, data_only, round_):
    drawn = drawn_access(access, vars, round_, data_only)
    with recorded() as log:
        ps = sample_with_params(drawn.access, drawn.vars, block, known,
                                loops=sampled_loops(drawn.access, drawn.vars))
    return ps, log


def _same_tables(a, b) -> bool:
    if len(a) != len(b):
        return False
    return all(x.warp == y.warp and type(x.warp) is type(y.warp) and x.trips == y.trips and x.weight == y.weight
               and np.array_equal(x.active, y.active) and x.active.dtype == y.active.dtype
               and all(np.array_equal(i, j) and i.dtype == j.dtype for i, j in zip(x.indices, y.indices))
               for x, y in zip(a, b))


def test_rounds_side_by_side_are_each_round_alone() -> None:
    rng = random.Random(26)
    together = 0
    for case in range(120):
        access, vars = _access(rng)
        block = BlockShape(rng.choice([32, 64, 96, 256]))
        known = {"p": 5} if rng.random() < 0.2 else {}
        data_only = rng.random() < 0.5
        if drawn_access(access, vars, 0, data_only) is None:
            assert replay_rounds(access, vars, block, known, data_only, 1, 4) is None
            continue
        first, count = rng.choice([(1, 2), (1, 6), (3, 4)])
        got = replay_rounds(access, vars, block, known, data_only, first, count)
        if got is None:
            continue
        together += 1
        assert len(got) == count
        for r, (ps, charges) in enumerate(got):
            want, log = _alone(access, vars, block, known, data_only, first + r)
            assert charges == log, case
            assert (ps.unknown, ps.bound_names) == (want.unknown, want.bound_names), case
            assert [b for b, _ in ps.by_binding] == [b for b, _ in want.by_binding], case
            for (_, smp), (_, alone) in zip(ps.by_binding, want.by_binding):
                assert (smp.unknown, smp.unrolled) == (alone.unknown, alone.unrolled), case
                assert type(smp.instances) is type(alone.instances) or not len(alone.instances), case
                assert _same_tables(smp.instances, alone.instances), case
    assert together >= 40  # the side-by-side replay is exercised, not only refused
