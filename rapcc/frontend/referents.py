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

from typing import Iterable

import clang.cindex as ci
from clang.cindex import CursorKind as K

from .exprs import decl_key

# Cursors that stand for a name written at their location and say what it names.
_REFERENCES = {K.DECL_REF_EXPR, K.MEMBER_REF_EXPR, K.MEMBER_REF, K.VARIABLE_REF}
_DECLARATIONS = {K.VAR_DECL, K.PARM_DECL, K.FIELD_DECL, K.FUNCTION_DECL, K.CXX_METHOD, K.FUNCTION_TEMPLATE,
                 K.TYPEDEF_DECL, K.TYPE_ALIAS_DECL, K.STRUCT_DECL, K.CLASS_DECL, K.UNION_DECL, K.ENUM_DECL,
                 K.ENUM_CONSTANT_DECL, K.NAMESPACE}


def referent(tu: ci.TranslationUnit, file: ci.File, offset: int, name: str) -> str | None:
    """The key of the declaration clang binds the token `name` at `offset` to
    (the declaration itself for a declarator), or None when clang does not say."""
    cursor = ci.Cursor.from_location(tu, ci.SourceLocation.from_offset(tu, file, offset))
    if cursor is None or cursor.spelling != name:
        return None
    loc = cursor.location
    if loc.file is None or loc.offset != offset:
        return None  # the cursor stands elsewhere: this token is not what it names
    if cursor.kind in _DECLARATIONS:
        return decl_key(cursor)
    if cursor.kind in _REFERENCES:
        ref = cursor.referenced
        return decl_key(ref) if ref is not None else None
    return None


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
