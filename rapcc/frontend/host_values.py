"""The block shapes of a file's kernel launches, read soundly from host code.

A small abstract interpreter over the host functions of the main file. A value
is a finite set of integers or `dim3` triples, or `Unknown` with the reason
(read at run time, from `argv`, through a pointer...). Straight-line code is
followed exactly (`dim3 threads; ... threads = dim3(W, H);`, `threads.x = 8`,
`const`/`constexpr` locals and globals, `#define` arithmetic, which clang has
already expanded); an `if` rapcc cannot decide runs both ways and joins them
(the union of the values, unknown if either is); a loop over a few constant
sizes (`for (int b = 32; b <= 256; b *= 2)`) is unrolled, each trip giving its
own launch, up to MAX_TRIPS trips; any other loop makes every variable it
writes unknown. A parameter takes the values each call of the function in the
file passes (each call site gives a shape); a parameter of `main`, of a
function no call in the file makes, or of one whose address is taken, is
unknown. A variable whose address is taken or that is bound to a reference is
unknown wherever it is read. Nothing is ever guessed: what is not modelled
exactly is unknown, and a launch whose block argument is unknown makes its
kernel's shape unknown (see analysis/shapes.py for how such a kernel is planned).
A kernel passed to a launch wrapper (`ggml_cuda_kernel_launch(k, params, ...)`)
is launched where the wrapper launches that parameter (host_wrappers.py), with
the params struct followed field by field (host_records.py).
"""
from __future__ import annotations

from dataclasses import dataclass, field
from typing import Iterable

import clang.cindex as ci
from clang.cindex import Cursor, CursorKind as K

from .clangext import children, skipped_ranges
from .exprs import decl_key, int_type
from .host_domain import MAX_DEPTH, MAX_VALUES, Dim, Instance, KernelLaunches, Launch, State, Unknown, Value, _cap, _join
from .host_interp import _Events, _Run
from .preorder import Preorder
from .exprs import strip
from .host_syntax import (call_name, _CONFIG_CALLS, _FUNCTIONS, _INSPECTING_APIS, _LAUNCH_APIS, _LAUNCH_EX, _args, _config,
                          _function_key, _function_ref, _is_kernel)
from .host_calls import site_kernel
from .host_constants import extern_value
from ..program_constants import ProgramConstants
from .host_mentions import pointer_aliases, unexplained_mentions
from .host_records import entry_fields
from .host_wrapper_calls import WrapperCalls, launched_param
from .host_wrappers import Wrappers
from .preorder import CursorKey, cursor_key
from .tokens import FileTokens

_SCOPES = (K.NAMESPACE, K.CLASS_DECL, K.STRUCT_DECL, K.CLASS_TEMPLATE, K.LINKAGE_SPEC, K.UNEXPOSED_DECL)


