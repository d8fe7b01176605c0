"""Parse a CUDA file with the pip `libclang` wheel alone.

The wheel ships neither clang's resource headers nor a CUDA toolkit, so the
parse runs in CUDA device mode with `-nocudainc -nostdinc` and force-includes
rapcc's shim (`include/rapcc_cuda_shim.h`); the folder also holds small
stand-ins for the libc and C++ headers kernels commonly include.

A real CUDA toolkit, where one is found (see `toolkit.py`), has its `include/`
(and CCCL's `include/cccl`) searched after the stand-ins, for the headers they
lack.

`parse_tolerant` keeps going past errors that sit in code no shared array
depends on (see `errors.py`); `parse` is the strict form that raises on any.
"""
from __future__ import annotations

import functools
import os
import re
import shutil
from dataclasses import dataclass, replace
from pathlib import Path

import clang.cindex as ci

from ..build_macros import UNKNOWN, BuildMacros
from .. import host_compiler
from ..diagnostics import Diagnostic
from ..program_constants import ProgramConstants
from ..toolkit import AUTO_HEADERS, HeaderMode, resource_dir
from . import clangext, prelude
from .chevrons import joined_chevrons
from .encoding import lexable
from .errors import ErrorScopes, error_notes, error_scopes
from .headers import HeaderKinds
from .launches import launch_bytes, launch_facts
from .toplevel import top_level

SHIM_DIR = Path(__file__).resolve().parent / "include"
SHIM_HEADER = "rapcc_cuda_shim.h"
# Empty stand-ins for the headers clang 18's CUDA wrapper includes and CUDA 13
# dropped (texture_fetch_functions.h, curand_mtgp32_kernel.h): searched last.
SKEW_DIR = Path(__file__).resolve().parent / "skew"
# The newest CUDA clang 18 knows. Told a newer one (13.0), clang takes it as
# "unknown" and falls back to the pre-9.2 launch API (`cudaConfigureCall`,
# which CUDA 12 removed): every `<<<>>>` is then an error.
NEWEST_KNOWN_CUDA = "12.3"

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
    cuda_path: str | None = None  # a toolkit root whose include/ fills in what the stand-ins lack
    extra_args: tuple[str, ...] = ()
    undefines: tuple[str, ...] = ()  # after the defines, as nvcc applies -U
    # The translation unit that `#include`s the file (Rodinia's `kernel.cu`,
    # Parboil's bfs): the file is parsed after that unit's text up to the
    # `#include` line, which declares the types and macros it reads.
    unit: str | None = None
    # nvcc's own macros for the compile (version, __CUDA_ARCH__): see build_macros.py.
    build: BuildMacros = UNKNOWN
    # The toolkit's real headers (with clang's CUDA wrappers) where a toolkit is found, or the stand-ins.
    headers: HeaderMode = HeaderMode.AUTO
    # Other files' constants (project mode), for the launches of `unit` (host_constants.py).
    constants: ProgramConstants | None = None


class ParseError(Exception):
    """The input has errors; `diagnostics` say where."""

    def __init__(self, diagnostics: list[Diagnostic], tu: ci.TranslationUnit | None = None):
        super().__init__("; ".join(d.format() for d in diagnostics[:3]))
        self.diagnostics = diagnostics
        self.tu = tu  # what clang made of the file anyway, where it made something


@functools.cache
def libclang_major() -> int:
    """The major version of the libclang the bindings load, as the library
    states it (the wheel's: 18.1.1 -> 18); 0 where it states none. Asked of
    the loaded library, not of the wheel's metadata, whose reader
    (`importlib.metadata`, with `email`, `csv` and `zipfile`) was ~14 ms of
    a run without rapcc's server (issue 29)."""
    found = re.search(r"clang version (\d+)\.", clangext.library_version())
    return int(found[1]) if found else 0


def toolkit_resources(config: ParseConfig) -> str | None:
    """clang's resource folder where this parse reads the toolkit's own headers; None: the stand-ins."""
    mode = AUTO_HEADERS if config.headers == HeaderMode.AUTO else config.headers
    if mode != HeaderMode.TOOLKIT or not config.cuda_path:
        return None
    return resource_dir(libclang_major())


@functools.cache
def _host_args(compiler: str | None) -> tuple[str, ...]:
    """The host compiler's include folders as clang flags (asked once a process, cached on disk); none where it
    cannot say (clang's driver then finds a GCC itself)."""
    if compiler is None:
        return ()
    import tempfile

    from ..userdir import private_folder
    found = host_compiler.ask(compiler, private_folder(tempfile.gettempdir()))
    return found.clang_args() if found is not None else ()


