"""Which files of a project may launch a function, decided on bytes alone
(issue 28: a compile step reads the launches of the files that can name
its own kernels, not of every file of the compile database).

A file's launch record (`launch_index.py`) keys each launch by the name of
the function it references, and a C++ reference names its function with an
identifier token of the file's preprocessed text. That token comes from the
file's own bytes, from a macro of a header it includes or of a `-D` flag, or
from `##` pasting pieces of those. So a file can key a record by `name` only
if `name` is a concatenation of identifier or number runs of its text, its
user headers' (followed as `shared_scan.py` follows them: its folder, `-I`,
`-isystem` outside the toolkit, `-include`) and its flags' (with any run of
digits, which `__LINE__`, `__COUNTER__` or a system header's number may
paste). A single run is the name spelled; several are a paste. A wrapper
call `launch(k, params)` spells the kernel as an argument: a run. What
the byte model cannot bound answers "may name anything": a universal
character name (`\\u0041` spells `A`), an `#include` whose name is a macro,
more files than `MAX_FILES`. Line splices are removed first (`ker\\<newline>nel`
is one identifier).

The one premise beyond the bytes, the one `shared_scan.py` makes: a header
outside those folders (the toolkit's, the C++ library's) is no user code; it
spells no user's kernel, and pastes only the pieces its user passes it.
Standard library only.
"""
from __future__ import annotations

import functools
import os
import re
from dataclasses import dataclass
from typing import Iterable, Sequence

from .nvcc_args import HonouredFlags
from .nvcc_options import scan_flags
from .shared_scan import MAX_FILES, _resolve, first_files, include_names

# Identifier characters as clang's lexer takes them: `$` and UTF-8 letters too.
_RUN = re.compile(rb"[A-Za-z0-9_$\x80-\xff]+")
_SPLICE = re.compile(rb"\\[ \t]*\r?\n")
_UCN = re.compile(rb"\\[uU]")


@dataclass(frozen=True, slots=True)
class FileRuns:
    """The identifier and number runs a file's compile can build names from;
    `runs` None: any name (`why` says what the bytes cannot bound)."""

    runs: frozenset[bytes] | None
    why: str | None = None


# Directives `include_names` does not read: a comment between `#` and the name,
# the digraph `%:` and the trigraph `??=` for `#`.
_HIDDEN_DIRECTIVE = re.compile(rb"^[ \t]*#[ \t]*/[*/]|%:|\?\?=", re.M)


def _read_runs(data: bytes) -> tuple[frozenset[bytes], str | None, list[tuple[str, bool]] | None]:
    """A file's runs (line splices removed), why they cannot bound its names, and its `#include` names."""
    text = _SPLICE.sub(b"", data)
    if _UCN.search(text):
        return frozenset(), "holds a universal character name", None
    if _HIDDEN_DIRECTIVE.search(text):
        return frozenset(), "has a comment inside a directive", None
    names = include_names(text)
    return frozenset(_RUN.findall(text)), (None if names is not None else "has an #include whose name is a macro"), names


@functools.lru_cache(maxsize=4096)
def _header_runs(path: str, mtime_ns: int, size: int
                 ) -> tuple[frozenset[bytes], str | None, list[tuple[str, bool]] | None] | None:
    """`_read_runs` of a header, read once per step (every file of a project includes the same ones)."""
    try:
        with open(path, "rb") as fh:
            return _read_runs(fh.read())
    except OSError:
        return None  # the compiler reports it (and the parse fails: no record)


def _runs_of_file(path: str) -> tuple[frozenset[bytes], str | None, list[tuple[str, bool]] | None] | None:
    try:
        st = os.stat(path)
    except OSError:
        return None
    return _header_runs(path, st.st_mtime_ns, st.st_size)


def pieces(names: Iterable[str]) -> frozenset[bytes]:
    """Every piece a paste could build one of `names` from: their substrings."""
    out: set[bytes] = set()
    for n in names:
        w = n.encode("utf-8", errors="surrogateescape")
        out.update(w[i:j] for i in range(len(w)) for j in range(i + 1, len(w) + 1))
    return frozenset(out)


