"""The abstract interpreter (analysis/run.py, interpret.py) on sound IR built
here, without a parse: control flow that once hid walks past a row."""
from __future__ import annotations

from rapcc import sound_ir as s
from rapcc.analysis.absint import Failure
from rapcc.analysis.run import Run

I = s.int_ty(s.INT)
TILE = "tile@1:1"


def lit(v: int) -> s.Lit:
    return s.Lit(v, I)


def var(k: str) -> s.Var:
    return s.Var(k, I)


def tid() -> s.Conv:
    return s.Conv(I, s.Builtin("threadIdx.x"))


def access(col: s.Expr) -> s.ExprStmt:
    """tile[0][col] as a read."""
    row = s.Subscript(s.SharedRef(TILE, 0), lit(0), s.Ty(s.ValueKind.POINTER), 10, 20)
    return s.ExprStmt(s.Subscript(row, col, s.OTHER, 10, 20))


def kernel(*body: s.Stmt) -> s.Function:
    return s.Function("k@1:1", "k", (), s.Block(body), True, escaped=frozenset(), writes=(), returns=s.OTHER,
                      escapes=())


def findings(fn: s.Function, shape=(32, 1, 1)):
    run = Run({fn.key: fn}, {TILE: (32, 32)}, shape)
    run.kernel(fn, {})
    return run.findings


def assign(k: str, e: s.Expr, op: str = "") -> s.ExprStmt:
    return s.ExprStmt(s.Assign(op, var(k), e, I))


def test_a_counted_loop_is_exact():
    loop = s.Loop(s.LoopKind.FOR, s.Decl("j", I, lit(0)), s.Binary("<", var("j"), lit(32), s.int_ty(s.BOOL)),
                  s.Assign("+", var("j"), lit(8), I), access(s.Binary("+", var("j"), tid(), I)))
    assert [f.failure for f in findings(kernel(loop), (8, 1, 1))] == []
    assert [f.failure for f in findings(kernel(loop), (16, 1, 1))] == [Failure.OUT_OF_RANGE]


def test_do_while_runs_its_body_before_the_test():
    body = s.Block((access(var("f")), assign("f", lit(32), "+")))
    do = s.Loop(s.LoopKind.DO, None, s.Binary("<", var("f"), lit(0), s.int_ty(s.BOOL)), None, body)
    ok = kernel(s.Decl("f", I, tid()), do)
    assert findings(ok) == []  # one trip: the test is false at once
    walk = s.Loop(s.LoopKind.DO, None, s.Binary("<", var("f"), lit(1024), s.int_ty(s.BOOL)), None, body)
    assert findings(kernel(s.Decl("f", I, tid()), walk))


def test_a_backward_goto_target_starts_from_anything():
    fn = kernel(s.Decl("f", I, tid()), s.Label("again", s.Block((access(var("f")), assign("f", lit(32), "+")))),
                s.If(s.Binary("<", var("f"), lit(1024), s.int_ty(s.BOOL)), s.Goto("again"), None))
    assert findings(fn) and findings(fn)[0].failure == Failure.OUT_OF_RANGE


def test_switch_falls_through_from_every_case():
    cases = s.Block((s.Case(0, assign("f", lit(32), "+")), s.Case(1, assign("f", lit(1), "+")), s.Break(),
                     s.Case(None, s.Block(()))))
    fn = kernel(s.Decl("f", I, tid()), s.Switch(tid(), cases), access(var("f")))
    assert findings(fn)  # lane 0 enters at case 0 and falls into case 1: f = 33
    cases_ok = s.Block((s.Case(0, s.Block((assign("f", lit(0)), s.Break()))), s.Case(None, s.Block(()))))
    assert findings(kernel(s.Decl("f", I, tid()), s.Switch(tid(), cases_ok), access(var("f")))) == []


def test_continue_carries_its_state_to_the_next_trip():
    def loop(skip: s.Stmt) -> s.Loop:
        body = s.Block((access(var("f")), assign("f", lit(32), "+"),
                        s.If(s.Binary("<", var("i"), lit(3), s.int_ty(s.BOOL)), skip, None), assign("f", tid())))
        return s.Loop(s.LoopKind.FOR, s.Decl("i", I, lit(0)), s.Binary("<", var("i"), lit(4), s.int_ty(s.BOOL)),
                      s.Assign("+", var("i"), lit(1), I), body)
    assert findings(kernel(s.Decl("f", I, tid()), loop(s.Continue())))  # trip 1 reads column tx + 32
    assert findings(kernel(s.Decl("f", I, tid()), loop(s.Block(())))) == []


def test_a_guard_narrows_until_the_variable_is_written():
    inside = s.Binary("&&", s.Binary(">=", var("f"), lit(0), s.int_ty(s.BOOL)),
                      s.Binary("<", var("f"), lit(32), s.int_ty(s.BOOL)), s.int_ty(s.BOOL))
    guarded = s.If(inside, access(var("f")), None)
    assert findings(kernel(s.Decl("f", I, s.Unknown(I)), guarded)) == []
    rewritten = s.If(inside, s.Block((assign("f", lit(32), "+"), access(var("f")))), None)
    assert findings(kernel(s.Decl("f", I, s.Unknown(I)), rewritten))


def test_an_opaque_statement_makes_what_it_writes_unknown_and_keeps_what_it_names():
    fn = kernel(s.Decl("f", I, lit(0)), s.OpaqueStmt(frozenset({"f"}), frozenset(), "asm_stmt", 0), access(var("f")))
    assert findings(fn)
    named = kernel(s.OpaqueStmt(frozenset(), frozenset({TILE}), "asm_stmt", 5))
    assert [f.failure for f in findings(named)] == [Failure.OPAQUE]
