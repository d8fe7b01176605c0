"""Host-fuzzer families for issue 17's class 4: ways to reach the memory
other than the subscripts rapcc reads.

- the array's PTX name in an asm string (the twin: an asm that names none) (a file-scope array: its PTX name is
  its C name, so the asm compiles with nvcc); the host meaning of the load is
  the bytes at that offset of the array (`fz_raw_load`);
- a user `__device__` function named `atomic*` that writes p[0] and p[1];
- a template kernel run through an explicit instantiation the file does not
  launch;
- one array (file-scope, or a `__device__` function's own) reached from two
  kernels launched with different block shapes.
Twins: the asm names another array, the `atomic*` function writes p[0] only,
the instance's or the second kernel's subscripts stay in range.
"""
from __future__ import annotations

import random

from .hostgen import BLOCKS, HostKernel, Launch, Tile, cuda_call, draw_tile, fill_loop, fold
from .hostgen_flow import Family

_LAUNCH = "#ifdef __CUDACC__\nvoid {name}_launch(const int* in, int* out) {{ {calls} }}\n#endif\n"


def _launch_text(name: str, launches: tuple[Launch, ...], visible: int | None = None) -> str:
    shown = launches if visible is None else launches[:visible]
    calls = " ".join(cuda_call(l, l.kernel, "in", f"out + {l.out_offset}") for l in shown)
    return _LAUNCH.format(name=name, calls=calls)


def asm_name(rng: random.Random, name: str, twin: bool) -> HostKernel:
    tile = draw_tile(rng, ((16, 16), (32, 32), (8, 64), (16, 32)))
    h, w = tile.h, tile.w
    bx, by = rng.choice(BLOCKS)
    t = bx * by
    element = rng.randint(w + 1, h * w - 1)  # an element whose place a layout change moves
    ptx, constraint = ("f32", "f") if tile.elem == "float" else ("u32", "r")
    if twin:
        # the same element read through a subscript rapcc sees; the asm names no array
        read = f"    {tile.elem} v, wv = g_tile[{element // w}][{element % w}];\n"
        asm = f'asm volatile("mov.b32 %0, %1;" : "={constraint}"(v) : "{constraint}"(wv));'
        host = "v = wv;"
    else:
        read = f"    {tile.elem} v;\n"
        asm = f'asm volatile("ld.shared.{ptx} %0, [g_tile+{4 * element}];" : "={constraint}"(v) :: "memory");'
        host = f"v = fz_raw_load<{tile.elem}>(g_tile, {4 * element});"
    source = (
        f"__shared__ {tile.elem} g_tile[{h}][{w}];\n"
        f"__shared__ {tile.elem} g_aux[{t}];\n"
        f"__global__ void {name}(const int* __restrict__ in, int* __restrict__ out, int p)\n"
        "{\n"
        "    const int tx = threadIdx.x, ty = threadIdx.y;\n"
        f"    const int tid = ty * {bx} + tx;\n"
        f"{fill_loop('g_tile', tile, 'tid', str(t))}"
        f"    g_aux[tid] = ({tile.elem})(in[tid] & 255);\n"
        "    __syncthreads();\n"
        f"    {tile.elem} acc = g_tile[tx % {h}][ty % {w}] + g_aux[(tid + 1) % {t}];\n"
        f"{read}"
        f"    {asm}\n"
        "    acc += v;\n"
        f"    out[blockIdx.x * {t} + tid] = {fold(tile.elem, 'acc')};\n"
        "}\n")
    launches = (Launch(name, 2, (bx, by), 0),)
    return HostKernel(name, "asm_name", twin, source + _launch_text(name, launches), launches, ((asm, host),),
                      () if twin else ("g_tile",))


def atomic_named(rng: random.Random, name: str, twin: bool) -> HostKernel:
    tile = draw_tile(rng, ((16, 16), (32, 32), (8, 64), (16, 32), (64, 8)))
    h, w = tile.h, tile.w
    bx, by = rng.choice(BLOCKS)
    t = bx * by
    fn = rng.choice(("atomicFoo", "atomicAccum", "atomicAdd2"))
    writes = "p[0] += v;" if twin else "p[0] += v; p[1] += v;"
    pairs = h * w // 2
    source = (
        f"__device__ __forceinline__ void {fn}({tile.elem}* p, {tile.elem} v) {{ {writes} }}\n"
        f"__global__ void {name}(const int* __restrict__ in, int* __restrict__ out, int p)\n"
        "{\n"
        f"    __shared__ {tile.elem} tile[{h}][{w}];\n"
        "    const int tx = threadIdx.x, ty = threadIdx.y;\n"
        f"    const int tid = ty * {bx} + tx;\n"
        f"{fill_loop('tile', tile, 'tid', str(t))}"
        "    __syncthreads();\n"
        f"    const int rr = (2 * tid) / {w}, cc = (2 * tid) % {w};\n"
        f"    if (tid < {pairs}) {fn}(&tile[rr][cc], ({tile.elem})(tid & 7) + 1);\n"
        "    __syncthreads();\n"
        f"    {tile.elem} acc = tile[tx % {h}][ty % {w}];\n"
        f"    if (tid < {pairs}) acc += tile[rr][cc + 1];\n"
        f"    out[blockIdx.x * {t} + tid] = {fold(tile.elem, 'acc')};\n"
        "}\n")
    launches = (Launch(name, 2, (bx, by), 0),)
    return HostKernel(name, "atomic_named", twin, source + _launch_text(name, launches), launches)


