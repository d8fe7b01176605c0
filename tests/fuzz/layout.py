"""What rapcc actually emitted, read back from the output text.

For each array: the size it is declared with (evaluated from the emitted
tokens), and for each site (see render.py) how the rewritten text reaches
memory: through rapcc's emitted helper (evaluated with rapcc.cexpr, exactly as
rapcc.verify does) or raw, with the subscripts as written, which is how a use
that the rewrite missed sees the new layout.

The text is split into tokens by a small lexer for the generated subset:
identifiers, numbers, punctuation, comments, strings. Only name tokens and the
brackets around them are inspected.
"""
from __future__ import annotations

from dataclasses import dataclass, field
from typing import Callable

import numpy as np

from rapcc.cexpr import CExprError, compile_helper
from rapcc.verify import emitted_helper_source

from .kast import Kernel
from .render import Site

_PUNCT2 = ("<<", ">>", "<=", ">=", "==", "!=", "&&", "||", "->", "++", "--", "+=", "-=", "*=", "::")


def tokens(text: str) -> list[str]:
    out: list[str] = []
    i, n = 0, len(text)
    while i < n:
        c = text[i]
        if c.isspace():
            i += 1
        elif text.startswith("//", i):
            j = text.find("\n", i)
            i = n if j < 0 else j
        elif text.startswith("/*", i):
            j = text.find("*/", i + 2)
            i = n if j < 0 else j + 2
        elif c == '"':
            j = i + 1
            while j < n and text[j] != '"':
                j += 2 if text[j] == "\\" else 1
            out.append(text[i:j + 1])
            i = j + 1
        elif c.isalnum() or c == "_":
            j = i
            while j < n and (text[j].isalnum() or text[j] == "_"):
                j += 1
            out.append(text[i:j])
            i = j
        else:
            two = text[i:i + 2]
            if two in _PUNCT2:
                out.append(two)
                i += 2
            else:
                out.append(c)
                i += 1
    return out


class LayoutError(Exception):
    """The rewritten text does not have the uses the generator wrote."""


@dataclass(frozen=True, slots=True)
class Access:
    """How one site reaches memory: `fn` maps the logical indices to the last
    physical index (None: raw, the subscripts as written)."""
    fn: Callable[..., np.ndarray] | None = None
    helper: str = ""


@dataclass
class ArrayLayout:
    name: str
    phys_dims: tuple[int, ...]
    sites: dict[tuple, Access] = field(default_factory=dict)  # (kind, path) -> Access

    @property
    def size(self) -> int:
        return int(np.prod(self.phys_dims))


def _matching(toks: list[str], i: int) -> int:
    opener, closer = toks[i], {"[": "]", "(": ")", "{": "}"}[toks[i]]
    depth = 0
    for j in range(i, len(toks)):
        if toks[j] == opener:
            depth += 1
        elif toks[j] == closer:
            depth -= 1
            if depth == 0:
                return j
    raise LayoutError("unbalanced brackets")


def _const_value(expr_tokens: list[str], macros: dict[str, int]) -> int:
    text = " ".join(str(macros.get(t, t)) for t in expr_tokens)
    try:
        return int(compile_helper(f"unsigned int f() {{ return {text}; }}")())
    except CExprError as exc:
        raise LayoutError(f"declared size '{text}' does not evaluate: {exc}") from exc


def _helper_name(tok: str, array: str, suffix: str) -> bool:
    """rapcc's helper names: __rapcc_<array>_<8 hex digits>_<suffix>."""
    prefix = f"__rapcc_{array}_"
    if not tok.startswith(prefix) or not tok.endswith("_" + suffix):
        return False
    tag = tok[len(prefix):-len(suffix) - 1]
    return len(tag) == 8 and all(c in "0123456789abcdef" for c in tag)


