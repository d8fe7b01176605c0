"""The libclang front end: the only package that imports `clang.cindex`."""
from __future__ import annotations

from typing import Protocol

from ..diagnostics import Diagnostic, RapccError
from ..ir import TranslationUnitInfo
from .collect import collect
from .parse import ParseConfig, ParseError, parse


class _ParseOptions(Protocol):
    include_dirs: tuple[str, ...]
    defines: tuple[str, ...]
    std: str
    cuda_path: str | None


def parse_file(path: str, source: bytes, options: _ParseOptions) -> tuple[TranslationUnitInfo, list[Diagnostic]]:
    """Parse and collect one file. Raises RapccError with clang's errors."""
    config = ParseConfig(tuple(options.include_dirs), tuple(options.defines), options.std, options.cuda_path)
    try:
        tu, warnings = parse(path, source, config)
    except ParseError as exc:
        raise RapccError(f"{path}: the input has errors", tuple(exc.diagnostics)) from exc
    return collect(tu, path, source), warnings


__all__ = ["parse_file", "ParseConfig"]
