"""Arrays whose code depends on nvcc macros rapcc does not know.

Where no nvcc says what `__CUDACC_VER_MAJOR__` or `__CUDA_ARCH__` will be (see
build_macros.py), the parse runs with pinned values, and code under a branch
they decide may not be what nvcc compiles. The whitelist: a value rapcc does
not know licenses nothing, so every array spelled where such a value decides
what is compiled is kept as written.

What is modelled exactly, in the analysed file's tokens:
- an `#if`/`#elif` group whose conditions name an unknown macro (its whole
  extent, `#if` to `#endif`, every branch of it); `#ifdef __CUDA_ARCH__` and
  `defined(__CUDACC_VER_MAJOR__)` are known (nvcc always defines them);
- a macro whose body names an unknown one, or that is defined inside such a
  group, is unknown too (to a fixed point);
- `if constexpr (...)` whose condition names one, when its branches are
  braced blocks (the statement's extent, `else` blocks included).
Every other spelling of an unknown macro (code that computes with its value,
an unbraced `if constexpr`, a user header that names one) may reach any array
of the file through values rapcc does not follow: every array is kept.

Code under such a branch reaches more than the arrays it spells: a local it
assigns (`skew = 0;` / `skew = 16;`), a constant, function or specialization
it declares, a launch shape it picks. Where the branch holds code (anything
but `#define`, `#error`, `#warning`, `#pragma`, `#line` and nested
conditionals), what it decides is unknown wherever its values may flow: inside
a `__global__` kernel's body, that kernel's arrays and those of every function
its body names (to a fixed point: the values flow into callees through their
arguments; a kernel returns nothing, and memory is never a known value);
anywhere else (file scope, a device function, host code), every array.
"""
from __future__ import annotations

from dataclasses import dataclass, replace
from typing import TYPE_CHECKING, Callable

from .. import ir
from ..build_macros import ALWAYS_DEFINED, COMPILER_MACROS, COMPILER_PREFIXES, NO_NVCC, BuildMacros
from .inactive import _line_start_skip, _macro_bodies
from .tokens import FileTokens, Token

if TYPE_CHECKING:
    from .header_branches import HeaderBranch, HeaderFacts

_CONDITIONS = ("if", "elif", "ifdef", "ifndef", "elifdef", "elifndef")
# Directives that change nothing a branch's code could reach by themselves: a
# `#define`'s name is followed to its spellings (an unknown macro), and nested
# conditionals hold what they hold. `#include` and `#undef` count as code.
_INERT_DIRECTIVES = frozenset(_CONDITIONS + ("else", "endif", "define", "error", "warning", "pragma", "line"))


@dataclass(frozen=True, slots=True)
class Governed:
    """A span of the file whose compiled text an unknown macro decides."""

    start: int
    end: int
    at: ir.SourceRange  # the directive or `if constexpr` that decides it
    macro: str
    code: bool = True  # it holds code, not only directives that reach nothing by themselves
    build_flag: bool = False  # decided by a macro of the build's (-D, a header), not by nvcc or the compiler


def _is_name(t: Token) -> bool:
    return t.spelling[:1].isalpha() or t.spelling[:1] == "_"


def _directive_lines(tokens: FileTokens, source: bytes) -> list[tuple[int, str, list[Token]]]:
    """(index of its `#`, directive word, the rest of its tokens) of every directive of the file."""
    toks = tokens.tokens
    out = []
    for i, t in enumerate(toks[:-1]):
        if t.spelling != "#" or _line_start_skip(source, t.start) != t.start:
            continue
        rest = []
        j = i + 2
        end_line = _last_line(source, t.start)
        while j < len(toks) and toks[j].line <= end_line:
            rest.append(toks[j])
            j += 1
        out.append((i, toks[i + 1].spelling, rest))
    return out


def _last_line(source: bytes, offset: int) -> int:
    """The line a directive starting at `offset` ends on (backslash continuations)."""
    line = source.count(b"\n", 0, offset) + 1
    end = source.find(b"\n", offset)
    while end > 0 and source[:end].rstrip(b"\r").endswith(b"\\"):
        line += 1
        end = source.find(b"\n", end + 1)
    return line


