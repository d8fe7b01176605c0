"""Print a fuzzer kernel AST as CUDA, recording where each array's name is written.

Every token of a shared array's name in the text is a `Site`, listed in text
order: its declaration, each subscript chain, a macro body's chain, the base of
a pointer alias or a call argument, a `sizeof`. Rewriting edits only inside
those chains, so the k-th name token of the rewritten text is the k-th site,
which is how `layout.py` reads back what rapcc did to each use.
"""
from __future__ import annotations

from dataclasses import dataclass

from .kast import (NIN, Bin, ConstMacro, Emit, Expr, For, If, IfDef, Input, Kernel, Let, Lit, Load, MacroCall,
                   Min, Ref, SizeOf, Store, Stmt, Sync, Var)

Path = tuple[int, ...]


@dataclass(frozen=True, slots=True)
class Site:
    array: str
    kind: str  # decl | ref | macro_body | base | sizeof
    path: Path  # the statement it serves (() for a declaration)


_MK_FOLD = {
    "char": ("return (char)v;", "return (unsigned int)(unsigned char)x;"),
    "short": ("return (short)v;", "return (unsigned int)(unsigned short)x;"),
    "int": ("return (int)v;", "return (unsigned int)x;"),
    "float": ("return (float)(v & 16777215u);", "return (unsigned int)x;"),
    "double": ("return (double)v;", "return (unsigned int)x;"),
    "float2": ("return make_float2((float)(v & 65535u), (float)(v >> 16));",
               "return (unsigned int)x.x | ((unsigned int)x.y << 16);"),
    "float4": ("return make_float4((float)(v & 255u), (float)((v >> 8) & 255u), (float)((v >> 16) & 255u), (float)(v >> 24));",
               "return (unsigned int)x.x | ((unsigned int)x.y << 8) | ((unsigned int)x.z << 16) | ((unsigned int)x.w << 24);"),
    "int4": ("return make_int4((int)v, (int)(v >> 8), (int)(v >> 16), (int)(v >> 24));",
             "return (unsigned int)x.x ^ ((unsigned int)x.y << 1) ^ ((unsigned int)x.z << 2) ^ ((unsigned int)x.w << 3);"),
    "fz_s16": ("fz_s16 s; s.a = v; s.b = v * 3u; s.c = ~v; s.d = v ^ 4660u; return s;",
               "return x.a + 5u * x.b + 7u * x.c + 11u * x.d;"),
}


def prelude(types: set[str]) -> str:
    """The element constructors and folds (and `fz_rd_T`, a device function
    taking the array as a pointer) for the element types in use; small, since
    rapcc parses every function in the file."""
    out = ["struct __align__(16) fz_s16 { unsigned int a, b, c, d; };\n"] if "fz_s16" in types else []
    for t in sorted(types):
        mk, fold = _MK_FOLD[t]
        out.append(f"__device__ __forceinline__ {t} fz_mk_{t}(unsigned int v) {{ {mk} }}\n")
        out.append(f"__device__ __forceinline__ unsigned int fz_fold_{t}({t} x) {{ {fold} }}\n")
        out.append(f"__device__ __noinline__ unsigned int fz_rd_{t}(const {t} *p, int i) {{ return fz_fold_{t}(p[i]); }}\n")
    return "".join(out)


_PREC = {"*": 5, "/": 5, "%": 5, "+": 4, "-": 4, "<<": 3, ">>": 3, "<": 2, ">=": 2, "==": 2,
         "&": 1, "^": 0, "|": -1}