@dataclass
class HostLaunches:
    """The launches of every host function of the main file (see the module docstring)."""

    functions: dict[str, Cursor]  # key -> definition with a body
    references: dict[str, int]  # function key -> references that are not calls
    callers: dict[str, list[str]]  # callee key -> keys of the functions calling it
    # Keys of the functions whose own body spells a launch: only their runs
    # record launches (a callee's are recorded by its own run), so only they
    # are run for `launches`; the others run when a value of theirs is asked
    # for. A CPU reference loop that launches nothing is not interpreted.
    launching: frozenset[str] = frozenset()
    walks: Preorder = field(default_factory=Preorder)  # the parse's walks, shared with the collector
    # Local function pointers that only ever hold one kernel and only launch it
    # (`auto f = k; f<<<g, b>>>()`): the pointer's key -> the kernel (host_mentions.py).
    pointers: dict[str, Cursor] = field(default_factory=dict)
    errors: tuple[int, ...] = ()  # offsets of clang's errors in the main file: the code there is missing
    # The program's constants that other files define (project mode; host_constants.py), and the
    # names read from them (or that would be): what this file's launches need of other files.
    constants: ProgramConstants | None = None
    wanted: set[str] = field(default_factory=set)
    # Launch wrappers (host_wrappers.py): function key -> {parameter index: None where it is
    # launched exactly, else why not}; the kernels the calls in this file pass each such
    # parameter; and the wrappers defined in other files (headers), of which only the
    # launches of the parameter are this file's.
    wrapped: dict[str, dict[int, str | None]] = field(default_factory=dict)
    passed: dict[str, dict[int, set[str]]] = field(default_factory=dict)
    foreign: frozenset[str] = frozenset()

    def __post_init__(self) -> None:
        self._runs: dict[tuple[str, tuple], _Events] = {}
        self._stack: set[str] = set()
        self.read: set[CursorKey] = set()  # the launch calls some run recorded

    def global_value(self, ref: Cursor) -> Value:
        """A file-scope variable: a `const`/`constexpr` one is its initializer,
        in this file or (declared without one) in another file of the program
        (host_constants.py); any other may be written elsewhere (another file,
        a library), so unknown."""
        if not ref.type.is_const_qualified():
            return Unknown(f"'{ref.spelling}' is a global without 'const': other code may write it")
        init = [k for k in children(ref) if k.kind.is_expression()]
        if not init:  # `extern const int B;` defined further down this file
            defined = ref.get_definition()
            init = [k for k in children(defined) if k.kind.is_expression()] if defined is not None else []
            ref = defined if init else ref
        if init:
            return _Run(self, ref, ref).value(init[-1], {})
        return extern_value(ref, self.constants, self.wanted)

    def entries(self, key: str, depth: int = 0) -> list[State]:
        """The states a function may start in: its parameters' values per call."""
        fn = self.functions[key]
        params = [p for p in children(fn) if p.kind == K.PARM_DECL]
        if not params:
            return [{}]
        # A trailing parameter pack (`Args &&...args`) takes the rest of the arguments: unknown.
        pack = params[-1] if params[-1].type.spelling.endswith("...") else None
        fixed = params[:-1] if pack is not None else params

        def unknown(why: str) -> list[State]:
            return [{decl_key(p): Unknown(why.format(p.spelling)) for p in params}]
        if fn.spelling == "main":
            return unknown("'{}' is a parameter of 'main'")
        if self.references.get(key, 0):
            return unknown(f"'{{}}' is a parameter of '{fn.spelling}', whose address is taken")
        if not self.callers.get(key):
            return unknown(f"'{{}}' is a parameter of '{fn.spelling}', which no call in this file makes")
        if depth >= MAX_DEPTH or key in self._stack:
            return unknown(f"'{{}}' is a parameter of '{fn.spelling}', reached through calls rapcc does not follow")
        self._stack.add(key)
        try:
            out: list[State] = []
            for caller in dict.fromkeys(self.callers[key]):
                for entry in self.entries(caller, depth + 1):
                    for values in self.run(caller, entry).calls.get(key, []):
                        if len(values) == len(params) or (pack is not None and len(values) >= len(fixed)):
                            state = {decl_key(p): v for p, v in zip(fixed, values)}
                            if pack is not None:
                                state[decl_key(pack)] = Unknown(f"'{pack.spelling}' is a parameter pack")
                            out.append(state)
                        else:  # default arguments, variadic calls
                            return unknown(f"'{{}}' is a parameter of '{fn.spelling}' with a default argument")
        finally:
            self._stack.discard(key)
        unique = list({tuple(sorted(e.items(), key=lambda kv: kv[0])): e for e in out}.values())
        if len(unique) > MAX_VALUES:
            merged: State = {}
            for e in unique:
                merged = _join(merged, e) if merged else dict(e)
            return [merged]
        return unique or unknown(f"'{{}}' is a parameter of '{fn.spelling}', whose calls are never reached")

    def returned(self, key: str, args: tuple[Value, ...]) -> Value:
        """What a helper function of the file (`max_int(a, b)`, `div_up(n, 32)`)
        returns when called with `args`: the join of the `return`s it reaches."""
        fn = self.functions[key]
        params = [p for p in children(fn) if p.kind == K.PARM_DECL]
        if fn.kind != K.FUNCTION_DECL or len(params) != len(args) or int_type(fn.result_type) is None:
            return Unknown(f"the result of '{fn.spelling}' is not followed")
        # A value of another type (a float) is not what the integer domain computes.
        args = tuple(v if int_type(p.type) is not None else Unknown(f"'{p.spelling}' of '{fn.spelling}' is no integer")
                     for p, v in zip(params, args))
        if key in self._stack or len(self._stack) >= MAX_DEPTH:
            return Unknown(f"the result of '{fn.spelling}' is reached through calls rapcc does not follow")
        self._stack.add(key)
        try:
            events = self.run(key, {decl_key(p): v for p, v in zip(params, args)})
        finally:
            self._stack.discard(key)
        if not events.returns:
            return Unknown(f"'{fn.spelling}' returns no value rapcc reads")
        bad = next((v for v in events.returns if isinstance(v, Unknown)), None)
        if bad is not None:
            return Unknown(bad.reason)
        return _cap(x for v in events.returns for x in v)

    def run(self, key: str, entry: State) -> _Events:
        memo = (key, tuple(sorted(entry.items(), key=lambda kv: kv[0])))
        if memo not in self._runs:
            fn = self.functions[key]
            body = next(k for k in children(fn) if k.kind == K.COMPOUND_STMT)
            r = _Run(self, fn, body)
            r.stmt(body, entry_fields([p for p in children(fn) if p.kind == K.PARM_DECL], entry))
            self._runs[memo] = r.events
        return self._runs[memo]

    def constructor_body(self, ctor: Cursor, body: Cursor, entry: State) -> State | None:
        """The state after a constructor's body of member assignments (host_records.py),
        its members as `this.field`; None where it does not end normally."""
        run = _Run(self, ctor, body)
        run.members = True
        return run.stmt(body, dict(entry))

    def launches(self) -> list[Launch]:
        out: list[Launch] = []
        for key, fn in self.functions.items():
            if key not in self.launching:
                continue
            template = fn.kind == K.FUNCTION_TEMPLATE
            for entry in self.entries(key):
                events = self.run(key, entry)
                for i, launch in enumerate(events.launches):
                    if key in self.foreign and i not in events.wrapped:
                        continue  # another file's own launches are that file's
                    # A kernel passed to a wrapper keeps the instance its caller names.
                    out.append(Launch(launch.kernel, None, launch.line, launch.shapes, launch.unknown, launch.smem)
                               if template and i not in events.wrapped else launch)
        return out


