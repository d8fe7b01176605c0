"""Out-of-place float transpose whose 32x32 tile is filled by __pipeline_memcpy_async, 32x8 threads."""
from __future__ import annotations

from dataclasses import replace
from pathlib import Path

from rapcc.harness.case import Case, load_case_file


def make_case() -> Case:
    # The launch, inputs and reference of the plain 32x8 transpose: only how the tile is filled differs.
    base = load_case_file(Path(__file__).with_name("transpose_32x8.case.py"))
    return replace(
        base,
        name="async_transpose",
        source=Path(__file__).with_name("async_transpose.cu"),
        kernel="async_transpose",
        pattern="asynchronous copies into a 32x32 float tile by columns: 32-way conflict on the copy",
        case_file=None,
    )
