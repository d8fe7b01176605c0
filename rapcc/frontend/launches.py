"""Block shapes of the `kernel<<<grid, block>>>(...)` launches in a file (read by host_values.py)."""
from __future__ import annotations

from clang.cindex import TranslationUnit

from .clangext import in_main_file
from .host_values import host_launches


def launch_block_shapes(tu: TranslationUnit) -> dict[str, list[tuple[int, int, int]]]:
    """Kernel name -> the known block shapes of the launches the main file
    makes (of kernels defined anywhere), in source order. A launch whose shape
    is unknown adds none (the kernel's own file says it is unknown)."""
    found: dict[str, list[tuple[int, int, int]]] = {}
    for launch in host_launches([c for c in tu.cursor.get_children() if in_main_file(c)]):
        found.setdefault(launch.kernel, []).extend(launch.shapes)
    return found
