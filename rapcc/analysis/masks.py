"""`x - (x & m)`: the one relation between two values the range proof keeps.

Over the lanes of a block, `pos` and `lo = pos & (stride - 1)` are each an
interval, and `pos - lo` over intervals loses that both read the same `pos`
(fwt's `i0 = ((pos - lo) << 2) + lo` comes out as [-255, 255]). For a mask
m = 2^k - 1, `x - (x & m)` is `x` with its low k bits cleared: a monotone
function of `x` alone, whose image of an interval is exact (`clear_low_bits`).

The rule fires only on a subtraction the IR alone shows to be of that form
(`masked_differences`, a pure pass run once per function, facts.py), and
only where every concrete execution agrees:

- `X - (X & M)` written out, with `M` free of effects (reads and arithmetic
  only), so both reads of `X` see one value; or
- `X - L` where `L` was declared as `X & M` earlier in the same block, and
  no statement from that declaration through the one holding the use writes
  `X`, `L` or a variable `M` reads, calls anything with them, holds an
  `Opaque` node, or holds a label or `case` (a way into the middle, past the
  declaration). Then `L` still equals `X & M` at the use, and `M` evaluated
  there gives the value it had at the declaration.

Every operand has the subtraction's own integer type (no conversion between
them), and `X`, `L` and `M`'s variables are the thread's own locals (declared
in the function, or parameters by value: not a `__shared__` scalar another
thread may write between two reads) whose address or reference never escapes (by-reference parameters are refused: another alias may write
them); the interpreter checks the escape again for the frame it runs in.
"""
from __future__ import annotations

from dataclasses import dataclass
from typing import cast

from .. import sound_ir as s
from .aliasing import stmt_exprs, walk_expr
from .intervals import SInt

# Nodes a mask may be built of: evaluating them reads and computes, nothing else.
_PURE_OPS = {"+", "-", "*", "/", "%", "<<", ">>", "&", "|", "^"}


@dataclass(frozen=True, slots=True)
class MaskedDifference:
    """At one `-` node: the minuend `x` (a local's key) and the mask `M` it is ANDed with."""

    x: str
    mask: s.Expr


def clear_low_bits(x: SInt, mask: int) -> SInt | None:
    """{v - (v & mask) : v in x} for mask = 2^k - 1 >= 0 (two's complement,
    any sign: v with its low k bits cleared, i.e. floor(v / 2^k) * 2^k);
    None for any other mask."""
    if mask < 0 or mask & (mask + 1):
        return None
    k = mask.bit_length()
    lo, hi = (x.lo >> k) << k, (x.hi >> k) << k
    return SInt.of(lo, hi, 1 << k)


def _int_type(e: s.Expr) -> s.CType | None:
    if isinstance(e, s.Builtin):
        return s.INT if e.name == "warpSize" else s.UINT
    ty = getattr(e, "ty", None)
    return ty.int_type if ty is not None and ty.kind == s.ValueKind.INT else None


def _pure(e: s.Expr) -> bool:
    for n in walk_expr(e):
        if isinstance(n, s.Binary):
            if n.op not in _PURE_OPS:
                return False
        elif isinstance(n, s.Unary):
            if n.op not in ("-", "~", "+"):
                return False
        elif isinstance(n, s.Conv):
            if n.ty.kind != s.ValueKind.INT:
                return False
        elif not isinstance(n, (s.Lit, s.Var, s.TemplateParam, s.Builtin)):
            return False
    return True


def _reads(e: s.Expr) -> set[str]:
    return {n.key for n in walk_expr(e) if isinstance(n, s.Var)}


def _and_of(e: s.Expr | None, t: s.CType) -> MaskedDifference | None:
    """`X & M` (either order) of type t, X a local of type t, M pure of type t."""
    if not isinstance(e, s.Binary) or e.op != "&" or _int_type(e) != t:
        return None
    for x, m in ((e.lhs, e.rhs), (e.rhs, e.lhs)):
        if isinstance(x, s.Var) and _int_type(x) == t and _int_type(m) == t and _pure(m):
            return MaskedDifference(x.key, m)
    return None


