"""Integer constants a file declares and another file of the program defines
(issue 30), for the launch-shape interpreter (host_values.py).

Two halves of one rule. `defined_constants` lists what a file defines with
external linkage, and whether each definition is one the program provably
uses: `const` and not `volatile` (a constant-initialised const object is in
read-only memory: writing it is undefined), no attribute (`weak` lets another
definition replace it at link time), and an initializer clang evaluates as a
constant. `extern_value` reads a name the file declares without defining
(`extern const int BLOCK;`, `struct Cfg { static const int BLOCK; };`) from
the program's definitions (rapcc/program_constants.py), matched by qualified
name and type; outside project mode it is unknown, and the reason says how
to give rapcc the other file.
"""
from __future__ import annotations

import re
from typing import Iterable

import clang.cindex as ci
from clang.cindex import Cursor, CursorKind as K

from .. import cint
from ..program_constants import ConstantDef, ProgramConstants
from .clangext import children, evaluate_int
from .exprs import int_type
from .host_domain import Unknown, Value

# Scopes a name with external linkage may be declared in; the names of the
# transparent ones (`extern "C" { }`) are no part of the qualified name.
_NAMED = (K.NAMESPACE, K.CLASS_DECL, K.STRUCT_DECL, K.UNION_DECL)
_TRANSPARENT = (K.LINKAGE_SPEC, K.UNEXPOSED_DECL)
_QUALIFIERS = re.compile(r"\b(const|volatile)\b\s*")


def qualified_name(decl: Cursor) -> str | None:
    """`ns::Cls::name`, or None where the name is local to one file or to a
    template (an anonymous namespace, a class template's member)."""
    parts = [decl.spelling]
    scope = decl.semantic_parent
    while scope is not None and scope.kind != K.TRANSLATION_UNIT:
        if scope.kind in _NAMED and scope.spelling and not scope.spelling.startswith("("):
            parts.append(scope.spelling)
        elif scope.kind not in _TRANSPARENT:
            return None
        scope = scope.semantic_parent
    return "::".join(reversed(parts))


def type_text(t: ci.Type) -> str:
    """The canonical type without cv-qualifiers, as both files spell it."""
    return _QUALIFIERS.sub("", t.get_canonical().spelling).strip()


def _why_not(decl: Cursor, init: Cursor | None) -> tuple[int | None, str | None]:
    t = decl.type
    if not t.is_const_qualified():
        return None, "is not 'const': other code may write it"
    if t.is_volatile_qualified():
        return None, "is 'volatile'"
    if any(k.kind.is_attribute() for k in children(decl)):
        return None, "has an attribute (such as 'weak') that may let another definition replace it"
    if init is None:
        return None, "has no initializer"
    value = evaluate_int(init)
    ctype = int_type(t)
    if value is None or ctype is None:
        return None, "has an initializer that is no constant expression"
    return cint.wrap(value, ctype), None  # the value the object holds (`const unsigned char c = 300;`: 44)


def _variables(tops: Iterable[Cursor]) -> Iterable[Cursor]:
    """The variables defined at file or namespace scope (out-of-line class members too)."""
    for c in tops:
        if c.kind == K.VAR_DECL:
            yield c
        elif c.kind == K.NAMESPACE or c.kind in _TRANSPARENT:
            yield from _variables(c.get_children())


def defined_constants(tops: Iterable[Cursor]) -> tuple[ConstantDef, ...]:
    """The integer variables a file defines with external linkage, in its own
    text or in its user headers (`tops`: their top-level cursors; a header's
    definition is the including file's): each with its value, or why it has none."""
    out = []
    for d in _variables(tops):
        if not d.is_definition() or d.linkage != ci.LinkageKind.EXTERNAL or int_type(d.type) is None:
            continue
        name = qualified_name(d)
        if name is None:
            continue
        init = next((k for k in reversed(children(d)) if k.kind.is_expression()), None)
        value, why = _why_not(d, init)
        where = d.location.file.name if d.location.file is not None else ""
        out.append(ConstantDef(name, type_text(d.type), value, why, where, d.location.line))
    return tuple(out)


def extern_value(ref: Cursor, constants: ProgramConstants | None, wanted: set[str]) -> Value:
    """A `const` variable of integer type with no initializer in this file: its
    value in the program (`constants`: None outside project mode), recording
    its name in `wanted`."""
    name = qualified_name(ref)
    if ref.linkage != ci.LinkageKind.EXTERNAL or name is None or int_type(ref.type) is None:
        return Unknown(f"'{ref.spelling}' has no initializer rapcc reads")
    if ref.type.is_volatile_qualified():
        return Unknown(f"'{ref.spelling}' is 'volatile'")
    wanted.add(name)
    if constants is None:
        return Unknown(f"'{name}' is defined in another file; give rapcc the project (-p BUILD_DIR) to read it")
    found = constants.resolve(name, type_text(ref.type))
    return frozenset({found.value}) if found.value is not None else Unknown(found.why or f"'{name}' is not read")
