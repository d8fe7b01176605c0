"""Host-fuzzer families for issue 17's classes 1-3: control flow the walk did
not model, writes it did not see, and C++ integer semantics.

Each family computes a column `f` and reads `tile[r][f]` with r in 1..H-2. In
the bad kernel some lane's `f` reaches W..2W-1 (or -1..-W): in the tile's
allocation, outside its row, so the original is well defined on the GPU and
any layout change moves what it reads. In the twin every `f` stays in
0..W-1 through the same construct.
"""
from __future__ import annotations

import random
from collections.abc import Callable

from .hostgen import BLOCKS, HostKernel, Tile, as_int, draw_tile, single_kernel

Family = Callable[[random.Random, str, bool], HostKernel]


def _limit(rng: random.Random, w: int, twin: bool) -> int:
    """A loop bound for column walks: W in the twin, past the row (< 2W) in the bad kernel."""
    return w if twin else w + rng.randint(1, w - 1)


def _step(rng: random.Random, w: int) -> int:
    return rng.choice((1, 2, 3, max(1, w // 4)))


def _kernel(rng: random.Random, name: str, family: str, twin: bool, body: str, **kw) -> HostKernel:
    tile = kw.pop("tile", None) or draw_tile(rng)
    return single_kernel(name, family, twin, tile, rng.choice(BLOCKS), body, **kw)


def do_while(rng: random.Random, name: str, twin: bool) -> HostKernel:
    tile = draw_tile(rng)
    w, lim, s = tile.w, _limit(rng, tile.w, twin), _step(rng, tile.w)
    body = (f"    int f = tx % {w // 2};\n"
            f"    do {{\n        acc += tile[r][f];\n        f += {s};\n    }} while (f < {lim});\n")
    return _kernel(rng, name, "do_while", twin, body, tile=tile)


def goto_back(rng: random.Random, name: str, twin: bool) -> HostKernel:
    tile = draw_tile(rng)
    w, lim, s = tile.w, _limit(rng, tile.w, twin), _step(rng, tile.w)
    body = (f"    int f = tx % {w // 2};\n"
            "again:\n"
            "    acc += tile[r][f];\n"
            f"    f += {s};\n"
            f"    if (f < {lim}) goto again;\n")
    return _kernel(rng, name, "goto_back", twin, body, tile=tile)


def switch_fallthrough(rng: random.Random, name: str, twin: bool) -> HostKernel:
    """Lanes enter at different cases; the deepest entry adds 2S."""
    tile = draw_tile(rng)
    w = tile.w
    # max f = W/4 - 1 + 2S: below W in the twin, W..5W/4+1 in the bad kernel
    s = rng.randint(1, (3 * w) // 8) if twin else (3 * w) // 8 + 1 + rng.randint(0, w // 8)
    body = (f"    int f = tx % {w // 4};\n"
            "    switch (tx & 3) {\n"
            f"    case 0: f += {s};\n"
            f"    case 1: f += {s};\n"
            "    case 2: acc += tile[r][f]; break;\n"
            f"    default: f += {s}; acc += tile[r][f];\n"
            "    }\n")
    return _kernel(rng, name, "switch_fallthrough", twin, body, tile=tile)


def switch_break(rng: random.Random, name: str, twin: bool) -> HostKernel:
    """A `break` under an `if` inside a case, then fall-through to the read."""
    tile = draw_tile(rng)
    w = tile.w
    s = rng.randint(1, w // 2)
    # twin: lanes near the row's end break out; bad: lanes near its start do, the others step past it
    cond = f"f >= {w - s}" if twin else f"f < {w - s}"
    body = (f"    int f = tx % {w};\n"
            "    switch (tx & 1) {\n"
            f"    case 0:\n        if ({cond}) break;\n        f += {s};\n"
            "    default:\n        acc += tile[r][f];\n"
            "    }\n")
    return _kernel(rng, name, "switch_break", twin, body, tile=tile)


def continue_skips_reset(rng: random.Random, name: str, twin: bool) -> HostKernel:
    tile = draw_tile(rng)
    w = tile.w
    s = _step(rng, w)
    # the largest column read is W/2 - 1 + K*S
    k = rng.randint(1, max(1, (w // 2) // s)) if twin else (w // 2) // s + 1 + rng.randint(0, max(0, (w // 2) // s - 1))
    body = (f"    int f = tx % {w // 2};\n"
            f"    for (int i = 0; i < {k + 3}; ++i) {{\n"
            "        acc += tile[r][f];\n"
            f"        f += {s};\n"
            f"        if (i < {k}) continue;\n"
            f"        f = tx % {w // 2};\n"
            "    }\n")
    return _kernel(rng, name, "continue_skips_reset", twin, body, tile=tile)


def assign_in_if(rng: random.Random, name: str, twin: bool) -> HostKernel:
    tile = draw_tile(rng)
    w, lim, m = tile.w, _limit(rng, tile.w, twin), rng.choice((1, 2, 3))
    body = ("    int f = tx % 4;\n"
            f"    if ((f = tx * {m}) < {lim}) acc += tile[r][f];\n"
            "    else acc += tile[r][f % 4];\n")
    return _kernel(rng, name, "assign_in_if", twin, body, tile=tile)


def assign_in_while(rng: random.Random, name: str, twin: bool) -> HostKernel:
    tile = draw_tile(rng)
    w, lim, s = tile.w, _limit(rng, tile.w, twin), _step(rng, tile.w)
    body = ("    int f = tx % 4;\n"
            f"    while ((f += {s}) < {lim}) acc += tile[r][f];\n")
    return _kernel(rng, name, "assign_in_while", twin, body, tile=tile)


def shared_read_in_cond(rng: random.Random, name: str, twin: bool) -> HostKernel:
    tile = draw_tile(rng)
    w, lim, s = tile.w, _limit(rng, tile.w, twin), _step(rng, tile.w)
    stop = rng.choice((7, 15, 31))
    body = (f"    int f = tx % {w // 2};\n"
            f"    while (f < {lim} && ({as_int(tile.elem, 'tile[r][f]')} & {stop}) != {stop}) f += {s};\n"
            f"    if (f < {lim}) acc += tile[r][f];\n")
    return _kernel(rng, name, "shared_read_in_cond", twin, body, tile=tile)


def _hidden_step(rng: random.Random, w: int, twin: bool) -> int:
    """How far a write rapcc may not see moves a column starting below W/2."""
    return rng.randint(0, w // 2) if twin else rng.randint(w // 2 + 1, w + w // 2)


def ref_param(rng: random.Random, name: str, twin: bool) -> HostKernel:
    tile = draw_tile(rng)
    w, s = tile.w, _hidden_step(rng, tile.w, twin)
    inline = rng.choice(("__forceinline__", "__noinline__"))
    pre = f"__device__ {inline} void {name}_adv(int& v, int s) {{ v += s; }}\n"
    body = (f"    int f = tx % {w // 2};\n"
            f"    {name}_adv(f, {s});\n"
            "    acc += tile[r][f];\n")
    return _kernel(rng, name, "ref_param", twin, body, tile=tile, pre=pre)


def lambda_ref(rng: random.Random, name: str, twin: bool) -> HostKernel:
    tile = draw_tile(rng)
    w = tile.w
    n = rng.randint(2, 4)
    total = _hidden_step(rng, w, twin)
    s = max(1, total // (n - 1)) if not twin else total // (n - 1)
    if not twin and (n - 1) * s <= w // 2:
        s = w // 2 // (n - 1) + 1
    body = (f"    int f = tx % {w // 2};\n"
            f"    auto step = [&]() {{ f += {s}; }};\n"
            f"    for (int i = 0; i < {n}; ++i) {{\n        acc += tile[r][f];\n        step();\n    }}\n")
    return _kernel(rng, name, "lambda_ref", twin, body, tile=tile)


def param_after_guard(rng: random.Random, name: str, twin: bool) -> HostKernel:
    tile = draw_tile(rng)
    w = tile.w
    if twin:
        k = rng.randint(1, w // 2)
        guard, p = w - 1 - k, rng.randint(0, w - 1 - k)
    else:
        guard, p = w - 1, rng.randint(w // 2, w - 1)
        k = rng.randint(w - p, 2 * w - 1 - p)
    body = (f"    if (p > {guard}) return;\n"
            f"    p += {k} * (ty & 1);\n"
            "    acc += tile[r][p];\n")
    return _kernel(rng, name, "param_after_guard", twin, body, tile=tile, param=p)


def asm_output(rng: random.Random, name: str, twin: bool) -> HostKernel:
    tile = draw_tile(rng)
    w = tile.w
    bound = w if twin else rng.randint(w + 1, 2 * w - 1)
    asm = 'asm("mov.u32 %0, %1;" : "=r"(f) : "r"(x));'
    body = (f"    int x = (tx * {rng.choice((1, 3, 5))}) % {bound};\n"
            "    int f = tx % 4;\n"
            f"    {asm}\n"
            "    acc += tile[r][f];\n")
    return _kernel(rng, name, "asm_output", twin, body, tile=tile, host_asm=((asm, "f = x;"),))


def alias_row(rng: random.Random, name: str, twin: bool) -> HostKernel:
    """`row = tile[q]`, then q changes: the row must stay the one taken."""
    tile = draw_tile(rng)
    h, w = tile.h, tile.w
    change = f"    q = (q + {rng.randint(1, h - 1)}) % {h};\n"
    body = (f"    int q = ty % {h};\n"
            + (change if twin else "")
            + f"    {tile.elem}* row = tile[q];\n"
            + ("" if twin else change)
            + f"    acc += row[tx % {w}];\n"
            f"    acc += tile[q][(tx + 1) % {w}];\n")
    return _kernel(rng, name, "alias_row", twin, body, tile=tile)


def signedness(rng: random.Random, name: str, twin: bool) -> HostKernel:
    """Mixed signedness: max(int, unsigned), a mixed comparison under `?:`,
    a sign-extending shift, unsigned wrap-around converted back to int."""
    tile = draw_tile(rng)
    w = tile.w
    kind = rng.choice(("max", "ternary", "shift", "wrap"))
    if kind == "max":
        c = f"max(tx % {w} - 1, 0)" if twin else f"max(tx % {w} - 1, 0u)"
        line = f"    int c = {c};\n"
    elif kind == "ternary":
        line = (f"    int t = tx % {w};\n"
                f"    int c = (t - 2 < (unsigned)({w - 2})) ? t : t + {w - 2 if twin else w - 1};\n")
    elif kind == "shift":
        bits = 32 - (min(w, 16).bit_length() - 1)
        c = (f"(int)(((unsigned)(tx + ty) << {bits}) >> {bits})" if twin
             else f"(int)((unsigned)(tx + ty) << {bits}) >> {bits}")
        line = f"    int c = {c};\n"
    else:
        line = (f"    unsigned u = (unsigned)(tx % {w}) + 0xFFFFFFFFu;\n"
                f"    int c = {f'(int)(u % {w}u)' if twin else '(int)u'};\n")
    body = line + "    acc += tile[r][c];\n"
    return _kernel(rng, name, f"signedness_{kind}", twin, body, tile=tile)


FLOW_FAMILIES: tuple[Family, ...] = (
    do_while, goto_back, switch_fallthrough, switch_break, continue_skips_reset, assign_in_if, assign_in_while,
    shared_read_in_cond, ref_param, lambda_ref, param_after_guard, asm_output, alias_row, signedness)
