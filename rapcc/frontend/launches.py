"""Block shapes of the `kernel<<<grid, block>>>(...)` launches in a file (read by host_values.py)."""
from __future__ import annotations

from clang.cindex import TranslationUnit

from ..program_constants import ProgramConstants
from .host_values import host_launches

# Project mode hands each file the launches of every file as (kernel, shapes)
# (`file_launch_facts`, build/launch_index.py). Two entries that are no block
# shape ride along, so that an unknown launch is never dropped: UNREAD_SHAPE,
# a launch whose shape rapcc cannot read (every shape to the proof), and
# `bytes_entry(n)`, the dynamic shared memory of a launch (n < 0: unknown),
# which the budget needs of every launch (`pipeline.with_launch_shapes`).
UNREAD_SHAPE = (0, 0, 0)
_BYTES = -1  # the first field of a bytes entry


def bytes_entry(smem: int | None) -> tuple[int, int, int]:
    return (_BYTES, -1 if smem is None else smem, 0)


def entry_bytes(entry: tuple[int, int, int]) -> int | None | bool:
    """The bytes a bytes entry stands for (None: unknown); False for any other entry."""
    if entry[0] != _BYTES:
        return False
    return None if entry[1] < 0 else entry[1]


def launch_bytes(tu: TranslationUnit, source: bytes | None = None, constants: ProgramConstants | None = None
                 ) -> dict[str, list[int | None]]:
    """Kernel name -> the dynamic shared memory of each launch the main file makes (None: unknown)."""
    out: dict[str, list[int | None]] = {}
    tokens = file_tokens(tu, tu.spelling, len(source), source) if source is not None else None
    for launch in host_launches(main_file_tops(tu), None, tokens, constants):
        out.setdefault(launch.kernel, []).extend(launch.smem if launch.smem is not None else (None,))
    return out
from .tokens import file_tokens
from .toplevel import main_file_tops


def launch_facts(tu: TranslationUnit, source: bytes | None = None, constants: ProgramConstants | None = None,
                 wanted: set[str] | None = None
                 ) -> tuple[dict[str, list[tuple[int, int, int]]], dict[str, list[str]]]:
    """(kernel name -> the known block shapes of the launches the main file makes
    (of kernels defined anywhere), in source order, a launch whose shape is
    unknown adding none; kernel name -> why each launch the main file makes
    of it has an unknown block shape: "line 12: the result of 'atoi' is ...").
    `source`: the main file's bytes, to find the kernel names no expression
    explains (host_mentions.py); `constants`, `wanted`: as `host_launches`."""
    found: dict[str, list[tuple[int, int, int]]] = {}
    unknown: dict[str, list[str]] = {}
    tokens = file_tokens(tu, tu.spelling, len(source), source) if source is not None else None
    for launch in host_launches(main_file_tops(tu), None, tokens, constants, wanted):
        found.setdefault(launch.kernel, []).extend(launch.shapes)
        if launch.unknown is not None:
            unknown.setdefault(launch.kernel, []).append(f"line {launch.line}: {launch.unknown.reason}")
    return found, unknown
