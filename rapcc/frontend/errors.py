"""Where clang's errors sit, so that an error refuses only the code it is in.

Real files include host code and helper headers that rapcc's parse cannot
always compile (a runtime API the stand-ins lack, a platform `#error`, a type
from a header the user did not pass). clang recovers from such errors and
keeps the rest of the AST, so rapcc goes on:

- an error inside a top-level declaration of the main file (a function, a
  struct, a namespace member) taints that declaration: a shared array declared
  or used in it is left untouched, with the error's line as the reason;
- an error in another header of the user's taints the main-file declarations
  its "in instantiation of ... requested here" notes point at, and the arrays
  whose element type is declared where the error is; otherwise it is a note;
- an error in a system or toolkit header (see headers.py: a header nvcc
  compiles, which libclang does not always) taints only the arrays whose
  element type is declared where the error is. An instantiation it sits in
  does not taint the user's code that requested it: where the failure reaches
  the user's code (a call whose type cannot be formed, a member that is not
  there), clang reports an error at the user's line, which taints as above;
  an error inside an instantiated body leaves the user's AST as written;
- an error in the main file outside every declaration (a broken `#if`, an
  `#error`, stray tokens between functions) means the file's structure cannot
  be trusted, and the whole file is refused (`ParseError`);
- so does a syntax error in the main file (clang's "Parse Issue" category: a
  missing `;`, an unbalanced bracket), when every header was found and the
  user's code includes none of the system's: it is the user's to fix, as nvcc
  would say, and no stand-in rapcc lacks causes it. Past a system header (a
  stand-in may lack what the code uses), inside a launch's `<<<...>>>` or an
  `asm` statement (where nvcc takes what clang does not), it taints its
  declaration instead. With a header missing, a macro it defines may be what clang could not
  parse, so such errors taint their declaration as above.

A header that is not found stays a warning: clang parses on, and whatever the
file needed from it shows up as an error in the code that needed it.
"""
from __future__ import annotations

from dataclasses import dataclass, replace

import clang.cindex as ci
from clang.cindex import CursorKind as K

from .clangext import children
from .. import ir
from ..diagnostics import Diagnostic
from ..wording import count
from .headers import HeaderKinds
from .toplevel import top_level

# Top-level cursors rapcc looks inside of for the declaration an error sits in.
_SCOPES = {K.NAMESPACE, K.LINKAGE_SPEC, K.UNEXPOSED_DECL}
_NOT_DECLS = {K.MACRO_DEFINITION, K.MACRO_INSTANTIATION, K.INCLUSION_DIRECTIVE}
_CHECK_ID = "rapcc-parse-error"
_SYNTAX = "Parse Issue"  # clang's category of syntax errors
# Parse errors clang makes on code nvcc's front end takes (an attribute
# placed where EDG allows it): they taint their declaration, not the file.
_DIALECT = frozenset({"an attribute list cannot appear here"})


@dataclass(frozen=True, slots=True)
class ClangError:
    """One clang error, with the main-file offsets it belongs to (its own
    location, or the instantiation notes that lead to it)."""

    diagnostic: Diagnostic
    main_offsets: tuple[int, ...]
    main_line: int  # the line in the main file to name (0: none)
    main_col: int
    system: bool = False  # located in a system or toolkit header (see headers.py)
    syntax: bool = False  # clang's "Parse Issue" in the main file


@dataclass(frozen=True, slots=True)
class TaintedDecl:
    """A top-level declaration of the main file that has an error in it."""

    start: int
    end: int
    names: frozenset[str]  # identifiers spelled in it (a file-scope array used there is refused)
    error: ClangError

    def contains(self, offset: int) -> bool:
        return self.start <= offset < self.end


@dataclass(frozen=True, slots=True)
class ErrorScopes:
    tainted: tuple[TaintedDecl, ...]
    bad_types: tuple[tuple[int, ClangError], ...]  # (offset of a shared array's name, error in its element type)
    structural: tuple[ClangError, ...]  # errors that make the whole file untrustworthy
    errors: tuple[ClangError, ...]

    @property
    def clean(self) -> bool:
        return not self.errors


def _is_error(d: ci.Diagnostic) -> bool:
    return d.severity >= ci.Diagnostic.Error and not d.spelling.endswith("file not found")


