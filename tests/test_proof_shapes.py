"""The shapes the range proof holds under (analysis/proof_shapes.py, issue 27 class 1):
the launches' exact shapes or the user's, else every shape the hardware allows,
never the planner's guesses."""
from __future__ import annotations

import itertools

import pytest

from rapcc import ir
from rapcc import sound_ir as s
from rapcc.analysis.absint import Failure, Frame
from rapcc.analysis.copies import thread_index_copies
from rapcc.analysis.intervals import SInt
from rapcc.analysis.proof_shapes import AnyShape, Exact, Unread, proof_shapes, shapes_for
from rapcc.analysis.run import Run, builtins
from rapcc.analysis.soundness import prove
from rapcc.pipeline import Options, rewrite_source
from rapcc.rewrite import guard_condition

# A flat walk: in range for 32x8, but 64x4 reads tile[3][63] (row 4, inside the
# allocation), which padding moves. The transposed read makes rapcc want a new layout.
FLAT = """#include <cstdlib>
__global__ void k(const float *in, float *o) {
  __shared__ float tile[8][32];
  int tx = threadIdx.x, ty = threadIdx.y;
GUARD  tile[ty][tx] = in[ty * 32 + tx];
  __syncthreads();
  o[ty * 32 + tx] = tile[tx & 7][ty * 4 + (tx >> 3)];
}
int main(int argc, char **argv) {
  float *i, *o;
  k<<<1, BLOCK>>>(i, o);
}
"""
HIDDEN = "dim3(atoi(argv[1]), atoi(argv[2]))"


def _flat(block: str = HIDDEN, guard: str = "") -> bytes:
    return FLAT.replace("BLOCK", block).replace("GUARD", guard).encode()


def _tile(src: bytes, options: Options = Options()):
    r = rewrite_source(src, "k.cu", options)
    (plan,) = [p for p in r.plans if p.analysis.array.name == "tile"]
    return plan, r


# ---- the pipeline: the wrong form kept, its legal twins rewritten ----

def test_a_flat_walk_under_an_unknown_launch_is_rewritten_only_under_the_shapes_proved() -> None:
    """In range for the guessed 32x8, the walk leaves its row under 64x4: the layout
    applies behind a test of blockDim that holds for the shapes proved only, and
    64x4 runs the layout as written (analysis/guards.py; executed in test_guarded_layouts.py)."""
    plan, r = _tile(_flat(), Options(strategy="xor"))
    assert plan.rewritten and plan.unproved is None
    assert (32, 8, 1) in plan.analysis.guard and (64, 4, 1) not in plan.analysis.guard
    assert guard_condition(((32, 8, 1),)).encode() in r.text
    assert "applied only when blockDim is" in plan.reason


@pytest.mark.parametrize("block", ["dim3(32, 8)", "dim3(32, 8, 1)"])
def test_its_twin_launched_32x8_is_rewritten(block: str) -> None:
    plan, _ = _tile(_flat(block))
    assert plan.rewritten and plan.unproved is None


def test_its_twin_under_block_dim_is_rewritten() -> None:
    plan, _ = _tile(_flat(), Options(block_dim=(32, 8, 1)))
    assert plan.rewritten


def test_a_launch_read_as_64x4_is_proved_for_that_shape_only() -> None:
    plan, _ = _tile(_flat("dim3(64, 4)"), Options(whole_program=True))
    # Proved under 64x4 alone (the one proof, run before planning): thread 32 walks past the row.
    assert not plan.rewritten and plan.unproved is not None
    assert "subscript 1 of 'tile' is not proved inside its dimension under block shape 64x4x1" in plan.reason


def test_one_unknown_launch_beside_a_known_one_means_every_shape() -> None:
    src = _flat("dim3(32, 8)").replace(b"  k<<<1, dim3(32, 8)>>>(i, o);",
                                       b"  k<<<1, dim3(32, 8)>>>(i, o);\n  k<<<1, dim3(argc, 8)>>>(i, o);")
    plan, _ = _tile(src, Options(strategy="xor"))
    # Every shape for the proof over all of them; a layout for 32x8 (and the guesses the proof holds for) only.
    assert plan.rewritten and (32, 8, 1) in plan.analysis.guard


@pytest.mark.parametrize("guard", ["if (threadIdx.x >= 32 || threadIdx.y >= 8) return;",
                                   "if (tx >= 32 || ty >= 8) return;"])
def test_a_guarded_kernel_under_an_unknown_launch_is_rewritten(guard: str) -> None:
    """The guard bounds the block whatever its shape; on `threadIdx`, it bounds `tx`, copied before it."""
    plan, _ = _tile(_flat(guard=f"  {guard}\n"))
    assert plan.rewritten and plan.unproved is None