def _followed_use(toks: list[str], i: int, array: str, later: list[int], access_at, helper
                  ) -> tuple[int, Access] | None:
    """For the base of an alias (`T *p = &a[r][0]; ... p[x] ...`) or of a call
    (`fz_rd_T(a, x)`): how rapcc reaches memory where it followed the alias
    or the callee, as (extra spellings of the array to skip, access); None
    when it left the use as written."""
    j = i - 1
    if toks[j] == "&":  # `&a[r][0]`: a row of a 2-D array
        j -= 1
    if toks[j] == "=":  # an alias: its use sits before the block's closing brace
        close = toks.index("}", i)
        inside = [k for k in later if k < close]
        if not inside:
            return None
        return len(inside), access_at(inside[0], array, "ref")
    if toks[j] == "(" and toks[j - 1].startswith("fz_rd_"):  # a call: read the callee's rewritten body
        callee = toks[j - 1]
        for d in range(len(toks) - 2):
            if toks[d] == callee and toks[d + 1] == "(" and toks[d - 1] == "int":
                body_open = toks.index("{", d)
                body = toks[body_open:_matching(toks, body_open) + 1]
                for t in body:
                    if _helper_name(t, array, "map"):
                        return 0, Access(helper(t), t)
                return None
    return None


def read_layouts(text: str, kernels: list[Kernel], sites: list[Site]) -> dict[str, ArrayLayout]:
    """Each array's layout in `text` (a rendering of `kernels`, rewritten or not)."""
    toks = tokens(text)
    arrays = {a.name: a for k in kernels for a in k.arrays}
    macros = {m.name: m.value for k in kernels for m in k.const_macros}
    where = [i for i, t in enumerate(toks) if t in arrays]
    helpers: dict[str, Callable[..., np.ndarray]] = {}

    def helper(name: str) -> Callable[..., np.ndarray]:
        if name not in helpers:
            helpers[name] = compile_helper(emitted_helper_source(text.encode(), name))
        return helpers[name]

    def access_at(i: int, array: str, kind: str) -> Access:
        """How the chain whose name token is toks[i] reaches memory."""
        if toks[i - 1] == "(" and _helper_name(toks[i - 2], array, "at"):
            name = toks[i - 2][:-3] + "_map"
            return Access(helper(name), name)
        if toks[i + 1] == "[" and kind != "sizeof":
            j = i + 1
            last = j
            while j < len(toks) and toks[j] == "[":
                last = j
                j = _matching(toks, j) + 1
            if _helper_name(toks[last + 1], array, "map") and toks[last + 2] == "(":
                return Access(helper(toks[last + 1]), toks[last + 1])
        return Access()

    out: dict[str, ArrayLayout] = {}
    w = 0
    for site in sites:
        if w >= len(where):
            raise LayoutError(f"the text names the arrays {len(where)} times, fewer than the kernels' {len(sites)} uses")
        i = where[w]
        w += 1
        if toks[i] != site.array:
            raise LayoutError(f"use of '{toks[i]}' where the kernels have '{site.array}'")
        if site.kind == "decl":
            dims, j = [], i + 1
            while toks[j] == "[":
                e = _matching(toks, j)
                dims.append(_const_value(toks[j + 1:e], macros))
                j = e + 1
            out.setdefault(site.array, ArrayLayout(site.array, ())).phys_dims = tuple(dims)
            continue
        lay = out.get(site.array)
        if lay is None:  # a macro body before the declaration: read it after
            lay = out.setdefault(site.array, ArrayLayout(site.array, ()))
        if site.kind == "base":
            use = _followed_use(toks, i, site.array, where[w:], access_at, helper)
            if use is not None:
                extra, acc_use = use
                w += extra  # rapcc spelled the array again where it rewrote the alias's use
                lay.sites[("use", site.path)] = acc_use
        lay.sites[(site.kind, site.path)] = access_at(i, site.array, site.kind)
    if w != len(where):
        raise LayoutError(f"the text names the arrays {len(where)} times, the kernels have {len(sites)} uses")
    for a in arrays.values():
        lay = out.get(a.name)
        if lay is None or not lay.phys_dims:
            raise LayoutError(f"no declaration of '{a.name}' in the text")
        if len(lay.phys_dims) != len(a.dims):
            raise LayoutError(f"'{a.name}' is declared with {len(lay.phys_dims)} dimensions, not {len(a.dims)}")
    return out
