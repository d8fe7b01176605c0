"""Recognise the helpers real code reaches dynamic shared memory through.

CUDA has one dynamic shared-memory buffer per launch, and an `extern
__shared__` array of a template's element type cannot be declared twice with
different types. So real code hides the declaration in a helper and takes a
pointer from it:

    template <class T> struct SharedMemory {                 // CUDA samples
        __device__ operator T *() { extern __shared__ int __smem[]; return (T *)__smem; }
    };
    T *sdata = SharedMemory<T>();                            // in the kernel

    SharedMemory<T> shobj; T *sh = shobj.getPointer();       // SHOC
    __device__ float *smem() { extern __shared__ float s[]; return s; }

A *provider* is a function whose body only declares `extern __shared__`
arrays and returns one of them (through casts), or returns a null pointer
(the primary template of a helper specialised per type). A kernel's
`T *p = <provider call>` is then that launch's dynamic shared memory seen as
`extern __shared__ T p[]`, and the collector analyses it as one.

Only the shape is recognised here; whether the pointer can be followed
(never reassigned, every use a subscript, no other path to the same memory)
is the collector's call.
"""
from __future__ import annotations

from dataclasses import dataclass

import clang.cindex as ci
from clang.cindex import Cursor, CursorKind as K

from .clangext import children, evaluate_int, specialized_template, strip
from .exprs import decl_key

_CASTS = {K.UNEXPOSED_EXPR, K.PAREN_EXPR, K.CSTYLE_CAST_EXPR, K.CXX_REINTERPRET_CAST_EXPR, K.CXX_STATIC_CAST_EXPR,
          K.CXX_CONST_CAST_EXPR}
_NULLS = {K.CXX_NULL_PTR_LITERAL_EXPR, K.GNU_NULL_EXPR}
_CLASSES = {K.STRUCT_DECL, K.CLASS_DECL, K.CLASS_TEMPLATE, K.CLASS_TEMPLATE_PARTIAL_SPECIALIZATION}
CONVERSION = "operator <conversion>"  # every conversion operator of a class, under one name

PROVIDES, NULL = "provides", "null"


@dataclass(frozen=True, slots=True)
class Providers:
    """The provider functions of a translation unit, by declaration key, and
    per helper class the verdict on each method name (`PROVIDES` when every
    specialisation's method of that name provides or returns null and one
    provides; absent otherwise)."""

    functions: frozenset[str]
    classes: dict[str, dict[str, str]]

    def __bool__(self) -> bool:
        return bool(self.functions) or any(PROVIDES in v.values() for v in self.classes.values())


def _operand(cast: Cursor) -> Cursor | None:
    kids = [k for k in children(cast) if k.kind.is_expression()]
    return kids[-1] if kids else None


def _is_extern_shared(decl: Cursor) -> bool:
    return decl.kind == K.VAR_DECL and decl.storage_class == ci.StorageClass.EXTERN \
        and any(c.kind == K.CUDASHARED_ATTR for c in children(decl)) \
        and decl.type.get_canonical().kind == ci.TypeKind.INCOMPLETEARRAY


def classify(fn: Cursor) -> str | None:
    """PROVIDES, NULL, or None for a function that is neither."""
    body = next((k for k in children(fn) if k.kind == K.COMPOUND_STMT), None)
    if body is None or fn.result_type.get_canonical().kind not in (ci.TypeKind.POINTER, ci.TypeKind.UNEXPOSED,
                                                                   ci.TypeKind.DEPENDENT):
        return None
    externs: set[str] = set()
    returns: list[Cursor] = []
    others = False
    for stmt in children(body):
        if stmt.kind == K.DECL_STMT and all(_is_extern_shared(d) for d in children(stmt)):
            externs |= {decl_key(d) for d in children(stmt)}
        elif stmt.kind == K.RETURN_STMT:
            returns.append(stmt)
        else:
            others = True
    if len(returns) != 1:
        return None
    value = next(iter(children(returns[0])), None)
    while value is not None and value.kind in _CASTS:
        value = _operand(value)
    if value is None:
        return None
    if value.kind in _NULLS or (value.kind == K.INTEGER_LITERAL and evaluate_int(value) == 0):
        return NULL  # other statements are fine: no shared memory comes back
    if not others and value.kind == K.DECL_REF_EXPR and value.referenced is not None \
            and decl_key(value.referenced) in externs:
        return PROVIDES
    return None


