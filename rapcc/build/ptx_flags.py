"""The build's own nvcc command, turned into the PTX compiles of rapcc's float check.

`rapcc-nvcc` knows the real command line, so the input and the rewrite are
compiled to PTX as the build compiles them (verify_float.py): every option
is kept as written (`-I`, `-D`, `-std`, `-O`, `--use_fast_math`, `-fmad`,
`-ftz`, `-prec-div`, `-G`, `-rdc`, `-Xcompiler`, `-ccbin`, options nvcc does
not know that go to the host compiler, ...) except those that choose what
nvcc produces and where (inputs, `-o`, `-c`, dependency files, linking,
kept temporaries), and the targets, which become one PTX compile per virtual
architecture the build generates (`-arch=sm_80` and `-gencode
arch=compute_80,code=...` both mean `compute_80`). Where the build's device
code is not that PTX, the check cannot vouch for it (`FloatCheck.unchecked`):
link-time optimisation (`-dlto`, `code=lto_80`) generates code at the link,
and `-arch=native` / `all` / `all-major` name targets only nvcc resolves.
An option this module mistakes only fails the PTX compile, which keeps the
arrays as written.
"""
from __future__ import annotations

import re

from ..verify_nvcc import FloatCheck
from .nvcc_args import NvccCommand
from .nvcc_options import NvccArgsError, split_option

# What a compile makes and where it goes: not part of how device code is compiled.
_DROPPED = frozenset({
    "-o", "-c", "-MD", "-MMD", "-MF", "-MT", "-M", "-MM", "-MP", "-E", "-ptx", "-cubin", "-fatbin", "-optix-ir",
    "-ltoir", "-lib", "-link", "-dlink", "-shared", "-run", "-run-args", "-keep", "-keep-dir", "-save-temps", "-odir",
    "-dryrun", "-v", "-time", "-fdevice-time-trace", "-l", "-L", "-Xlinker", "-Xnvlink", "-Xarchive",
    "--linker-options", "--nvlink-options", "--archive-options", "-cudart", "-cudadevrt", "--host-linker-script",
    "-split-compile", "-split-compile-extended", "-t", "--threads", "-x", "-ddp", "-dp", "-idp",
    "--dependency-drive-prefix", "--drive-prefix", "--input-drive-prefix", "--generate-dependency-targets",
    "--output-directory", "--library", "--library-path", "--objdir-as-tempdir", "-objtemp", "--keep-dir",
    "--generate-line-info", "-lineinfo",
})
_TARGETS = frozenset({"-arch", "-code", "-gencode"})
_RELOCATABLE = frozenset({"-dc", "-dw"})  # compile for a device link: -rdc=true in a PTX compile
_LINK_TIME = frozenset({"-dlto", "--dlink-time-opt", "-gen-opt-lto", "--gen-opt-lto", "-lto", "--lto"})
_VIRTUAL = re.compile(r"arch=(compute_\w+)")


def virtual_archs(cmd: NvccCommand) -> tuple[tuple[str, ...], str | None]:
    """(the virtual architectures the command generates PTX for, why they are
    not knowable or not what runs, or None)."""
    archs: list[str] = []
    args = list(cmd.args)
    i = 0
    while i < len(args):
        name, value, used = split_option(args[i], args[i + 1] if i + 1 < len(args) else None)
        i += used
        if value is None:
            continue
        if name == "-arch":
            for v in value.split(","):
                if v in ("native", "all", "all-major") or not v.startswith(("sm_", "compute_")):
                    return (), f"the build's target '-arch={v}' is resolved by nvcc alone"
                archs.append("compute_" + v.split("_", 1)[1])
        elif name == "-gencode":
            archs += _VIRTUAL.findall(value)
    if any(t.startswith("lto_") for t in cmd.targets):
        return (), "the build optimises device code at link time (code=lto_...)"
    return tuple(dict.fromkeys(archs)), None


def float_check(cmd: NvccCommand, nvcc: str | None, cwd: str) -> FloatCheck:
    """How the float check compiles this command's CUDA inputs to PTX."""
    flags: list[str] = []
    unchecked: str | None = None
    args = list(cmd.args)
    inputs = {i.index for i in cmd.inputs}
    i = 0
    while i < len(args):
        if i in inputs or not args[i].startswith("-") or args[i] == "-":
            i += 1
            continue
        try:
            name, _value, used = split_option(args[i], args[i + 1] if i + 1 < len(args) else None)
        except NvccArgsError:
            name, used = args[i], 1
        written = args[i:i + used]
        i += used
        if name in _LINK_TIME:
            unchecked = "the build optimises device code at link time (-dlto)"
        elif name in _RELOCATABLE:
            flags.append("-rdc=true")
        elif name not in _DROPPED and name not in _TARGETS:
            flags += written
    try:
        archs, why = virtual_archs(cmd)
    except NvccArgsError:
        archs, why = (), "the build's targets cannot be read"
    return FloatCheck(nvcc, tuple(flags), archs, cwd, unchecked or why)


def to_json(check: FloatCheck) -> dict[str, object]:
    return {"nvcc": check.nvcc, "flags": None if check.flags is None else list(check.flags),
            "archs": list(check.archs), "cwd": check.cwd, "unchecked": check.unchecked}


def from_json(o: dict[str, object]) -> FloatCheck:
    def text(v: object) -> str | None:
        return None if v is None else str(v)
    flags, archs = o.get("flags"), o.get("archs")
    return FloatCheck(text(o.get("nvcc")), None if not isinstance(flags, list) else tuple(map(str, flags)),
                      tuple(map(str, archs)) if isinstance(archs, list) else (), text(o.get("cwd")),
                      text(o.get("unchecked")))


__all__ = ["float_check", "from_json", "to_json", "virtual_archs"]
