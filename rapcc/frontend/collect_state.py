"""The collector's state: what one walk of a file has found so far, and the
small helpers every part of the walk shares (source ranges, escapes, the
views a spelled name stands for, the walk's context).

`collect.py` composes the walk from the mixins of the `collect_*` modules,
each holding one concern's methods over this state."""
from __future__ import annotations

from bisect import bisect_right
from dataclasses import dataclass, field, replace

import clang.cindex as ci
from clang.cindex import Cursor, CursorKind as K

from .. import ir
from ..program_constants import ProgramConstants
from .clangext import children, file_location, in_main_file
from .exprs import decl_key, substitute, to_expr
from .host_values import Launch
from .preorder import Preorder
from .providers import Providers
from .referents import foreign
from .statements import ADDRESS_TAKEN, SubtreeWrites, assignment_counts
from .tokens import FileTokens


_FUNCTION_KINDS = {K.FUNCTION_DECL, K.FUNCTION_TEMPLATE, K.CXX_METHOD}
_ALL_FUNCTIONS = _FUNCTION_KINDS | {K.CONVERSION_FUNCTION, K.CONSTRUCTOR, K.DESTRUCTOR}
_ATOMIC_PREFIX = ("atomic",)


class _Seen(str):
    """An escape reason for a use rapcc predicts (it is recorded as an access)
    but cannot rewrite: the array keeps its layout."""


def _is_shared(decl: Cursor) -> bool:
    return decl.kind == K.VAR_DECL and any(c.kind == K.CUDASHARED_ATTR for c in children(decl))


@dataclass(frozen=True)
class _View:
    """What a spelled name stands for: the array itself, a pointer alias into
    it (`via` set), or a callee's parameter bound to it by the call."""

    array: ir.SharedArray
    name: str
    lead: tuple[ir.Expr, ...] = ()
    offset: ir.Expr | None = None
    via: ir.Via | None = None
    bound: bool = False  # a parameter of a `__device__` function bound by a call
    # A pointer declared from a cast to a wider element type: one of its
    # elements spans `scale` of the array's (predicted through, never rewritten).
    scale: int = 1
    cast: bool = False  # declared from a cast: every access through it is kept as written


@dataclass
class _Ctx:
    function: str
    loops: tuple[ir.Loop, ...] = ()
    guards: tuple[ir.Guard, ...] = ()
    in_asm: bool = False
    # Reaching definitions of variables assigned more than once, in straight-line
    # order: `idx = threadIdx.x; ... idx = threadIdx.x - 16;` (never mutated in place).
    defs: dict[str, ir.Expr] = field(default_factory=dict)
    # Inside a callee walked for a call: its parameters bound to arrays, and the
    # callees entered so far (recursion is refused).
    params: dict[str, _View] = field(default_factory=dict)
    callees: tuple[str, ...] = ()
    clone_of: str | None = None  # inside a callee the rewrite clones per array (ir.Clone)
    # Inside a loop rapcc does not follow (a `do`, a loop it cannot step) within
    # the innermost loop of `loops`: that loop's trips are no phases of the access.
    unfollowed: bool = False

    @property
    def in_phase(self) -> bool:
        """Whether an access here runs once per barrier-separated phase (`ir.Access.in_phase`)."""
        return bool(self.loops) and self.loops[-1].barrier and not self.unfollowed

    def expr(self, cursor: Cursor) -> ir.Expr:
        return substitute(to_expr(cursor), self.defs)

    def forget(self, keys: "set[str] | dict[str, int]") -> "_Ctx":
        """Drop what is known of variables written in a statement rapcc does not follow."""
        if not any(k in self.defs for k in keys):
            return self
        return replace(self, defs={k: v for k, v in self.defs.items() if k not in keys})


