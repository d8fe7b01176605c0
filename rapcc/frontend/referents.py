"""Which declaration clang binds an identifier token to (issue 31).

A token that spells a shared array's name is a use of that array only if
clang's name lookup says so: a scalar local of the same name in a nested
block, a lambda's parameter, a struct member, or a second kernel's own array
are other declarations. The token scans that look for uses no expression
explains (the verifier's, the aliases') ask here, so they match by the
referenced declaration (`decl_key`), never by spelling.

The whitelist rule: a token is *foreign* (named for another declaration)
only where clang resolves it, once, to a declaration whose key differs. A
token in a skipped branch or a macro body has no cursor; a token inside a
macro invocation may be expanded several times in several scopes; a cursor
clang leaves unresolved names nothing: each of these stays a possible use.
"""
from __future__ import annotations

from enum import Enum
from typing import Iterable

import clang.cindex as ci
from clang.cindex import CursorKind as K

from .exprs import decl_key

# C++'s keywords (and CUDA's qualifiers): never a name a declaration introduces.
KEYWORDS = frozenset("""
alignas alignof and and_eq asm auto bitand bitor bool break case catch char char8_t char16_t char32_t class
compl concept const consteval constexpr constinit const_cast continue co_await co_return co_yield decltype
default delete do double dynamic_cast else enum explicit export extern false float for friend goto if inline
int long mutable namespace new noexcept not not_eq nullptr operator or or_eq private protected public register
reinterpret_cast requires return short signed sizeof static static_assert static_cast struct switch template
this thread_local throw true try typedef typeid typename union unsigned using virtual void volatile wchar_t
while xor xor_eq __shared__ __device__ __global__ __host__ __constant__ __restrict__ __forceinline__
""".split())

# Cursors that stand for a name written at their location and say what it names.
_REFERENCES = {K.DECL_REF_EXPR, K.MEMBER_REF_EXPR, K.MEMBER_REF, K.VARIABLE_REF}
_DECLARATIONS = {K.VAR_DECL, K.PARM_DECL, K.FIELD_DECL, K.FUNCTION_DECL, K.CXX_METHOD, K.FUNCTION_TEMPLATE,
                 K.TYPEDEF_DECL, K.TYPE_ALIAS_DECL, K.STRUCT_DECL, K.CLASS_DECL, K.UNION_DECL, K.ENUM_DECL,
                 K.ENUM_CONSTANT_DECL, K.NAMESPACE}


class Binding(Enum):
    """What clang says one identifier token is."""
    DECLARES = "declares"  # a declarator: the token introduces a name
    REFERS = "refers"  # a use of a declaration clang resolved
    UNKNOWN = "unknown"  # no cursor tells (skipped code, a macro, an unresolved name)


def binding(tu: ci.TranslationUnit, file: ci.File, offset: int, name: str) -> tuple[Binding, str | None]:
    """What the token `name` at `offset` is, and the key of the declaration
    it is or names (None when UNKNOWN)."""
    cursor = ci.Cursor.from_location(tu, ci.SourceLocation.from_offset(tu, file, offset))
    if cursor is None or cursor.spelling != name:
        return Binding.UNKNOWN, None
    loc = cursor.location
    if loc.file is None or loc.offset != offset:
        return Binding.UNKNOWN, None  # the cursor stands elsewhere: this token is not what it names
    if cursor.kind in _DECLARATIONS:
        return Binding.DECLARES, decl_key(cursor)
    if cursor.kind == K.MACRO_INSTANTIATION:
        return Binding.REFERS, None  # a macro's name: what its body declares is the caller's to read
    if cursor.kind in _REFERENCES:
        ref = cursor.referenced
        return (Binding.REFERS, decl_key(ref)) if ref is not None else (Binding.UNKNOWN, None)
    return Binding.UNKNOWN, None


def referent(tu: ci.TranslationUnit, file: ci.File, offset: int, name: str) -> str | None:
    """The key of the declaration clang binds the token `name` at `offset` to
    (the declaration itself for a declarator), or None when clang does not say."""
    return binding(tu, file, offset, name)[1]


def foreign(tu: ci.TranslationUnit, path: str, offsets: Iterable[int], name: str, key: str,
            expansions: Iterable[tuple[int, int]] = ()) -> frozenset[int]:
    """The offsets among `offsets` (tokens spelling `name`) that clang binds to
    a declaration other than `key`. `expansions`: the (start, end) of each
    macro invocation of the file: a token inside one may be expanded in
    several scopes, so it is never foreign."""
    wanted = list(offsets)
    if not wanted:
        return frozenset()
    file = tu.get_file(path)
    spans = sorted(expansions)
    out = set()
    for off in wanted:
        if any(s <= off < e for s, e in spans):
            continue
        found = referent(tu, file, off, name)
        if found is not None and found != key:
            out.add(off)
    return frozenset(out)


def rebound(tu: ci.TranslationUnit, path: str, tokens: list[tuple[str, int]], names: frozenset[str],
            expansions: Iterable[tuple[str, int]], macros: dict[str, list[str]]) -> str | None:
    """A name among `names` that something in a stretch of code may declare
    again, or None: text spelled once and re-spelled anywhere in the stretch
    (an alias's offset, its array's name) names the same declarations there
    only if nothing in it declares those names. `tokens`: the stretch's
    (spelling, offset); a token of one of `names` that clang does not show to
    be a use may declare it. `expansions`: (macro, offset) of each macro
    invocation in the stretch, whose bodies (`macros`, each macro's tokens)
    may declare any name they spell."""
    if not names:
        return None
    file = tu.get_file(path)
    for spelling, off in tokens:
        if spelling in names and binding(tu, file, off, spelling)[0] != Binding.REFERS:
            return spelling
    for macro, _ in expansions:
        hit = names & expanded(macro, macros)
        if hit:
            return min(hit)
    return None


def expanded(macro: str, macros: dict[str, list[str]]) -> frozenset[str]:
    """Every token a macro's expansion may spell, through the macros it names."""
    seen: set[str] = set()
    todo = [macro]
    out: set[str] = set()
    while todo:
        m = todo.pop()
        if m in seen:
            continue
        seen.add(m)
        for t in macros.get(m, ()):
            out.add(t)
            if t in macros:
                todo.append(t)
    return frozenset(out)