def expr_text(e: Expr, outer: int = -9) -> str:
    """C text of e, parenthesized only where C's precedence needs it (and
    around every shift and bitwise operand, as people write them)."""
    if isinstance(e, Lit):
        return str(e.value) if e.value >= 0 else f"({e.value})"
    if isinstance(e, Var):
        return e.name
    if isinstance(e, ConstMacro):
        return e.name
    if isinstance(e, MacroCall):
        return f"{e.name}({expr_text(e.arg)})"
    if isinstance(e, Input):
        return f"(int)(in[({expr_text(e.index)}) & {NIN - 1}] & {e.mask}u)"
    if isinstance(e, Min):
        return f"min({expr_text(e.a)}, {expr_text(e.b)})"
    p = _PREC[e.op]
    bitwise = e.op in ("&", "^", "|", "<<", ">>")
    inner = 9 if bitwise else p
    right = inner + 1 if e.op in ("-", "/", "%", "<<", ">>") else inner
    text = f"{expr_text(e.lhs, inner)} {e.op} {expr_text(e.rhs, right)}"
    return f"({text})" if p < outer or (bitwise and outer > -9) else text


def _param_text(e: Expr, param: str) -> str:
    """A macro body: every use of the parameter parenthesized, as macro authors do."""
    if isinstance(e, Var) and e.name == param:
        return f"({param})"
    if isinstance(e, Bin):
        return f"({_param_text(e.lhs, param)} {e.op} {_param_text(e.rhs, param)})"
    if isinstance(e, Min):
        return f"min({_param_text(e.a, param)}, {_param_text(e.b, param)})"
    return expr_text(e)


class _Writer:
    def __init__(self, k: Kernel):
        self.k = k
        self.lines: list[str] = []
        self.sites: list[Site] = []
        self.macro_lines: list[str] = []
        self.macro_sites: list[Site] = []

    def ref_text(self, r: Ref) -> str:
        return r.array + "".join(f"[{expr_text(s)}]" for s in r.subs)

    def base_text(self, r: Ref, path: Path) -> str:
        """`&a[i][..][0]` (the row the last subscript walks), or `a` for 1-D."""
        self.sites.append(Site(r.array, "base", path))
        if len(r.subs) == 1:
            return r.array
        return "&" + r.array + "".join(f"[{expr_text(s)}]" for s in r.subs[:-1]) + "[0]"

    def load_text(self, s: Load, path: Path) -> str:
        arr = self.k.array(s.ref.array)
        t = arr.elem
        if s.form == "plain":
            self.sites.append(Site(arr.name, "ref", path))
            return f"fz_fold_{t}({self.ref_text(s.ref)})"
        if s.form == "macro_arg":
            self.macro_lines.append(f"#define {s.macro}(x) fz_fold_{t}(x)")
            self.sites.append(Site(arr.name, "ref", path))
            return f"{s.macro}({self.ref_text(s.ref)})"
        if s.form == "macro_body":
            params = [f"q{i}" for i in range(len(s.ref.subs))]
            self.macro_lines.append(f"#define {s.macro}({', '.join(params)}) fz_fold_{t}({arr.name}"
                                    + "".join(f"[{p}]" for p in params) + ")")
            self.macro_sites.append(Site(arr.name, "macro_body", path))
            return f"{s.macro}({', '.join(expr_text(x) for x in s.ref.subs)})"
        if s.form == "call":
            base = self.base_text(s.ref, path)
            return f"fz_rd_{t}({base}, {expr_text(s.ref.subs[-1])})"
        raise ValueError(s.form)

    def stmt(self, s: Stmt, path: Path, ind: str) -> None:
        k = self.k
        if isinstance(s, Load):
            if s.form == "alias":
                arr = k.array(s.ref.array)
                base = self.base_text(s.ref, path)
                self.lines.append(f"{ind}{{ const {arr.elem} *{s.macro} = {base}; "
                                  f"acc = acc * 31u + fz_fold_{arr.elem}({s.macro}[{expr_text(s.ref.subs[-1])}]); }}")
            else:
                self.lines.append(f"{ind}acc = acc * 31u + {self.load_text(s, path)};")
        elif isinstance(s, SizeOf):
            self.sites.append(Site(s.array, "sizeof", path))
            self.lines.append(f"{ind}acc = acc * 31u + (unsigned int)sizeof({s.array});")
        elif isinstance(s, Store):
            arr = k.array(s.ref.array)
            self.sites.append(Site(arr.name, "ref", path))
            self.lines.append(f"{ind}{self.ref_text(s.ref)} = fz_mk_{arr.elem}((unsigned int)({expr_text(s.value)}));")
        elif isinstance(s, Let):
            self.lines.append(f"{ind}const int {s.name} = {expr_text(s.value)};")
        elif isinstance(s, For):
            self.lines.append(f"{ind}for (int {s.var} = 0; {s.var} < {s.trips}; ++{s.var}) {{")
            self.block(s.body, path, ind + "    ")
            self.lines.append(f"{ind}}}")
        elif isinstance(s, If):
            self.lines.append(f"{ind}if ({expr_text(s.cond)}) {{")
            self.block(s.body, path, ind + "    ")
            self.lines.append(f"{ind}}}")
        elif isinstance(s, IfDef):
            self.lines.append(f"#ifdef {s.macro}")
            self.block(s.then, path + (0,), ind)
            self.lines.append("#else")
            self.block(s.other, path + (1,), ind)
            self.lines.append("#endif")
        elif isinstance(s, Sync):
            self.lines.append(f"{ind}__syncthreads();")
        elif isinstance(s, Emit):
            self.lines.append(f"{ind}out[tid * {k.nout} + {s.slot}] = acc;")
            self.lines.append(f"{ind}acc = 0u;")
        else:
            raise TypeError(s)

    def block(self, stmts: tuple[Stmt, ...], path: Path, ind: str) -> None:
        for i, s in enumerate(stmts):
            self.stmt(s, path + (i,), ind)


