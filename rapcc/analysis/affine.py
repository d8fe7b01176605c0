"""Affine indices over thread indices, warp-uniform symbols and loop variables.

An index is written as  c0 + sum_k c_k * t_k  where the t_k are thread indices
(threadIdx.x/y/z) and each coefficient c_k is a polynomial in warp-uniform
symbols (kernel and template parameters, loop variables, blockIdx). This is
the linearised notation of seed 004 §3 (Eq. 4): the stride of a warp is the
coefficient of threadIdx.x in the flattened index.
"""
from __future__ import annotations

from dataclasses import dataclass

from .. import ir

THREAD_ATOMS = ("threadIdx.x", "threadIdx.y", "threadIdx.z")

# A polynomial: {sorted tuple of symbol names: integer coefficient}.
Poly = dict[tuple[str, ...], int]


def _padd(a: Poly, b: Poly, sign: int = 1) -> Poly:
    out = dict(a)
    for k, v in b.items():
        out[k] = out.get(k, 0) + sign * v
        if out[k] == 0:
            del out[k]
    return out


def _pmul(a: Poly, b: Poly) -> Poly:
    out: Poly = {}
    for ka, va in a.items():
        for kb, vb in b.items():
            k = tuple(sorted(ka + kb))
            out[k] = out.get(k, 0) + va * vb
            if out[k] == 0:
                del out[k]
    return out


def render_poly(p: Poly) -> str:
    if not p:
        return "0"
    terms = []
    for k, v in sorted(p.items(), key=lambda kv: (-len(kv[0]), kv[0])):
        sym = "*".join(k)
        if not sym:
            terms.append(str(v))
        elif v == 1:
            terms.append(sym)
        elif v == -1:
            terms.append("-" + sym)
        else:
            terms.append(f"{v}*{sym}")
    return " + ".join(terms).replace("+ -", "- ")


@dataclass(frozen=True, slots=True)
class AffineIndex:
    """c0 + sum coeffs[t] * t over thread atoms t; coefficients are polynomials."""

    const: tuple[tuple[tuple[str, ...], int], ...]
    coeffs: tuple[tuple[str, tuple[tuple[tuple[str, ...], int], ...]], ...]

    def coeff(self, atom: str) -> Poly:
        return dict(dict(self.coeffs).get(atom, ()))

    @staticmethod
    def of(const: Poly, coeffs: dict[str, Poly]) -> "AffineIndex":
        return AffineIndex(tuple(sorted(const.items())),
                           tuple(sorted((a, tuple(sorted(p.items()))) for a, p in coeffs.items() if p)))


_Lin = tuple[Poly, dict[str, Poly]]  # (constant part, thread-atom coefficients)


def affine(expr: ir.Expr, vars: dict[str, ir.VarDef], fixed: dict[str, int] | None = None) -> AffineIndex | None:
    """The affine form of `expr`, or None when it is not affine in the thread indices.

    `fixed` gives known values of builtins (blockDim.x from the block shape).
    """
    lin = _lin(expr, vars, fixed or {}, 0)
    if lin is None:
        return None
    return AffineIndex.of(lin[0], lin[1])


def _const_of(p: Poly) -> int | None:
    if not p:
        return 0
    if set(p) == {()}:
        return p[()]
    return None


def _lin(e: ir.Expr, vars: dict[str, ir.VarDef], fixed: dict[str, int], depth: int) -> _Lin | None:
    if depth > 64:
        return None
    if isinstance(e, ir.Const):
        return ({(): e.value} if e.value else {}, {})
    if isinstance(e, ir.Builtin):
        if e.name in THREAD_ATOMS:
            return ({}, {e.name: {(): 1}})
        if e.name in fixed:
            return ({(): fixed[e.name]}, {})
        return ({(e.name,): 1}, {})
    if isinstance(e, ir.VarRef):
        d = vars.get(e.key)
        if d is not None and d.init is not None and d.kind == "local":
            return _lin(d.init, vars, fixed, depth + 1)
        if d is not None and d.kind in ("param", "template_param", "loop"):
            return ({(d.name,): 1}, {})
        return None
    if isinstance(e, ir.Cast):
        return _lin(e.operand, vars, fixed, depth + 1) if e.bits > 1 else None
    if isinstance(e, ir.UnOp) and e.op in ("-", "+"):
        inner = _lin(e.operand, vars, fixed, depth + 1)
        if inner is None or e.op == "+":
            return inner
        return (_pmul(inner[0], {(): -1}), {a: _pmul(p, {(): -1}) for a, p in inner[1].items()})
    if isinstance(e, ir.BinOp):
        a = _lin(e.lhs, vars, fixed, depth + 1)
        b = _lin(e.rhs, vars, fixed, depth + 1)
        if a is None or b is None:
            return None
        if e.op in ("+", "-"):
            sign = 1 if e.op == "+" else -1
            coeffs = dict(a[1])
            for atom, p in b[1].items():
                coeffs[atom] = _padd(coeffs.get(atom, {}), p, sign)
            return (_padd(a[0], b[0], sign), coeffs)
        if e.op == "*":
            if not a[1]:
                return (_pmul(a[0], b[0]), {t: _pmul(a[0], p) for t, p in b[1].items()})
            if not b[1]:
                return (_pmul(a[0], b[0]), {t: _pmul(b[0], p) for t, p in a[1].items()})
            return None
        if e.op == "<<":
            k = _const_of(b[0]) if not b[1] else None
            if k is None or k < 0:
                return None
            f: Poly = {(): 1 << k}
            return (_pmul(a[0], f), {t: _pmul(p, f) for t, p in a[1].items()})
    return None


def flatten(indices: tuple[ir.Expr, ...], dims: tuple[int, ...]) -> ir.Expr:
    """Row-major flat index of a subscript chain (the linearisation of seed 004 Eq. 4)."""
    flat: ir.Expr = indices[0]
    for idx, dim in zip(indices[1:], dims[1:]):
        flat = ir.BinOp("+", ir.BinOp("*", flat, ir.Const(dim)), idx)
    return flat
