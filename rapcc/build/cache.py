"""A content-addressed cache of rewrites, safe under `make -j` / `ninja`.

An entry is a folder `v1/<key[:2]>/<key>/` holding `meta.json` and, when the
file was rewritten, the rewritten source under its original name (so that
nvcc's default output and dependency names stay the user's). A writer builds
the folder under `tmp/` and renames it into place: a rename of a folder onto
a missing name is atomic, and a writer that finds the name taken lost a race to
an identical entry and drops its own. `meta.json` records the SHA-256 of the
source in the entry and of every header the rewrite read; an entry that fails
to parse, lacks a file or whose hashes do not match (truncated, edited, a header
changed since) is a miss, never an error. A corrupt entry is moved aside, not
deleted, because another compile may be reading it.

Standard library only: this runs on every compile.
"""
from __future__ import annotations

import hashlib
import json
import os
import time
from dataclasses import dataclass
from pathlib import Path
from typing import Any, Mapping

LAYOUT = "v1"
_STALE_TMP_S = 3600.0


@dataclass(frozen=True, slots=True)
class Entry:
    """One cached rewrite of one translation unit.

    source: the rewritten source to compile, or None when the original is
        compiled unchanged (nothing to rewrite, or rapcc refused: `note`).
    report: the JSON report (`--report-format json`), or None on a refusal.
    note: why rapcc compiled the file unchanged, for the one-line note.
    unparsed: the note says rapcc could not parse the file (see the field).
    includes: (path, sha256) of every header the rewrite read.
    included: (copy in the entry, the user's file) of every file `source`
        #includes from its own folder that rapcc rewrote too; each copy sits
        beside `source` under the name the #include spells, so that the
        compile finds it first.
    """

    source: Path | None
    report: dict[str, Any] | None
    note: str | None
    includes: tuple[tuple[str, str], ...]
    included: tuple[tuple[Path, str], ...] = ()
    # The refusal is a file nvcc compiles that rapcc cannot parse (a clang
    # error that leaves its structure untrustworthy): a note even under
    # RAPCC_STRICT, which fails only on rapcc's own errors.
    unparsed: bool = False
    # The clang errors the rewrite went past (file, line, col, message): RAPCC_VERBOSE's line for them.
    clang_errors: tuple[tuple[str, int, int, str], ...] = ()


def sha256_bytes(data: bytes) -> str:
    return hashlib.sha256(data).hexdigest()


def sha256_file(path: str | Path) -> str | None:
    """The file's SHA-256, or None when it cannot be read."""
    try:
        return sha256_bytes(Path(path).read_bytes())
    except OSError:
        return None


def cache_key(parts: Mapping[str, Any]) -> str:
    """The key of everything that decides a rewrite: canonical JSON, hashed."""
    return sha256_bytes(json.dumps(parts, sort_keys=True, separators=(",", ":")).encode())


class Cache:
    """Entries under `root` (RAPCC_CACHE_DIR)."""

    def __init__(self, root: Path):
        self.root = Path(root)

    def _dir(self, key: str) -> Path:
        return self.root / LAYOUT / key[:2] / key

    def get(self, key: str) -> Entry | None:
        """The entry for `key`, or None when it is missing or damaged."""
        folder = self._dir(key)
        try:
            meta = json.loads((folder / "meta.json").read_text())
            entry = self._entry(folder, meta)
        except (OSError, ValueError, KeyError, TypeError):
            entry = None
            if folder.exists():
                self._move_aside(folder)
        return entry

    def _entry(self, folder: Path, meta: dict[str, Any]) -> Entry | None:
        if meta["key"] != folder.name:
            raise ValueError("entry filed under another key")
        source = None
        if meta["source_name"] is not None:
            source = folder / "src" / meta["source_name"]
            if sha256_file(source) != meta["source_sha256"]:
                raise ValueError("rewritten source damaged")
        included = []
        for name, original, digest in meta.get("included", ()):
            copy = folder / "src" / name
            if sha256_file(copy) != digest:
                raise ValueError("rewritten include damaged")
            included.append((copy, str(original)))
        includes = tuple((str(p), str(h)) for p, h in meta["includes"])
        for path, digest in includes:
            if sha256_file(path) != digest:
                return None  # a header changed: a miss, but the entry itself is sound
        errors = tuple((str(f), int(line), int(col), str(m)) for f, line, col, m in meta.get("clang_errors", ()))
        return Entry(source, meta["report"], meta["note"], includes, tuple(included), bool(meta.get("unparsed")),
                     errors)

    def put(self, key: str, source_name: str, text: bytes | None, report: dict[str, Any] | None,
            note: str | None, includes: tuple[tuple[str, str], ...],
            included: tuple[tuple[str, str, bytes], ...] = (), unparsed: bool = False,
            clang_errors: tuple[tuple[str, int, int, str], ...] = ()) -> None:
        """Store an entry atomically; a concurrent writer of the same key wins or loses whole.

        `included`: (name beside the source, the user's file, rewritten text);
        `unparsed`: `note` says rapcc could not parse the file (Entry.unparsed);
        `clang_errors`: those the rewrite went past (Entry.clang_errors)."""
        tmp_root = self.root / "tmp"
        tmp_root.mkdir(parents=True, exist_ok=True)
        tmp = tmp_root / f"{key}.{os.getpid()}.{time.monotonic_ns()}"
        (tmp / "src").mkdir(parents=True)
        try:
            meta = {"key": key, "source_name": None, "source_sha256": None, "report": report, "note": note,
                    "unparsed": unparsed, "clang_errors": [list(e) for e in clang_errors],
                    "includes": [list(i) for i in includes],
                    "included": [[name, original, sha256_bytes(body)] for name, original, body in included]}
            if text is not None:
                (tmp / "src" / source_name).write_bytes(text)
                meta.update(source_name=source_name, source_sha256=sha256_bytes(text))
            for name, _, body in included:
                (tmp / "src" / name).write_bytes(body)
            (tmp / "meta.json").write_text(json.dumps(meta))
            final = self._dir(key)
            final.parent.mkdir(parents=True, exist_ok=True)
            if final.exists() and self.get(key) is None:
                self._move_aside(final)  # damaged or stale: replace it
            try:
                os.rename(tmp, final)
            except OSError:
                if not final.exists():
                    raise
                # Another process stored the same key first; its entry is as good as ours.
        finally:
            if tmp.exists():
                import shutil  # a writer's path, not a hit's
                shutil.rmtree(tmp, ignore_errors=True)
        self._sweep(tmp_root)

    def _move_aside(self, folder: Path) -> None:
        trash = self.root / "tmp" / f"damaged.{folder.name}.{os.getpid()}.{time.monotonic_ns()}"
        try:
            trash.parent.mkdir(parents=True, exist_ok=True)
            os.rename(folder, trash)
        except OSError:
            pass  # another process moved or replaced it already

    def _sweep(self, tmp_root: Path) -> None:
        """Remove what crashed writers and replaced entries left behind an hour ago."""
        import shutil

        cutoff = time.time() - _STALE_TMP_S
        for p in tmp_root.iterdir():
            try:
                if p.stat().st_mtime < cutoff:
                    shutil.rmtree(p, ignore_errors=True)
            except OSError:
                pass
