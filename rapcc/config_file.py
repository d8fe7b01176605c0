"""The project's settings file: the options users repeat on every run.

rapcc looks upward from the first input's folder for `.rapcc.toml`, or a
`pyproject.toml` with a `[tool.rapcc]` table (one without it is passed over),
and stops at the first folder holding a `.git` (the repository's root) or at
the file system's root. The first file found is the whole configuration:

    # .rapcc.toml (or [tool.rapcc] in pyproject.toml)
    strategy = "pad"
    block-dim = "32x8"            # or [32, 8]
    dynamic-smem = 0              # the most dynamic shared memory any launch asks for (bytes)
    whole-program = true          # the files given hold every launch of their kernels
    include-dirs = ["include"]    # relative to the file's folder
    defines = ["TILE=32"]
    fail-on = ["conflict"]        # rapcc analyze

Flags on the command line win over single values (`--strategy`); list
values (`-I`, `-D`, `--fail-on`) add to the file's. An unknown key or a value
of the wrong type is an error naming the file, as a compiler's would be.
"""
from __future__ import annotations

import os
import sys
from dataclasses import dataclass
from pathlib import Path
from typing import Any

from .diagnostics import RapccError
from .pipeline import STRATEGIES

CONFIG_NAME = ".rapcc.toml"
PYPROJECT = "pyproject.toml"
FAIL_ON_NAMES = ("conflict", "escape")
COLOR_NAMES = ("auto", "always", "never")


def block_shape(text: str) -> tuple[int, int, int]:
    """"32x8" -> (32, 8, 1). Raises ValueError with the reason."""
    parts = text.lower().replace(",", "x").split("x")
    try:
        vals = [int(p) for p in parts if p.strip()]
    except ValueError:
        raise ValueError(f"invalid block shape '{text}' (expected e.g. 32x8)") from None
    if not 1 <= len(vals) <= 3 or any(v <= 0 for v in vals) or vals[0] * (vals + [1, 1])[1] * (vals + [1, 1])[2] > 1024:
        raise ValueError(f"invalid block shape '{text}' (1 to 3 positive sizes, at most 1024 threads)")
    return tuple(vals + [1] * (3 - len(vals)))  # type: ignore[return-value]


@dataclass(frozen=True, slots=True)
class ProjectConfig:
    """The settings of one file, as argparse destinations -> values."""

    path: str  # the file they come from
    values: tuple[tuple[str, Any], ...]

    def defaults(self) -> dict[str, Any]:
        return dict(self.values)


def _strings(where: str, key: str, value: Any) -> list[str]:
    if not isinstance(value, list) or not all(isinstance(v, str) for v in value):
        raise RapccError(f"{where}: '{key}' must be a list of strings")
    return list(value)


def _one_of(where: str, key: str, value: Any, names: tuple[str, ...]) -> str:
    if value not in names:
        raise RapccError(f"{where}: '{key}' must be one of {', '.join(names)} (got {value!r})")
    return value


def _block_dim(where: str, value: Any) -> tuple[int, int, int]:
    if isinstance(value, list) and all(isinstance(v, int) for v in value):
        value = "x".join(map(str, value))
    if not isinstance(value, str):
        raise RapccError(f"{where}: 'block-dim' must be a string like \"32x8\" or a list like [32, 8]")
    try:
        return block_shape(value)
    except ValueError as exc:
        raise RapccError(f"{where}: 'block-dim': {exc}") from None


def _settings(table: dict[str, Any], where: str, folder: Path) -> tuple[tuple[str, Any], ...]:
    """argparse destination -> value for each key of the table (checked)."""
    out: list[tuple[str, Any]] = []
    for key, value in table.items():
        if key == "strategy":
            out.append(("strategy", _one_of(where, key, value, STRATEGIES)))
        elif key == "block-dim":
            out.append(("block_dim", _block_dim(where, value)))
        elif key == "dynamic-smem" and isinstance(value, int) and not isinstance(value, bool) and value >= 0:
            out.append(("dynamic_smem", value))
        elif key == "include-dirs":
            out.append(("include_dirs", [str(folder / d) for d in _strings(where, key, value)]))
        elif key in ("defines", "undefines"):
            out.append((key, _strings(where, key, value)))
        elif key == "fail-on":
            out.append(("fail_on", [_one_of(where, key, v, FAIL_ON_NAMES) for v in _strings(where, key, value)]))
        elif key == "std" and isinstance(value, str):
            out.append(("std", value))
        elif key == "seed" and isinstance(value, int) and not isinstance(value, bool):
            out.append(("seed", value))
        elif key == "cuda-path" and isinstance(value, str):
            out.append(("cuda_path", str(folder / value)))
        elif key == "rdc" and isinstance(value, bool):
            out.append(("rdc", value))
        elif key == "whole-program" and isinstance(value, bool):
            out.append(("whole_program", value))
        elif key == "color":
            out.append(("color", _one_of(where, key, value, COLOR_NAMES)))
        elif key in ("std", "seed", "cuda-path", "rdc", "dynamic-smem", "whole-program"):
            raise RapccError(f"{where}: '{key}' has the wrong type ({type(value).__name__})")
        else:
            raise RapccError(f"{where}: unknown key '{key}' (known: strategy, block-dim, dynamic-smem, include-dirs, "
                             "defines, undefines, std, seed, cuda-path, rdc, whole-program, fail-on, color)")
    return tuple(out)


def _read(path: Path) -> dict[str, Any]:
    # Here, not at the top: most inputs have no settings file above them, and
    # the parser's import is ~4 ms of a run without rapcc's server (issue 29).
    if sys.version_info >= (3, 11):
        import tomllib
    else:  # Python 3.10: the same parser, from PyPI (a dependency there)
        import tomli as tomllib
    try:
        with open(path, "rb") as f:
            return tomllib.load(f)
    except tomllib.TOMLDecodeError as exc:
        raise RapccError(f"{path}: not valid TOML ({exc})") from None


def _table(path: Path) -> dict[str, Any] | None:
    """The rapcc table of a settings file; None for a pyproject.toml without one."""
    data = _read(path)
    if path.name == CONFIG_NAME:
        return data
    tool = data.get("tool")
    table = tool.get("rapcc") if isinstance(tool, dict) else None
    if table is not None and not isinstance(table, dict):
        raise RapccError(f"{path}: [tool.rapcc] must be a table")
    return table


def find_config(start: str | os.PathLike[str]) -> ProjectConfig | None:
    """The settings for an input at `start` (a file or folder), or None."""
    folder = Path(os.path.abspath(start))
    if not folder.is_dir():
        folder = folder.parent
    for here in (folder, *folder.parents):
        for name in (CONFIG_NAME, PYPROJECT):
            candidate = here / name
            if candidate.is_file():
                table = _table(candidate)
                if table is not None:
                    where = str(candidate) if name == CONFIG_NAME else f"{candidate} [tool.rapcc]"
                    return ProjectConfig(str(candidate), _settings(table, where, here))
        if (here / ".git").exists():
            return None
    return None
