"""Host-fuzzer families for issue 27's class 1: launch styles whose block
shape rapcc once misread. The real shapes are 64x4 and 128x2; the kernel
reads `tile[ty][tx]`:

- bad: the tile is [8][32], so under the real shape `tx` walks past a row
  (in the allocation: (by - 1) * 32 + bx - 1 < 256); any layout change moves
  what it reads, and only the true shape shows it. The host code launches it
  in the family's style, in the form rapcc reads exactly (LAUNCH_FAMILIES) or
  in a form it must call unknown (LAUNCH_UNKNOWN_FAMILIES); either way the
  rewrite must be refused;
- twin: the tile is [8][bx] and the same style is written in the form rapcc
  reads exactly, so the transposed read is rewritten where the proof holds.

The g++ oracle (hostcheck.py) runs the launches of the records, at the real
shape; the host function in the `#ifdef __CUDACC__` block is what rapcc reads.

| family | exact form | form rapcc must call unknown |
|---|---|---|
| launch_fnptr | `auto f = k; f<<<2, dim3(64, 4)>>>` | the pointer's address passed to an unknown function |
| launch_ex | `cudaLaunchKernelEx(&cfg, k, ...)`, cfg set field by field or braced | `&cfg` passed to an unknown function |
| launch_braced | `k<<<2, {64, 4}>>>` | `k<<<2, {w, 4}>>>` (not a constant; clang drops the launch) |
| launch_dim3_ref | a swap through a temporary; `Cfg c(b)` for a `Cfg(const dim3 &)` that only reads it | `std::swap(b.x, b.y)`, `widen(b.x, b.y)` by reference, `*&b.x *= 2`, `Cfg c(b)` for a `Cfg(const dim3 &d)` that writes `const_cast<dim3 &>(d)` |
| launch_loop_jump | `for (int s : {32, 64, 128}) { if (s != 64) continue; ... }` | the same loop up to a parameter `n` |
| launch_wrapper | `go(k, p, ...)`: a template wrapper launching `kernel<<<p.grid, p.block>>>`, `p` built by a constructor, braces or a field write | `p` passed by reference to an unknown function |
"""
from __future__ import annotations

import random

from .hostgen import HostKernel, Launch, Tile, fill_loop, fold

SHAPES = ((64, 4), (128, 2))
_SIG = "const int*, int*, int"


def _kernel(name: str, tile: Tile, block: tuple[int, int]) -> str:
    bx, by = block
    t = bx * by
    return (
        f"__global__ void {name}(const int* __restrict__ in, int* __restrict__ out, int p)\n"
        "{\n"
        f"    __shared__ {tile.elem} tile[{tile.h}][{tile.w}];\n"
        "    const int tx = threadIdx.x, ty = threadIdx.y;\n"
        f"    const int tid = ty * {bx} + tx;\n"
        f"{fill_loop('tile', tile, 'tid', str(t))}"
        "    __syncthreads();\n"
        f"    {tile.elem} acc = tile[tx % {tile.h}][ty % {tile.w}];\n"
        "    acc += tile[ty][tx];\n"
        f"    out[blockIdx.x * {t} + tid] = {fold(tile.elem, 'acc')};\n"
        "}\n")


def _fnptr(rng: random.Random, name: str, bx: int, by: int, exact: bool) -> tuple[str, str]:
    call = f"f<<<2, dim3({bx}, {by})>>>(in, out, 0);"
    if exact:
        init = rng.choice((f"auto f = {name};", f"void (*f)({_SIG}) = &{name};"))
        return "", f"{init} {call}"
    return (f"void {name}_pick(void (**)({_SIG}));\n",
            f"void (*f)({_SIG}) = {name}; {name}_pick(&f); {call}")


def _launch_ex(rng: random.Random, name: str, bx: int, by: int, exact: bool) -> tuple[str, str]:
    launch = f"cudaLaunchKernelEx(&cfg, {name}, in, out, 0);"
    if exact:
        cfg = rng.choice((f"cudaLaunchConfig_t cfg = {{}}; cfg.gridDim = dim3(2); cfg.blockDim = dim3({bx}, {by}); "
                          "cfg.dynamicSmemBytes = 0;",
                          f"cudaLaunchConfig_t cfg = {{dim3(2), dim3({bx}, {by}), 0, 0, nullptr, 0}};",
                          f"cudaLaunchConfig_t cfg = {{}}; cfg.gridDim = dim3(2); cfg.blockDim = dim3({bx}, 1); "
                          f"cfg.blockDim.y = {by};"))
        return "", f"{cfg} {launch}"
    return (f"void {name}_tune(cudaLaunchConfig_t*);\n",
            f"cudaLaunchConfig_t cfg = {{}}; cfg.gridDim = dim3(2); cfg.blockDim = dim3(32, 8); {name}_tune(&cfg); "
            f"{launch}")


def _braced(rng: random.Random, name: str, bx: int, by: int, exact: bool) -> tuple[str, str]:
    if exact:
        return "", f"{name}<<<2, {{{bx}, {by}}}>>>(in, out, 0);"
    return "", f"unsigned w = {bx}; {name}<<<2, {{w, {by}}}>>>(in, out, 0);"