def test_a_copy_moved_before_the_guard_is_not_bounded_by_it() -> None:
    """`tx += 32` breaks `tx == threadIdx.x`: the guard on threadIdx.x says nothing of tx."""
    plan, _ = _tile(_flat(guard="  tx += 32;\n  if (threadIdx.x >= 32 || threadIdx.y >= 8) return;\n"))
    assert not plan.rewritten and plan.unproved is not None
    assert "subscript 1 of 'tile' may take [32, " in plan.reason and "under some block shape" in plan.reason


ROWS = """__global__ void __launch_bounds__(BOUND) k(const float *in, float *o) {
  __shared__ float tile[64][32];
  int t = threadIdx.x;
  for (int j = 0; j < 32; j++) tile[t][j] = in[t * 32 + j];
  __syncthreads();
  float acc = 0.0f;
  for (int j = 0; j < 32; j++) acc += tile[t][j] * tile[j][t & 31];
  o[t] = acc;
}
"""


def test_launch_bounds_narrow_every_shape() -> None:
    """No launch in the file: __launch_bounds__(64) keeps threadIdx.x below 64, and the rows hold."""
    plan, _ = _tile(ROWS.replace("BOUND", "64").encode())
    assert plan.rewritten


def test_a_wider_launch_bound_is_not_enough() -> None:
    plan, r = _tile(ROWS.replace("BOUND", "128").encode(), Options(strategy="xor"))
    # Not every shape of up to 128 threads: 128 walks past the 64 rows, and the guard leaves it out.
    assert plan.rewritten and plan.analysis.guard and all(x * y * z <= 64 for x, y, z in plan.analysis.guard)


# ---- the decision, as data ----

def _kernel(**kw) -> ir.Kernel:
    base = dict(name="k", is_global=True, range=ir.SourceRange("k.cu", 1, 1, 0, 0), launch_bounds=None,
                pragma_block_dim=None)
    return ir.Kernel(**{**base, **kw})


def test_stated_shapes_are_exact() -> None:
    assert proof_shapes("k", _kernel(launch_unknown=("argv",)), (32, 8, 1), ()) == Exact(((32, 8, 1),))
    assert proof_shapes("k", _kernel(pragma_block_dim=(16, 16, 1), launch_unknown=("argv",)), None, ()) \
        == Exact(((16, 16, 1),))
    assert proof_shapes("k", _kernel(launch_block_dims=((32, 8, 1), (64, 4, 1))), None, ()) \
        == Exact(((32, 8, 1), (64, 4, 1)))


def test_an_unread_launch_is_every_shape_up_to_the_launch_bounds() -> None:
    k = _kernel(launch_block_dims=((32, 8, 1),), launch_unknown=("line 3: argv",), launch_bounds=256,
                launch_bound=64)  # a guess's bound (the occupancy API's limit) does not narrow the proof
    assert proof_shapes("k", k, None, ()) == AnyShape("k", Unread.UNKNOWN_LAUNCH, 256)
    assert proof_shapes("k", _kernel(), None, ()) == AnyShape("k", Unread.NO_LAUNCH, 1024)
    assert proof_shapes("k", None, None, ()) == AnyShape("k", Unread.NO_LAUNCH, 1024)


def test_each_instance_gets_its_own_launches() -> None:
    k = _kernel(launch_block_dims=((32, 32, 1), (16, 16, 1)),
                instance_block_dims=(((("T@1:10", 32),), ((32, 32, 1),)), ((("T@1:10", 16),), ((16, 16, 1),))))
    assert proof_shapes("k", k, None, (("T", 32),)) == Exact(((32, 32, 1),))
    assert proof_shapes("k", k, None, (("T", 16),)) == Exact(((16, 16, 1),))
    # An instance no launch names: every read launch's shape (each launch was read exactly).
    assert proof_shapes("k", k, None, (("T", 8),)) == Exact(((32, 32, 1), (16, 16, 1)))


# ---- the abstract block over-approximates every concrete one ----

I = s.int_ty(s.INT)


def _b(name: str) -> s.Conv:
    return s.Conv(I, s.Builtin(name))


def _bin(op: str, a: s.Expr, b: s.Expr) -> s.Binary:
    return s.Binary(op, a, b, I)


