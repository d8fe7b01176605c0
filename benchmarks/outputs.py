"""rapcc's output and diagnostics for every example and corpus file, written to a folder (issue 20).

    python3 benchmarks/outputs.py OUT [--no-corpus] [--jobs N]
    diff -r OUT_BEFORE OUT_AFTER

A speed change must not change what rapcc writes: run this from the checkout
before the change and from the one after (PYTHONPATH=CHECKOUT) and compare
the folders. For each file it writes NAME.out (the rewritten text, or the
refusal) and NAME.diag (every diagnostic, shown and suppressed, as rapcc
prints them). Corpus files get their folder and project headers as `-I`, as
benchmarks/corpus.py gives them.
"""
from __future__ import annotations

import argparse
import os
import sys
from pathlib import Path

from rapcc.diagnostics import InternalError, RapccError
from rapcc.parallel import imap_files
from rapcc.pipeline import Options, rewrite_source
from rapcc.toolkit import find_toolkit

ROOT = Path(__file__).resolve().parent.parent
CORPUS = ROOT / "third_party" / "corpus"


def _inputs(corpus: bool) -> list[tuple[str, Path, tuple[str, ...]]]:
    """(name in OUT, file, -I folders) of every input."""
    out = [(f"examples/{p.name}", p, ()) for p in sorted((ROOT / "examples").glob("*.cu"))]
    if corpus and CORPUS.is_dir():
        sys.path.insert(0, str(ROOT))
        from benchmarks.corpus import include_dirs
        for p in sorted(CORPUS.rglob("*.cu")):
            if b"__shared__" not in p.read_bytes():
                continue
            rel = p.relative_to(CORPUS)
            out.append((f"corpus/{rel}", p, tuple(include_dirs(rel.parts[0], CORPUS / rel.parts[0], p))))
    return out


def _one(job: tuple[str, Path, tuple[str, ...], str | None]) -> tuple[str, bytes, str]:
    name, path, incs, cuda = job
    options = Options(include_dirs=incs, cuda_path=cuda, command=f"rapcc {name}")
    try:
        r = rewrite_source(path.read_bytes(), str(path), options)
    except (RapccError, InternalError) as exc:
        return name, f"refused: {type(exc).__name__}: {exc}\n".encode(), ""
    diags = "".join(d.format() + "\n" for d in r.diagnostics + r.suppressed)
    return name, r.text, diags


def main() -> int:
    p = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    p.add_argument("out", type=Path)
    p.add_argument("--no-corpus", action="store_true")
    p.add_argument("--jobs", type=int, default=None)
    args = p.parse_args()
    tk = find_toolkit(None, os.environ, __import__("shutil").which)
    jobs = [(n, f, i, tk.root if tk else None) for n, f, i in _inputs(not args.no_corpus)]
    for name, text, diags in imap_files(_one, jobs, args.jobs):
        dest = args.out / name
        dest.parent.mkdir(parents=True, exist_ok=True)
        Path(f"{dest}.out").write_bytes(text)
        Path(f"{dest}.diag").write_text(diags)
    print(f"{len(jobs)} files -> {args.out}")
    return 0


if __name__ == "__main__":
    sys.exit(main())