def _toolkit_args(config: ParseConfig, resources: str) -> list[str]:
    """clang's own CUDA mode, as clang compiles CUDA: its wrapper headers, the
    toolkit's, and the host compiler's C++ library (clang finds GCC's itself)."""
    assert config.cuda_path is not None
    args = [
        "-x", "cuda", "--cuda-device-only", f"--cuda-gpu-arch={config.build.gpu_arch()}",
        f"--cuda-path={config.cuda_path}", "-resource-dir", resources, "-nocudalib",
        "-Xclang", f"-target-sdk-version={NEWEST_KNOWN_CUDA}",
        f"-std={config.std}", "-Wno-unknown-cuda-version", "-Wno-unused-value", "-Wno-register", "-ferror-limit=0",
    ]
    cccl = os.path.join(config.cuda_path, "include", "cccl")
    if os.path.isdir(cccl):  # nvcc searches it too
        args += ["-isystem", cccl]
    # The C++ library of the compiler nvcc runs (host_compiler.py), not only the one clang's driver would pick.
    args += _host_args(host_compiler.host_compiler(config.extra_args, shutil.which))
    # Named, though clang's driver includes it anyway: the precompiled prelude replaces it (prelude.py).
    args += ["-idirafter", str(SKEW_DIR), "-include", prelude.WRAPPER_HEADER]
    return args


def clang_args(config: ParseConfig) -> list[str]:
    """The command line libclang parses with (also used by the tests)."""
    resources = toolkit_resources(config)
    if resources is not None:
        args = _toolkit_args(config, resources) + [a for d in config.include_dirs for a in ("-I", d)]
    else:
        args = [
            "-x", "cuda", "--cuda-device-only", f"--cuda-gpu-arch={config.build.gpu_arch()}",
            "-nocudainc", "-nocudalib", "-nostdinc", "-nostdinc++",
            f"-std={config.std}", "-Wno-unknown-cuda-version", "-Wno-unused-value",
            # nvcc accepts `register` as a storage class in C++17 (it ignores it); clang makes it an error.
            "-Wno-register",
            "-ferror-limit=0",
            "-isystem", str(SHIM_DIR), "-include", SHIM_HEADER,
        ]
        args += [a for d in config.include_dirs for a in ("-I", d)]
        if config.cuda_path:
            # After the stand-ins: the toolkit fills in the headers they lack
            # (cuComplex.h, cublas, cufft, <cuda/...> from CCCL). See toolkit.py
            # for why its own device-side headers cannot come first.
            for sub in ("include", os.path.join("include", "cccl")):
                if os.path.isdir(os.path.join(config.cuda_path, sub)):
                    args += ["-isystem", os.path.join(config.cuda_path, sub)]
    # nvcc's predefined macros before the user's -D/-U, which may change them as nvcc's would.
    args += config.build.clang_defines()
    args += [f"-D{d}" for d in config.defines] + [f"-U{u}" for u in config.undefines]
    return args + [a for a in config.extra_args if not a.startswith(_NVCC_ONLY_PREFIXES)]


def header_kinds(path: str, config: ParseConfig) -> HeaderKinds:
    """The user's folders (the file's, `-I`) and the system's (the stand-ins,
    the toolkit, `-isystem`) of this parse."""
    system = [str(SHIM_DIR), str(SKEW_DIR)] + ([config.cuda_path] if config.cuda_path else [])
    resources = toolkit_resources(config)
    if resources is not None:
        system.append(resources)
    args = list(config.extra_args)
    system += [args[i + 1] for i, a in enumerate(args[:-1]) if a == "-isystem"]
    system += [a[len("-isystem"):] for a in args if a.startswith("-isystem") and len(a) > len("-isystem")]
    return HeaderKinds.of(path, config.include_dirs, tuple(system))


@dataclass(frozen=True, slots=True)
class UnitContext:
    """What the including unit adds to a file parsed in it (`ParseConfig.unit`)."""

    path: str
    prefix: bytes  # the unit's text before the line that includes the file
    # Functions and variables of the file that the unit's own code refers to:
    # another caller, with pointers this rewrite never sees.
    referenced: frozenset[str]
    # The unit's own `<<<grid, block>>>` launches: kernel name -> block shapes.
    launches: tuple[tuple[str, tuple[tuple[int, int, int], ...]], ...] = ()
    # The unit's launches whose shape is unknown: kernel name -> why, per launch.
    unknown: tuple[tuple[str, tuple[str, ...]], ...] = ()
    # The dynamic shared memory of each of the unit's launches: kernel name -> bytes (None: unknown).
    smem: tuple[tuple[str, tuple[int | None, ...]], ...] = ()