def _definitions(tops: Iterable[Cursor]) -> Iterable[Cursor]:
    for c in _functions(tops):
        if c.is_definition() and any(k.kind == K.COMPOUND_STMT for k in children(c)):
            yield c


def _functions(tops: Iterable[Cursor]) -> Iterable[Cursor]:
    """Every function declared at file, namespace or class scope (prototypes too)."""
    for c in tops:
        if c.kind in _FUNCTIONS:
            yield c
        elif c.kind in _SCOPES:
            yield from _functions(c.get_children())


def _callee(call: Cursor) -> Cursor | None:
    """The name a call is made through: its first child, through implicit conversions."""
    first = next(iter(children(call)), None)
    while first is not None and first.kind == K.UNEXPOSED_EXPR:
        first = next(iter(children(first)), None)
    return first if first is not None and first.kind == K.DECL_REF_EXPR else None


def _offset(c: Cursor) -> tuple[int, int]:
    return c.extent.start.offset, c.extent.end.offset


def _inside(c: Cursor, spans: list[tuple[int, int]]) -> bool:
    at = c.extent.start.offset
    return any(s <= at < e for s, e in spans)


def host_launches(tops: list[Cursor], walks: Preorder | None = None, tokens: FileTokens | None = None,
                  constants: ProgramConstants | None = None, wanted: set[str] | None = None) -> list[Launch]:
    """Every kernel launch the main file's functions make (`tops`: its
    top-level cursors; `walks`: the parse's walks, shared with the collector;
    `tokens`: the main file's, to find the kernels' names no expression
    explains (host_mentions.py); without them that check is not made).
    `constants`: other files' definitions (project mode); the names of those
    the launches read are added to `wanted`."""
    walks = walks if walks is not None else Preorder()
    functions = {_function_key(f): f for f in _definitions(tops)}
    names = {f.spelling for f in functions.values() if _is_kernel(f)}
    references: dict[str, int] = {}
    callers: dict[str, list[str]] = {}
    kernel_refs: list[Launch] = []
    launching: set[str] = set()
    pointers: dict[str, Cursor] = {}
    # Mentions judged here: the kernels' own declarations, and below, each reference.
    seen: set[int] = {f.location.offset for f in _functions(tops) if _is_kernel(f)}
    wrappers = Wrappers(walks)
    found = WrapperCalls()
    for key, fn in list(functions.items()):
        calls, inspected = set(), set()
        # Code the interpreter does not run: a launch there is not read.
        hidden = [_offset(c) for c in walks.walk(fn) if c.kind in (K.LAMBDA_EXPR, K.CLASS_DECL, K.STRUCT_DECL)]
        for c in walks.walk(fn):
            if c.kind != K.CALL_EXPR:
                continue
            callee = _callee(c)
            if callee is not None:
                calls.add(_offset(callee))
            first = strip(next(iter(walks.children(c)), c))
            if _config(c) is not None and first.kind == K.OVERLOADED_DECL_REF and not _inside(first, hidden):
                seen.add(first.location.offset)  # a launch in a template, by a name not yet resolved
            spelling = call_name(c)
            if spelling in _LAUNCH_APIS or spelling in _CONFIG_CALLS or spelling in _LAUNCH_EX:
                launching.add(key)
            if not _inside(c, hidden):
                for at, launch in found.wrapper_call(wrappers, fn, c, functions, callers):
                    inspected.add(at)  # a kernel passed to a wrapper: its launch is read there, or unknown
                    seen.add(at[0])
                    if launch is not None:
                        kernel_refs.append(launch)
            if spelling in tuple(_LAUNCH_APIS) + _LAUNCH_EX + _INSPECTING_APIS:
                for a in _args(c):
                    ref = _function_ref(a)
                    if ref is not None:
                        inspected.update(_offset(k) for k in a.walk_preorder() if k.kind == K.DECL_REF_EXPR)
        aliases = pointer_aliases(fn, walks)
        pointers.update({k: kernel for k, (kernel, _) in aliases.items()})
        inspected.update(at for _, at in aliases.values())  # the alias's launches are the kernel's
        for c in walks.walk(fn):
            if c.kind != K.DECL_REF_EXPR or c.referenced is None or \
                    c.referenced.kind not in (K.FUNCTION_DECL, K.FUNCTION_TEMPLATE):
                continue
            target = _function_key(c.referenced)
            kernel = _is_kernel(c.referenced)
            if kernel:
                names.add(c.spelling)
                seen.update((c.extent.start.offset, c.location.offset))
            if kernel and (_offset(c) in calls or _offset(c) in inspected) and _inside(c, hidden):
                kernel_refs.append(Launch(c.spelling, None, c.location.line, (), Unknown(
                    f"'{c.spelling}' is launched at line {c.location.line} inside a lambda or a local class, "
                    "which rapcc does not follow"), None))
            elif _offset(c) in calls:
                callers.setdefault(target, []).append(key)
            elif kernel:
                if _offset(c) not in inspected:
                    kernel_refs.append(Launch(c.spelling, None, c.location.line, (), Unknown(
                        f"'{c.spelling}' is passed as a pointer at line {c.location.line}; rapcc cannot see that launch"),
                        None))
            else:
                references[target] = references.get(target, 0) + 1
    tu = tops[0].translation_unit if tops else None
    dropped: list[Launch] = []
    read: list[tuple[int, int]] = []  # launches read from their tokens, which have no effects
    if tokens is not None and tu is not None and names:
        skipped = [(a.offset, b.offset) for a, b in skipped_ranges(tu, tu.spelling)]
        dropped, read = unexplained_mentions(tokens.tokens, names, tops, walks, skipped, seen)
    errors = tuple(d.location.offset for d in tu.diagnostics if d.severity >= ci.Diagnostic.Error
                   and d.location.file is not None and d.location.file.name == tu.spelling
                   and not any(s <= d.location.offset < e for s, e in read)) if tu is not None else ()
    foreign = found.headers(wrappers, functions, callers, launching)
    host = HostLaunches(functions, references, callers, frozenset(launching), walks, pointers, errors, constants,
                        wrapped=found.wrapped, passed=found.passed_kernels(), foreign=frozenset(foreign))
    out = host.launches() + kernel_refs + dropped + _unread(host)
    if wanted is not None:
        wanted.update(host.wanted)
    return out


