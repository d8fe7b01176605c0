"""Groups whose branch a macro of the build decides (a -D flag, a header's
macro), and which hold code that may change what later code computes.

rapcc guards the integer macros a kernel's text reads (macros.py): another
build's -D values stop the rewritten file from compiling. A condition's
macros are not guarded, and the branches they choose are parsed once: a
branch that assigns a local (`skew = 16;`), declares a constant or a
function, or changes a type may reach any array its values flow to
(build_branches.py keeps those arrays, as for an unknown nvcc macro).

What is modelled exactly, in the main file's tokens:
- a group holding only directives (`#define` is followed through the guard
  on the macro's value where a kernel spells it);
- a file's include guard (`#ifndef M` then `#define M`, no `#else`);
- stores through subscripts only (`dst[i] = tile[r][c];`, optionally under
  `if (cond)` that assigns and calls nothing): they change memory, never a
  known value, and the arrays they spell are proved in every branch
  (inactive.py); and `printf(...)`/`assert(...)` on values read only.
Everything else a group holds is code whose values are not known.
"""
from __future__ import annotations

from .. import ir
from ..build_macros import ALWAYS_DEFINED, BuildMacros
from .build_branches import _INERT_DIRECTIVES, Governed, _directive_lines, _groups, _is_name
from .tokens import FileTokens, Token

# Defined in every compile nvcc makes, both passes: a condition on them decides nothing.
_NVCC_DEFINED = frozenset(ALWAYS_DEFINED + ("__CUDACC__", "__NVCC__", "true", "false"))


def flag_spans(tokens: FileTokens, source: bytes, build: BuildMacros, path: str) -> tuple[Governed, ...]:
    """The groups holding code whose conditions read a macro of the build's
    (a -D flag, a header's): another build may take another branch, and rapcc
    guards only the integer macros a kernel's text reads (macros.py), not a
    condition's. A file's include guard (`#ifndef M` then `#define M`, no
    `#else`) decides nothing a build would change."""
    toks = tokens.tokens
    directives = _directive_lines(tokens, source)
    inert = {t.start for i, word, rest in directives if word in _INERT_DIRECTIVES
             for t in (toks[i], toks[i + 1], *rest)}
    out = []
    for i, lo, hi, names in _groups(directives, toks):
        flags = [n for n in names if n not in _NVCC_DEFINED and not build.is_unknown(n)]
        if not flags or _include_guard(directives, i, lo, hi):
            continue
        code = [t for t in tokens.between(lo, hi) if t.start not in inert]
        if code and not _stores_only(code):
            t = toks[i]
            out.append(Governed(lo, hi, ir.SourceRange(path, t.line, t.col, t.start, t.end), flags[0],
                                build_flag=True))
    return tuple(out)


# What a store-only statement may not spell: control flow and declarations.
# (A type's keywords may appear in a cast; a branch that says only `unsigned`
# and another `int` is no statement of its own, and is refused as such.)
_NOT_A_STORE = frozenset(("return", "goto", "break", "continue", "typedef", "using", "struct", "class", "union",
                          "enum", "template", "namespace", "asm", "__asm", "__asm__", "static_assert", "throw",
                          "new", "delete", "case", "default", "if", "else", "for", "while", "do", "switch",
                          "constexpr", "static", "extern", "register", "decltype", "__shared__", "__device__",
                          "__global__", "__host__", "__constant__"))
_ASSIGNING = frozenset(("+=", "-=", "*=", "/=", "%=", "&=", "|=", "^=", "<<=", ">>=", "++", "--"))


