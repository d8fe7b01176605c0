"""Kernels for the host fuzzer: the constructs that broke rapcc (issue 17,
classes 1-4), each as a "bad" kernel, whose true subscripts leave a dimension
of the tile (a rewrite must be refused), and a near twin, the same construct
with subscripts that stay in range (the rewrite is legal and should happen).

Every kernel is race-free (shared writes before a `__syncthreads()`, reads
after, or each thread on its own elements), deterministic, and in bounds of
the tile's allocation in the original: a bad kernel's walk leaves a row
(`tile[r][W + 3]` with `1 <= r <= H - 2`), never the array. No kernel is
warp-synchronous, so the CPU run (hostcuda.h) means what the GPU does.

The families live in hostgen_flow.py (classes 1-3: control flow, hidden
writes, integer semantics) and hostgen_names.py (class 4: other names for the
memory); this module holds the shared types and the kernel skeleton.
"""
from __future__ import annotations

import random
from dataclasses import dataclass

NIN = 4096  # ints of input
NOUT = 4096  # ints of output per launch region


@dataclass(frozen=True, slots=True)
class Launch:
    """One launch the host program makes: `kernel` is the C++ expression that
    names it (`fz_k`, `fz_t<16>`), its output goes to out + out_offset."""
    kernel: str
    grid: int
    block: tuple[int, int]
    param: int
    out_offset: int = 0
    smem: int = 0  # dynamic shared memory bytes (extern __shared__), as the launch's third argument


@dataclass(frozen=True, slots=True)
class HostKernel:
    """A generated .cu file and how to run it. `host_asm` maps each asm
    statement, exactly as written, to the host C++ that means the same; the
    check substitutes it in the original and in every rewrite."""
    name: str
    family: str
    twin: bool
    source: str
    launches: tuple[Launch, ...]
    host_asm: tuple[tuple[str, str], ...] = ()
    # file-scope arrays an asm statement names by their PTX name: nvcc
    # mangles that name once the file sits in a namespace (gpuprogram.py)
    ptx_arrays: tuple[str, ...] = ()


def cuda_call(launch: Launch, kernel: str, in_: str, out: str) -> str:
    """`launch` as a CUDA launch statement of `kernel` (the expression that
    names it) on the pointers `in_` and `out`."""
    smem = f", {launch.smem}" if launch.smem else ""
    block = f"dim3({launch.block[0]}, {launch.block[1]})"
    return f"{kernel}<<<{launch.grid}, {block}{smem}>>>({in_}, {out}, {launch.param});"


@dataclass(frozen=True, slots=True)
class Tile:
    elem: str  # int | float
    h: int
    w: int


TILES_2D = ((16, 16), (32, 32), (32, 33), (8, 64), (16, 32), (64, 8))
BLOCKS = ((32, 8), (16, 16), (32, 4), (64, 2), (16, 8))


def draw_tile(rng: random.Random, dims: tuple[tuple[int, int], ...] = TILES_2D) -> Tile:
    h, w = rng.choice(dims)
    return Tile(rng.choice(("int", "float")), h, w)


def fold(elem: str, value: str) -> str:
    """The int the output gets for an accumulator: the float's bits, unrounded."""
    return f"__float_as_int({value})" if elem == "float" else value


def as_int(elem: str, value: str) -> str:
    return f"((int){value})" if elem == "float" else value


def fill_loop(array: str, tile: Tile, tid: str, nthreads: str, indent: str = "    ") -> str:
    """Every element of `array` written from the input, thread tid taking
    every nthreads-th element."""
    h, w = tile.h, tile.w
    return (f"{indent}for (int i = {tid}; i < {h * w}; i += {nthreads})\n"
            f"{indent}    {array}[i / {w}][i % {w}] = ({tile.elem})(in[(i * 7 + (int)blockIdx.x * 13) & {NIN - 1}] & 1023);\n")


def single_kernel(name: str, family: str, twin: bool, tile: Tile, block: tuple[int, int], body: str,
                  pre: str = "", param: int = 0, host_asm: tuple[tuple[str, str], ...] = ()) -> HostKernel:
    """The common shape: fill `tile`, sync, one conflicting transposed read
    (so rapcc wants to rewrite), then the family's `body`, which may read
    `tx`, `ty`, `tid`, the row `r` (1..H-2) and the kernel parameter `p`,
    and adds to `acc`."""
    bx, by = block
    t = bx * by
    h, w = tile.h, tile.w
    launch = Launch(name, 2, block, param)
    source = (
        f"{pre}"
        f"__global__ void {name}(const int* __restrict__ in, int* __restrict__ out, int p)\n"
        "{\n"
        f"    __shared__ {tile.elem} tile[{h}][{w}];\n"
        "    const int tx = threadIdx.x, ty = threadIdx.y;\n"
        f"    const int tid = ty * {bx} + tx;\n"
        f"{fill_loop('tile', tile, 'tid', str(t))}"
        "    __syncthreads();\n"
        f"    {tile.elem} acc = tile[tx % {h}][ty % {w}];\n"
        f"    const int r = 1 + ty % {h - 2};\n"
        f"{body}"
        f"    out[blockIdx.x * {t} + tid] = {fold(tile.elem, 'acc')};\n"
        "}\n"
        "#ifdef __CUDACC__\n"
        f"void {name}_launch(const int* in, int* out) {{ {cuda_call(launch, name, 'in', 'out')} }}\n"
        "#endif\n")
    return HostKernel(name, family, twin, source, (launch,), host_asm)

