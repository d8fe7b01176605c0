"""Block shapes of the `kernel<<<grid, block>>>(...)` launches in a file (read by host_values.py)."""
from __future__ import annotations

from clang.cindex import TranslationUnit

from .host_values import host_launches

# The shape a launch of another file stands for when rapcc cannot read it
# (project mode, `launches_in_file`): no block has 0 threads, so it is never a
# real shape; `pipeline.with_launch_shapes` turns it into an unknown launch.
UNREAD_SHAPE = (0, 0, 0)
from .tokens import file_tokens
from .toplevel import main_file_tops


def launch_block_shapes(tu: TranslationUnit, source: bytes | None = None) -> dict[str, list[tuple[int, int, int]]]:
    """Kernel name -> the known block shapes of the launches the main file
    makes (of kernels defined anywhere), in source order. A launch whose shape
    is unknown adds none (see `launch_facts`)."""
    return launch_facts(tu, source)[0]


def launch_facts(tu: TranslationUnit, source: bytes | None = None
                 ) -> tuple[dict[str, list[tuple[int, int, int]]], dict[str, list[str]]]:
    """(`launch_block_shapes`, kernel name -> why each launch the main file makes
    of it has an unknown block shape: "line 12: the result of 'atoi' is ...").
    `source`: the main file's bytes, to find the kernel names no expression
    explains (host_mentions.py)."""
    found: dict[str, list[tuple[int, int, int]]] = {}
    unknown: dict[str, list[str]] = {}
    tokens = file_tokens(tu, tu.spelling, len(source), source) if source is not None else None
    for launch in host_launches(main_file_tops(tu), None, tokens):
        found.setdefault(launch.kernel, []).extend(launch.shapes)
        if launch.unknown is not None:
            unknown.setdefault(launch.kernel, []).append(f"line {launch.line}: {launch.unknown.reason}")
    return found, unknown