@dataclass(frozen=True, slots=True)
class ParsedFile:
    tu: ci.TranslationUnit
    warnings: tuple[Diagnostic, ...]  # clang's warnings in the user's file
    scopes: ErrorScopes  # clang's errors and the code they sit in
    unit: UnitContext | None = None

    def notes(self, path: str, verbose: bool = False) -> tuple[Diagnostic, ...]:
        """clang's errors the analysis goes past (see errors.error_notes)."""
        return tuple(error_notes(self.scopes, self.tu, path, verbose))


def _same_file(a: str, b: str) -> bool:
    try:
        return os.path.samefile(a, b)
    except OSError:
        return os.path.abspath(a) == os.path.abspath(b)


def unit_context(path: str, source: bytes, config: ParseConfig) -> UnitContext:
    """Parse `config.unit` (with `source` as `path`) and find where it includes `path`."""
    assert config.unit is not None
    unit = config.unit
    try:
        text = Path(unit).read_bytes()
    except OSError as exc:
        raise ParseError([Diagnostic("error", unit, 0, 0, f"cannot read the including unit ({exc.strerror})",
                                     "rapcc-parse")])
    tu = _parse(unit, [(unit, text), (path, source)], clang_args(replace(config, unit=None)))
    direct = next((i.location.offset for i in tu.get_includes()
                   if i.depth == 1 and i.include is not None and _same_file(i.include.name, path)), None)
    chain = [(unit, direct)] if direct is not None else _folder_chain(tu, unit, path)
    if chain is None:
        raise ParseError([Diagnostic("error", unit, 0, 0, f"'{unit}' does not #include '{path}'", "rapcc-parse")])
    prefix = _chain_prefix(text, chain)
    # The unit's code and its other headers' (those between it and the file,
    # and any other of the user's it includes): what they refer to is another caller.
    kinds = header_kinds(unit, config)
    headers = [f for f in dict.fromkeys(i.include.name for i in tu.get_includes() if i.include is not None)
               if not _same_file(f, path) and not _same_file(f, unit) and not kinds.is_system(f)]
    readers = [unit, *headers]
    referenced: set[str] = set()
    same = functools.lru_cache(maxsize=None)(_same_file)  # thousands of cursors, a handful of files
    for top in top_level(tu):  # classified once: the stand-in headers' thousands of declarations
        if top.file is None or not any(same(top.file, r) for r in readers):
            continue
        for c in top.cursor.walk_preorder():
            ref = c.referenced if c.kind == ci.CursorKind.DECL_REF_EXPR else None
            if ref is not None and ref.kind in (ci.CursorKind.FUNCTION_DECL, ci.CursorKind.FUNCTION_TEMPLATE,
                                                ci.CursorKind.VAR_DECL) \
                    and ref.location.file is not None and same(ref.location.file.name, path):
                referenced.add(ref.spelling)
    found, whys = launch_facts(tu, text, config.constants)
    where = os.path.basename(unit)
    reasons_of = {name: [f"in '{where}', {why}" for why in reasons] for name, reasons in whys.items()}
    bytes_of = launch_bytes(tu, text, config.constants)
    for header in headers:  # the user's headers launch too (a `variants.h` does)
        _add_header_launches(tu, header, found, reasons_of, bytes_of, config.constants)
    launches = tuple((name, tuple(shapes)) for name, shapes in found.items())
    unknown = tuple((name, tuple(reasons)) for name, reasons in reasons_of.items())
    smem = tuple((name, tuple(dict.fromkeys(b))) for name, b in bytes_of.items())
    return UnitContext(unit, prefix, frozenset(referenced), launches, unknown, smem)