def _top_decls(tu: ci.TranslationUnit, path: str) -> list[ci.Cursor]:
    """The innermost declarations that are direct members of the file,
    a namespace or an `extern "C"` block, in the main file."""
    out: list[ci.Cursor] = []
    stack = [t.cursor for t in top_level(tu) if t.file == path and t.kind not in _NOT_DECLS]
    while stack:
        c = stack.pop()
        if c.kind in _NOT_DECLS or c.location.file is None or c.location.file.name != path:
            continue
        if c.kind in _SCOPES:
            stack.extend(c.get_children())
        else:
            out.append(c)
    return out


def _error(d: ci.Diagnostic, path: str, headers: HeaderKinds | None) -> ClangError:
    loc = d.location
    file = loc.file.name if loc.file else path
    diag = Diagnostic("error", file, loc.line, loc.column, d.spelling, "clang-diagnostic")
    if file == path:
        syntax = d.category_name == _SYNTAX and d.spelling not in _DIALECT
        return ClangError(diag, (loc.offset,), loc.line, loc.column, syntax=syntax)
    if headers is not None and headers.is_system(file):
        return ClangError(diag, (), 0, 0, system=True)
    # "in instantiation of ... requested here" leads back to the main file;
    # "in file included from" only says how the header was reached.
    notes = [n.location for n in d.children if n.location.file is not None and n.location.file.name == path
             and not n.spelling.startswith("in file included from")]
    if notes:
        return ClangError(diag, tuple(n.offset for n in notes), notes[-1].line, notes[-1].column)
    return ClangError(diag, (), 0, 0)


def _within(cursor: ci.Cursor, error: ClangError) -> bool:
    ext = cursor.extent
    d = error.diagnostic
    if ext.start.file is None or ext.start.file.name != d.file:
        return False
    return (ext.start.line, ext.start.column) <= (d.line, d.col) <= (ext.end.line, ext.end.column)


def _element_decl(t: ci.Type) -> ci.Cursor | None:
    while t.kind in (ci.TypeKind.CONSTANTARRAY, ci.TypeKind.INCOMPLETEARRAY, ci.TypeKind.DEPENDENTSIZEDARRAY,
                     ci.TypeKind.VARIABLEARRAY):
        t = t.element_type
    decl = t.get_declaration()
    return None if decl.kind == K.NO_DECL_FOUND else decl


def _shared_decls(decls: list[ci.Cursor]) -> list[ci.Cursor]:
    return [c for top in decls for c in top.walk_preorder()
            if c.kind == K.VAR_DECL and any(k.kind == K.CUDASHARED_ATTR for k in children(c))]


def _dialect(d: ci.Diagnostic, tu: ci.TranslationUnit) -> bool:
    """An error only clang makes, on code nvcc compiles, that leaves the AST
    rapcc reads whole: a shared object with a constructor (`_shared_object`), or
    `__shared__ alignas(16) float As[...]` (the SDK's async copy samples). clang wants a C++11 attribute before the GNU one that
    `__shared__` expands to; it drops the alignment and keeps the declaration,
    and rapcc rewrites only subscripts and extents, so the `alignas` the user
    wrote stays in the output nvcc compiles."""
    if d.spelling == "initialization is not supported for __shared__ variables." and d.location.file is not None:
        return _shared_object(d, tu)
    if d.spelling != "an attribute list cannot appear here" or d.location.file is None:
        return False
    loc = d.location
    end = ci.SourceLocation.from_offset(tu, loc.file, loc.offset + len("alignas"))
    first = next(iter(tu.get_tokens(extent=ci.SourceRange.from_locations(loc, end))), None)
    return first is not None and first.spelling == "alignas"


def _includes_system_headers(tu: ci.TranslationUnit, headers: HeaderKinds | None) -> bool:
    """Whether the user's code `#include`s a system or toolkit header (the force-included CUDA shim is none)."""
    if headers is None:
        return False
    return any(inc.source is not None and inc.include is not None and not headers.is_system(inc.source.name)
               and headers.is_system(inc.include.name) for inc in tu.get_includes())


