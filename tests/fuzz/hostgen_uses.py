"""Host-fuzzer families for issue 27's classes 2 and 3: uses of the memory the
rewrite did not see, or saw as something else, and a helper clone that owns
shared state.

Here a "bad" kernel is one whose use a layout change breaks although every
access stays inside the tile in the original:

- `ref_cast`: an element viewed through a reference (or `memcpy`) of a pair
  type, which reads the element after it (twin: a reference of the element's
  own type, or of a type of its size and alignment);
- `returned_ref`: a helper returns `s[i]` by reference and the caller walks
  from its address (twin: the helper returns the value);
- `member_decay`: a member array of a shared struct decayed to a pointer, or
  subscripted past its extent, or its address taken (twin: `v[k]` within it);
- `alias_moved`: a row alias whose index a helper moves through `int &`,
  `int *`, a capturing lambda or a reference variable (twin: the helper moves
  a copy);
- `helper_owned_shared`: two arrays passed to one helper that owns a
  `__shared__` array the two calls share (twin: that array at file scope).
"""
from __future__ import annotations

import random

from .hostgen import BLOCKS, NIN, HostKernel, Launch, Tile, cuda_call, draw_tile, fold, single_kernel
from .hostgen_flow import Family

_EVEN = ((16, 16), (32, 32), (8, 64), (16, 32), (64, 8))


def _launch(name: str, launch: Launch) -> str:
    call = cuda_call(launch, name, "in", "out")
    return f"#ifdef __CUDACC__\nvoid {name}_launch(const int* in, int* out) {{ {call} }}\n#endif\n"


def _value(elem: str, i: str) -> str:
    return f"({elem})(in[({i} * 7 + (int)blockIdx.x * 13) & {NIN - 1}] & 1023)"


def ref_cast(rng: random.Random, name: str, twin: bool) -> HostKernel:
    tile = draw_tile(rng, _EVEN)
    w, t = tile.elem, tile.w
    pair = f"{name}_pair"
    pre = f"struct {pair} {{ {w} a, b; }};\n"
    col = f"2 * (tx % {t // 2})"
    if twin:
        same = "unsigned" if w == "int" else "float"  # a type of the element's size the standard lets alias it
        body = rng.choice((
            f"    acc += static_cast<const {w} &>(tile[r][tx % {t}]);\n",
            f"    acc += (const {w} &)tile[r][tx % {t}];\n",
            f"    acc += ({w})reinterpret_cast<const {same} &>(tile[r][tx % {t}]);\n"))
    else:
        body = rng.choice((
            f"    {{ const {pair} &v = reinterpret_cast<const {pair} &>(tile[r][{col}]); acc += v.a + 3 * v.b; }}\n",
            f"    {{ {pair} v = ({pair} &)tile[r][{col}]; acc += v.a + 3 * v.b; }}\n",
            f"    {{ {pair} v; memcpy(&v, &tile[r][{col}], sizeof v); acc += v.a + 3 * v.b; }}\n"))
    return single_kernel(name, "ref_cast", twin, tile, rng.choice(BLOCKS), body, pre=pre)


def _flat_kernel(name: str, family: str, twin: bool, tile: Tile, block: tuple[int, int], pre: str, body: str,
                 array: str = "buf") -> HostKernel:
    """A flat `buf[H * W]` filled, read transposed (so rapcc wants to rewrite),
    then `body`, which may read tx, ty, tid and r (1..H-2)."""
    bx, by = block
    n, h, w = tile.h * tile.w, tile.h, tile.w
    launch = Launch(name, 2, block, 0)
    source = (
        f"{pre}"
        f"__global__ void {name}(const int* __restrict__ in, int* __restrict__ out, int p)\n"
        "{\n"
        f"    __shared__ {tile.elem} {array}[{n}];\n"
        "    const int tx = threadIdx.x, ty = threadIdx.y;\n"
        f"    const int tid = ty * {bx} + tx;\n"
        f"    for (int i = tid; i < {n}; i += {bx * by})\n"
        f"        {array}[i] = {_value(tile.elem, 'i')};\n"
        "    __syncthreads();\n"
        f"    {tile.elem} acc = {array}[(tx % {h}) * {w} + ty % {w}];\n"
        f"    const int r = 1 + ty % {h - 2};\n"
        f"{body}"
        f"    out[blockIdx.x * {bx * by} + tid] = {fold(tile.elem, 'acc')};\n"
        "}\n")
    return HostKernel(name, family, twin, source + _launch(name, launch), (launch,))


def returned_ref(rng: random.Random, name: str, twin: bool) -> HostKernel:
    tile = draw_tile(rng, _EVEN)
    e, w = tile.elem, tile.w
    pre = (f"__device__ {e} &{name}_cell({e} *s, int i) {{ return s[i]; }}\n"
           f"__device__ {e} {name}_value(const {e} *s, int i) {{ return s[i]; }}\n")
    if twin:
        body = f"    acc += {name}_value(buf, r * {w} + tx % {w});\n"
    else:
        body = rng.choice((
            f"    {{ {e} *run = &{name}_cell(buf, r * {w}); for (int j = 0; j < {w}; j += {rng.choice((1, 3))}) "
            f"acc += run[j] * (j + 1); }}\n",
            f"    acc += (&{name}_cell(buf, r * {w} + tx % {w}))[1];\n"))
    return _flat_kernel(name, "returned_ref", twin, tile, rng.choice(BLOCKS), pre, body)