def render_kernel(k: Kernel) -> tuple[str, list[Site]]:
    """The kernel's text (macros, kernel, optional launch) and its sites in text order."""
    w = _Writer(k)
    bx, by = k.block
    w.lines.append(f"__global__ void {k.name}(const unsigned int *__restrict__ in, unsigned int *__restrict__ out)")
    w.lines.append("{")
    if k.pragma:
        w.lines.append(f"#pragma rapcc block_dim({bx}, {by}, 1)")
    for a in k.arrays:
        dims = "".join(f"[{m or d}]" for d, m in zip(a.dims, a.dim_macros))
        w.sites.append(Site(a.name, "decl", ()))
        w.lines.append(f"    __shared__ {a.elem} {a.name}{dims};")
    w.lines.append("    const int tx = threadIdx.x, ty = threadIdx.y;")
    w.lines.append(f"    const int tid = ty * {bx} + tx;")
    w.lines.append("    unsigned int acc = 0u;")
    w.block(k.body, (), "    ")
    w.lines.append("}")
    if not k.pragma:
        w.lines.append("#ifndef __CUDACC_RTC__")
        w.lines.append(f"void {k.name}_launch(const unsigned int *in, unsigned int *out) "
                       f"{{ {k.name}<<<1, dim3({bx}, {by})>>>(in, out); }}")
        w.lines.append("#endif")
    head = [f"#define {m.name} {m.value}" for m in k.const_macros]
    head += [f"#define {m.name}({m.param}) {_param_text(m.body, m.param)}" for m in k.fn_macros]
    text = "\n".join(head + w.macro_lines + w.lines) + "\n"
    return text, w.macro_sites + w.sites


def render_file(kernels: list[Kernel]) -> tuple[str, list[Site]]:
    """One .cu file holding every kernel after the shared prelude."""
    parts = ["// rapcc differential fuzzer: generated kernels\n", prelude({a.elem for k in kernels for a in k.arrays})]
    sites: list[Site] = []
    for k in kernels:
        text, s = render_kernel(k)
        parts.append("\n" + text)
        sites.extend(s)
    return "".join(parts), sites
