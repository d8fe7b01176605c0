"""Write a reduced finding as a regression module in tests/fuzz/regressions/."""
from __future__ import annotations

import hashlib
from pathlib import Path

from .check import Finding
from .render import render_kernel

REGRESSIONS = Path(__file__).resolve().parent / "regressions"


def save_regression(f: Finding, folder: Path = REGRESSIONS) -> Path:
    """The module's path; the name is a hash of the kernel, so saving twice is harmless."""
    text, _ = render_kernel(f.kernel)
    digest = hashlib.sha1(repr(f.kernel).encode()).hexdigest()[:10]
    path = folder / f"case_{f.kind.replace('-', '_')}_{digest}.py"
    comment = "\n".join("# " + line for line in text.splitlines())
    path.write_text(
        f'"""{f.summary()}"""\n'
        "# Data, not a module: test_fuzz.py evaluates it with the names of tests/fuzz/kast.py.\n"
        f"{comment}\n\n"
        f"STRATEGY = {f.strategy!r}\n"
        f"FOUND = {f.detail!r}\n"
        f"KERNEL = {f.kernel!r}\n")
    return path