def _condition_names(word: str, rest: list[Token]) -> list[str]:
    """The macros a condition reads the value of; a name only tested for
    being defined (`#ifdef X`, `defined(X)`) counts where nvcc might not define it."""
    if word in ("ifdef", "ifndef", "elifdef", "elifndef"):
        return [t.spelling for t in rest[:1] if t.spelling not in ALWAYS_DEFINED]
    out = []
    for k, t in enumerate(rest):
        if not _is_name(t) or t.spelling == "defined":
            continue
        tested = (k >= 1 and rest[k - 1].spelling == "defined") or \
            (k >= 2 and rest[k - 1].spelling == "(" and rest[k - 2].spelling == "defined")
        if tested and t.spelling in ALWAYS_DEFINED:
            continue
        out.append(t.spelling)
    return out


def governed(tokens: FileTokens, source: bytes, build: BuildMacros, path: str,
             also: frozenset[str] = frozenset(), inlining: frozenset[str] = frozenset()
             ) -> tuple[tuple[Governed, ...], ir.SourceRange | None, str]:
    """The spans unknown macros decide, and where one is spelled in a way
    not modelled (None where none is), with that macro's name. `also`: macros
    the user's other files make unknown (header_branches.py); `inlining`: those
    whose every definition only asks for inlining, whose spellings in code
    change no value (header_branches.inert_macros)."""
    return decided(tokens, source, build, path, also, inlining)[:3]


def decided(tokens: FileTokens, source: bytes, build: BuildMacros, path: str,
            also: frozenset[str] = frozenset(), inlining: frozenset[str] = frozenset()
            ) -> tuple[tuple[Governed, ...], ir.SourceRange | None, str, frozenset[str]]:
    """`governed`, and the macros the file makes unknown: those it defines
    from unknown ones or under a group they decide (for the files that include it)."""
    toks = tokens.tokens
    directives = _directive_lines(tokens, source)
    unknown = {t.spelling for t in toks if _is_name(t) and (build.is_unknown(t.spelling) or t.spelling in also)}
    if not unknown:
        return (), None, "", frozenset()
    named = frozenset(unknown)

    def at(t: Token) -> ir.SourceRange:
        return ir.SourceRange(path, t.line, t.col, t.start, t.end)

    groups = _groups(directives, toks)
    bodies = _macro_bodies(tokens, source)
    inert = {t.start for i, word, rest in directives if word in _INERT_DIRECTIVES
             for t in (toks[i], toks[i + 1], *rest)}
    spans: list[Governed] = []
    while True:  # macros defined from unknown ones, or under a group they decide, are unknown
        spans = [Governed(lo, hi, at(toks[i]), name, any(t.start not in inert for t in tokens.between(lo, hi)))
                 for i, lo, hi, names in groups for name in names if name in unknown]
        grown = {m.spelling for h, m, body in bodies
                 if m.spelling not in unknown and (any(t.spelling in unknown for t in body)
                                                   or any(g.start <= h.start < g.end for g in spans))}
        if not grown:
            break
        unknown |= grown
    in_directive = {t.start for _, _, rest in directives for t in rest}
    constexpr, loose = _constexpr_spans(tokens, unknown, at)
    spans += constexpr
    covered = {t.start for g in constexpr for t in tokens.between(*_condition_of(tokens, g))}
    made = frozenset(unknown - named)
    for k, t in enumerate(toks):
        if t.spelling in unknown and t.start not in in_directive and t.start not in covered and \
                not _inlining(toks, k, inlining):
            return tuple(spans), at(t), t.spelling, made
    if loose is not None:
        return tuple(spans), at(loose), loose.spelling, made
    return tuple(spans), None, "", made


def _inlining(toks: list[Token], k: int, inlining: frozenset[str]) -> bool:
    """Whether toks[k] spells a macro that only asks for inlining, as a
    specifier: not before `namespace`, where `inline` changes name lookup."""
    return toks[k].spelling in inlining and (k + 1 >= len(toks) or toks[k + 1].spelling != "namespace")


