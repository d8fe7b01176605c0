"""The few libclang C entry points the Python bindings of the wheel do not wrap.

Operator kinds (clang >= 17), constant evaluation, file locations that
resolve a macro argument to where it is spelled, and visitors that raise what
they meet instead of dropping it (installed in place of cindex's own when
this module is imported: `_install_safe_visitors`).
"""
from __future__ import annotations

import ctypes
import os
from collections.abc import Iterator
from dataclasses import dataclass

import clang.cindex as ci
from clang.cindex import Cursor, SourceLocation, conf


_lib: ctypes.CDLL | None = None


def _bind(name: str, argtypes: list, restype) -> None:
    fn = getattr(_lib, name)
    fn.argtypes = argtypes
    fn.restype = restype


_bound = False


def _ensure_bound() -> None:
    global _bound, _lib
    if _bound:
        return
    # A handle of our own: rebinding cindex's function objects would change
    # how cindex itself calls them.
    _lib = ctypes.CDLL(conf.lib._name)
    _bind("clang_getCursorBinaryOperatorKind", [Cursor], ctypes.c_int)
    _bind("clang_getBinaryOperatorKindSpelling", [ctypes.c_int], ci._CXString)
    _bind("clang_getCursorUnaryOperatorKind", [Cursor], ctypes.c_int)
    _bind("clang_getUnaryOperatorKindSpelling", [ctypes.c_int], ci._CXString)
    _bind("clang_Cursor_Evaluate", [Cursor], ctypes.c_void_p)
    _bind("clang_EvalResult_getKind", [ctypes.c_void_p], ctypes.c_int)
    _bind("clang_EvalResult_isUnsignedInt", [ctypes.c_void_p], ctypes.c_uint)
    _bind("clang_EvalResult_getAsLongLong", [ctypes.c_void_p], ctypes.c_longlong)
    _bind("clang_EvalResult_getAsUnsigned", [ctypes.c_void_p], ctypes.c_ulonglong)
    _bind("clang_EvalResult_dispose", [ctypes.c_void_p], None)
    loc_args = [SourceLocation, ctypes.POINTER(ctypes.c_void_p), ctypes.POINTER(ctypes.c_uint),
                ctypes.POINTER(ctypes.c_uint), ctypes.POINTER(ctypes.c_uint)]
    _bind("clang_getFileLocation", loc_args, None)
    _bind("clang_getExpansionLocation", loc_args, None)
    _bind("clang_getSpecializedCursorTemplate", [Cursor], Cursor)
    _bind("clang_Cursor_isNull", [Cursor], ctypes.c_int)
    _bind("clang_Location_isFromMainFile", [SourceLocation], ctypes.c_int)
    _bind("clang_getFileName", [ctypes.c_void_p], ci._CXString)
    _bind("clang_getCString", [ci._CXString], ctypes.c_char_p)
    _bind("clang_Cursor_isMacroFunctionLike", [Cursor], ctypes.c_uint)
    _bind("clang_getNumOverloadedDecls", [Cursor], ctypes.c_uint)
    _bind("clang_getOverloadedDecl", [Cursor, ctypes.c_uint], Cursor)
    _bind("clang_Cursor_getNumTemplateArguments", [Cursor], ctypes.c_int)
    _bind("clang_Cursor_getTemplateArgumentKind", [Cursor, ctypes.c_uint], ctypes.c_int)
    _bind("clang_Cursor_getTemplateArgumentValue", [Cursor, ctypes.c_uint], ctypes.c_longlong)
    _bind("clang_tokenize", [ci.TranslationUnit, ci.SourceRange, ctypes.POINTER(ctypes.POINTER(ci.Token)),
                             ctypes.POINTER(ctypes.c_uint)], None)
    _bind("clang_getTokenSpelling", [ci.TranslationUnit, ci.Token], ci._CXString)
    _bind("clang_disposeTokens", [ci.TranslationUnit, ctypes.POINTER(ci.Token), ctypes.c_uint], None)
    _bind("clang_getClangVersion", [], ci._CXString)
    _bound = True


def _spelling(cx: ci._CXString) -> str:
    # Not disposed of here: cindex's `_CXString.__del__` does it, and
    # clang_disposeString on a string clang allocated, twice, would free it twice.
    raw = _lib.clang_getCString(cx)
    return raw.decode() if raw else ""


def library_version() -> str:
    """The loaded library's own version text: "clang version 18.1.1" (a
    vendor's build may prefix it: "Ubuntu clang version 18.1.3 ...")."""
    _ensure_bound()
    return _spelling(_lib.clang_getClangVersion())