def _class_name(cls: Cursor) -> str:
    return cls.spelling.split("<")[0].strip()


def _method_name(fn: Cursor) -> str:
    return CONVERSION if fn.kind == K.CONVERSION_FUNCTION else fn.spelling


def find_providers(tops: list[Cursor]) -> Providers:
    """Providers among `tops` (top-level cursors of the files that may hold
    them: the user's, not the toolkit's) and in the classes and namespaces
    they declare."""
    functions: set[str] = set()
    verdicts: dict[str, dict[str, list[str | None]]] = {}

    def visit(c: Cursor, depth: int) -> None:
        if depth > 6:
            return
        if c.kind in _CLASSES:
            per = verdicts.setdefault(_class_name(c), {})
            for m in children(c):
                if m.kind in (K.CXX_METHOD, K.CONVERSION_FUNCTION, K.FUNCTION_TEMPLATE) and m.is_definition():
                    per.setdefault(_method_name(m), []).append(classify(m))
            return
        if c.kind in (K.FUNCTION_DECL, K.FUNCTION_TEMPLATE) and c.is_definition():
            if classify(c) == PROVIDES:
                functions.add(decl_key(c))
            return
        if c.kind in (K.NAMESPACE, K.LINKAGE_SPEC, K.UNEXPOSED_DECL):
            for k in children(c):
                visit(k, depth + 1)

    for top in tops:
        visit(top, 0)
    classes = {name: {m: PROVIDES for m, vs in per.items()
                      if PROVIDES in vs and all(v in (PROVIDES, NULL) for v in vs)}
               for name, per in verdicts.items()}
    return Providers(frozenset(functions), {k: v for k, v in classes.items() if v})


def _tokens(cursor: Cursor) -> list[str]:
    return [t.spelling for t in cursor.get_tokens()]


def provider_call(init: Cursor, providers: Providers) -> str | None:
    """The text of the provider call `init` is (`SharedMemory<T>()`,
    `shobj.getPointer()`, `smem()`), seen through implicit conversions, or None."""
    c = strip(init)
    if c.kind != K.CALL_EXPR:
        return None
    text = "".join(_tokens(c)) or c.spelling
    ref = c.referenced
    if ref is not None and ref.kind == K.FUNCTION_DECL:
        pattern = specialized_template(ref) or ref
        definition = pattern.get_definition() or pattern
        return text if decl_key(definition) in providers.functions else None
    if ref is not None and ref.kind in (K.CXX_METHOD, K.CONVERSION_FUNCTION):
        owner = ref.semantic_parent
        if owner is None:
            return None
        verdict = providers.classes.get(_class_name(owner), {}).get(_method_name(ref))
        return text if verdict == PROVIDES else None
    if ref is not None:
        return None
    kids = children(c)
    # `SharedMemory<T>()` in a template: a dependent construction converted to the pointer.
    tref = next((k for k in kids if k.kind == K.TEMPLATE_REF), None)
    if tref is not None and tref.referenced is not None:
        verdict = providers.classes.get(_class_name(tref.referenced), {}).get(CONVERSION)
        return text if verdict == PROVIDES else None
    # `shobj.getPointer()` on an object of a dependent helper type.
    member = kids[0] if kids else None
    if member is not None and member.kind == K.MEMBER_REF_EXPR and len(kids) == 1:
        base = next(iter(children(member)), None)
        toks = _tokens(member)
        if base is None or not toks or len(toks) < 3 or toks[-2] not in (".", "->"):
            return None
        verdict = providers.classes.get(base.type.spelling.split("<")[0].strip(), {}).get(toks[-1])
        return text if verdict == PROVIDES else None
    return None