def _writes_any(st: s.Stmt, keys: set[str]) -> bool:
    """Whether `st` may write one of `keys`, call anything with one, or be entered in its middle."""
    for n in stmt_exprs(st):
        if isinstance(n, (s.Label, s.Case, s.Opaque, s.OpaqueStmt)):
            return True
        if isinstance(n, (s.Assign, s.Step)) and _reads(n.target) & keys:
            return True
        if isinstance(n, s.Decl) and n.key in keys:
            return True
        if isinstance(n, s.Call) and any(_reads(a) & keys for a in n.args):
            return True
    return False


def _differences(st: s.Stmt, x: str, local: str, t: s.CType) -> list[s.Binary]:
    return [n for n in stmt_exprs(st) if isinstance(n, s.Binary) and n.op == "-" and _int_type(n) == t
            and isinstance(n.lhs, s.Var) and n.lhs.key == x and isinstance(n.rhs, s.Var) and n.rhs.key == local
            and _int_type(n.lhs) == t and _int_type(n.rhs) == t]


def _uses_after(decl: s.Decl, later: list, unsafe: frozenset[str], out: dict[int, MaskedDifference]) -> None:
    t = decl.ty.int_type if decl.ty.kind == s.ValueKind.INT else None
    if t is None:
        return
    d = _and_of(decl.init, t)
    if d is None or d.x == decl.key:  # `x = x & m` leaves no old `x` to relate to
        return
    keys = {d.x, decl.key} | _reads(d.mask)
    if keys & unsafe:
        return
    for st in later:
        if _writes_any(st, keys):
            return
        for n in _differences(st, d.x, decl.key, t):
            out[id(n)] = d


def masked_differences(fn: s.Function) -> dict[int, MaskedDifference]:
    """id(`-` node) -> its `MaskedDifference`, for every subtraction of `fn`
    the rule may take (see the module docstring); a node object that occurs
    twice in the body is left out (its id would not name one place)."""
    value_params = {p.key for p in fn.params if not p.by_reference and p.ref == s.RefUse.VALUE}
    # Whitelist: only this thread's own variables (declared in the body, or
    # parameters by value). A block-scope `__shared__` scalar is a `Var` too,
    # but another thread may write it between the two reads of `X`.
    private = value_params | {n.key for n in stmt_exprs(fn.body) if isinstance(n, s.Decl)}
    unsafe = frozenset(fn.escaped) | {p.key for p in fn.params if p.key not in value_params} | \
        {n.key for n in stmt_exprs(fn.body) if isinstance(n, s.Var) and n.key not in private}
    out: dict[int, MaskedDifference] = {}
    seen: dict[int, int] = {}
    for n in stmt_exprs(fn.body):
        seen[id(n)] = seen.get(id(n), 0) + 1
        if isinstance(n, s.Binary) and n.op == "-" and _int_type(n) is not None:
            t = _int_type(n)
            d = _and_of(n.rhs, cast(s.CType, t))  # not None: tested above
            if d is not None and isinstance(n.lhs, s.Var) and n.lhs.key == d.x and _int_type(n.lhs) == t \
                    and d.x not in unsafe and not _reads(d.mask) & unsafe:
                out[id(n)] = d
        if isinstance(n, s.Block):
            for i, st in enumerate(n.stmts):
                if isinstance(st, s.Decl):
                    _uses_after(st, list(n.stmts[i + 1:]), unsafe, out)
                elif isinstance(st, s.Block):  # a declaration statement of several declarators
                    for j, decl in enumerate(st.stmts):
                        if isinstance(decl, s.Decl):
                            _uses_after(decl, list(st.stmts[j + 1:]) + list(n.stmts[i + 1:]), unsafe, out)
    return {k: v for k, v in out.items() if seen.get(k) == 1}
