"""Integer constants across the files of a program (issue 30): a block size
read from `extern const int BLOCK;` in the launching file, defined
`const int BLOCK = 256;` in another file of the compile database.

A definition licenses a value only where the value is provably the one the
program uses (frontend/host_constants.py decides which definitions qualify):
a `const` object with external linkage and a constant initializer is
constant-initialised and lives in read-only memory, so no code writes it
without undefined behaviour. The merge below adds the program-level rules:
every definition of the name in the database agrees (the database may hold
several programs, and the launching file links with one of them), and no
file that may define it went unread. Anything else is unknown, with the
reason as a note says it. Data only; standard library only (the build hook
carries it in its cache).
"""
from __future__ import annotations

import os
import re
from dataclasses import dataclass
from typing import Iterable


@dataclass(frozen=True, slots=True)
class ConstantDef:
    """A definition with external linkage of an integer variable at file,
    namespace or class scope, as one file of the program makes it."""

    name: str  # qualified: 'BLOCK', 'cfg::BLOCK', 'Config::threads'
    type: str  # the canonical type without cv-qualifiers ('int', 'unsigned long')
    value: int | None  # None: no value the program provably uses (`why` says)
    why: str | None  # "is not 'const'", "has an initializer that is no constant expression"
    path: str
    line: int

    @property
    def where(self) -> str:
        return f"{os.path.basename(self.path)}:{self.line}"


@dataclass(frozen=True, slots=True)
class Resolved:
    """A name's value in the program, or why it has none."""

    value: int | None
    why: str | None = None


@dataclass(frozen=True, slots=True)
class ProgramConstants:
    """Every definition of the names the program's files declare without
    defining, by qualified name; `unread`: (name, file) where a file that
    spells the name could not be parsed, so its definition is not known."""

    defs: tuple[tuple[str, tuple[ConstantDef, ...]], ...] = ()
    unread: tuple[tuple[str, str], ...] = ()

    def resolve(self, name: str, type_: str) -> Resolved:
        """The value of `name` declared with type `type_` in a file that does not define it."""
        found = dict(self.defs).get(name, ())
        missed = [f for n, f in self.unread if n == name]
        if missed:
            return Resolved(None, f"'{name}' may be defined in '{os.path.basename(missed[0])}', "
                                  "which rapcc cannot parse")
        if not found:
            return Resolved(None, f"'{name}' is declared 'extern' and no file of the project defines it")
        bad = next((d for d in found if d.value is None), None)
        if bad is not None:
            return Resolved(None, f"'{name}' (defined at {bad.where}) {bad.why}")
        other = next((d for d in found if d.type != type_), None)
        if other is not None:
            return Resolved(None, f"'{name}' is declared '{type_}' here but defined '{other.type}' at {other.where}")
        values = {d.value for d in found}
        if len(values) > 1:
            shown = ", ".join(f"{d.value} at {d.where}" for d in found[:3])
            return Resolved(None, f"'{name}' is defined with different values ({shown})")
        return Resolved(found[0].value)


def merge_constants(defs: Iterable[ConstantDef], unread: Iterable[tuple[str, str]] = ()) -> ProgramConstants:
    """The definitions of every file, by name (in the files' order)."""
    by_name: dict[str, list[ConstantDef]] = {}
    for d in dict.fromkeys(defs):  # a header's definitions come once per file that includes it
        by_name.setdefault(d.name, []).append(d)
    return ProgramConstants(tuple((n, tuple(ds)) for n, ds in sorted(by_name.items())),
                            tuple(dict.fromkeys(unread)))


def spelled(names: Iterable[str], source: bytes) -> tuple[str, ...]:
    """The names whose last component `source` spells as a word: a file that
    does not parse may define only those."""
    return tuple(n for n in names
                 if re.search(rb"\b" + re.escape(n.rsplit("::", 1)[-1].encode()) + rb"\b", source))


def wanted_by(defs: ProgramConstants, names: Iterable[str]) -> ProgramConstants:
    """Only what concerns `names` (what one file's launches read)."""
    keep = set(names)
    return ProgramConstants(tuple((n, ds) for n, ds in defs.defs if n in keep),
                            tuple((n, f) for n, f in defs.unread if n in keep))


@dataclass(frozen=True, slots=True)
class FileLaunchFacts:
    """One file's launches for project mode (`frontend.file_launch_facts`)."""

    # Kernel name -> its launches' block shapes and the entries riding along
    # (frontend/launches.py: UNREAD_SHAPE, dynamic bytes), as JSON keeps them.
    launches: dict[str, list[tuple[int, int, int]]]
    unknown: dict[str, tuple[str, ...]]  # kernel name -> why each unknown launch is ("in 'a.cu', line 9: ...")
    wanted: tuple[str, ...]  # the names its launches read from other files' definitions
    constants: tuple[ConstantDef, ...]  # the integer variables it defines with external linkage
    # The kernels its user code defines: those a compile of it needs other files'
    # launches of (build/launch_index.py narrows the scan to them).
    kernels: tuple[str, ...] = ()


def defs_to_json(defs: Iterable[ConstantDef]) -> list[list]:
    return [[d.name, d.type, d.value, d.why, d.path, d.line] for d in defs]


def defs_from_json(rows: Iterable[list]) -> tuple[ConstantDef, ...]:
    return tuple(ConstantDef(str(n), str(t), None if v is None else int(v), None if w is None else str(w), str(p),
                             int(ln)) for n, t, v, w, p, ln in rows)


def to_json(c: ProgramConstants) -> dict:
    return {"defs": [[n, defs_to_json(ds)] for n, ds in c.defs], "unread": [list(u) for u in c.unread]}


def from_json(o: dict) -> ProgramConstants:
    return ProgramConstants(tuple((str(n), defs_from_json(ds)) for n, ds in o.get("defs", ())),
                            tuple((str(n), str(f)) for n, f in o.get("unread", ())))