TID = _bin("+", _bin("*", _b("threadIdx.y"), _b("blockDim.x")), _b("threadIdx.x"))
INDICES = (
    TID,
    _bin("-", _bin("-", _bin("*", _b("blockDim.x"), _b("blockDim.y")), s.Lit(1, I)), TID),
    _bin("%", _b("threadIdx.x"), _b("blockDim.y")),
    _bin("+", _bin("*", _b("threadIdx.z"), s.Lit(64, I)), _b("threadIdx.y")),
    _bin("/", _bin("*", _b("blockDim.z"), s.Lit(1000, I)), _b("blockDim.x")),
)
SHAPES = ((32, 8, 1), (64, 4, 1), (128, 2, 1), (1024, 1, 1), (1, 1024, 1), (16, 16, 4), (8, 2, 64), (1, 1, 1))
FN = s.Function("k@1:1", "k", (), s.Block(()), True, escaped=frozenset(), writes=(), returns=s.OTHER, escapes=())


def _value(shape, lane, e: s.Expr) -> SInt:
    run = Run({FN.key: FN}, {}, shape)
    v = run.eval(e, builtins(shape, lane), Frame(FN, {}, frozenset(), {}, frozenset()))
    assert isinstance(v, SInt)
    return v


def _lanes(shape):
    """The corners and a middle thread of a block: where the extremes of these indices lie."""
    axes = [sorted({0, n // 2, n - 1}) for n in shape]
    return itertools.product(*axes)


@pytest.mark.parametrize("bound", [1024, 64])
def test_every_shape_holds_each_concrete_shape(bound: int) -> None:
    anyshape = AnyShape("k", Unread.NO_LAUNCH, bound)
    shapes = [sh for sh in SHAPES if anyshape.admits(sh)]
    assert (8, 2, 64) not in shapes or bound == 1024 and len(shapes) >= 3
    for e in INDICES:
        whole = _value(anyshape, None, e)
        for shape in shapes:
            for lane in _lanes(shape):
                v = _value(shape, lane, e)
                assert whole.lo <= v.lo and v.hi <= whole.hi, (e, shape, lane, v, whole)


def test_the_abstract_block_is_the_hardware_s() -> None:
    b = builtins(AnyShape("k", Unread.NO_LAUNCH))
    assert b["threadIdx.x"] == SInt.of(0, 1023) and b["threadIdx.z"] == SInt.of(0, 63)
    assert b["blockDim.y"] == SInt.of(1, 1024) and b["blockDim.z"] == SInt.of(1, 64)
    bounded = builtins(AnyShape("k", Unread.NO_LAUNCH, 48))
    assert bounded["threadIdx.x"] == SInt.of(0, 47) and bounded["blockDim.z"] == SInt.of(1, 48)
    with pytest.raises(ValueError):
        builtins(AnyShape("k", Unread.NO_LAUNCH), (0, 0, 0))


# ---- copies of a thread index (analysis/copies.py) ----

def _fn(*body: s.Stmt, escaped: frozenset[str] = frozenset()) -> s.Function:
    return s.Function("k@1:1", "k", (), s.Block(body), True, escaped=escaped, writes=(), returns=s.OTHER, escapes=())


def test_a_copy_is_one_declaration_never_written() -> None:
    tx = s.Decl("tx", I, _b("threadIdx.x"))
    assert thread_index_copies(_fn(tx)) == {"tx": "threadIdx.x"}
    written = s.ExprStmt(s.Assign("+", s.Var("tx", I), s.Lit(1, I), I))
    assert thread_index_copies(_fn(tx, written)) == {}
    assert thread_index_copies(_fn(tx, escaped=frozenset({"tx"}))) == {}
    bound = s.ExprStmt(s.Call(s.CallKind.USER, "f@2:1", (s.Var("tx", I),), I, 0, 0, writes=frozenset({"tx"})))
    assert thread_index_copies(_fn(tx, bound)) == {}  # bound to a callee's `int &`
    passed = s.ExprStmt(s.Call(s.CallKind.USER, "f@2:1", (s.Var("tx", I),), I, 0, 0))
    assert thread_index_copies(_fn(tx, passed)) == {"tx": "threadIdx.x"}  # by value: rapcc's own `at(tile, ty, tx)`
    narrow = s.Decl("c", s.int_ty(s.CType(8, False)), s.Conv(s.int_ty(s.CType(8, False)), s.Builtin("threadIdx.x")))
    assert thread_index_copies(_fn(narrow)) == {}  # an unsigned char wraps 256 to 0
    element = s.ExprStmt(s.Assign("", s.Subscript(s.SharedRef("t", 0), s.Var("tx", I), I, 0, 0), s.Lit(0, I), I))
    assert thread_index_copies(_fn(tx, element)) == {"tx": "threadIdx.x"}  # t[tx] = 0 writes t, not tx


TILE = "tile@1:1"


def _guarded(*between: s.Stmt) -> s.Program:
    """int tx = threadIdx.x; <between>; if (threadIdx.x >= 32) return; tile[tx] on tile[32]."""
    guard = s.If(_bin(">=", s.Builtin("threadIdx.x"), s.Lit(32, s.int_ty(s.UINT))), s.Return(None), None)
    read = s.ExprStmt(s.Subscript(s.SharedRef(TILE, 0), s.Var("tx", I), s.OTHER, 10, 20))
    fn = _fn(s.Decl("tx", I, _b("threadIdx.x")), *between, guard, read)
    return s.Program((fn,), (s.SharedDecl(TILE, "tile", fn.key, (s.Lit(32, I),), 0, False, 4),),
                     (s.Instance(fn.key, (), True),), frozenset(), ())


def _proved(program: s.Program):
    return prove(program, lambda n, a: AnyShape(n, Unread.NO_LAUNCH), lambda a, st, en: True).findings


def test_a_guard_on_the_index_bounds_its_copy_under_every_shape() -> None:
    assert _proved(_guarded()) == ((TILE, None),)
    # Moved after its copy was made, `tx` is no longer the guarded index: [1, 1024].
    ((_, finding),) = _proved(_guarded(s.ExprStmt(s.Step(1, True, s.Var("tx", I), I))))
    assert finding is not None and finding.failure == Failure.OUT_OF_RANGE and finding.values == SInt.of(1, 1024)


# A branch this parse skips is proved on a parse that takes it (branches.py), by the same
# proof: under the planner's 32x8 its walk stays in range, under a 64x4 launch it does not.
SKIPPED = """#include <cstdlib>
__global__ void k(const float *in, float *o) {
  __shared__ float tile[8][32];
  int tx = threadIdx.x, ty = threadIdx.y;
  if (tx < 32 && ty < 8) tile[ty][tx] = in[ty * 32 + tx];
  __syncthreads();
  if (tx < 32 && ty < 8) o[ty * 32 + tx] = tile[tx & 7][ty * 4 + (tx >> 3)];
#ifdef FLAT
  READ
#endif
}
int main(int argc, char **argv) {
  float *i, *o;
  k<<<1, dim3(atoi(argv[1]), atoi(argv[2]))>>>(i, o);
}
"""


def test_a_skipped_branch_walking_flat_under_an_unknown_launch_is_kept() -> None:
    plan, _ = _tile(SKIPPED.replace("READ", "o[ty * 64 + tx] = tile[ty][tx];").encode(), Options(strategy="pad"))
    assert not plan.rewritten
    assert "branch at line 8 (on FLAT)" in plan.reason and "under some block shape" in plan.reason


def test_its_guarded_twin_is_rewritten() -> None:
    plan, _ = _tile(SKIPPED.replace("READ", "if (tx < 32 && ty < 8) o[ty * 64 + tx] = tile[ty][tx];").encode(),
                    Options(strategy="pad", whole_program=True))
    assert plan.rewritten, plan.reason


def test_overloads_of_one_name_are_proved_for_every_shape() -> None:
    of = shapes_for((_kernel(launch_block_dims=((32, 8, 1),)), _kernel(launch_block_dims=((16, 16, 1),))), None)
    assert of("k", ()) == AnyShape("k", Unread.OVERLOADED)
    assert shapes_for((_kernel(), _kernel()), (8, 8, 1))("k", ()) == Exact(((8, 8, 1),))


def test_a_copy_out_of_scope_does_not_hide_a_branch() -> None:
    """`tx`, narrowed in a block that ended, is stale where the guard on threadIdx.x meets it:
    the branch is still interpreted (tile[threadIdx.x] on tile[64] with threadIdx.x >= 64)."""
    u = s.int_ty(s.UINT)
    first = s.If(_bin("==", s.Builtin("blockIdx.x"), s.Lit(0, u)),
                 s.Block((s.Decl("tx", I, _b("threadIdx.x")),
                          s.If(_bin(">=", s.Var("tx", I), s.Lit(32, I)), s.Return(None), None))), None)
    late = s.If(_bin(">=", s.Builtin("threadIdx.x"), s.Lit(64, u)),
                s.ExprStmt(s.Subscript(s.SharedRef(TILE, 0), s.Builtin("threadIdx.x"), s.OTHER, 10, 20)), None)
    fn = _fn(first, late)
    program = s.Program((fn,), (s.SharedDecl(TILE, "tile", fn.key, (s.Lit(64, I),), 0, False, 4),),
                        (s.Instance(fn.key, (), True),), frozenset(), ())
    for shapes in (Exact(((128, 1, 1),)), AnyShape("k", Unread.NO_LAUNCH)):
        ((_, finding),) = prove(program, lambda n, a: shapes, lambda a, st, en: True).findings
        assert finding is not None and finding.failure == Failure.OUT_OF_RANGE, shapes