def binary_operator(cursor: Cursor) -> str:
    """The spelling of a BINARY_OPERATOR / COMPOUND_ASSIGNMENT_OPERATOR: '+', '<<=' ..."""
    _ensure_bound()
    kind = _lib.clang_getCursorBinaryOperatorKind(cursor)
    return _spelling(_lib.clang_getBinaryOperatorKindSpelling(kind))


def unary_operator(cursor: Cursor) -> str:
    """The spelling of a UNARY_OPERATOR; postfix forms read 'x++' / 'x--'."""
    _ensure_bound()
    kind = _lib.clang_getCursorUnaryOperatorKind(cursor)
    spelled = _spelling(_lib.clang_getUnaryOperatorKindSpelling(kind))
    # PostInc=1, PostDec=2 in clang's UnaryOperatorKind.
    return {1: "x++", 2: "x--"}.get(kind, spelled)


_CXEval_Int = 1


def evaluate_int(cursor: Cursor) -> int | None:
    """clang's constant evaluation of an integer expression, or None."""
    _ensure_bound()
    res = _lib.clang_Cursor_Evaluate(cursor)
    if not res:
        return None
    try:
        if _lib.clang_EvalResult_getKind(res) != _CXEval_Int:
            return None
        if _lib.clang_EvalResult_isUnsignedInt(res):
            return int(_lib.clang_EvalResult_getAsUnsigned(res))
        return int(_lib.clang_EvalResult_getAsLongLong(res))
    finally:
        _lib.clang_EvalResult_dispose(res)


@dataclass(frozen=True, slots=True)
class FileLoc:
    file: str
    line: int
    col: int
    offset: int


def _location(fn_name: str, loc: SourceLocation) -> FileLoc:
    _ensure_bound()
    f = ctypes.c_void_p()
    line, col, off = ctypes.c_uint(), ctypes.c_uint(), ctypes.c_uint()
    getattr(_lib, fn_name)(loc, ctypes.byref(f), ctypes.byref(line), ctypes.byref(col), ctypes.byref(off))
    name = _spelling(_lib.clang_getFileName(f)) if f.value else ""
    return FileLoc(name, line.value, col.value, off.value)


def expansion_parts(loc: SourceLocation, names: dict[int, str]) -> tuple[str | None, int, int, int]:
    """(file name, line, column, offset) of where a location is expanded, in one
    C call; `names` caches the file names by handle (a file has thousands of
    tokens and a handful of files)."""
    _ensure_bound()
    f = ctypes.c_void_p()
    line, col, off = ctypes.c_uint(), ctypes.c_uint(), ctypes.c_uint()
    _lib.clang_getExpansionLocation(loc, ctypes.byref(f), ctypes.byref(line), ctypes.byref(col), ctypes.byref(off))
    h = f.value
    if not h:
        return None, line.value, col.value, off.value
    name = names.get(h)
    if name is None:
        name = names[h] = _spelling(_lib.clang_getFileName(f))
    return name, line.value, col.value, off.value


def expansion_line_column(loc: SourceLocation) -> tuple[int, int]:
    """`(loc.line, loc.column)`: cindex asks `clang_getInstantiationLocation`,
    which is this call, and makes a `File` of the location's file each time
    (the keys of thousands of declarations, issue 20)."""
    _ensure_bound()
    line, col = ctypes.c_uint(), ctypes.c_uint()
    _lib.clang_getExpansionLocation(loc, None, ctypes.byref(line), ctypes.byref(col), None)
    return line.value, col.value


def file_location(loc: SourceLocation) -> FileLoc:
    """Where the text is written: inside a macro argument this is the argument's
    spelling, inside a macro body it is the macro's expansion site."""
    return _location("clang_getFileLocation", loc)


def expansion_location(loc: SourceLocation) -> FileLoc:
    """Where a macro was expanded (the location itself outside macros)."""
    return _location("clang_getExpansionLocation", loc)


def children(cursor: Cursor) -> list[Cursor]:
    """`list(cursor.get_children())` without cindex's per-child check that the
    child is not the null cursor (two C calls a child: clang never visits a
    null cursor), for the walks that visit every cursor of a file (issue 20)."""
    out: list[Cursor] = []
    tu = cursor._tu
    append = out.append
    failed: list[BaseException] = []

    def visit(child: Cursor, parent: Cursor, data: object) -> int:
        try:
            child._tu = tu  # as cindex's own visitor does: the unit outlives the cursor
            append(child)
            return 1  # CXChildVisit_Continue
        except BaseException as exc:  # ctypes would print and drop it (Ctrl-C): stop, and raise it below
            failed.append(exc)
            return 0  # CXChildVisit_Break

    conf.lib.clang_visitChildren(cursor, ci.callbacks["cursor_visit"](visit), None)
    if failed:
        raise failed[0]
    return out


