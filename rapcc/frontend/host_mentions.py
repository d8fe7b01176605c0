"""Every mention of a kernel in host code, explained or made unknown.

A kernel's launches are known only where every mention of its name is read
exactly: the callee of a `<<<>>>` launch, the function argument of
`cudaLaunchKernel`/`cudaLaunchKernelEx`/`cudaLaunchCooperativeKernel` (and
of the runtime calls that only inspect it), or the initializer of a local
function pointer that only ever launches it (`auto f = k; f<<<g, b>>>()`).
Any other mention (its address stored, passed to a function rapcc does not
follow, a `void *` cast) is a launch rapcc cannot see (host_values.py); and a
token of its name that no expression of the parse explains (a launch clang's
parse dropped, such as `k<<<1, {64, 4}>>>`, which clang's parser rejects and
nvcc accepts) makes its launches unknown too.
"""
from __future__ import annotations

from clang.cindex import Cursor, CursorKind as K

from .clangext import children
from .exprs import decl_key, strip
from .host_braced import braced_launch
from .host_domain import Launch, Unknown
from .host_syntax import _LAUNCH_APIS, _LAUNCH_EX, _args, _config, _is_kernel, variable_ref
from .preorder import Preorder
from .tokens import Token


def _is_function_pointer(decl: Cursor) -> bool:
    t = decl.type.get_canonical()
    return t.kind.name == "POINTER" and t.get_pointee().kind.name in ("FUNCTIONPROTO", "FUNCTIONNOPROTO")


def _kernel_of(init: Cursor) -> Cursor | None:
    """The kernel an initializer names: `k`, `&k`, `k<32>`."""
    c = strip(init)
    if c.kind == K.UNARY_OPERATOR:
        kids = children(c)
        c = strip(kids[0]) if len(kids) == 1 else c
    ref = c.referenced if c.kind == K.DECL_REF_EXPR else None
    return ref if ref is not None and ref.kind in (K.FUNCTION_DECL, K.FUNCTION_TEMPLATE) and _is_kernel(ref) else None


def pointer_aliases(fn: Cursor, walks: Preorder) -> dict[str, tuple[Cursor, tuple[int, int]]]:
    """Local function pointers of `fn` set once, at their declaration, from a
    kernel, and used only as the callee of `<<<>>>` launches or the function
    argument of a launch API (`cudaLaunchKernel((void *)f, ...)`): the pointer's
    key -> (the kernel, the extent of the kernel's name in the initializer).
    A pointer written again, passed, captured or address-taken is no alias."""
    found: dict[str, tuple[Cursor, tuple[int, int]]] = {}
    for c in walks.walk(fn):
        if c.kind != K.VAR_DECL or not _is_function_pointer(c) or \
                (c.storage_class is not None and c.storage_class.name == "STATIC"):
            continue
        init = [k for k in walks.children(c) if k.kind.is_expression()]
        kernel = _kernel_of(init[-1]) if len(init) == 1 else None
        if kernel is not None:
            name = next(k for k in walks.walk(init[-1]) if k.kind == K.DECL_REF_EXPR)
            found[decl_key(c)] = (kernel, (name.extent.start.offset, name.extent.end.offset))
    if not found:
        return found
    callees = set()  # where a pointer may stand: a launch's callee, a launch API's function argument
    for c in walks.walk(fn):
        if c.kind == K.CALL_EXPR and _config(c) is not None:
            first = strip(next(iter(walks.children(c)), c))
            if first.kind == K.DECL_REF_EXPR:
                callees.add(first.extent.start.offset)
        elif c.kind == K.CALL_EXPR and (c.spelling in _LAUNCH_APIS or c.spelling in _LAUNCH_EX):
            args = _args(c)
            at = 0 if c.spelling in _LAUNCH_APIS else 1
            target = variable_ref(args[at]) if len(args) > at else None
            if target is not None:
                callees.add(target.extent.start.offset)
    lambdas = [(c.extent.start.offset, c.extent.end.offset) for c in walks.walk(fn) if c.kind == K.LAMBDA_EXPR]
    for c in walks.walk(fn):
        if c.kind != K.DECL_REF_EXPR or c.referenced is None or c.referenced.kind != K.VAR_DECL:
            continue
        key = decl_key(c.referenced)
        at = c.extent.start.offset
        if key in found and (at not in callees or any(s <= at < e for s, e in lambdas)):
            del found[key]
    return found


_NAMED = (K.DECL_REF_EXPR, K.OVERLOADED_DECL_REF, K.MEMBER_REF_EXPR, K.MEMBER_REF, K.VAR_DECL, K.PARM_DECL,
          K.FIELD_DECL, K.FUNCTION_DECL, K.FUNCTION_TEMPLATE, K.CXX_METHOD, K.TYPE_REF, K.TEMPLATE_REF,
          K.NAMESPACE_REF, K.LABEL_REF, K.LABEL_STMT, K.ENUM_CONSTANT_DECL, K.TYPEDEF_DECL, K.USING_DECLARATION)


def _directive_lines(tokens: list[Token]) -> dict[int, str]:
    """Line -> the directive word of each preprocessor line (`define`, `if`...)."""
    out: dict[int, str] = {}
    for i, t in enumerate(tokens[:-1]):
        if t.spelling == "#" and (i == 0 or tokens[i - 1].line != t.line):
            out[t.line] = tokens[i + 1].spelling
    return out