def _add_header_launches(tu: ci.TranslationUnit, header: str, shapes: dict[str, list[tuple[int, int, int]]],
                         unknown: dict[str, list[str]], smem: dict[str, list[int | None]],
                         constants: ProgramConstants | None = None) -> None:
    """The launches a header of the user's in the unit makes, read as the
    unit's own are (its functions, and its tokens for the kernels' names no
    expression explains), added to the unit's: a kernel launched there with
    another shape must not be planned for the unit's shapes alone."""
    from .host_values import host_launches
    from .tokens import file_tokens
    body = Path(header).read_bytes()
    tops = [t.cursor for t in top_level(tu) if t.file is not None and _same_file(t.file, header)]
    where = os.path.basename(header)
    for launch in host_launches(tops, None, file_tokens(tu, header, len(body), body), constants):
        shapes.setdefault(launch.kernel, []).extend(launch.shapes)
        if launch.unknown is not None:
            unknown.setdefault(launch.kernel, []).append(f"in '{where}', line {launch.line}: {launch.unknown.reason}")
        smem.setdefault(launch.kernel, []).extend(launch.smem if launch.smem is not None else (None,))


def _folder_chain(tu: ci.TranslationUnit, unit: str, path: str) -> list[tuple[str, int]] | None:
    """How `unit` first reaches `path`: (file, offset of its `#include` that
    leads on) from the unit down, every file of it in the unit's folder (a
    header there reached through another one, `main.cu` -> `variants.h` ->
    `kernels.h`, issue 28); None when no such chain exists."""
    folder = os.path.dirname(os.path.realpath(unit))
    parent: dict[str, tuple[str, int]] = {}
    for i in tu.get_includes():
        if i.include is not None and i.source is not None:
            parent.setdefault(os.path.realpath(i.include.name), (i.source.name, i.location.offset))
    chain: list[tuple[str, int]] = []
    at = os.path.realpath(path)
    while at in parent and len(chain) < 64:
        source, offset = parent[at]
        if os.path.dirname(os.path.realpath(source)) != folder:
            return None
        chain.append((source, offset))
        if _same_file(source, unit):
            return chain[::-1]
        at = os.path.realpath(source)
    return None


_OPENS = (b"if", b"ifdef", b"ifndef")


def _open_conditionals(text: bytes) -> int:
    """How many `#if` blocks are open at the end of `text` (a header cut at
    the `#include` that leads on: its include guard, at least)."""
    depth = 0
    for line in text.split(b"\n"):
        s = line.lstrip()
        if not s.startswith(b"#"):
            continue
        word = s[1:].lstrip().split(None, 1)[0] if s[1:].strip() else b""
        if word in _OPENS:
            depth += 1
        elif word == b"endif" and depth:
            depth -= 1
    return depth


def _chain_prefix(text: bytes, chain: list[tuple[str, int]]) -> bytes:
    """The unit's text before its `#include` that leads to the file, then each
    header's between it and the file up to its own (under `#line`, so that a
    message names the header), with the `#if` blocks the headers leave open
    closed: what the file's preprocessor state is when nvcc reaches it."""
    parts = []
    open_blocks = 0
    for k, (file, offset) in enumerate(chain):
        body = text if k == 0 else Path(file).read_bytes()
        cut = body[:body.rfind(b"\n", 0, offset) + 1]
        if k:
            name = file.replace("\\", "\\\\").replace('"', '\\"')
            parts.append(f'#line 1 "{name}"\n'.encode())
            open_blocks += _open_conditionals(cut)
        parts.append(cut)
    return b"".join(parts) + b"#endif\n" * open_blocks


def folder_includes(unit: str, config: ParseConfig) -> tuple[tuple[str, tuple[str, ...]], ...]:
    """The files `unit` includes from its own folder, directly or through
    other headers there (real paths), each with those headers in between."""
    tu = _parse(unit, [], clang_args(replace(config, unit=None)))
    out = []
    for inc in dict.fromkeys(os.path.realpath(i.include.name) for i in tu.get_includes() if i.include is not None):
        chain = _folder_chain(tu, unit, inc)
        if chain is not None:
            out.append((inc, tuple(os.path.realpath(f) for f, _ in chain[1:])))
    return tuple(out)


def direct_includes(unit: str, config: ParseConfig) -> tuple[str, ...]:
    """The files `unit`'s own text includes (real paths), as clang's preprocessor resolves them."""
    tu = _parse(unit, [], clang_args(replace(config, unit=None)))
    return tuple(dict.fromkeys(os.path.realpath(i.include.name) for i in tu.get_includes()
                               if i.depth == 1 and i.include is not None))


