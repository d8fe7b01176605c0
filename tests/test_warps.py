"""What is left of warps.py beside the lane domain: the loop steps nvcc's
unrolled loops are counted with, in C's arithmetic."""
from __future__ import annotations

import numpy as np

from rapcc import ir
from rapcc.analysis.evaluate import Env
from rapcc.analysis.warps import _step, unrolled_loop


def test_a_loop_step_divides_as_c_does_toward_zero() -> None:
    """`i /= 3` on a negative `i` truncates (C11 6.5.5): -100 -> -33, where a
    floored table gives -34; a positive `i` divides alike."""
    env = Env({}, {}, {})
    got = _step("/", ir.Const(3), np.array([-100, 100, -99, 7]), env)
    assert got.tolist() == [-33, 33, -33, 2]
    assert _step("%", ir.Const(3), np.array([-100, 100]), env).tolist() == [-1, 1]  # the dividend's sign


def test_a_loop_of_a_few_constant_trips_is_unrolled_and_one_of_a_parameter_is_not() -> None:
    i = ir.VarRef("i", "i")
    few = ir.Loop("i", ir.Const(0), ir.BinOp("<", i, ir.Const(4)), "+", ir.Const(1))
    many = ir.Loop("i", ir.Const(0), ir.BinOp("<", i, ir.Const(1000)), "+", ir.Const(1))
    vars = {"n": ir.VarDef("n", "n", "param", None)}
    by_param = ir.Loop("i", ir.Const(0), ir.BinOp("<", i, ir.VarRef("n", "n")), "+", ir.Const(1))
    assert unrolled_loop(few, {}) and not unrolled_loop(many, {}) and not unrolled_loop(by_param, vars)
