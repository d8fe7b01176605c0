"""Host-fuzzer family for issue 27's class 4: a kernel template instance that
only a host template launches.

`k<32>` is launched directly; `k<16>` only through a host function template
(`template <int B> void run(...) { k<B><<<...>>>(...); }` called as
`run<16>(...)`), a class template's static member, or an `if constexpr`
branch of a host template. The g++ oracle runs both instances with the
32-wide block, so the bad kernel's `tile[ty % B][tx]` walks past k<16>'s rows
(inside its allocation): a layout written for k<32> alone moves what k<16>
reads. The twin launches both instances directly from plain host code, with
subscripts in range: each instance is seen, proved, and rewritten.
"""
from __future__ import annotations

import random

from .hostgen import HostKernel, Launch, cuda_call
from .hostgen_flow import Family
from .hostgen_names import template_tile_kernel

# How the bad kernel's host code reaches k<16>: the host template around the launch, and its call.
_FORMS = {
    "function": ("template <int B> void {name}_run(const int* in, int* out) {{ {call} }}\n",
                 "{name}_run<{small}>(in, out + 1024);"),
    "class": ("template <int B> struct {name}_runner {{ static void run(const int* in, int* out) {{ {call} }} }};\n",
              "{name}_runner<{small}>::run(in, out + 1024);"),
    "constexpr": ("template <int B> void {name}_run(const int* in, int* out) "
                  "{{ if constexpr (B < 32) {{ {call} }} else {{ {call} }} }}\n",
                  "{name}_run<{small}>(in, out + 1024);"),
}


def host_template(rng: random.Random, name: str, twin: bool) -> HostKernel:
    elem = rng.choice(("int", "float"))
    big, small = rng.choice(((32, 16), (32, 8), (64, 16)))
    by = rng.choice((4, 8)) if big == 32 and small > 8 else 4  # at most 256 threads, k<small>'s walk in its tile
    col = "tx % B" if twin else "tx"
    source = template_tile_kernel(name, elem, col)
    launches = (Launch(f"{name}<{big}>", 2, (big, by), 0), Launch(f"{name}<{small}>", 2, (big, by), 0, 1024))
    first = cuda_call(launches[0], launches[0].kernel, "in", "out")
    if twin:
        host = f"void {name}_launch(const int* in, int* out) {{ {first} " \
               f"{cuda_call(launches[1], launches[1].kernel, 'in', 'out + 1024')} }}\n"
    else:
        template, call = _FORMS[rng.choice(sorted(_FORMS))]
        inner = cuda_call(Launch(f"{name}<B>", 2, (big, by), 0), f"{name}<B>", "in", "out")
        host = template.format(name=name, call=inner) + \
            f"void {name}_launch(const int* in, int* out) {{ {first} {call.format(name=name, small=small)} }}\n"
    return HostKernel(name, "host_template", twin, source + "#ifdef __CUDACC__\n" + host + "#endif\n", launches)


INSTANCE_FAMILIES: tuple[Family, ...] = (host_template,)
