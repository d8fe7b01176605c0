"""The per-proof cache of what the interpreter reads off the IR alone
(analysis/facts.py), and the per-lane retry that shares it (soundness.py)."""
from __future__ import annotations

from dataclasses import replace

from rapcc import sound_ir as s
from rapcc.analysis.absint import Failure, Finding
from rapcc.analysis.facts import FactsCache
from rapcc.analysis.intervals import SInt
from rapcc.analysis.proof_shapes import Exact
from rapcc.analysis.run import Run
from rapcc.analysis.soundness import prove

I = s.int_ty(s.INT)
B = s.int_ty(s.BOOL)
TILE = "tile@1:1"


def lit(v: int) -> s.Lit:
    return s.Lit(v, I)


def var(k: str) -> s.Var:
    return s.Var(k, I)


def tid(axis: str = "x") -> s.Conv:
    return s.Conv(I, s.Builtin(f"threadIdx.{axis}"))


def read(col: s.Expr) -> s.ExprStmt:
    """tile[col] as a read."""
    return s.ExprStmt(s.Subscript(s.SharedRef(TILE, 0), col, s.OTHER, 10, 20))


def function(key: str, *body: s.Stmt, kernel: bool = False) -> s.Function:
    return s.Function(key, key.split("@")[0], (), s.Block(body), kernel, escaped=frozenset(), writes=(),
                      returns=s.OTHER, escapes=())


# A jump rapcc cannot see: no label is followed, so each starts from
# "anything", where only the function's own stable locals keep their values.
JUMP = s.OpaqueStmt(frozenset(), frozenset(), "asm_stmt", 0, jumps=True)

CALLEE = function("f@2:1", s.Decl("c", I, lit(2)), s.Label("L2", read(var("c"))), JUMP)
KERNEL = function("k@1:1", s.Decl("a", I, lit(1)), s.Label("L1", read(var("a"))),
                  s.ExprStmt(s.Call(s.CallKind.USER, CALLEE.key, (), s.OTHER, 30, 40)), JUMP, kernel=True)
FUNCTIONS = {f.key: f for f in (KERNEL, CALLEE)}


def test_each_function_keeps_its_own_facts_under_one_cache() -> None:
    cache = FactsCache()
    for shape in ((32, 1, 1), (8, 4, 1)):  # two runs over one cache, the callee's facts made inside the first
        run = Run(FUNCTIONS, {TILE: (4,)}, shape, facts=cache)
        run.kernel(KERNEL, {})
        # Were the callee's label to start from the kernel's locals, `c` would be unknown there.
        assert run.findings == []
        assert set(run.frame(KERNEL, {}).types) == {"a"} and run.frame(KERNEL, {}).stable == {"a"}
        assert set(run.frame(CALLEE, {}).types) == {"c"} and run.frame(CALLEE, {}).stable == {"c"}
    assert cache.of(KERNEL) is cache.of(KERNEL)  # computed once


def test_another_function_under_a_reused_key_gets_its_own_facts() -> None:
    cache = FactsCache()
    other = replace(CALLEE, body=s.Block((s.Decl("d", I, lit(0)),)))
    assert set(cache.of(CALLEE).types) == {"c"}
    assert set(cache.of(other).types) == {"d"}


def _program(index: s.Expr) -> s.Program:
    """tile[256], read at `index` once per thread."""
    fn = function("k@1:1", s.Decl("pos", I, s.Binary("+", tid("x"), s.Binary("*", lit(32), tid("y"), I), I)),
                  s.Decl("lo", I, s.Binary("&", var("pos"), lit(7), I)), read(index), kernel=True)
    array = s.SharedDecl(TILE, "tile", fn.key, (lit(256),), 0, False, 4)
    return s.Program((fn,), (array,), (s.Instance(fn.key, (), True),), frozenset(), ())


def _shapes(name: str, args) -> Exact:
    return Exact(((32, 8, 1),))


def _each_lane_alone(program: s.Program) -> Finding | None:
    """The per-lane retry spelled out: a run of its own, with its own caches, per thread."""
    (fn,) = program.functions
    for y in range(8):
        for x in range(32):
            run = Run({fn.key: fn}, {TILE: (256,)}, (32, 8, 1), {TILE: 4}, (x, y, 0))
            run.kernel(fn, {})
            if run.findings:
                return replace(run.findings[0], lane=(x, y, 0))
    return None


def test_the_per_lane_retry_proves_what_intervals_over_the_block_cannot() -> None:
    # (pos - lo) + lo: over all lanes [-7, 262]; for each lane, pos itself.
    program = _program(s.Binary("+", s.Binary("-", var("pos"), var("lo"), I), var("lo"), I))
    whole = Run({f.key: f for f in program.functions}, {TILE: (256,)}, (32, 8, 1), masks=False)
    whole.kernel(program.functions[0], {})
    assert [f.failure for f in whole.findings] == [Failure.OUT_OF_RANGE]
    # The `x - (x & m)` rule (masks.py) proves it over the block too.
    related = Run({f.key: f for f in program.functions}, {TILE: (256,)}, (32, 8, 1))
    related.kernel(program.functions[0], {})
    assert related.findings == [] and related.used_masks
    assert prove(program, _shapes, lambda a, st, en: True).findings == ((TILE, None),)
    assert _each_lane_alone(program) is None


def test_the_per_lane_retry_names_the_one_thread_out_of_range() -> None:
    index = s.Binary("+", s.Binary("+", s.Binary("-", var("pos"), var("lo"), I), var("lo"), I), lit(1), I)
    program = _program(index)
    ((key, finding),) = prove(program, _shapes, lambda a, st, en: True).findings
    assert key == TILE
    assert finding == Finding(TILE, Failure.OUT_OF_RANGE, 10, dim=0, values=SInt.const(256), shape=(32, 8, 1),
                              lane=(31, 7, 0))
    assert finding == _each_lane_alone(program)