def _in_launch_config(d: ci.Diagnostic, tu: ci.TranslationUnit) -> bool:
    """A syntax error inside a kernel launch's `<<<...>>>`: nvcc takes braced
    lists there (`k<<<1, {64, 4}>>>`), clang does not. It taints the host
    function it is in (its launch is read from the tokens or called unknown,
    host_syntax.py), never the file."""
    loc = d.location
    if loc.file is None:
        return False
    start = ci.SourceLocation.from_position(tu, loc.file, loc.line, 1)
    end = ci.SourceLocation.from_position(tu, loc.file, loc.line + 1, 1)
    tokens = [t for t in tu.get_tokens(extent=ci.SourceRange.from_locations(start, end))
              if t.location.line == loc.line]
    before = [t.spelling for t in tokens if t.location.column < loc.column]
    at = next((t.spelling for t in tokens if t.location.column == loc.column), None)
    opens = max((i for i, t in enumerate(before) if t == "<<<"), default=-1)
    if opens >= 0 and ">>>" not in before[opens:]:
        return True
    # In a macro's expansion clang reports the error at the macro's name: a
    # macro whose body launches (itself or through another macro) counts.
    return at is not None and at in _launching_macros(tu)


_ASM = frozenset({"asm", "__asm__", "__asm"})


def _in_asm_statement(d: ci.Diagnostic, tu: ci.TranslationUnit) -> bool:
    """A syntax error inside an `asm(...)` statement: nvcc's front end takes
    operand lists clang does not (the CUDA samples' `::"r"(v) "l"(p)`). It
    taints the function it is in (an asm statement keeps every array it may
    name, program.py), never the file."""
    loc = d.location
    if loc.file is None:
        return False
    start = ci.SourceLocation.from_position(tu, loc.file, max(1, loc.line - 20), 1)
    tokens = [t for t in tu.get_tokens(extent=ci.SourceRange.from_locations(start, loc))
              if (t.location.line, t.location.column) < (loc.line, loc.column)]
    for t in reversed(tokens):
        if t.spelling in (";", "{", "}"):
            return False
        if t.spelling in _ASM:
            return True
    return False


def _launching_macros(tu: ci.TranslationUnit) -> frozenset[str]:
    """The names of the main file's macros whose bodies spell `<<<`, directly or through another such macro."""
    bodies = {c.spelling: {t.spelling for t in c.get_tokens()} for c in children(tu.cursor)
              if c.kind == K.MACRO_DEFINITION and c.location.file is not None
              and c.location.file.name == tu.spelling}
    launching = {name for name, toks in bodies.items() if "<<<" in toks}
    grew = True
    while grew:
        more = {name for name, toks in bodies.items() if name not in launching and toks & launching}
        launching |= more
        grew = bool(more)
    return frozenset(launching)


def _shared_object(d: ci.Diagnostic, tu: ci.TranslationUnit) -> bool:
    """`__shared__ cuda::pipeline_shared_state<...> state;` (the SDK's async copy
    samples): clang refuses any constructor call for a shared variable, nvcc only
    a non-empty one. Harmless to rapcc when the variable is a single object of
    class type, which it never rewrites; the error stays for nvcc to judge."""
    var = ci.Cursor.from_location(tu, d.location)
    while var is not None and var.kind != ci.CursorKind.VAR_DECL and var.semantic_parent is not None \
            and var.kind not in (ci.CursorKind.FUNCTION_DECL, ci.CursorKind.TRANSLATION_UNIT):
        var = var.semantic_parent if var.kind.is_expression() else None
    return var is not None and var.kind == ci.CursorKind.VAR_DECL \
        and var.type.get_canonical().kind == ci.TypeKind.RECORD


def error_scopes(tu: ci.TranslationUnit, path: str, headers: HeaderKinds | None = None) -> ErrorScopes:
    """Where clang's errors sit; `headers` tells the system's headers from the
    user's (None: every header is the user's)."""
    found = [d for d in tu.diagnostics if _is_error(d)]
    errors = tuple(_error(d, path, headers) for d in found)
    if not errors:
        return ErrorScopes((), (), (), ())
    harmless = {id(e) for e, d in zip(errors, found) if _dialect(d, tu)}
    decls = _top_decls(tu, path)
    spans = [(c.extent.start.offset, c.extent.end.offset + 1, c) for c in decls]
    tainted: list[TaintedDecl] = []
    structural: list[ClangError] = []
    # A syntax error is the user's to fix only where clang saw what nvcc sees:
    # every header found, and none of the system's (stand-ins or the toolkit,
    # which clang parses where nvcc's front end differs: `std::multimap` missing
    # from a stand-in reads as "expected '('") included by the user's code.
    headers_found = not any(d.spelling.endswith("file not found") for d in tu.diagnostics) \
        and not _includes_system_headers(tu, headers)
    for e, d in zip(errors, found):
        if id(e) in harmless or not e.main_offsets:
            continue
        if e.syntax and headers_found and not _in_launch_config(d, tu) and not _in_asm_statement(d, tu):
            structural.append(e)
            continue
        hit = False
        for off in e.main_offsets:
            for start, end, c in spans:
                if start <= off < end:
                    names = frozenset(t.spelling for t in c.get_tokens() if t.kind == ci.TokenKind.IDENTIFIER)
                    tainted.append(TaintedDecl(start, end, names, e))
                    hit = True
        if not hit:
            structural.append(e)
    bad_types: list[tuple[int, ClangError]] = []
    for var in _shared_decls(decls):
        elem = _element_decl(var.type)
        bad = next((e for e in errors if elem is not None and id(e) not in harmless and _within(elem, e)), None)
        if bad is not None:
            bad_types.append((var.location.offset, bad))
    return ErrorScopes(tuple(tainted), tuple(bad_types), tuple(structural), errors)


