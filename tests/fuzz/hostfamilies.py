"""Every host-fuzzer family, and the fixed way a seed draws kernels from them."""
from __future__ import annotations

import random

from .hostgen import HostKernel
from .hostgen_flow import FLOW_FAMILIES, Family
from .hostgen_instances import INSTANCE_FAMILIES
from .hostgen_launch import LAUNCH_FAMILIES
from .hostgen_names import NAME_FAMILIES
from .hostgen_shapes import SHAPE_FAMILIES
from .hostgen_uses import USE_FAMILIES

FAMILIES: tuple[Family, ...] = (FLOW_FAMILIES + NAME_FAMILIES + SHAPE_FAMILIES + LAUNCH_FAMILIES + USE_FAMILIES
                               + INSTANCE_FAMILIES)


def generate(seed: int, count: int, families: tuple[Family, ...] = FAMILIES) -> list[HostKernel]:
    """`count` kernels from `seed`, cycling through `families` so that a small
    sample covers them all, alternating bad kernel and near twin per round."""
    out = []
    for i in range(count):
        rng = random.Random(f"{seed}:{i}")
        family = families[i % len(families)]
        twin = (i // len(families)) % 2 == 1
        out.append(family(rng, f"fz_{seed}_{i}", twin))
    return out