def file_runs(path: str, source: bytes, flags: HonouredFlags, within: frozenset[bytes] | None = None,
              memo: dict[tuple, object] | None = None) -> FileRuns:
    """The runs of `path` (whose bytes are `source`), of every user header it
    may include, transitively, and of its flags; with `within` (`pieces`),
    only those (all `can_build` asks of the names they come from). `memo`:
    shared by the calls of one `within`, each header's kept runs and each
    `#include`'s file, found once (a project's files include the same headers)."""
    include_dirs, pre_includes, defines = scan_flags(flags.include_dirs, flags.extra_args, flags.defines)
    memo = memo if memo is not None else {}
    runs: set[bytes] = set()

    def kept(found: frozenset[bytes]) -> frozenset[bytes]:
        return found if within is None else found & within

    def header(name: str) -> tuple[frozenset[bytes], str | None, list[tuple[str, bool]] | None] | None:
        key = ("header", name)
        if key not in memo:
            read = _runs_of_file(name)
            memo[key] = None if read is None else (kept(read[0]), read[1], read[2])
        return memo[key]  # type: ignore[return-value]

    def resolve(inc: str, quoted: bool, folder: str) -> str | None:
        key = ("include", inc, quoted, folder, include_dirs)
        if key not in memo:
            memo[key] = _resolve(inc, quoted, folder, include_dirs)
        return memo[key]  # type: ignore[return-value]
    for text in (*defines, *flags.extra_args):
        found, why, _ = _read_runs(text.encode("utf-8", errors="surrogateescape"))
        if why is not None:
            return FileRuns(None, f"a flag {why}")
        runs.update(kept(found))
    main, *forced = first_files(path, pre_includes, include_dirs)
    pending: list[tuple[str, bool]] = [(main, True)] + [(f, False) for f in forced]
    seen: set[str] = set()
    while pending:
        name, main = pending.pop()
        if name in seen:
            continue
        seen.add(name)
        if len(seen) > MAX_FILES:
            return FileRuns(None, f"it includes more than {MAX_FILES} files")
        read = _read_runs(source) if main else header(name)
        if read is None:
            continue
        found, why, names = read
        if why is not None or names is None:
            return FileRuns(None, f"'{os.path.basename(name)}' {why}")
        runs.update(kept(found) if main else found)
        folder = os.path.dirname(name)
        for inc, quoted in names:
            found_path = resolve(inc, quoted, folder)
            if found_path is not None and found_path not in seen:
                pending.append((found_path, False))
    return FileRuns(frozenset(runs))


def can_build(name: str, runs: frozenset[bytes]) -> bool:
    """Whether `name` is one run of `runs` or a concatenation of several (digits free)."""
    word = name.encode("utf-8", errors="surrogateescape")
    if word in runs:
        return True
    reach = [False] * (len(word) + 1)
    reach[0] = True
    for i in range(len(word)):
        if not reach[i]:
            continue
        for j in range(i + 1, len(word) + 1):
            if not reach[j] and (word[i:j] in runs or word[i:j].isdigit()):
                reach[j] = True
    return reach[-1]


def may_name(found: FileRuns, names: Iterable[str]) -> bool:
    """Whether a file whose runs are `found` may key a launch by one of `names`."""
    if found.runs is None:
        return True
    return any(can_build(n, found.runs) for n in names)


def candidates(files: Sequence[tuple[str, bytes, HonouredFlags]], names: Sequence[str]) -> list[bool]:
    """For each file (path, bytes, flags), whether its launches may name one of `names`."""
    within = pieces(names)
    memo: dict[tuple, object] = {}
    return [may_name(file_runs(p, src, flags, within, memo), names) for p, src, flags in files]


__all__ = ["FileRuns", "can_build", "candidates", "file_runs", "may_name", "pieces"]
