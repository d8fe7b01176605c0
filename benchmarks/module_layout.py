"""The module layout under rapcc/ with line counts, by pipeline stage (issue 27's house).

    python3 -m benchmarks.module_layout [--modules]

Prints each package's lines (and, with `--modules`, each module's), then the
total: the figure issue 27 compares against.
"""
from __future__ import annotations

import argparse
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent / "rapcc"


def _lines(p: Path) -> int:
    with p.open("rb") as f:
        return sum(1 for _ in f)


def main() -> int:
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("--modules", action="store_true", help="list every module under its package")
    args = ap.parse_args()
    packages: dict[str, list[tuple[str, int]]] = {}
    for p in sorted(ROOT.rglob("*.py")):
        rel = p.relative_to(ROOT)
        pkg = "rapcc/" + ("/".join(rel.parts[:-1]) + "/" if len(rel.parts) > 1 else "")
        packages.setdefault(pkg, []).append((rel.name, _lines(p)))
    total = 0
    for pkg, mods in packages.items():
        n = sum(c for _, c in mods)
        total += n
        print(f"{pkg:<22} {n:>6} lines, {len(mods):>3} modules")
        if args.modules:
            for name, c in sorted(mods, key=lambda m: -m[1]):
                print(f"    {name:<28} {c:>5}")
    print(f"{'total':<22} {total:>6} lines, {sum(len(m) for m in packages.values()):>3} modules")
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
