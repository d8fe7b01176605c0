"""Which kernels another translation unit may launch (issue 27 §4: the launches of a single file).

A `__global__` function of external linkage may be declared and launched by
any unit of the program: nvcc needs no -rdc for a launch from host code. A
kernel *template* is different: a unit that only declares it cannot
instantiate it, and C++ requires the definition of every implicitly
instantiated specialization to be reachable where it is used unless that
specialization is explicitly instantiated in some unit ([temp.pre]/10). So a
kernel template defined in the file rapcc reads is launched by another unit
only through an explicit instantiation in this file, spelled `template` not
followed by `<`, or made by a macro defined elsewhere.

Whitelist: the unit may hold such an instantiation unless, in every file of
the user's it reads (the main file and its headers, not the system's: an
instantiation spelled in an `#include`d `.inc` file counts as much as one in
the file), no token is `template` without `<` (the bodies of `#define`s
included) and no macro defined outside those files expands at file scope,
other than CUDA's own declaration keywords. A file included into another unit
(the build's `unit`) may be included by other units too, with its templates.
"""
from __future__ import annotations

from collections.abc import Iterable
from dataclasses import dataclass

from .tokens import FileTokens

# Macros of the CUDA headers a declaration spells at file scope, none of which
# expands to a declaration of its own.
DECLARATION_MACROS = frozenset({
    "__global__", "__device__", "__host__", "__shared__", "__constant__", "__managed__", "__launch_bounds__",
    "__forceinline__", "__noinline__", "__inline__", "__restrict__", "__align__", "__cluster_dims__",
    "__grid_constant__", "__maxnreg__", "CUDART_CB",
})


@dataclass(frozen=True, slots=True)
class UserFile:
    """One file of the user's the unit reads, as `may_instantiate_explicitly` needs it."""

    tokens: FileTokens
    expansions: tuple[tuple[int, int, str], ...]  # macro uses: (start, end, name)
    bodies: tuple[tuple[int, int], ...]  # the spans of its function definitions


def may_instantiate_explicitly(files: Iterable[UserFile], own_macros: Iterable[str]) -> bool:
    """Whether the unit may hold an explicit instantiation: in one of the user's
    `files`, a `template` token not followed by `<`, or a file-scope expansion
    (outside the function bodies) of a macro none of them defines (`own_macros`)
    and CUDA does not declare with."""
    own = set(own_macros)
    return any(_spelled(f.tokens) or _expanded(f, own) for f in files)


def _spelled(tokens: FileTokens) -> bool:
    toks = tokens.tokens
    return any(t.spelling == "template" and (k + 1 >= len(toks) or toks[k + 1].spelling != "<")
               for k, t in enumerate(toks))


def _expanded(f: UserFile, own: set[str]) -> bool:
    # A macro named by a directive (`#ifdef __CUDACC__`) expands to no code.
    first: dict[int, str] = {}
    for t in f.tokens.tokens:
        first.setdefault(t.line, t.spelling)
    lines = {t.start: t.line for t in f.tokens.tokens}
    return any(name not in own and name not in DECLARATION_MACROS
               and first.get(lines.get(start, -1)) != "#"
               and not any(s <= start and end <= e for s, e in f.bodies)
               for start, end, name in f.expansions)