def _parse(path: str, unsaved: list[tuple[str, bytes]], args: list[str]) -> ci.TranslationUnit:
    files = [(p, lexable(text)) for p, text in unsaved]
    tu = _parse_files(path, files, args)
    if any(d.severity >= ci.Diagnostic.Error for d in tu.diagnostics):
        # `k << <g, b >> > (...)`, which nvcc compiles: parsed again with the chevrons joined (chevrons.py).
        joined = [(p, joined_chevrons(tu, p, text)) for p, text in files]
        if any(j is not None for _, j in joined):
            return _parse_files(path, [(p, j if j is not None else text)
                                       for (p, j), (_, text) in zip(joined, files)], args)
    return tu


def _parse_files(path: str, files: list[tuple[str, bytes]], args: list[str]) -> ci.TranslationUnit:
    with_pch = prelude.precompiled(args)
    if with_pch is not None:
        try:
            # The toolkit's prelude with excludeDeclarationsFromPCH: its 16,000
            # declarations are left out of the unit's top level, which walking
            # made most of a parse's time. That also lists the user's implicit
            # template instances at the top level, which toplevel.py leaves
            # out again. The stand-ins' without it: their 2,000 cost little.
            exclude = prelude.WRAPPER_HEADER in args
            tu = ci.Index.create(excludeDecls=exclude).parse(path, args=with_pch, unsaved_files=files,
                                                             options=_PARSE_OPTIONS)
            if not prelude.refused(tu):
                return tu
        except ci.TranslationUnitLoadError:
            pass
        prelude.discard(with_pch)  # built again by the next parse, not refused by every later one
    try:
        return ci.Index.create().parse(path, args=args, unsaved_files=files, options=_PARSE_OPTIONS)
    except ci.TranslationUnitLoadError as exc:
        raise ParseError([Diagnostic("error", path, 0, 0, f"libclang could not parse the file ({exc})", "rapcc-parse")])


def _translation_unit(path: str, source: bytes, config: ParseConfig
                      ) -> tuple[ci.TranslationUnit, UnitContext | None]:
    if config.unit is None:
        return _parse(path, [(path, source)], clang_args(config)), None
    # The file stays the main file (every "is it the user's file" test holds);
    # the unit's prefix comes first, force-included under the unit's own name
    # so that its quoted includes resolve from the unit's folder.
    unit = unit_context(path, source, config)
    args = clang_args(replace(config, unit=None)) + ["-include", unit.path]
    return _parse(path, [(path, source), (unit.path, unit.prefix)], args), unit


# A header parsed inside its unit is the parse's main file; nvcc reads it as the header it is.
_IN_UNIT_ONLY = frozenset({"#pragma once in main file"})


def _warnings(tu: ci.TranslationUnit, path: str, in_unit: bool = False) -> tuple[Diagnostic, ...]:
    out = []
    for d in tu.diagnostics:
        if d.severity != ci.Diagnostic.Warning and not d.spelling.endswith("file not found"):
            continue
        if in_unit and d.spelling in _IN_UNIT_ONLY:
            continue
        loc = d.location
        file = loc.file.name if loc.file else path
        # A header rapcc cannot see is not fatal by itself (KeepGoing parses on);
        # whatever the file needed from it shows up as an error where it is needed.
        if file == path:
            out.append(Diagnostic("warning", file, loc.line, loc.column, d.spelling, "clang-diagnostic"))
    return tuple(out)


def parse_tolerant(path: str, source: bytes, config: ParseConfig) -> ParsedFile:
    """Parse `source` as the contents of `path`, keeping going past errors.

    Raises ParseError only when the errors leave the file's structure
    untrustworthy: an error in the main file outside every declaration.
    """
    tu, unit = _translation_unit(path, source, config)
    scopes = error_scopes(tu, path, header_kinds(path, config))
    if scopes.structural:
        raise ParseError([e.diagnostic for e in scopes.structural])
    return ParsedFile(tu, _warnings(tu, path, unit is not None), scopes, unit)


def parse(path: str, source: bytes, config: ParseConfig) -> tuple[ci.TranslationUnit, list[Diagnostic]]:
    """Parse `source` as the contents of `path`, strictly.

    Raises ParseError when clang reports any error outside the system's
    headers; returns the translation unit and clang's warnings in the user's
    file otherwise.
    """
    tu, unit = _translation_unit(path, source, config)
    scopes = error_scopes(tu, path, header_kinds(path, config))
    # An error inside a header nvcc compiles (CCCL under libclang) is rapcc's, not the file's.
    mine = [e.diagnostic for e in scopes.errors if not e.system]
    if mine:
        raise ParseError(mine, tu)
    return tu, list(_warnings(tu, path, unit is not None))