def includes(tu: ci.TranslationUnit) -> Iterator[ci.FileInclusion]:
    """`tu.get_includes()`, raising what its visitor raised instead of
    returning part of the list (see `_install_safe_visitors`)."""
    out: list[ci.FileInclusion] = []
    failed: list[BaseException] = []

    def visit(fobj: object, lptr: object, depth: int, data: object) -> None:
        if failed:
            return  # this visitor cannot stop the walk: it only stops adding
        try:
            if depth > 0:
                loc = lptr.contents  # type: ignore[attr-defined]
                out.append(ci.FileInclusion(loc.file, ci.File(fobj), loc, depth))
        except BaseException as exc:
            failed.append(exc)

    conf.lib.clang_getInclusions(tu, ci.callbacks["translation_unit_includes"](visit), None)
    if failed:
        raise failed[0]
    return iter(out)


def _install_safe_visitors() -> None:
    """Every walk of rapcc's goes through visitors that raise.

    cindex's own visitors (`Cursor.get_children`, which `walk_preorder` and
    every `get_children` call use, and `TranslationUnit.get_includes`) run as
    ctypes callbacks, and ctypes prints an exception raised in a callback and
    drops it: a RecursionError, a MemoryError or a Ctrl-C there would return
    part of the children, and the analysis would prove its facts on part of
    the code, or the cache would miss a header it depends on. The bindings'
    two methods are replaced, once, by `children` and `includes`, which
    return the same lists and raise what their visitor raised. (Ctrl-C is
    also caught by `rapcc.interrupts` wherever it lands.)"""
    ci.Cursor.get_children = lambda self: iter(children(self))  # type: ignore[method-assign]
    ci.TranslationUnit.get_includes = includes  # type: ignore[method-assign]


_install_safe_visitors()


def specialized_template(cursor: Cursor) -> Cursor | None:
    """The template a function specialization was instantiated from."""
    _ensure_bound()
    t = _lib.clang_getSpecializedCursorTemplate(cursor)
    if t is None or _lib.clang_Cursor_isNull(t):
        return None
    t._tu = cursor._tu  # cindex cursors carry their translation unit
    return t


# CXTemplateArgumentKind: libclang 18's Python bindings name kinds 0 to 4 only,
# and `Cursor.get_template_argument_kind` raises on a pack (8).
_TEMPLATE_ARGUMENT_INTEGRAL, _TEMPLATE_ARGUMENT_PACK = 4, 8
_TEMPLATE_PARAMETERS = (ci.CursorKind.TEMPLATE_NON_TYPE_PARAMETER, ci.CursorKind.TEMPLATE_TYPE_PARAMETER,
                        ci.CursorKind.TEMPLATE_TEMPLATE_PARAMETER)


def template_arguments(cursor: Cursor) -> tuple[int | None, ...] | None:
    """The template arguments of a function specialization, by position: an
    integer argument's value, None for an argument of any other kind (a type,
    a declaration, an expression still dependent). None for them all where
    libclang cannot count them or one of them is a pack (`template <int...
    Ns>`): libclang exposes no pack's elements, so such an instance is not
    known."""
    _ensure_bound()
    n = _lib.clang_Cursor_getNumTemplateArguments(cursor)
    if n < 0:
        return None
    out: list[int | None] = []
    for i in range(n):
        kind = _lib.clang_Cursor_getTemplateArgumentKind(cursor, i)
        if kind == _TEMPLATE_ARGUMENT_PACK:
            return None
        out.append(int(_lib.clang_Cursor_getTemplateArgumentValue(cursor, i))
                   if kind == _TEMPLATE_ARGUMENT_INTEGRAL else None)
    return tuple(out)


def nontype_template_arguments(ref: Cursor, tmpl: Cursor) -> tuple[tuple[Cursor, int | None], ...] | None:
    """Each non-type parameter of template `tmpl` with its value in the
    specialization `ref` (None where the argument is no integer); None where
    `template_arguments` is, or where the arguments do not match the
    parameters one for one (a parameter pack among them)."""
    args = template_arguments(ref)
    params = [k for k in children(tmpl) if k.kind in _TEMPLATE_PARAMETERS]
    if args is None or len(args) != len(params):
        return None
    return tuple((p, v) for p, v in zip(params, args) if p.kind == ci.CursorKind.TEMPLATE_NON_TYPE_PARAMETER)


