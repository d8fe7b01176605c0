"""Parse a CUDA file with the pip `libclang` wheel alone.

The wheel ships neither clang's resource headers nor a CUDA toolkit, so the
parse runs in CUDA device mode with `-nocudainc -nostdinc` and force-includes
rapcc's shim (`include/rapcc_cuda_shim.h`); the folder also holds small
stand-ins for the libc and C++ headers kernels commonly include. With
`--cuda-path` the toolkit's own `include/` is searched after the stand-ins.
"""
from __future__ import annotations

import os
from dataclasses import dataclass, replace
from pathlib import Path

import clang.cindex as ci

from ..diagnostics import Diagnostic

SHIM_DIR = Path(__file__).resolve().parent / "include"
SHIM_HEADER = "rapcc_cuda_shim.h"

# TranslationUnit options: keep the preprocessing record (macro expansions are
# how rapcc tells a use written in a macro body from one in a macro argument),
# and keep going past a missing header instead of dropping the rest of the file.
_PARSE_OPTIONS = ci.TranslationUnit.PARSE_DETAILED_PROCESSING_RECORD | 0x200  # KeepGoing

# Flags nvcc accepts that clang's parser rejects or must not see.
_NVCC_ONLY_PREFIXES = ("-gencode", "-arch", "-code", "--gpu-architecture", "-rdc", "--relocatable-device-code",
                       "-ccbin", "--compiler-bindir", "-Xcompiler", "-Xptxas", "-Xlinker", "--use_fast_math",
                       "-use_fast_math", "-lineinfo", "--expt-", "-forward-unknown-to-host-compiler", "-G")


@dataclass(frozen=True, slots=True)
class ParseConfig:
    include_dirs: tuple[str, ...] = ()
    defines: tuple[str, ...] = ()
    std: str = "c++17"
    cuda_path: str | None = None
    extra_args: tuple[str, ...] = ()


class ParseError(Exception):
    """The input has errors; `diagnostics` say where."""

    def __init__(self, diagnostics: list[Diagnostic]):
        super().__init__("; ".join(d.format() for d in diagnostics[:3]))
        self.diagnostics = diagnostics


def clang_args(config: ParseConfig) -> list[str]:
    """The command line libclang parses with (also used by the tests)."""
    args = [
        "-x", "cuda", "--cuda-device-only", "--cuda-gpu-arch=sm_70",
        "-nocudainc", "-nocudalib", "-nostdinc", "-nostdinc++",
        f"-std={config.std}", "-Wno-unknown-cuda-version", "-Wno-unused-value",
        "-ferror-limit=0",
        "-isystem", str(SHIM_DIR), "-include", SHIM_HEADER,
    ]
    for d in config.include_dirs:
        args += ["-I", d]
    if config.cuda_path:
        args += ["-isystem", os.path.join(config.cuda_path, "include")]
    for d in config.defines:
        args.append(f"-D{d}")
    args += [a for a in config.extra_args if not a.startswith(_NVCC_ONLY_PREFIXES)]
    return args


def _level(severity: int) -> str:
    if severity >= ci.Diagnostic.Error:
        return "error"
    if severity == ci.Diagnostic.Warning:
        return "warning"
    return "note"


def parse(path: str, source: bytes, config: ParseConfig) -> tuple[ci.TranslationUnit, list[Diagnostic]]:
    """Parse `source` as the contents of `path`.

    Raises ParseError when clang reports errors in the user's code; returns the
    translation unit and clang's warnings otherwise.
    """
    index = ci.Index.create()
    try:
        tu = index.parse(path, args=clang_args(config), unsaved_files=[(path, source)], options=_PARSE_OPTIONS)
    except ci.TranslationUnitLoadError as exc:
        raise ParseError([Diagnostic("error", path, 0, 0, f"libclang could not parse the file ({exc})", "rapcc-parse")])
    diags: list[Diagnostic] = []
    for d in tu.diagnostics:
        if d.severity < ci.Diagnostic.Warning:
            continue
        loc = d.location
        file = loc.file.name if loc.file else path
        diags.append(Diagnostic(_level(d.severity), file, loc.line, loc.column, d.spelling, "clang-diagnostic"))
    # A header rapcc cannot see is not fatal by itself (KeepGoing parses on);
    # whatever the file needed from it shows up as a real error below.
    diags = [replace(d, level="warning") if d.message.endswith("file not found") else d for d in diags]
    errors = [d for d in diags if d.level == "error"]
    if errors:
        raise ParseError(errors)
    return tu, [d for d in diags if d.file == path]
