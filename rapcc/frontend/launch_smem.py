"""The dynamic shared memory of every launch of each kernel, for the static
budget (planner.within_static_limit).

A layout that grows a kernel's static `__shared__` memory fails at launch
where static plus dynamic memory passes the limit the kernel may use (48 KB
unless the program raises it): `k<<<g, b, 44 * 1024>>>` of a kernel with
4 KB of static arrays fails once padding adds a few hundred bytes. So the
dynamic bytes count only where every launch of the kernel is one rapcc reads
and each launch's bytes are an integer constant expression clang evaluates
(`44 * 1024`, `sizeof(float) * TILE`, a `constexpr` or `const` initialised by
one). Anything else names the kernel in a way whose launches are unknown: a
variable or a parameter as the byte count, a kernel passed as a pointer,
`cudaLaunchKernelEx`, `cudaFuncSetAttribute` (which raises the limit by an
amount the layout's growth may push past the device's), a kernel template
named with arguments rapcc does not read, or no launch in this file at all.
"""
from __future__ import annotations

from dataclasses import dataclass

from clang.cindex import Cursor, CursorKind as K

from .clangext import children, evaluate_int, overloaded_decls, specialized_template
from .exprs import strip
from .preorder import Preorder

# The runtime's launch calls: name -> index of the dynamic-bytes argument
# (absent: its default, 0). `<<<...>>>` is clang's call of one of _CONFIG_CALLS.
_LAUNCH_APIS = {"cudaLaunchKernel": 4, "cudaLaunchCooperativeKernel": 4}
_CONFIG_CALLS = ("cudaConfigureCall", "__cudaPushCallConfiguration")
_CONFIG_BYTES = 2  # `<<<grid, block, bytes, stream>>>`
_CASTS = (K.CSTYLE_CAST_EXPR, K.CXX_STATIC_CAST_EXPR, K.CXX_REINTERPRET_CAST_EXPR, K.UNARY_OPERATOR)


@dataclass(frozen=True, slots=True)
class DynamicSmem:
    """What the file says of one kernel's dynamic shared memory: the bytes of
    each launch where every launch is read, else why not."""

    launches: tuple[int, ...]  # bytes of each launch read, in source order
    unknown: str | None = None  # why some launch of it is not known ("line 12: ..."); None: all read

    @property
    def most(self) -> int | None:
        """The most dynamic bytes any launch asks for; None when unknown."""
        if self.unknown is not None or not self.launches:
            return None
        return max(self.launches)


NO_LAUNCH = DynamicSmem((), "no launch of it in this file")


def _kernel_name(decl: Cursor) -> str | None:
    """The kernel a declaration is (its template's, for an instance), or None for other functions."""
    if decl.kind not in (K.FUNCTION_DECL, K.FUNCTION_TEMPLATE):
        return None
    base = specialized_template(decl) if decl.kind == K.FUNCTION_DECL else None
    if any(k.kind == K.CUDAGLOBAL_ATTR for d in (decl, base) if d is not None for k in children(d)):
        return decl.spelling
    return None


def _named_kernels(c: Cursor) -> list[str]:
    """The kernels a reference may mean: its declaration, or each of a dependent name's."""
    ref = c.referenced
    if ref is None:
        return []
    if c.kind == K.OVERLOADED_DECL_REF or ref.kind == K.OVERLOADED_DECL_REF:
        return sorted({n for d in overloaded_decls(ref) if (n := _kernel_name(d)) is not None})
    name = _kernel_name(ref)
    return [name] if name is not None else []


def _expressions(c: Cursor) -> list[Cursor]:
    return [k for k in children(c) if k.kind.is_expression()]


def _callee(call: Cursor) -> Cursor | None:
    """The expression a call's callee is, through implicit conversions and casts."""
    kids = _expressions(call)
    if not kids:
        return None
    c = strip(kids[0])
    while c.kind in _CASTS:
        inner = _expressions(c)
        if len(inner) != 1:
            return None
        c = strip(inner[0])
    return c


def _identity(c: Cursor) -> tuple[int, int]:
    """A cursor's node, as libclang hashes it: offsets alone would merge every
    reference a macro expands at one place."""
    return c.hash, c.kind.value


def _bytes(args: list[Cursor], index: int) -> int | None:
    """The dynamic bytes at `args[index]` (0 where the call leaves it to its default)."""
    if len(args) <= index:
        return 0
    v = evaluate_int(args[index])
    return v if v is not None and v >= 0 else None


def dynamic_smem(tops: list[Cursor], walks: Preorder) -> dict[str, DynamicSmem]:
    """Kernel name -> its launches' dynamic shared memory, over the main
    file's top-level cursors `tops` (`walks`: the parse's walks). A kernel no
    launch of the file names is absent (see NO_LAUNCH)."""
    launches: dict[str, list[int]] = {}
    unknown: dict[str, str] = {}
    read: set[tuple[int, int]] = set()  # the references a read launch explains
    named: list[tuple[str, Cursor]] = []
    for top in tops:
        for c in walks.walk(top):
            if c.kind in (K.DECL_REF_EXPR, K.OVERLOADED_DECL_REF):
                named += [(n, c) for n in _named_kernels(c)]
            if c.kind != K.CALL_EXPR:
                continue
            config = next((k for k in children(c) if k.kind == K.CALL_EXPR and k.spelling in _CONFIG_CALLS), None)
            if config is not None:
                target, args, index = _callee(c), _expressions(config)[1:], _CONFIG_BYTES
            elif c.spelling in _LAUNCH_APIS:
                args = _expressions(c)[1:]
                target, index = (strip(args[0]) if args else None), _LAUNCH_APIS[c.spelling]
                while target is not None and target.kind in _CASTS:
                    inner = _expressions(target)
                    target = strip(inner[0]) if len(inner) == 1 else None
            else:
                continue
            # The callee, or the dependent name under it (`k<N>` in a template).
            refs = [target] + [k for k in children(target) if k.kind == K.OVERLOADED_DECL_REF] \
                if target is not None else []
            kernels = [n for k in refs for n in _named_kernels(k)]
            if not kernels:
                continue
            value = _bytes(args, index)
            read.update(_identity(k) for k in refs)
            for name in dict.fromkeys(kernels):
                if value is None:
                    unknown.setdefault(name, f"line {c.location.line}: the dynamic shared memory of the launch is "
                                             "known only at run time")
                else:
                    launches.setdefault(name, []).append(value)
    for name, c in named:
        if _identity(c) not in read:
            unknown.setdefault(name, f"line {c.location.line}: '{name}' is named where rapcc does not read a launch")
    names = launches.keys() | unknown.keys()
    return {n: DynamicSmem(tuple(launches.get(n, ())), unknown.get(n)) for n in sorted(names)}