def overloaded_decls(cursor: Cursor) -> list[Cursor]:
    """The declarations an OVERLOADED_DECL_REF (a dependent call's name) may mean."""
    _ensure_bound()
    out = []
    for i in range(_lib.clang_getNumOverloadedDecls(cursor)):
        d = _lib.clang_getOverloadedDecl(cursor, i)
        if not _lib.clang_Cursor_isNull(d):
            d._tu = cursor._tu
            out.append(d)
    return out


def macro_function_like(cursor: Cursor) -> bool:
    """Whether a MACRO_DEFINITION takes arguments (`#define F(x) ...`)."""
    _ensure_bound()
    return bool(_lib.clang_Cursor_isMacroFunctionLike(cursor))


def in_main_file(cursor: Cursor) -> bool:
    """Whether the cursor's (expansion) location is in the main file; cheaper
    than comparing file names, which matters over the shim's declarations."""
    _ensure_bound()
    return bool(_lib.clang_Location_isFromMainFile(cursor.location))


class _SourceRangeList(ctypes.Structure):
    _fields_ = [("count", ctypes.c_uint), ("ranges", ctypes.POINTER(ci.SourceRange))]


def skipped_ranges(tu: ci.TranslationUnit, path: str | None = None) -> list[tuple[FileLoc, FileLoc]]:
    """The preprocessor-inactive regions (`#if 0 ... #endif`, the branch of
    `#ifdef X` not taken), from the `#if` line to the `#endif`: those of the file
    `path` where given, else of every file of `tu`. Asking for one file matters
    under the toolkit's headers: their thousands of skipped regions (the
    precompiled prelude's included) cost ~25 ms a parse to list and locate."""
    _ensure_bound()
    if not hasattr(_lib, "_rapcc_skipped"):
        _bind("clang_getAllSkippedRanges", [ctypes.c_void_p], ctypes.POINTER(_SourceRangeList))
        _bind("clang_getSkippedRanges", [ctypes.c_void_p, ctypes.c_void_p], ctypes.POINTER(_SourceRangeList))
        _bind("clang_getFile", [ctypes.c_void_p, ctypes.c_char_p], ctypes.c_void_p)
        _bind("clang_disposeSourceRangeList", [ctypes.POINTER(_SourceRangeList)], None)
        _lib._rapcc_skipped = True
    handle = tu.obj if hasattr(tu, "obj") else tu
    file = _lib.clang_getFile(handle, os.fsencode(path)) if path is not None else None
    # A file clang does not know by that name: every file's, filtered below (never fewer regions).
    lst = _lib.clang_getSkippedRanges(handle, file) if file else _lib.clang_getAllSkippedRanges(handle)
    if not lst:
        return []
    try:
        out = []
        for k in range(lst.contents.count):
            r = lst.contents.ranges[k]
            start = file_location(r.start)
            if path is None or start.file == path:
                out.append((start, file_location(r.end)))
        return out
    finally:
        _lib.clang_disposeSourceRangeList(lst)


# CXTokenKind: the kinds whose spelling clang copies from the file's bytes as
# they are (an identifier's or keyword's is the name clang looked up, which
# drops line splices).
_PUNCTUATION, _KEYWORD, _IDENTIFIER, _LITERAL, COMMENT_TOKEN = 0, 1, 2, 3, 4
_TOKEN_UINTS = ctypes.sizeof(ci.Token) // ctypes.sizeof(ctypes.c_uint)