def _unread(host: HostLaunches) -> list[Launch]:
    """A launch call no run reached (dead code, or control flow a macro spelled
    that is not followed): its kernel's launches are unknown, never dropped."""
    out = []
    for key in host.launching:
        for c in host.walks.walk(host.functions[key]):
            if c.kind != K.CALL_EXPR or cursor_key(c) in host.read:
                continue
            param = launched_param(host.wrapped, key, host.functions[key], c)
            if param is not None:  # a wrapper's launch no run reached: each kernel passed to it
                line = c.location.line
                for kernel in sorted(host.passed.get(key, {}).get(param, set())):
                    out.append(Launch(kernel, None, line, (), Unknown(
                        f"the launch of '{kernel}' in '{host.functions[key].spelling}' at line {line} "
                        "is in code rapcc does not follow"), None))
                continue
            if key in host.foreign:
                continue
            kernel = site_kernel(c, host.pointers)
            if kernel is not None:
                line = c.location.line
                out.append(Launch(kernel, None, line, (), Unknown(
                    f"the launch of '{kernel}' at line {line} is in code rapcc does not follow"), None))
    return out


def kernel_launches(launches: list[Launch], name: str,
                    instances: tuple[Instance, ...] = ()) -> KernelLaunches:
    """What `launches` say of kernel `name`, whose template instantiations are `instances`."""
    mine = [x for x in launches if x.kernel == name]
    shapes = tuple(dict.fromkeys(s for x in mine for s in x.shapes))
    unknown = tuple(dict.fromkeys(f"line {x.line}: {x.unknown.reason}" for x in mine if x.unknown is not None))
    bounds = [x.unknown.bound for x in mine if x.unknown is not None]
    bound = max(bounds) if bounds and all(b is not None for b in bounds) else None  # type: ignore[type-var]
    by_instance = []
    if instances and not unknown:
        for inst in instances:
            own = tuple(dict.fromkeys(s for x in mine if x.instance is None or x.instance == inst for s in x.shapes))
            by_instance.append((inst, own))
    return KernelLaunches(shapes, unknown, bound, tuple(by_instance))