def _dim3_ref(rng: random.Random, name: str, bx: int, by: int, exact: bool) -> tuple[str, str]:
    launch = f"{name}<<<2, b>>>(in, out, 0);"
    if exact:
        if rng.randrange(2):
            return "", f"dim3 b({by}, {bx}); unsigned t = b.x; b.x = b.y; b.y = t; {launch}"
        # `b` given to a `const dim3 &` that its constructor only reads
        return (f"struct {name}_cfg {{ unsigned n; {name}_cfg(const dim3& d) : n(d.x * d.y) {{}} }};\n",
                f"dim3 b({bx}, {by}); {name}_cfg c(b); {launch}")
    form = rng.randrange(4)
    if form == 0:
        return "#include <utility>\n", f"dim3 b({by}, {bx}); std::swap(b.x, b.y); {launch}"
    if form == 1:
        return (f"static void {name}_widen(unsigned& x, unsigned& y) {{ x *= 2; y /= 2; }}\n",
                f"dim3 b({bx // 2}, {by * 2}); {name}_widen(b.x, b.y); {launch}")
    if form == 2:
        return "", f"dim3 b({bx // 2}, {by * 2}); unsigned* px = &b.x; *px *= 2; b.y /= 2; {launch}"
    # a constructor taking `const dim3 &` that casts the const away and writes it
    return (f"struct {name}_cfg {{ {name}_cfg(const dim3& d) {{ const_cast<dim3&>(d).x *= 2; "
            "const_cast<dim3&>(d).y /= 2; } };\n",
            f"dim3 b({bx // 2}, {by * 2}); {name}_cfg c(b); {launch}")


def _loop_jump(rng: random.Random, name: str, bx: int, by: int, exact: bool) -> tuple[str, str]:
    launch = f"{name}<<<2, dim3(s, {bx * by} / s)>>>(in, out, 0);"
    if exact:
        return "", rng.choice((f"for (int s : {{32, {bx}, {2 * bx}}}) {{ if (s != {bx}) continue; {launch} }}",
                               f"for (int s = 32; s <= 256; s *= 2) {{ if (s < {bx}) continue; {launch} break; }}"))
    return "", f"for (int s = 32; s <= n; s *= 2) {{ if (s != {bx}) continue; {launch} }}"


def _wrapper(rng: random.Random, name: str, bx: int, by: int, exact: bool) -> tuple[str, str]:
    """ggml's launch wrapper (issue 28): a params struct built by a constructor and a
    template wrapper launching its kernel parameter with `p.block`."""
    pre = (f"struct {name}_lp {{ dim3 grid; dim3 block; size_t smem;\n"
           f"    {name}_lp(const dim3& g, const dim3& b, const size_t s) : grid(g), block(b), smem(s) {{}} }};\n"
           f"template <typename Kernel, typename... Args>\n"
           f"static void {name}_go(Kernel kernel, const {name}_lp& p, Args&&... args) "
           "{ kernel<<<p.grid, p.block, p.smem>>>(args...); }\n")
    launch = f"{name}_go({name}, p, in, out, 0);"
    if exact:
        return pre, rng.choice((f"const {name}_lp p = {name}_lp(dim3(2), dim3({bx}, {by}), 0); {launch}",
                                f"const {name}_lp p = {{dim3(2), dim3({bx}, {by}), 0}}; {launch}",
                                f"{name}_lp p(dim3(2), dim3({bx}, 1), 0); p.block.y = {by}; {launch}"))
    return (pre + f"void {name}_tune({name}_lp&);\n",
            f"{name}_lp p(dim3(2), dim3(32, 8), 0); {name}_tune(p); {launch}")


def _family(family: str, style, unknown: bool = False):
    """A family of `style`: the bad kernel launched in the exact form, or (with
    `unknown`) in the form rapcc must call unknown; the twin always exactly."""
    def draw(rng: random.Random, name: str, twin: bool) -> HostKernel:
        bx, by = rng.choice(SHAPES)
        elem = rng.choice(("int", "float"))
        tile = Tile(elem, 8, bx) if twin else Tile(elem, 8, 32)
        pre, body = style(rng, name, bx, by, twin or not unknown)
        params = "const int* in, int* out" + (", int n" if "<= n" in body else "")
        host = f"#ifdef __CUDACC__\n{pre}void {name}_launch({params}) {{ {body} }}\n#endif\n"
        launches = (Launch(name, 2, (bx, by), 0),)
        return HostKernel(name, family, twin, _kernel(name, tile, (bx, by)) + host, launches)
    draw.__name__ = family
    return draw


launch_fnptr = _family("launch_fnptr", _fnptr)
launch_ex = _family("launch_ex", _launch_ex)
launch_braced = _family("launch_braced", _braced)
launch_dim3_ref = _family("launch_dim3_ref", _dim3_ref)
launch_loop_jump = _family("launch_loop_jump", _loop_jump)
launch_wrapper = _family("launch_wrapper", _wrapper)

LAUNCH_FAMILIES = (launch_fnptr, launch_ex, launch_braced, launch_dim3_ref, launch_loop_jump, launch_wrapper)

# The bad kernels in the forms rapcc reports as unknown launches: the proof
# holds an unknown launch to every shape the hardware allows (issue 27 §4), so
# they are refused (test_host_fuzz.py's test_unknown_launch_forms_are_refused).
# Kept out of FAMILIES, whose near twins must be rewritten: these have none.
LAUNCH_UNKNOWN_FAMILIES = tuple(_family(f"{f.__name__}_unknown", style, unknown=True) for f, style in
                                zip(LAUNCH_FAMILIES, (_fnptr, _launch_ex, _braced, _dim3_ref, _loop_jump, _wrapper)))