@dataclass
class _CollectorState:
    """What the walk of one file has found so far, and where it is."""

    tu: ci.TranslationUnit
    path: str
    source: bytes
    tokens: FileTokens
    rdc: bool = False  # relocatable device code: external linkage reaches other files
    # The unit that includes this file, and the names of this file's functions
    # its own code refers to (see ParseConfig.unit).
    unit: tuple[str, frozenset[str]] | None = None
    arrays: dict[str, ir.SharedArray] = field(default_factory=dict)
    accesses: list[ir.Access] = field(default_factory=list)
    escapes: list[ir.Escape] = field(default_factory=list)
    kernels: list[ir.Kernel] = field(default_factory=list)
    vars: dict[str, ir.VarDef] = field(default_factory=dict)
    macros: dict[str, list[str]] = field(default_factory=dict)
    initial: dict[str, tuple[ir.Expr, int]] = field(default_factory=dict)  # local -> (initializer, offset)
    # Locals whose type is a template parameter (`size_type ty = threadIdx.y`),
    # followed with their initializer's type: key -> the type as written.
    assumed_types: dict[str, str] = field(default_factory=dict)
    _assigned: dict[str, int] = field(default_factory=dict)
    _last_loop: ir.Loop | None = None
    instantiations: dict[str, tuple[tuple[tuple[str, int], ...], ...]] = field(default_factory=dict)
    launch_shapes: dict[str, list[tuple[int, int, int]]] = field(default_factory=dict)
    launch_unknown: dict[str, tuple[str, ...]] = field(default_factory=dict)  # the unit's unknown launches
    launch_smem: dict[str, tuple[int | None, ...]] | None = None  # the unit's launches' dynamic bytes (None: unread)
    _tops: list[Cursor] = field(default_factory=list)  # the main file's top-level cursors
    _launches: list[Launch] = field(default_factory=list)  # their kernel launches (host_values.py)
    _launches_of: dict[str, list[Launch]] = field(default_factory=dict)  # the same, by kernel name
    host_facts: bool = True  # whether to read them (collect.py)
    program_constants: ProgramConstants | None = None  # other files' constants, for them (project mode)
    _expansions: list[tuple[int, int, str]] = field(default_factory=list)  # macro uses: (start, end, name)
    _explicit: bool | None = None  # the file may instantiate its kernel templates for others (linkage.py)
    _views: dict[str, _View | None] = field(default_factory=dict)  # pointer aliases (None: refused)
    aliases: list[ir.Alias] = field(default_factory=list)
    clones: dict[tuple[str, str], ir.Clone] = field(default_factory=dict)  # (callee, array) -> copy
    _names: dict[str, int] = field(default_factory=dict)  # declarations per name in the current function
    _decl_at: dict[str, list[int]] = field(default_factory=dict)  # where each name is declared, by offset
    _calls: dict[str, list[Cursor]] = field(default_factory=dict)  # function key -> its calls in the file
    _refs: dict[str, int] = field(default_factory=dict)  # function key -> references to it in the file
    # Shared objects of class type (collect_arrays._add_object): their own reason is the one reported.
    _objects: set[str] = field(default_factory=set)
    # The main file's function definitions: (start offset, end offset, the cursor), for finding a call's caller.
    _definitions: list[tuple[int, int, Cursor]] = field(default_factory=list)
    _scope_end: int = 0  # end of the function being walked
    # The body being walked, whether its parameters are block-uniform (a
    # kernel's), and its uniform locals once asked for (see uniform.py).
    _body: Cursor | None = None
    _params_uniform: bool = False
    _uniform: frozenset[str] | None = None
    _line_starts: list[int] | None = None  # offset of each line's first byte (see _range)
    # What `_alias_decl` matches pointer declarations against, per count of arrays found so far.
    _alias_tables: tuple[int, dict[str, int], dict[str, str], dict[str, int]] | None = None
    _writes_memo: dict[Cursor, dict[str, int]] = field(default_factory=dict)
    _subtree_writes: SubtreeWrites | None = None  # the current function body's writes (statements.py)
    _walks: Preorder = field(default_factory=Preorder)  # the main file's pre-order walks, each done once
    providers: Providers = field(default_factory=lambda: Providers(frozenset(), {}))
    _bodies: dict[str, list[Cursor]] = field(default_factory=dict)  # function name -> bodies walked
    # Provider calls not taken as a pointer's initializer: (function, where, text).
    _dynamic_leaks: list[tuple[str, Cursor, str]] = field(default_factory=list)

    # -- locations -----------------------------------------------------------

    def _in_main(self, cursor: Cursor) -> bool:
        return in_main_file(cursor)

    def _range(self, start: int, end: int) -> ir.SourceRange:
        # A line table, not a count from the file's start: one range per use
        # would otherwise cost the file's length each (quadratic, issue 20).
        if self._line_starts is None:
            self._line_starts = [0] + [k + 1 for k, c in enumerate(self.source) if c == 0x0A]
        line = bisect_right(self._line_starts, start)
        col = start - self._line_starts[line - 1] + 1
        return ir.SourceRange(self.path, line, col, start, end)

    def _cursor_range(self, cursor: Cursor) -> ir.SourceRange:
        s = file_location(cursor.extent.start)
        e = file_location(cursor.extent.end)
        return self._range(s.offset, max(e.offset, s.offset))

    def _spelled_here(self, cursor: Cursor) -> int | None:
        """Offset of the identifier `cursor` names, if it is written in the main
        file (directly or in a macro argument); None inside a macro body."""
        loc = file_location(cursor.location)
        if loc.file != self.path:
            return None
        name = cursor.spelling.encode()
        if self.source[loc.offset:loc.offset + len(name)] != name:
            return None
        return loc.offset

    def _escape(self, arr: ir.SharedArray, ctx: _Ctx, where: Cursor, reason: str,
                kind: ir.EscapeKind = ir.EscapeKind.OTHER) -> None:
        self.escapes.append(ir.Escape(arr.key, ctx.function, self._cursor_range(where), reason, kind=kind))

    def _writes(self, cursor: Cursor) -> dict[str, int]:
        """`assignment_counts(cursor)`, once per cursor: every loop and
        statement asks for its subtree's, and nested loops ask again."""
        found = self._writes_memo.get(cursor)
        if found is None:
            index = self._subtree_writes
            found = index.counts(cursor) if index is not None else None
            if found is None:
                found = assignment_counts(cursor)
            self._writes_memo[cursor] = found
        return found

    def _trackable(self, key: str) -> bool:
        """A local integer whose address is never taken: every write to it is visible."""
        d = self.vars.get(key)
        return d is not None and d.kind == "local" and self._assigned.get(key, 0) < ADDRESS_TAKEN

    def _name_spellings(self, name: str, start: int, end: int, key: str) -> tuple[int, ...]:
        """The tokens spelling `name` in [start, end) but those clang binds to
        a declaration other than `key` (issue 31: a shadowing local, a member)."""
        found = [t.start for t in self.tokens.between(start, end) if t.spelling == name]
        other = foreign(self.tu, self.path, found, name, key, ((s, e) for s, e, _ in self._expansions))
        return tuple(off for off in found if off not in other)


def _function_key(fn: Cursor) -> str:
    """One key for every declaration of a function."""
    return decl_key(fn.canonical)