def kernel_fields(launches: list[Launch], name: str, instances: tuple[Instance, ...],
                  elsewhere: Iterable[Dim] = (), unknown_elsewhere: tuple[str, ...] = (),
                  smem_elsewhere: tuple[int | None, ...] | None = None) -> dict:
    """The `ir.Kernel` fields the launches give kernel `name`; `elsewhere`: the
    shapes of its launches in the unit that includes this file, `unknown_elsewhere`
    why that unit's other launches of it are unknown, and `smem_elsewhere` their
    dynamic shared memory (None: not read, so unknown)."""
    facts = kernel_launches(launches, name, instances)
    extra = tuple(elsewhere)
    unknown = tuple(dict.fromkeys(facts.unknown + unknown_elsewhere))
    smem: list[int | None] = [b for x in launches if x.kernel == name for b in (x.smem if x.smem is not None else (None,))]
    if extra or unknown_elsewhere:  # the including unit's launches
        smem.extend(smem_elsewhere if smem_elsewhere is not None else (None,))
    # Each launch's block shapes with the block counts its grid may have (None: unknown).
    grids = tuple(dict.fromkeys((shape, g) for x in launches if x.kernel == name and x.unknown is None
                                for shape in x.shapes for g in (x.grids if x.grids is not None else (None,))))
    return {"launch_dynamic_smem": tuple(dict.fromkeys(smem)), "launch_grids": grids,
            "launch_block_dims": tuple(dict.fromkeys(facts.shapes + extra)),
            "launch_unknown": unknown, "launch_bound": facts.bound if not unknown_elsewhere else None,
            "instance_block_dims": facts.by_instance if not extra else ()}