def template_tile_kernel(name: str, elem: str, col: str) -> str:
    """A kernel template over a B x B tile: fills it, then reads it transposed
    and by `col` (`tx`: past k<B>'s rows for a block wider than B)."""
    return (
        "template <int B>\n"
        f"__global__ void {name}(const int* __restrict__ in, int* __restrict__ out, int p)\n"
        "{\n"
        f"    __shared__ {elem} tile[B][B];\n"
        "    const int tx = threadIdx.x, ty = threadIdx.y;\n"
        "    const int nt = blockDim.x * blockDim.y;\n"
        "    const int tid = ty * blockDim.x + tx;\n"
        "    for (int i = tid; i < B * B; i += nt)\n"
        f"        tile[i / B][i % B] = ({elem})(in[(i * 7 + (int)blockIdx.x * 13) & 4095] & 1023);\n"
        "    __syncthreads();\n"
        f"    {elem} acc = tile[tx % B][ty % B];\n"
        f"    acc += tile[ty % B][{col}];\n"
        f"    out[blockIdx.x * nt + tid] = {fold(elem, 'acc')};\n"
        "}\n")


def explicit_instantiation(rng: random.Random, name: str, twin: bool) -> HostKernel:
    """k<32> is launched in the file; k<16>, instantiated explicitly, runs
    with the same 32-wide block: its tile[ty][tx] walks past its rows."""
    elem = rng.choice(("int", "float"))
    big, small = rng.choice(((32, 16), (32, 8), (64, 16)))
    by = rng.choice((4, 8)) if big == 32 and small > 8 else 4  # at most 256 threads, k<small>'s walk in its tile
    col = "tx % B" if twin else "tx"
    source = template_tile_kernel(name, elem, col) + \
        f"template __global__ void {name}<{small}>(const int* __restrict__, int* __restrict__, int);\n"
    launches = (Launch(f"{name}<{big}>", 2, (big, by), 0), Launch(f"{name}<{small}>", 2, (big, by), 0, 1024))
    # The twin launches the explicit instance in the file too: every instance that runs is seen.
    return HostKernel(name, "explicit_instantiation", twin,
                      source + _launch_text(name, launches, visible=2 if twin else 1), launches)


def _two_shapes(rng: random.Random) -> tuple[Tile, tuple[int, int], tuple[int, int]]:
    tile = draw_tile(rng, ((16, 16), (32, 16), (64, 8), (16, 8)))
    first = (tile.w, min(tile.h, 256 // tile.w))
    # wider than a row, at most two rows wide: the second kernel's walk stays in the allocation
    second = rng.choice(tuple((bx, by) for bx, by in ((32, 8), (32, 4), (16, 8), (16, 4)) if tile.w < bx <= 2 * tile.w))
    return tile, first, second


def two_kernels_filescope(rng: random.Random, name: str, twin: bool) -> HostKernel:
    tile, first, second = _two_shapes(rng)
    h, w = tile.h, tile.w
    parts = [f"__shared__ {tile.elem} g_tile[{h}][{w}];\n"]
    launches = []
    for i, (bx, by) in enumerate((first, second)):
        t = bx * by
        col = f"tx % {w}" if twin or i == 0 else "tx"
        parts.append(
            f"__global__ void {name}_{'ab'[i]}(const int* __restrict__ in, int* __restrict__ out, int p)\n"
            "{\n"
            "    const int tx = threadIdx.x, ty = threadIdx.y;\n"
            f"    const int tid = ty * {bx} + tx;\n"
            f"{fill_loop('g_tile', tile, 'tid', str(t))}"
            "    __syncthreads();\n"
            f"    {tile.elem} acc = g_tile[tx % {h}][ty % {w}];\n"
            f"    acc += g_tile[ty % {h - 1}][{col}];\n"
            f"    out[blockIdx.x * {t} + tid] = {fold(tile.elem, 'acc')};\n"
            "}\n")
        launches.append(Launch(f"{name}_{'ab'[i]}", 2, (bx, by), 0, 1024 * i))
    ls = tuple(launches)
    return HostKernel(name, "two_kernels_filescope", twin, "".join(parts) + _launch_text(name, ls), ls)


def two_kernels_device_array(rng: random.Random, name: str, twin: bool) -> HostKernel:
    tile, first, second = _two_shapes(rng)
    h, w = tile.h, tile.w
    col = f"tx % {w}" if twin else "tx"
    parts = [
        f"__device__ __noinline__ {tile.elem} {name}_dev(const int* __restrict__ in, int tx, int ty, int tid)\n"
        "{\n"
        f"    __shared__ {tile.elem} s[{h}][{w}];\n"
        f"{fill_loop('s', tile, 'tid', '(int)(blockDim.x * blockDim.y)')}"
        "    __syncthreads();\n"
        f"    {tile.elem} acc = s[tx % {h}][ty % {w}];\n"
        f"    acc += s[ty % {h - 1}][{col}];\n"
        "    __syncthreads();\n"
        "    return acc;\n"
        "}\n"]
    launches = []
    for i, (bx, by) in enumerate((first, second)):
        parts.append(
            f"__global__ void {name}_{'ab'[i]}(const int* __restrict__ in, int* __restrict__ out, int p)\n"
            "{\n"
            f"    const int tid = threadIdx.y * {bx} + threadIdx.x;\n"
            f"    {tile.elem} acc = {name}_dev(in, threadIdx.x, threadIdx.y, tid);\n"
            f"    out[blockIdx.x * {bx * by} + tid] = {fold(tile.elem, 'acc')};\n"
            "}\n")
        launches.append(Launch(f"{name}_{'ab'[i]}", 2, (bx, by), 0, 1024 * i))
    ls = tuple(launches)
    return HostKernel(name, "two_kernels_device_array", twin, "".join(parts) + _launch_text(name, ls), ls)


NAME_FAMILIES: tuple[Family, ...] = (asm_name, atomic_named, explicit_instantiation, two_kernels_filescope,
                                     two_kernels_device_array)
