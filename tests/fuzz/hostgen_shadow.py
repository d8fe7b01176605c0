"""Host-fuzzer families for issue 31: one name, many declarations.

Each file declares a `__shared__` array `NAME` in a kernel and spells `NAME`
again at other scopes: a scalar or an array local in a nested block, a loop
variable, a `__device__` helper's parameter (a value, or a pointer used as an
array), a lambda's parameter, a struct member, a namespace constant, an
alias's offset variable redeclared where the alias is used, and a second
kernel (or a `__device__` helper) with its own `__shared__ NAME` of another
element type and shape, or a file-scope `__shared__ NAME` that a kernel's
local hides. rapcc must tie every use to its declaration: no internal error,
and every rewrite computes what the original does.

The "bad" kernel has the shadowing declarations; its twin is the same file
with each of them renamed (`NAME_u`), so nothing shadows. Both are legal to
rewrite; the twins measure how much coverage the shadowing costs.

Every kernel is race-free (each shared array is filled, then a
`__syncthreads()`, then read; shadowing locals are per thread) and reads its
arrays only in range.
"""
from __future__ import annotations

import random
from dataclasses import dataclass

from .hostgen import BLOCKS, HostKernel, Launch, Tile, cuda_call, fill_loop, fold
from .hostgen_flow import Family

NAMES = ("tile", "s", "buf", "sm")
# Every construct a file may shadow its array's name with (see _construct).
SCOPES = ("block_scalar", "block_array", "block_shared", "loop_var", "param_value", "param_pointer", "lambda", "member",
          "namespace", "alias_offset", "alias_const", "alias_base")
_TILES = ((16, 16), (32, 32), (32, 33), (8, 64), (16, 32), (64, 8))


@dataclass(frozen=True, slots=True)
class _Parts:
    """What one construct adds: text before the kernels, and a statement in the kernel body."""
    top: str
    body: str


def _fold(elem: str, value: str) -> str:
    """An int for the output: a float's bits, a double's (small, exact) value."""
    return f"((int)({value}))" if elem == "double" else fold(elem, value)


