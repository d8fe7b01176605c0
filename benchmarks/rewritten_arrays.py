"""Every `__shared__` array of examples/*.cu and tests/corpus/*.cu, rewritten or kept (under `auto`), one per line.

    python3 benchmarks/rewritten_arrays.py > AFTER.tsv
    PYTHONPATH=OLD_CHECKOUT python3 benchmarks/rewritten_arrays.py > BEFORE.tsv
    diff <(cut -f1-3 BEFORE.tsv) <(cut -f1-3 AFTER.tsv)

Columns: file, function:array, REWRITTEN or kept, the reason a kept array gives.
A coverage change (issue 27: the proof over every launch shape) shows as lines
that moved from REWRITTEN to kept, each with the fact rapcc could not prove.
"""
from __future__ import annotations

import sys
from pathlib import Path

from rapcc.diagnostics import InternalError, RapccError
from rapcc.pipeline import Options, rewrite_source

ROOT = Path(__file__).resolve().parent.parent


def main() -> int:
    files = sorted(ROOT.glob("examples/*.cu")) + sorted(ROOT.glob("tests/corpus/*.cu"))
    rewritten = 0
    for p in files:
        name = p.relative_to(ROOT)
        try:
            r = rewrite_source(p.read_bytes(), str(p), Options(include_dirs=(str(p.parent),)))
        except (RapccError, InternalError) as exc:
            print(f"{name}\t-\trefused\t{type(exc).__name__}")
            continue
        for plan in r.plans:
            a = plan.analysis.array
            rewritten += plan.rewritten
            print(f"{name}\t{a.function}:{a.name}\t{'REWRITTEN' if plan.rewritten else 'kept'}\t"
                  f"{'' if plan.rewritten else plan.reason}", flush=True)
    print(f"{rewritten} arrays rewritten in {len(files)} files", file=sys.stderr)
    return 0


if __name__ == "__main__":
    sys.exit(main())