def _first_taint(scopes: ErrorScopes, arr: ir.SharedArray, uses: list[ir.SourceRange]) -> ClangError | None:
    for off, e in scopes.bad_types:
        if off == arr.decl.start:
            return e
    for t in scopes.tainted:
        if t.contains(arr.decl.start) or any(t.contains(u.start) for u in uses):
            return t.error
        if arr.function is None and arr.name in t.names:
            return t.error  # a file-scope array: clang may have dropped the use itself
    return None


def refuse_tainted(info: ir.TranslationUnitInfo, scopes: ErrorScopes) -> ir.TranslationUnitInfo:
    """`info` with an escape for every array declared, typed or used in code
    with a clang error: the planner then leaves it untouched, naming the error."""
    if scopes.clean:
        return info
    extra: list[ir.Escape] = []
    for arr in info.arrays:
        uses = [a.range for a in info.accesses if a.array == arr.key] + \
               [e.range for e in info.escapes if e.array == arr.key]
        e = _first_taint(scopes, arr, uses)
        if e is None:
            continue
        d = e.diagnostic
        where = ir.SourceRange(info.path, e.main_line, e.main_col, arr.decl.start, arr.decl.end) if e.main_line \
            else arr.decl
        place = "" if d.file == info.path else f" in {d.file}:{d.line}"
        extra.append(ir.Escape(arr.key, arr.function, where,
                               f"'{arr.name}' is declared or used in code with a clang error{place} ({d.message})"))
    if not extra:
        return info
    return replace(info, escapes=info.escapes + tuple(extra))


def error_notes(scopes: ErrorScopes, tu: ci.TranslationUnit, path: str, verbose: bool = False) -> list[Diagnostic]:
    """Each clang error rapcc goes on past, as a note where it sits; those in
    system or toolkit headers as one note for the file, at the user's
    `#include` that reaches the first of them (each of them with `verbose`)."""
    out = []
    seen: set[tuple[str, int, int, str]] = set()
    system: list[Diagnostic] = []
    for e in scopes.errors:
        d = e.diagnostic
        key = (d.file, d.line, d.col, d.message)
        if key in seen:
            continue
        seen.add(key)
        if e.system and not verbose:
            system.append(d)
            continue
        out.append(Diagnostic("note", d.file, d.line, d.col, f"clang error, analysis goes on without the code it "
                              f"is in: {d.message}", _CHECK_ID))
    if system:
        first = system[0]
        line, col = _entry(tu, path, first.file)
        files = len({d.file for d in system})
        out.append(Diagnostic("note", path, line, col,
                              f"{count(len(system), 'clang error')} in {count(files, 'system or toolkit header')}, "
                              f"first {first.file}:{first.line}: {first.message}; "
                              "the analysis goes on without that code (-v lists each)", _CHECK_ID))
    return out


def _entry(tu: ci.TranslationUnit, path: str, header: str) -> tuple[int, int]:
    """(line, column) of the main file's `#include` through which `header`
    was first reached; (0, 0) when none did (a force-included header)."""
    parent: dict[str, tuple[str, int, int]] = {}
    for inc in tu.get_includes():
        if inc.include is not None and inc.source is not None:
            parent.setdefault(inc.include.name, (inc.source.name, inc.location.line, inc.location.column))
    at, seen = header, set()
    while at in parent and at not in seen:
        seen.add(at)
        source, line, col = parent[at]
        if source == path:
            return line, col
        at = source
    return 0, 0