def _construct(scope: str, name: str, shadow: str, tile: Tile, prefix: str) -> _Parts:
    """The text of one construct. `name` is the shared array's, `shadow` the
    name the construct declares (equal to `name` in a bad kernel)."""
    h, w, e = tile.h, tile.w, tile.elem
    if scope == "block_scalar":
        return _Parts("", f"    {{ float {shadow} = (float)acc * 0.5f; acc += ({e}){shadow}; (void){shadow}; }}\n")
    if scope == "block_array":
        return _Parts("", f"    {{\n        int {shadow}[4];\n        for (int i = 0; i < 4; ++i) {shadow}[i] = tid + i;\n"
                          f"        acc += ({e}){shadow}[tx & 3] + {name}[ty % {h}][(tx + 1) % {w}];\n    }}\n"
                      if shadow != name else
                      f"    {{\n        int {shadow}[4];\n        for (int i = 0; i < 4; ++i) {shadow}[i] = tid + i;\n"
                      f"        acc += ({e}){shadow}[tx & 3];\n    }}\n")
    if scope == "block_shared":
        # a nested block's own `__shared__` array of the same name, another element type and shape
        inner = Tile("float" if e == "int" else "int", 8, 64)
        return _Parts("", f"    {{\n        __shared__ {inner.elem} {shadow}[8][64];\n"
                          f"{fill_loop(shadow, inner, 'tid', 'nthreads', '        ')}"
                          f"        __syncthreads();\n        acc += ({e}){shadow}[tx % 8][(ty * 2) % 64];\n"
                          "        __syncthreads();\n    }\n")
    if scope == "loop_var":
        return _Parts("", f"    for (int {shadow} = 0; {shadow} < 3; ++{shadow}) acc += ({e})({shadow} * (tx & 7));\n")
    if scope == "param_value":
        return _Parts(f"__device__ int {prefix}_hv(int {shadow}, int k) {{ return {shadow} * 3 + k; }}\n",
                      f"    acc += ({e}){prefix}_hv((int){name}[ty % {h}][tx % {w}], tx);\n")
    if scope == "param_pointer":
        return _Parts(f"__device__ int {prefix}_hp(const int* {shadow}, int i) {{ return {shadow}[i & 7] + {shadow}[0]; }}\n",
                      f"    {{ int loc[8]; for (int i = 0; i < 8; ++i) loc[i] = tid * i; acc += ({e}){prefix}_hp(loc, tx); }}\n")
    if scope == "lambda":
        return _Parts("", f"    {{ auto f = [tx](int {shadow}) {{ return {shadow} + tx; }}; acc += ({e})f(ty); }}\n")
    if scope == "member":
        return _Parts(f"struct {prefix}_m {{ int {shadow}; int pad; }};\n",
                      f"    {{ {prefix}_m q; q.{shadow} = tid; q.pad = 1; acc += ({e})(q.{shadow} + q.pad); }}\n")
    if scope == "namespace":
        return _Parts(f"namespace {prefix}_ns {{ const int {shadow} = 3; }}\n",
                      f"    acc += ({e})({prefix}_ns::{shadow} * tx);\n")
    if scope == "alias_offset":
        # the alias's row offset `k` is redeclared where the alias is read:
        # a rewrite that spells `k` there reads another row
        return _Parts("", f"    {{\n        const int k = (ty + 1) % {h};\n        const {e}* row = {name}[k];\n"
                          f"        {{ int {'k' if shadow == name else 'k_u'} = {h - 1}; acc += row[tx % {w}]; "
                          f"(void){'k' if shadow == name else 'k_u'}; }}\n    }}\n")
    if scope == "alias_const":
        # the alias's offset is a file-scope constant that a local hides where the alias is read
        k = f"{prefix}_k"
        inner = k if shadow == name else f"{k}_u"
        return _Parts(f"const int {k} = 1;\n",
                      f"    {{\n        const {e}* row = {name}[(ty + {k}) % {h}];\n"
                      f"        {{ int {inner} = {h - 1}; acc += row[tx % {w}]; (void){inner}; }}\n    }}\n")
    if scope == "alias_base":
        # the array's own name is redeclared as an array where its alias is read
        return _Parts("", f"    {{\n        const {e}* row = {name}[(ty + 2) % {h}];\n"
                          f"        {{ {e} {shadow}[{h}][{w}]; for (int i = 0; i < {w}; ++i) {shadow}[0][i] = ({e})i;\n"
                          f"          acc += row[tx % {w}] + {shadow}[0][tx % {w}]; }}\n    }}\n")
    raise ValueError(scope)


def _tile(rng: random.Random, elems: tuple[str, ...] = ("int", "float")) -> Tile:
    h, w = rng.choice(_TILES)
    return Tile(rng.choice(elems), h, w)


def _block(rng: random.Random) -> tuple[int, int]:
    return rng.choice(BLOCKS)


def _kernel_text(kname: str, name: str, tile: Tile, block: tuple[int, int], body: str, local: bool = True) -> str:
    bx, by = block
    t = bx * by
    h, w, e = tile.h, tile.w, tile.elem
    decl = f"    __shared__ {e} {name}[{h}][{w}];\n" if local else ""
    return (f"__global__ void {kname}(const int* __restrict__ in, int* __restrict__ out, int p)\n"
            "{\n"
            f"{decl}"
            "    const int tx = threadIdx.x, ty = threadIdx.y;\n"
            f"    const int tid = ty * {bx} + tx, nthreads = {t};\n"
            f"{fill_loop(name, tile, 'tid', 'nthreads')}"
            "    __syncthreads();\n"
            f"    {e} acc = {name}[tx % {h}][ty % {w}];\n"
            f"{body}"
            f"    out[blockIdx.x * {t} + tid] = {_fold(e, 'acc')};\n"
            "}\n")


