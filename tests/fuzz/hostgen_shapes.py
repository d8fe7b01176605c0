"""Host-fuzzer families for issue 27's class 1. `hidden_launch`: a launch whose block shape rapcc
cannot read. The host runs it 64x4 or 128x2; a guess of the usual shapes
(32x8, 16x16, ...) would find the kernel's flat walk in range.

The launch function takes the block's sides as parameters and nothing in the
file calls it, so rapcc knows no shape (frontend/host_values.py) and the proof
must hold for every one. The bad kernel reads `tile[ty][tx]`: inside the
tile's allocation for both launched blocks ((by - 1) * W + bx - 1 < H * W for
every tile here), but past a row since bx > W, so any layout change moves what
it reads. The twin
reads it only where `tx < W && ty < H`, which every layout keeps. Under a guard (analysis/guards.py) the bad kernel may be
rewritten for a guessed shape, and the host's 64x4 must then run the layout
as written. `launched_elsewhere`: the single-file premise (below).
"""
from __future__ import annotations

import random

from .hostgen import HostKernel, Launch, Tile, fold

# (H, W) with W < 64: a 64- or 128-wide block walks past a row, never past the tile.
TILES = ((8, 32), (16, 16), (16, 32))
HIDDEN_BLOCKS = ((64, 4), (128, 2))


def _walk(head: str, tile: Tile, read: str, salt: tuple[int, int], close: str = "") -> str:
    """A kernel `head(in, out, p)` that fills `tile` with a flat walk of the block, then
    reads it transposed and by `read`, which adds to `acc`."""
    h, w = tile.h, tile.w
    return (
        f"{head}(const int* __restrict__ in, int* __restrict__ out, int p)\n"
        "{\n"
        f"    __shared__ {tile.elem} tile[{h}][{w}];\n"
        "    const int tx = threadIdx.x, ty = threadIdx.y;\n"
        "    const int nt = (int)(blockDim.x * blockDim.y);\n"
        "    const int tid = ty * (int)blockDim.x + tx;\n"
        f"    for (int i = tid; i < {h * w}; i += nt)\n"
        f"        tile[i / {w}][i % {w}] = ({tile.elem})(in[(i * {salt[0]} + (int)blockIdx.x * {salt[1]}) & 4095] & 1023);\n"
        "    __syncthreads();\n"
        f"    {tile.elem} acc = tile[tx % {h}][ty % {w}];\n"
        f"{read}"
        f"    out[blockIdx.x * nt + tid] = {fold(tile.elem, 'acc')};\n"
        f"}}{close}\n")


def hidden_launch(rng: random.Random, name: str, twin: bool) -> HostKernel:
    h, w = rng.choice(TILES)
    tile = Tile(rng.choice(("int", "float")), h, w)
    bx, by = rng.choice(HIDDEN_BLOCKS)
    read = (f"    if (tx < {w} && ty < {h}) acc += tile[ty][tx];\n" if twin
            else "    acc += tile[ty][tx];\n")
    source = (
        _walk(f"__global__ void {name}", tile, read, (7, 13)) +
        "#ifdef __CUDACC__\n"
        "// Called from code rapcc does not see: the block's sides are known only at run time.\n"
        f"void {name}_launch(const int* in, int* out, unsigned bx, unsigned by) "
        f"{{ {name}<<<2, dim3(bx, by)>>>(in, out, 0); }}\n"
        "#endif\n")
    return HostKernel(name, "hidden_launch", twin, source, (Launch(name, 2, (bx, by), 0),))


# The other file's blocks: wider than a row of every tile, inside every tile.
ELSEWHERE_BLOCKS = HIDDEN_BLOCKS


def launched_elsewhere(rng: random.Random, name: str, twin: bool) -> HostKernel:
    """Issue 27's premise of a single file: a kernel of external linkage that
    its own file launches with the tile's shape, and that another file of the
    program (which rapcc is not given) declares and launches 64x4 or 128x2.
    The bad kernel reads `tile[ty][tx]`, in range only under its own file's
    shape: a layout proved for that shape alone must not apply to the other
    launch. Its twin has internal linkage (`static`, or an unnamed
    namespace), so the file's launch is every launch and a rewrite needs no
    test of blockDim."""
    h, w = rng.choice(TILES)
    tile = Tile(rng.choice(("int", "float")), h, w)
    own = (w, min(h, 1024 // w))
    other = rng.choice(ELSEWHERE_BLOCKS)
    internal = rng.choice(("static ", "namespace { ")) if twin else ""
    close = " }" if internal == "namespace { " else ""
    source = (
        _walk(f"{internal}__global__ void {name}", tile, "    acc += tile[ty][tx];\n", (5, 11), close) +
        "#ifdef __CUDACC__\n"
        f"void {name}_launch(const int* in, int* out) {{ {name}<<<2, dim3({own[0]}, {own[1]})>>>(in, out, 0); }}\n"
        "#endif\n")
    if not twin:
        # Another file: `__global__ void NAME(const int*, int*, int);` and a launch of `other`.
        source = (f"// Another file of the program launches it too: {name}<<<2, dim3({other[0]}, {other[1]})>>>"
                  "(in, out, 0);\n" + source)
    launches = (Launch(name, 2, own, 0),) + (() if twin else (Launch(name, 2, other, 0, 2048),))
    return HostKernel(name, "launched_elsewhere", twin, source, launches)


SHAPE_FAMILIES = (hidden_launch, launched_elsewhere)
