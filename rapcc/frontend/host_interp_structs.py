"""What the host interpreter (host_interp.py) reads of structs and kernels as values:
launch-params fields (host_records.py) and the kernels a wrapper's parameter holds
(host_wrappers.py). A mixin of `_Run`, which provides `host`, `fn`, `escaped`,
`broken`, `goto`, `members`, `template`, `_kids` and `variable`."""
from __future__ import annotations

from typing import TYPE_CHECKING

from clang.cindex import Cursor, CursorKind as K

from .exprs import decl_key, strip
from .host_calls import config_field
from .host_domain import KernelRef, State, Unknown, Value
from .host_records import field_key, member_key, root_key
from .host_syntax import _FUNCTIONS, _function_key, _is_kernel, instance_of
from .host_wrappers import kernel_argument, named_param, parameters, strip_casts

if TYPE_CHECKING:
    from .host_values import HostLaunches


class StructReads:
    host: "HostLaunches"
    fn: Cursor
    escaped: dict[str, str]
    broken: str | None
    goto: bool
    members: bool  # whether `this.field` is followed: a constructor's body
    template: bool

    if TYPE_CHECKING:
        def _kids(self, c: Cursor) -> list[Cursor]: ...

        def variable(self, c: Cursor, st: State) -> Value: ...
    def field(self, c: Cursor) -> tuple[str, str] | None:
        """`config_field`, where a member of `this` counts only in a constructor's body of
        member assignments (host_records.py): in a method, another call may write it."""
        found = config_field(c)
        return found if found is None or self.members or not found[0].startswith("this") else None

    def struct_of(self, member: Cursor) -> Cursor:
        """The struct a field access `s.f` reads from: `s`, or (a member of the object a
        constructor builds, `f` alone) the struct's declaration."""
        kids = [k for k in self._kids(member) if k.kind.is_expression()]
        return strip(kids[0]) if kids else member.referenced.semantic_parent

    def fields_of(self, ref: Cursor, wanted: tuple[str, ...], st: State) -> dict[str, Value]:
        """The followed fields of the struct variable `ref` names (host_records.py)."""
        key = member_key(ref)
        assert key is not None
        root = strip(ref)
        while root.kind == K.MEMBER_REF_EXPR and [k for k in self._kids(root) if k.kind.is_expression()]:
            root = strip([k for k in self._kids(root) if k.kind.is_expression()][0])
        decl = root.referenced if root.kind == K.DECL_REF_EXPR else None
        local = (key.startswith("this.") and self.members) or (decl is not None and (decl.kind == K.PARM_DECL or (
            decl.semantic_parent is not None and decl.semantic_parent.kind in _FUNCTIONS)))
        why = (f"'{ref.spelling}' is a global struct: other code may write it" if not local
               else self.escaped.get(root_key(key)) or self.broken
               or (f"'{self.fn.spelling}' uses 'goto'" if self.goto else None))
        if why is not None:
            return {f: Unknown(why) for f in wanted}
        return {f: st.get(field_key(key, f), Unknown(f"'{ref.spelling}.{f}' is not followed here")) for f in wanted}

    def kernel_named(self, expr: Cursor) -> Value | None:
        """A kernel as a value (`k`, `k<4, true>`): what a wrapper's parameter
        holds (host_wrappers.py); None where `expr` names no kernel."""
        c = strip(expr)
        ref = c.referenced if c.kind == K.DECL_REF_EXPR else None
        if (ref is None or ref.kind == K.OVERLOADED_DECL_REF) and c.kind == K.DECL_REF_EXPR and not c.spelling:
            ref = kernel_argument(c)  # a dependent `k<N>` in a template
        if ref is None or ref.kind not in (K.FUNCTION_DECL, K.FUNCTION_TEMPLATE) or not _is_kernel(ref):
            return None
        # In a template, the arguments a name spells may depend on its parameters: any instance.
        return frozenset({KernelRef(ref.spelling, None if self.template else instance_of(ref))})

    def passed_kernels(self, expr: Cursor, st: State) -> tuple[list[KernelRef], Unknown | None] | None:
        """The kernels a launch of a wrapper's parameter (`kernel<<<...>>>`) launches:
        those its value holds; where that is unknown, every kernel a call passes
        it, each with the reason (host_wrappers.py). None: `expr` names no
        parameter launched exactly."""
        param = named_param(expr)
        if param is None:
            return None
        key = _function_key(self.fn)
        index = next((i for i, p in enumerate(parameters(self.fn)) if decl_key(p) == decl_key(param)), None)
        if index is None or self.host.wrapped.get(key, {}).get(index, "") is not None:
            return None
        v = self.variable(strip_casts(expr), st)
        if isinstance(v, frozenset) and v and all(isinstance(x, KernelRef) for x in v):
            return sorted(v, key=lambda r: (r.name, str(r.instance))), None
        why = v if isinstance(v, Unknown) else Unknown(f"'{param.spelling}' may hold a value that is no kernel")
        names = sorted(self.host.passed.get(key, {}).get(index, set()))
        return [KernelRef(n, None) for n in names], why