def _groups(directives: list[tuple[int, str, list[Token]]], toks: list[Token]
            ) -> list[tuple[int, int, int, tuple[str, ...]]]:
    """(index of the `#if`, its start, its `#endif`'s end, the names its conditions read) of every group."""
    stack: list[tuple[int, list[str]]] = []
    out = []
    for i, word, rest in directives:
        if word in ("if", "ifdef", "ifndef"):
            stack.append((i, _condition_names(word, rest)))
        elif word in _CONDITIONS and stack:
            stack[-1][1].extend(_condition_names(word, rest))
        elif word == "endif" and stack:
            opener, names = stack.pop()
            end = rest[-1].end if rest else toks[i + 1].end
            out.append((opener, toks[opener].start, end, tuple(names)))
    # An `#if` without its `#endif` (the file ends inside it) decides the rest of the file.
    for opener, names in stack:
        out.append((opener, toks[opener].start, toks[-1].end, tuple(names)))
    return out


def _condition_of(tokens: FileTokens, g: Governed) -> tuple[int, int]:
    """The `( ... )` of the `if constexpr` at g.start."""
    i = tokens.index_at(g.start)
    assert i is not None
    close = tokens.matching(i + 2)
    assert close is not None
    return tokens.tokens[i + 2].start, tokens.tokens[close].end


def _constexpr_spans(tokens: FileTokens, unknown: set[str], at: Callable[[Token], ir.SourceRange]
                     ) -> tuple[list[Governed], Token | None]:
    """`if constexpr` statements whose condition names an unknown macro, and the
    first such one whose extent is not braced blocks (None where none)."""
    toks = tokens.tokens
    out: list[Governed] = []
    for i in tokens.find_sequence(0, toks[-1].end + 1, ("if", "constexpr", "(")):
        close = tokens.matching(i + 2)
        if close is None:
            return out, toks[i]
        named = [t for t in toks[i + 3:close] if t.spelling in unknown]
        if not named:
            continue
        end = _braced_end(tokens, close + 1)
        if end is None:
            return out, named[0]
        out.append(Governed(toks[i].start, toks[end].end, at(toks[i]), named[0].spelling))
    return out, None


def _braced_end(tokens: FileTokens, j: int) -> int | None:
    """Index of the last token of `{...} [else {...} | else if constexpr (...) {...} ...]`
    starting at token j; None where a branch is not a braced block."""
    toks = tokens.tokens
    while True:
        if j >= len(toks) or toks[j].spelling != "{":
            return None
        end = tokens.matching(j)
        if end is None:
            return None
        if end + 1 < len(toks) and toks[end + 1].spelling == "else":
            j = end + 2
            if j + 2 < len(toks) and toks[j].spelling == "if" and toks[j + 1].spelling == "constexpr" \
                    and toks[j + 2].spelling == "(":
                close = tokens.matching(j + 2)
                if close is None:
                    return None
                j = close + 1
            continue
        return end


def refuse_unknown_macros(info: ir.TranslationUnitInfo, tokens: FileTokens, build: BuildMacros,
                          headers: HeaderFacts | None = None,
                          flags: tuple[Governed, ...] = ()) -> ir.TranslationUnitInfo:
    """`info` with an escape for every array spelled where a macro whose value
    rapcc does not know decides the code; `headers`: what the user's headers
    the parse read decide (header_branches.py); `flags`: the groups a build's
    macro decides (flag_branches.py), which keep the arrays their values reach."""
    if not info.arrays:
        return info
    also, inert = (headers.unknown, headers.inert) if headers is not None else (frozenset(), frozenset())
    spans, loose, macro = governed(tokens, info.source, build, info.path, also, inert)
    header = headers.keeps if headers is not None else None
    extra: list[ir.Escape] = []
    for arr in info.arrays:
        if loose is not None:
            extra.append(ir.Escape(arr.key, arr.function, loose, f"'{macro}' is used in code that may reach "
                                   f"'{arr.name}', and {_how(build, macro, also)}"))
            continue
        if header is not None:
            # the escape stays at the declaration: an escape's range is the main file's
            extra.append(ir.Escape(arr.key, arr.function, arr.decl, _header_why(header, arr.name, build, also)))
            continue
        offsets = _offsets(info, arr)
        hit = next((g for g in spans for off in offsets if g.start <= off < g.end), None)
        if hit is not None:
            extra.append(ir.Escape(arr.key, arr.function, hit.at, f"'{arr.name}' is used under a branch that "
                                   f"'{hit.macro}' decides, and {_how(build, hit.macro, also)}"))
            continue
        reach = next((g for g in spans + flags if g.code and _reaches(info, tokens, g, arr, offsets)), None)
        if reach is not None:
            extra.append(ir.Escape(arr.key, arr.function, reach.at, f"'{reach.macro}' decides code at line "
                                   f"{reach.at.line} whose values may reach '{arr.name}', and "
                                   f"{_how(build, reach.macro, also)}"))
    if not extra:
        return info
    return replace(info, escapes=info.escapes + tuple(extra))