def _stores_only(code: list[Token]) -> bool:
    """Whether a group's code (every branch's, directives left out) is stores
    through subscripts only (`dst[i] = tile[r][c];`): each statement a name,
    a subscript, then at most one `=` after a `]`, no call, block, declaration
    or other assignment. Such code changes memory, which is never a known
    value, and no name's value; the arrays it spells are proved in every
    branch (inactive.py). Anything else may change what later code computes."""
    statement: list[Token] = []
    for t in code:
        statement.append(t)
        if t.spelling != ";":
            continue
        statement = _without_sizeof(statement)
        if _report_only(statement):
            statement = []
            continue
        if statement and statement[0].spelling == "if" and len(statement) > 1 and statement[1].spelling == "(":
            close = _close(statement, 1)  # `if (cond) store;`: a condition that changes nothing
            if close is None or not _reads_only(statement[2:close]):
                return False
            statement = statement[close + 1:]
        if len(statement) < 3 or not _is_name(statement[0]) or statement[1].spelling != "[":
            return False
        for k, u in enumerate(statement):
            if u.spelling in _NOT_A_STORE or u.spelling in _ASSIGNING or u.spelling in ("{", "}"):
                return False
            if u.spelling == "(" and k > 0 and _is_name(statement[k - 1]):
                return False  # a call, a functional cast or a declarator
            if u.spelling == "=" and (statement[k - 1].spelling != "]" or
                                      any(v.spelling == "=" for v in statement[:k])):
                return False
        statement = []
    return not statement


# Calls that change no value the analysis reads: device printf (no `%n`
# there) and assert, whose arguments are read only.
_REPORTS = frozenset(("printf", "assert"))


def _report_only(statement: list[Token]) -> bool:
    """`printf(...);` or `assert(...);` whose arguments assign, call and take no address."""
    if len(statement) < 4 or statement[0].spelling not in _REPORTS or statement[1].spelling != "(":
        return False
    close = _close(statement, 1)
    args = statement[2:close] if close is not None else []
    return close == len(statement) - 2 and _reads_only(args) and not any(t.spelling == "&" for t in args)


def _close(toks: list[Token], i: int) -> int | None:
    """Index of the `)` closing the `(` at toks[i]."""
    depth = 0
    for k in range(i, len(toks)):
        depth += {"(": 1, ")": -1}.get(toks[k].spelling, 0)
        if depth == 0:
            return k
    return None


def _without_sizeof(toks: list[Token]) -> list[Token]:
    """`toks` with each `sizeof(...)`/`alignof(...)` left out: a constant, whatever it names."""
    out: list[Token] = []
    k = 0
    while k < len(toks):
        if toks[k].spelling in ("sizeof", "alignof") and k + 1 < len(toks) and toks[k + 1].spelling == "(":
            close = _close(toks, k + 1)
            if close is None:
                return toks  # unbalanced: judged as written (and refused)
            out.append(Token("0", toks[k].start, toks[close].end, toks[k].line, toks[k].col))
            k = close + 1
            continue
        out.append(toks[k])
        k += 1
    return out


def _reads_only(toks: list[Token]) -> bool:
    """An expression that assigns nothing and calls nothing."""
    return not any(u.spelling in _NOT_A_STORE or u.spelling in _ASSIGNING or u.spelling in ("=", "{", "}")
                   or (u.spelling == "(" and k > 0 and _is_name(toks[k - 1])) for k, u in enumerate(toks))


def _include_guard(directives: list[tuple[int, str, list[Token]]], opener: int, lo: int, hi: int) -> bool:
    at = next(k for k, d in enumerate(directives) if d[0] == opener)
    word, rest = directives[at][1], directives[at][2]
    if word != "ifndef" or not rest or at + 1 >= len(directives):
        return False
    nxt = directives[at + 1]
    if nxt[1] != "define" or not nxt[2] or nxt[2][0].spelling != rest[0].spelling:
        return False
    depth = 0
    for _, w, r in directives[at + 1:]:
        if r and r[-1].end > hi:
            break
        if w in ("if", "ifdef", "ifndef"):
            depth += 1
        elif w == "endif":
            if depth == 0:
                break
            depth -= 1
        elif depth == 0 and w in ("else", "elif", "elifdef", "elifndef"):
            return False
    return True