def _second(rng: random.Random, kname: str, name: str, first: Tile, shadow: bool, how: str) -> tuple[str, str, Tile,
                                                                                                      tuple[int, int]]:
    """A second kernel with its own array named `name` (another element type
    and shape): declared in the kernel, or in a `__device__` helper it calls.
    Returns (text before the kernels, the kernel, its tile, its block)."""
    other = name if shadow else f"{name}_u"
    dims = tuple(d for d in _TILES if d != (first.h, first.w))
    h, w = rng.choice(dims)
    tile = Tile(rng.choice(tuple(e for e in ("int", "float", "double") if e != first.elem)), h, w)
    block = _block(rng)
    bx, by = block
    body = f"    for (int c = 0; c < {w}; c += {max(1, w // 4)}) acc += {other}[(tx + c) % {h}][c];\n"
    if how == "kernel":
        return "", _kernel_text(kname, other, tile, block, body), tile, block
    e = tile.elem
    helper = (f"__device__ __noinline__ {e} {kname}_dev(const int* __restrict__ in, int tx, int ty, int tid)\n"
              "{\n"
              f"    __shared__ {e} {other}[{h}][{w}];\n"
              f"{fill_loop(other, tile, 'tid', str(bx * by))}"
              "    __syncthreads();\n"
              f"    {e} acc = {other}[tx % {h}][ty % {w}];\n"
              f"{body}"
              "    __syncthreads();\n"
              "    return acc;\n"
              "}\n")
    kernel = (f"__global__ void {kname}(const int* __restrict__ in, int* __restrict__ out, int p)\n"
              "{\n"
              f"    const int tid = threadIdx.y * {bx} + threadIdx.x;\n"
              f"    {e} acc = {kname}_dev(in, threadIdx.x, threadIdx.y, tid);\n"
              f"    out[blockIdx.x * {bx * by} + tid] = {_fold(e, 'acc')};\n"
              "}\n")
    return helper, kernel, tile, block


def shadow_file(rng: random.Random, fname: str, family: str, twin: bool, focus: tuple[str, ...]) -> HostKernel:
    """One file: kernel `fname_a` with `__shared__ NAME` and the `focus`
    constructs plus up to two more, and a second kernel `fname_b` with its
    own `NAME` (in itself or a helper), or a file-scope `NAME` that `fname_a`'s
    array hides and `fname_b` uses."""
    name = rng.choice(NAMES)
    shadow = f"{name}_u" if twin else name
    tile = _tile(rng)
    extra = rng.sample([s for s in SCOPES if s not in focus], rng.randint(0, 2))
    scopes = list(focus) + extra
    rng.shuffle(scopes)
    parts = [_construct(s, name, shadow, tile, f"{fname}_{i}") for i, s in enumerate(scopes)]
    block = _block(rng)
    top = "".join(p.top for p in parts)
    first = _kernel_text(f"{fname}_a", name, tile, block, "".join(p.body for p in parts))
    how = rng.choice(("kernel", "device", "filescope"))
    if how == "filescope":
        # a file-scope array of the same name: `fname_a`'s own array hides it
        h, w = rng.choice(tuple(d for d in _TILES if d != (tile.h, tile.w)))
        gtile = Tile(rng.choice(("int", "float")), h, w)
        gname = shadow  # the twin names it apart
        gblock = _block(rng)
        top = f"__shared__ {gtile.elem} {gname}[{h}][{w}];\n" + top
        body = f"    acc += {gname}[(ty + 1) % {h}][tx % {w}];\n"
        second = _kernel_text(f"{fname}_b", gname, gtile, gblock, body, local=False)
        helper, stile, sblock = "", gtile, gblock
    else:
        helper, second, stile, sblock = _second(rng, f"{fname}_b", name, tile, not twin, how)
    launches = (Launch(f"{fname}_a", 2, block, 0), Launch(f"{fname}_b", 2, sblock, 0, 1024))
    calls = " ".join(cuda_call(l, l.kernel, "in", f"out + {l.out_offset}") for l in launches)
    source = (top + helper + first + second
              + f"#ifdef __CUDACC__\nvoid {fname}_launch(const int* in, int* out) {{ {calls} }}\n#endif\n")
    return HostKernel(fname, family, twin, source, launches)


def _family(focus: tuple[str, ...], label: str) -> Family:
    def family(rng: random.Random, name: str, twin: bool) -> HostKernel:
        return shadow_file(rng, name, label, twin, focus)
    family.__name__ = label
    return family


SHADOW_FAMILIES: tuple[Family, ...] = (
    _family(("block_scalar",), "shadow_block_scalar"),
    _family(("block_array", "loop_var"), "shadow_block_array"),
    _family(("block_shared",), "shadow_block_shared"),
    _family(("param_value", "param_pointer"), "shadow_params"),
    _family(("lambda",), "shadow_lambda"),
    _family(("member", "namespace"), "shadow_member"),
    _family(("alias_offset",), "shadow_alias_offset"),
    _family(("alias_const",), "shadow_alias_const"),
    _family(("alias_base",), "shadow_alias_base"),
)