def unexplained_mentions(tokens: list[Token], names: set[str], tops: list[Cursor], walks: Preorder,
                         skipped: list[tuple[int, int]], seen: set[int]
                         ) -> tuple[list[Launch], list[tuple[int, int]]]:
    """A launch of unknown shape for each spelling of a kernel's name in the
    main file that the host interpreter did not judge (`seen`: the offsets of
    the mentions it read, as launches or as pointers): a reference to the
    kernel elsewhere (a file-scope table of kernels), or a spelling no cursor
    of the parse stands for (a dropped launch: clang reported an error there),
    which is read from the tokens where it is a plain `k<<<grid, {x, y}>>>(...)`
    of constants (host_braced.py). A spelling that declares something, or
    refers to another entity of that name, is explained. `skipped`: the
    preprocessor-inactive regions (another build's code, not this one's).
    Also returns the byte spans of the launches read from tokens: they have no
    effects, so the parse lost nothing else there."""
    directives = _directive_lines(tokens)
    defines = [(c.spelling, c.extent.start.offset, c.extent.end.offset) for c in tops if c.kind == K.MACRO_DEFINITION]
    # A `#define` body is code where it is expanded: each expansion is checked below.
    wanted = {t.start: t for t in tokens if t.spelling in names and t.start not in seen
              and directives.get(t.line) is None
              and not any(s <= t.start < e for s, e in skipped) and not any(s <= t.start < e for _, s, e in defines)}
    bodies = {name: [t for t in tokens if s < t.start < e] for name, s, e in defines}
    needed = {m: _kernel_count(m, bodies, names, set()) for m in bodies}
    # Every expansion that spells a kernel's name, in its arguments or (a macro of
    # this file) its body: clang puts what it expands at the expansion's start.
    expansions = [(start, end, c.spelling, c.location.line) for c in tops if c.kind == K.MACRO_INSTANTIATION
                  for start, end in [(c.extent.start.offset, c.extent.end.offset)]
                  if needed.get(c.spelling) or any(start <= at < end for at in wanted)]
    if not wanted and not expansions:
        return [], []
    located: dict[int, list[str]] = {}
    refs: dict[int, str] = {}  # mentions of a kernel the interpreter did not judge
    for top in tops:
        for c in walks.walk(top):
            if c.kind in _NAMED:
                at = c.location.offset
                located.setdefault(at, []).append(c.spelling)
                if c.kind in (K.DECL_REF_EXPR, K.OVERLOADED_DECL_REF) and c.spelling in names and at not in seen \
                        and (c.kind == K.OVERLOADED_DECL_REF or (c.referenced is not None and _is_kernel(c.referenced))):
                    refs[at] = c.spelling
    out: list[Launch] = []
    spans: list[tuple[int, int]] = []
    for start, end, macro, line in expansions:
        for name in names:
            inside = [t for t in wanted.values() if start <= t.start < end and t.spelling == name]
            need = len(inside) + needed.get(macro, {}).get(name, 0)
            have = sum(located.get(at, []).count(name) for at in range(start, end))
            if need > have:
                out.append(Launch(name, None, line, (), Unknown(
                    f"the expansion of '{macro}' at line {line} names '{name}' where the parse has no expression"),
                    None))
            for t in inside:
                wanted.pop(t.start, None)
    index = {t.start: i for i, t in enumerate(tokens)}
    for t in wanted.values():
        if t.start in refs:
            out.append(Launch(t.spelling, None, t.line, (), Unknown(
                f"'{t.spelling}' is named at line {t.line} other than in a launch rapcc reads"), None))
            continue
        if t.spelling in located.get(t.start, []):
            continue
        if _in_explicit_instantiation(tokens, index[t.start]):
            continue  # `template __global__ void k<16>(...);`: an instance (program.py), no launch
        read = braced_launch(tokens, index[t.start])
        if read is not None:
            out.append(Launch(t.spelling, None, t.line, read[0], None, read[1]))
            spans.append((t.start, tokens[read[2] - 1].end))
            continue
        out.append(Launch(t.spelling, None, t.line, (), Unknown(
            f"'{t.spelling}' at line {t.line} is in code clang could not parse (a launch rapcc cannot read)"), None))
    return out, spans


def _in_explicit_instantiation(tokens: list[Token], i: int) -> bool:
    """Whether token `i` is in a declaration that starts `template` without a
    parameter list (`[extern] template __global__ void k<16>(int *);`), which
    libclang shows no cursor for."""
    j = i
    while j > 0 and tokens[j - 1].spelling not in (";", "}", "{"):
        j -= 1
    if j < len(tokens) and tokens[j].spelling == "extern":
        j += 1
    if j + 1 >= len(tokens) or tokens[j].spelling != "template" or tokens[j + 1].spelling == "<":
        return False
    return not any(t.spelling in ("<<<", "=", "(") for t in tokens[j:i])


def _kernel_count(macro: str, bodies: dict[str, list[Token]], names: set[str], seen: set[str]) -> dict[str, int]:
    """How often a macro's expansion spells each kernel name, through the macros it expands."""
    if macro in seen:
        return {}
    seen = seen | {macro}
    out: dict[str, int] = {}
    for t in bodies.get(macro, []):
        if t.spelling in names:
            out[t.spelling] = out.get(t.spelling, 0) + 1
        elif t.spelling in bodies:
            for n, k in _kernel_count(t.spelling, bodies, names, seen).items():
                out[n] = out.get(n, 0) + k
    return out
