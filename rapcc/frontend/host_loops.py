"""Loops of the host interpreter (host_interp.py), unrolled exactly.

A loop whose trips rapcc can count (at most MAX_TRIPS) runs trip by trip.
`break` and `continue` are followed as jumps: each collects the state it
leaves with (a `break` into the states after the loop, a `continue` into the
state of the next trip's test), so `for (int s : {32, 64, 128}) { if (s == 64)
continue; k<<<1, dim3(s, 4)>>>(); }` launches exactly 32x4 and 128x4. A range
`for` is unrolled over a braced list or a constant array with an initializer
list. Any other loop, or one of more trips, runs as a whole: every variable it
writes is unknown in it and after it, and its body is read once in that state
for its launches.
"""
from __future__ import annotations

from dataclasses import dataclass, field
from typing import TYPE_CHECKING

from clang.cindex import Cursor, CursorKind as K

from .clangext import children
from .exprs import decl_key, int_type, strip
from .host_domain import MAX_TRIPS, State, Unknown, Value, _cap, _join, converted
from .host_syntax import _for_parts, _is_dim3, _paren_close

if TYPE_CHECKING:
    from .host_interp import _Run


@dataclass
class Jumps:
    """The states the `break`s (and, for a loop, the `continue`s) of the
    innermost loop or switch left with."""

    loop: bool
    breaks: list[State] = field(default_factory=list)
    continues: list[State] = field(default_factory=list)


def jump(run: "_Run", c: Cursor, st: State) -> None:
    """A `break` or `continue` met in `st`: recorded for its loop or switch."""
    if c.kind == K.BREAK_STMT and run.jumps:
        run.jumps[-1].breaks.append(st)
    elif c.kind == K.CONTINUE_STMT:
        target = next((j for j in reversed(run.jumps) if j.loop), None)
        if target is not None:
            target.continues.append(st)


def _join_all(states: list[State | None]) -> State | None:
    out: State | None = None
    for s in states:
        out = _join(out, s)
    return out


def _trip(run: "_Run", body: Cursor, st: State, exits: list[State | None]) -> State | None:
    """One run of `body`: the state at its end or at a `continue`; its `break`s go to `exits`."""
    frame = Jumps(True)
    run.jumps.append(frame)
    try:
        after = run.stmt(body, dict(st))
    finally:
        run.jumps.pop()
    exits.extend(frame.breaks)
    return _join_all([after, *frame.continues])


def _as_whole(run: "_Run", c: Cursor, body: Cursor | None, st: State, exits: list[State | None],
              why: str) -> State | None:
    """The loop as a whole: every variable it writes is unknown in it and after it."""
    st = run.havoc(c, st, why)
    if body is not None:
        _trip(run, body, dict(st), [])
    return _join_all([st, *(run.havoc(c, e, why) for e in exits if e is not None)])


def loop(run: "_Run", c: Cursor, st: State) -> State | None:
    """`for`, `while` and `do` (see the module docstring)."""
    kids = run._kids(c)
    if c.kind == K.FOR_STMT:
        init, cond, inc, body = _for_parts(c)
    elif c.kind == K.WHILE_STMT:
        close = _paren_close(c)
        init, inc = [], None
        cond = next((k for k in kids if k.extent.start.offset < close), None)
        body = next((k for k in kids if k.extent.start.offset >= close), None)
    else:
        init, inc, body, cond = [], None, kids[0] if kids else None, kids[1] if len(kids) > 1 else None
    s: State | None = st
    for k in init:
        s = run.stmt(k, s)
    if s is None:
        return None
    line = c.location.line
    exits: list[State | None] = []
    if body is None or (cond is not None and not cond.kind.is_expression()):
        return _as_whole(run, c, body, s, exits, f"changed in the loop at line {line}")
    first = c.kind == K.DO_STMT
    trips = 0
    while True:
        if not first:
            t = run.truth(cond, s) if cond is not None else True
            if t is False:
                return _join_all([s, *exits])
            if t is None:
                return _as_whole(run, c, body, s, exits, f"changed in the loop at line {line}, "
                                                         "whose trips rapcc cannot count")
        first = False
        if trips == MAX_TRIPS:
            return _as_whole(run, c, body, s, exits, f"changed in the loop at line {line}, "
                                                     f"of more than {MAX_TRIPS} trips")
        trips += 1
        after = _trip(run, body, s, exits)
        if after is None:
            return _join_all(exits)
        s = after
        if inc is not None:
            s = run.effects(inc, s)
        if cond is not None:
            s = run.effects(cond, s)


def range_for(run: "_Run", c: Cursor, st: State) -> State | None:
    """`for (T v : {a, b, c})` or over a constant array with an initializer
    list, unrolled; any other range `for` runs as a whole."""
    kids = run._kids(c)
    var = kids[0] if kids and kids[0].kind == K.VAR_DECL else None
    body = kids[-1] if len(kids) >= 3 else None
    items = _items(kids[1]) if var is not None and len(kids) >= 3 else None
    why = f"changed in the range 'for' at line {c.location.line}"
    if var is None or items is None or (int_type(var.type) is None and not _is_dim3(var)):
        return _as_whole(run, c, body, st, [], why)
    if len(items) > MAX_TRIPS:
        return _as_whole(run, c, body, st, [], f"{why}, of more than {MAX_TRIPS} trips")
    key = decl_key(var)
    values = [converted(run.value(item, st), var) for item in items]  # the range is evaluated once, first
    exits: list[State | None] = []
    s: State | None = st
    for v in values:
        if s is None:
            break
        s = dict(s)
        s[key] = v
        s = _trip(run, body, s, exits) if body is not None else s
    return _join_all([s, *exits])


def _items(rng: Cursor) -> list[Cursor] | None:
    """The elements a range `for` walks: a braced list's, or a constant array's initializer."""
    s = strip(rng)
    while s.kind == K.UNEXPOSED_EXPR and len(children(s)) == 1:
        s = children(s)[0]
    if s.kind == K.INIT_LIST_EXPR:
        return children(s)
    ref = s.referenced if s.kind == K.DECL_REF_EXPR else None
    if ref is None or ref.kind != K.VAR_DECL or ref.type.kind.name != "CONSTANTARRAY" \
            or not ref.type.get_array_element_type().is_const_qualified():
        return None
    init = next((k for k in children(ref) if k.kind == K.INIT_LIST_EXPR), None)
    return children(init) if init is not None else None