class LexedTokens:
    """`clang_tokenize` over an extent, read without a cindex `Token` (and its
    several C calls) per token: its kind and length are read from the token
    array in one pass, and a token spelled by plain bytes of the file is read
    from them (issue 20: this runs over every token of each parse's file).
    `close()` frees the tokens."""

    def __init__(self, tu: ci.TranslationUnit, extent: ci.SourceRange, source: bytes | None) -> None:
        """`source`: the bytes clang lexed (None: every spelling is asked of libclang)."""
        _ensure_bound()
        self._tu, self._source = tu, source
        self._memory = ctypes.POINTER(ci.Token)()
        count = ctypes.c_uint()
        conf.lib.clang_tokenize(tu, extent, ctypes.byref(self._memory), ctypes.byref(count))
        self.count = int(count.value)
        self._array = ctypes.cast(self._memory, ctypes.POINTER(ci.Token * self.count)).contents \
            if self.count else ()
        flat = list(ctypes.cast(self._memory, ctypes.POINTER(ctypes.c_uint * (_TOKEN_UINTS * self.count))).contents) \
            if self.count else []
        self.kinds: list[int] = flat[0::_TOKEN_UINTS]
        self._lengths: list[int] = flat[2::_TOKEN_UINTS]
        self._f, self._line, self._col, self._off = ctypes.c_void_p(), ctypes.c_uint(), ctypes.c_uint(), ctypes.c_uint()
        self._refs = (ctypes.byref(self._f), ctypes.byref(self._line), ctypes.byref(self._col), ctypes.byref(self._off))

    def start(self, i: int, names: dict[int, str]) -> tuple[str | None, int, int, int]:
        """`expansion_parts` of token i's start (its token location, which is its extent's start)."""
        loc = conf.lib.clang_getTokenLocation(self._tu, self._array[i])
        _lib.clang_getExpansionLocation(loc, *self._refs)
        h = self._f.value
        if not h:
            return None, self._line.value, self._col.value, self._off.value
        name = names.get(h)
        if name is None:
            name = names[h] = _spelling(_lib.clang_getFileName(self._f))
        return name, self._line.value, self._col.value, self._off.value

    def spelling(self, i: int, offset: int) -> str:
        """Token i's spelling, as `Token.spelling`; `offset`: where it starts in the file.
        Read from the file's bytes only where they are what clang returns: its
        own bytes for punctuation, literals and comments, and an identifier's
        or keyword's with no splice (nor trigraph) to clean; ASCII without NUL,
        which clang's C string would end at."""
        source, length, kind = self._source, self._lengths[i], self.kinds[i]
        if source is not None and offset + length <= len(source):
            raw = source[offset:offset + length]
            if raw.isascii() and b"\0" not in raw and \
                    (kind in (_PUNCTUATION, _LITERAL, COMMENT_TOKEN) or b"\\" not in raw and b"?" not in raw):
                return raw.decode("ascii")
        return conf.lib.clang_getTokenSpelling(self._tu, self._array[i])

    def end(self, i: int, names: dict[int, str]) -> int:
        """The offset of token i's extent's end, where it is expanded."""
        return expansion_parts(conf.lib.clang_getTokenExtent(self._tu, self._array[i]).end, names)[3]

    def close(self) -> None:
        if self.count:
            conf.lib.clang_disposeTokens(self._tu, self._memory, self.count)
            self.count, self._array = 0, ()


def token_spellings(cursor: Cursor) -> list[str]:
    """The spelling of each token libclang lexes in the cursor's extent, as
    `[t.spelling for t in cursor.get_tokens()]` gives them, without a Python
    object per token: a statement that ends in a macro spans from the macro's
    definition, thousands of tokens (issue 20: Parboil's cutcp, `CUERR`)."""
    _ensure_bound()
    assert _lib is not None
    tu = cursor.translation_unit
    memory = ctypes.POINTER(ci.Token)()
    count = ctypes.c_uint()
    _lib.clang_tokenize(tu, cursor.extent, ctypes.byref(memory), ctypes.byref(count))
    n = int(count.value)
    if n < 1:
        return []
    try:
        spell, text = _lib.clang_getTokenSpelling, _lib.clang_getCString
        # Each string is disposed of by its own `__del__` (ci._CXString), as
        # cindex's are; disposing of it here too would free it twice.
        return [text(spell(tu, memory[i])).decode("utf8") for i in range(n)]
    finally:
        _lib.clang_disposeTokens(tu, memory, count)


_PSEUDO_OBJECT = "<pseudo-object type>"


def member_spelling(cursor: Cursor) -> str:
    """A MEMBER_REF_EXPR's member name. Under clang's own CUDA headers
    `threadIdx.x` is a property (`__declspec(property)` of
    `__cuda_builtin_threadIdx_t`), which libclang exposes with no spelling:
    its name is read from its tokens, only where they are exactly
    `base . name` (not through a macro, whose extent spells the macro)."""
    name = cursor.spelling
    if name or cursor.type.spelling != _PSEUDO_OBJECT:
        return name
    toks = token_spellings(cursor)
    if len(toks) == 3 and toks[1] == "." and toks[2] in ("x", "y", "z"):
        return toks[2]
    return ""


def strip(cursor: Cursor) -> Cursor:
    """Skip parentheses and implicit conversions that have one child."""
    while cursor.kind in (ci.CursorKind.PAREN_EXPR, ci.CursorKind.UNEXPOSED_EXPR):
        kids = children(cursor)
        if len(kids) != 1:
            break
        cursor = kids[0]
    return cursor