def member_decay(rng: random.Random, name: str, twin: bool) -> HostKernel:
    elem = rng.choice(("int", "float"))
    bx, by = rng.choice(BLOCKS)
    t = bx * by
    n = rng.choice((64, 128, 256))
    v = f"{name}_v2"
    if twin:
        body = rng.choice((f"    acc += pairs[(tid * 5) % {n}].v[tx & 1];\n",
                           f"    {{ const {elem} &x = pairs[r].v[1]; acc += x * 3 + pairs[r].v[0]; }}\n"))
    else:
        body = rng.choice((
            f"    {{ const {elem} *flat = pairs[0].v; acc += flat[(tid * 3) % {2 * n}]; }}\n",
            f"    acc += pairs[r].v[tx % 4];\n",
            f"    {{ const {elem} *q = &pairs[r].v[0]; acc += q[tx % 4]; }}\n"))
    source = (
        f"struct {v} {{ {elem} v[2]; }};\n"
        f"__global__ void {name}(const int* __restrict__ in, int* __restrict__ out, int p)\n"
        "{\n"
        f"    __shared__ {v} pairs[{n}];\n"
        "    const int tx = threadIdx.x, ty = threadIdx.y;\n"
        f"    const int tid = ty * {bx} + tx;\n"
        f"    for (int i = tid; i < {n}; i += {t}) {{\n"
        f"        pairs[i].v[0] = {_value(elem, 'i')};\n"
        f"        pairs[i].v[1] = {_value(elem, f'(i + {n})')};\n"
        "    }\n"
        "    __syncthreads();\n"
        f"    {elem} acc = pairs[(tx * 16 + ty) % {n}].v[0];\n"
        f"    const int r = 1 + tid % {n - 2};\n"
        f"{body}"
        f"    out[blockIdx.x * {t} + tid] = {fold(elem, 'acc')};\n"
        "}\n")
    launch = Launch(name, 2, (bx, by), 0)
    return HostKernel(name, "member_decay", twin, source + _launch(name, launch), (launch,))


def alias_moved(rng: random.Random, name: str, twin: bool) -> HostKernel:
    tile = draw_tile(rng)
    h, w, e = tile.h, tile.w, tile.elem
    k = rng.randint(1, h - 1)
    pre = (f"__device__ void {name}_bump(int &v, int by) {{ v = (v + by) % {h}; }}\n"
           f"__device__ void {name}_bumpp(int *v, int by) {{ *v = (*v + by) % {h}; }}\n")
    moved = "q2" if twin else "q"
    move = rng.choice((f"{name}_bump({moved}, {k});", f"{name}_bumpp(&{moved}, {k});",
                       f"auto mv = [&]() {{ {moved} = ({moved} + {k}) % {h}; }}; mv();",
                       f"int &qq = {moved}; qq = (qq + {k}) % {h};"))
    body = (f"    int q = ty % {h};\n"
            f"    const {e} *row = tile[q];\n"
            + (f"    int q2 = q;\n" if twin else "")
            + f"    {move}\n"
            f"    acc += row[tx % {w}];\n"
            # unsigned: a value moved through `&` is unknown to the proof, this read stays provable
            f"    acc += tile[(unsigned){moved} % {h}][(tx + 1) % {w}];\n")
    return single_kernel(name, "alias_moved", twin, tile, rng.choice(BLOCKS), body, pre=pre)


def helper_owned_shared(rng: random.Random, name: str, twin: bool) -> HostKernel:
    """`mix(a, ...)` stores into the helper's own `carry`, `mix(b, ...)` reads
    it back: a copy of `mix` per array would give each call its own."""
    elem = rng.choice(("int", "float"))
    bx, by = rng.choice(BLOCKS)
    n = bx * by  # a multiple of 8: `perm` is a permutation of 0..n-1
    perm = f"(tid * 8) % {n} + (tid * 8) / {n}"
    carry = f"{name}_carry"
    own = "" if twin else f"    __shared__ {elem} {carry}[{n}];\n"
    source = (
        (f"__shared__ {elem} {carry}[{n}];\n" if twin else "")
        + f"__device__ {elem} {name}_mix({elem} *t, int i, int phase)\n"
        "{\n"
        f"{own}"
        f"    {elem} v = t[i];\n"
        f"    if (phase == 0) {carry}[i] = v;\n"
        f"    else v += 3 * {carry}[(i + 1) % {n}];\n"
        "    return v;\n"
        "}\n"
        f"__global__ void {name}(const int* __restrict__ in, int* __restrict__ out, int p)\n"
        "{\n"
        f"    __shared__ {elem} a[{n}];\n"
        f"    __shared__ {elem} b[{n}];\n"
        "    const int tx = threadIdx.x, ty = threadIdx.y;\n"
        f"    const int tid = ty * {bx} + tx;\n"
        f"    a[tid] = {_value(elem, 'tid')};\n"
        f"    b[{perm}] = {_value(elem, f'(tid + {n})')};\n"
        "    __syncthreads();\n"
        f"    {elem} acc = {name}_mix(a, {perm}, 0);\n"
        "    __syncthreads();\n"
        f"    acc += {name}_mix(b, tid, 1);\n"
        f"    out[blockIdx.x * {n} + tid] = {fold(elem, 'acc')};\n"
        "}\n")
    launch = Launch(name, 2, (bx, by), 0)
    return HostKernel(name, "helper_owned_shared", twin, source + _launch(name, launch), (launch,))


USE_FAMILIES: tuple[Family, ...] = (ref_cast, returned_ref, member_decay, alias_moved, helper_owned_shared)
