"""Draws of data-dependent values (rapcc/analysis/datadraw.py): shared inside
`shared_draws` (one array's block shapes), the same draws as made fresh."""
from __future__ import annotations

import random
from dataclasses import replace

from rapcc import ir
from rapcc.analysis.datadraw import _drawn_access, drawn_access, shared_draws

WHERE = ir.SourceRange("k.cu", 1, 1, 0, 1)


def _access(rng: random.Random) -> tuple[ir.Access, dict[str, ir.VarDef]]:
    data = ir.Opaque(f"d[{rng.randrange(3)}]", bits=rng.choice([0, 8, 32]), signed=rng.random() < 0.5)
    vars = {"m": ir.VarDef("m", "m", "local", None),
            "v": ir.VarDef("v", "v", "local", ir.BinOp("&", data, ir.Const(rng.choice([7, 31, 255]))))}
    leaf = rng.choice([ir.VarRef("v", "v"), ir.VarRef("m", "m"), data, ir.Const(3)])
    index = ir.BinOp("+", ir.Builtin("threadIdx.x"), leaf)
    loop = ir.Loop("i", ir.Const(0), ir.BinOp("<", ir.VarRef("i", "i"), ir.Const(4)), "+", ir.Const(1))
    access = ir.Access("a", "k", WHERE, (WHERE,), (index,), "load", 4, 0, (loop,) if rng.random() < 0.5 else (), ())
    return access, vars


def test_shared_draws_are_the_draws_made_fresh() -> None:
    rng = random.Random(25)
    cases = [_access(rng) for _ in range(40)]
    asked = [(cases[rng.randrange(len(cases))], rng.randrange(4), rng.random() < 0.3) for _ in range(300)]
    seen: dict[tuple[int, int, bool], object] = {}
    drawn = 0
    with shared_draws():
        for (access, vars), round_, data_only in asked:
            got = drawn_access(access, vars, round_, data_only)
            want = _drawn_access(access, vars, round_, data_only)
            if want is None:
                assert got is None
                continue
            drawn += 1
            assert (got.access, got.vars, got.drawn) == (want.access, want.vars, want.drawn)
            key = (id(access), round_, data_only)
            assert seen.setdefault(key, got) is got  # asked again: the same draws
    assert drawn > 100
    # Outside the block nothing is kept: each call draws afresh.
    (access, vars), _, _ = next(q for q in asked if _drawn_access(q[0][0], q[0][1], 0) is not None)
    assert drawn_access(access, vars) is not drawn_access(access, vars)
    assert drawn_access(access, vars).access == drawn_access(access, vars).access


def test_shared_draws_tell_apart_an_access_whose_vars_differ() -> None:
    """The same access read against other definitions draws for those."""
    index = ir.BinOp("+", ir.Builtin("threadIdx.x"), ir.VarRef("v", "v"))
    access = ir.Access("a", "k", WHERE, (WHERE,), (index,), "load", 4, 0, (), ())
    vars = {"v": ir.VarDef("v", "v", "local", ir.BinOp("&", ir.Opaque("d[0]", bits=8), ir.Const(7)))}
    other = {"v": ir.VarDef("v", "v", "local", ir.BinOp("%", ir.Opaque("e[0]", bits=16), ir.Const(5)))}
    with shared_draws():
        for vs in (vars, other, vars, other):
            got, want = drawn_access(access, vs, 1), _drawn_access(access, vs, 1)
            assert got is not None and want is not None
            assert (got.access, got.vars, got.drawn) == (want.access, want.vars, want.drawn)
        assert drawn_access(access, vars, 1).drawn != drawn_access(access, other, 1).drawn


def test_every_round_samples_the_loops_of_the_first() -> None:
    """`arrays._expected_samples` works out the loops as sampled for the first
    round's draws and replays every round on them: each round's draws must
    give the same loops (rounds differ in their salts alone)."""
    from pathlib import Path

    from rapcc.analysis.access_samples import DRAW_ROUNDS
    from rapcc.analysis.dependence import sampled_loops
    from rapcc.frontend import parse_file
    from rapcc.pipeline import Options
    root = Path(__file__).resolve().parent.parent / "examples"
    rng = random.Random(20)
    cases = []
    for _ in range(60):
        access, vars = _access(rng)
        # Loops whose bound, step or carried value read the drawn data: their
        # sampling depends on what the subscripts read.
        bound = rng.choice([ir.Const(4), ir.VarRef("v", "v"), ir.VarRef("m", "m")])
        carried = ir.Carried("s", ir.Const(0), "+", rng.choice([ir.VarRef("v", "v"), ir.Const(1)]), 0)
        loop = ir.Loop("i", ir.Const(0), ir.BinOp("<", ir.VarRef("i", "i"), bound), "+", ir.Const(1),
                       (carried,) if rng.random() < 0.5 else ())
        index = ir.BinOp("+", access.indices[0], rng.choice([ir.VarRef("i", "i"), ir.VarRef("s", "s"), ir.Const(0)]))
        cases.append((replace(access, indices=(index,), loops=(loop,)), vars))
    for name in ("histogram256.cu", "histogram64.cu", "histogram_warp256.cu", "private_datadep.cu", "late_trip.cu"):
        info, _ = parse_file(name, (root / name).read_bytes(), Options())
        cases += [(access, info.vars) for access in info.accesses]
    compared = with_loops = 0
    for access, vars in cases:
        for data_only in (False, True):
            first = _drawn_access(access, vars, 0, data_only)
            if first is None:
                continue
            want = sampled_loops(first.access, first.vars)
            for round_ in range(1, DRAW_ROUNDS):
                d = _drawn_access(access, vars, round_, data_only)
                assert d is not None and sampled_loops(d.access, d.vars) == want
            compared += 1
            with_loops += bool(want)
    assert compared >= 40 and with_loops >= 20, (compared, with_loops)