def _how(build: BuildMacros, macro: str, also: frozenset[str] = frozenset()) -> str:
    """Why `macro`'s value is not known, for a diagnostic; `also`: those a user header makes unknown."""
    if macro in also:
        return ("a header of the user's defines it under a branch whose condition rapcc cannot know "
                "(the compiler's or nvcc's own macros); define it outside that branch")
    if not build.is_unknown(macro):
        return ("another build may define it otherwise (-D, a header), and rapcc guards only the integer macros "
                "a kernel's text reads; move the choice into a macro the kernel spells")
    if macro in COMPILER_MACROS or macro.startswith(COMPILER_PREFIXES):
        return ("the compiler that builds the file decides its value (nvcc's front end and host compiler, or "
                "-std), not rapcc's clang parse")
    hint = "; put the nvcc that compiles on PATH, or pass --arch" if build.source.startswith(NO_NVCC) else ""
    return f"its value is not known here ({build.source}{hint})"


def _offsets(info: ir.TranslationUnitInfo, arr: ir.SharedArray) -> list[int]:
    """Where `arr` is spelled or used: its declaration, spellings, aliases, accesses and escapes."""
    offsets = list(info.spellings.get(arr.key, ())) + [arr.decl.start]
    offsets += [off for al in info.aliases if al.array == arr.key for off in al.spellings]
    offsets += [a.range.start for a in info.accesses if a.array == arr.key]
    offsets += [e.range.start for e in info.escapes if e.array == arr.key]
    return offsets


def _reaches(info: ir.TranslationUnitInfo, tokens: FileTokens, g: Governed, arr: ir.SharedArray,
             offsets: list[int]) -> bool:
    """Whether the values of code under `g` may reach `arr` (module docstring):
    only code inside a `__global__` kernel's body is confined, to that kernel
    and the functions its body names, to a fixed point."""
    inside = [k for k in info.kernels if k.range.start <= g.start and g.end <= k.range.end]
    if not inside:
        return True
    kernel = max(inside, key=lambda k: k.range.start)  # the innermost
    if not kernel.is_global:
        return True  # a device function's values flow to its callers too
    ranges = [kernel.range]
    names = {kernel.name}
    while True:
        spelled = {t.spelling for r in ranges for t in tokens.between(r.start, r.end) if _is_name(t)}
        more = [k for k in info.kernels if k.name in spelled and k.name not in names and not k.is_global]
        if not more:
            break
        names |= {k.name for k in more}
        ranges += [k.range for k in more]
    if any(r.start <= off < r.end for r in ranges for off in offsets):
        return True
    # An array of a function this walk names, or of one it does not know (a
    # method, an operator): reached. Only another kernel's own arrays are not.
    owner = [k for k in info.kernels if k.name == arr.function]
    return arr.function is not None and (arr.function in spelled or not owner)


def _header_why(h: HeaderBranch, name: str, build: BuildMacros, also: frozenset[str]) -> str:
    """The diagnostic of a header's branch that keeps `name`."""
    where = f"{h.at.file}:{h.at.line}:{h.at.col}"
    what = f"the header code at {where} uses '{h.macro}'" if h.reach.value == "spelled" else \
        f"'{h.macro}' decides code at {where}"
    return f"{what} whose values may reach '{name}', and {_how(build, h.macro, also)}"
