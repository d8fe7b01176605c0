"""The lane domain against the replay, access by access (issue 27 §2).

    python3 -m benchmarks.lane_agreement [FILE.cu ...] [--golden] [--corpus DIR] [--examples-only]

For every file (default: examples/*.cu, unless `--corpus`; `--golden` adds tests/golden/*.cu;
`--corpus DIR` adds every `.cu` file with shared memory under DIR, a
project per subfolder, with its include folders as benchmarks/corpus.py
passes them) it prints the accesses compared, how many agree, and each
disagreement by class (analysis/lane_compare.py `Agreement`), then the totals
and one example per class. A file that does not parse is counted, not fatal.
"""
from __future__ import annotations

import argparse
import sys
import time
from collections import Counter
from pathlib import Path

from rapcc.analysis import arrays, lane_sites
from rapcc.analysis.arrays import analyze
from rapcc.analysis.lane_compare import BLOCK_STEPS, Agreement, SiteAgreement, compare_analyses
from rapcc.diagnostics import InternalError, RapccError
from rapcc.frontend import parse_file
from rapcc.pipeline import Options

from .corpus import include_dirs, shared_memory_files

ROOT = Path(__file__).resolve().parent.parent


def _files(args: argparse.Namespace) -> list[tuple[Path, tuple[str, ...]]]:
    out: list[tuple[Path, tuple[str, ...]]] = [(Path(f), ()) for f in args.files]
    if not args.files and not args.corpus:
        out += [(p, ()) for p in sorted((ROOT / "examples").glob("*.cu"))]
    if args.golden:
        out += [(p, ()) for p in sorted((ROOT / "tests" / "golden").glob("*.cu"))]
    if args.corpus:
        for project_dir in sorted(p for p in Path(args.corpus).iterdir() if p.is_dir()):
            out += [(p, include_dirs(project_dir.name, project_dir, p)) for p in shared_memory_files(project_dir)]
    return out


def _where(r: SiteAgreement) -> str:
    a = r.access
    return f"{a.range.file}:{a.range.line}:{a.range.col}: '{r.array}'{' (proved)' if r.proved else ''} {a.kind}"


def _example(r: SiteAgreement) -> str:
    def num(v: float | None) -> str:
        return "-" if v is None else f"{v:.3f}"
    return (f"{_where(r)}: replay {num(r.replay)} over {r.replay_requests:g} requests, "
            f"lanes {num(r.lanes)} over {r.lane_requests:g}" + (f" ({r.detail})" if r.detail else ""))


class _Clock:
    """CPU seconds spent inside one function, wherever it is called from."""

    def __init__(self, owner: object, name: str):
        self.seconds = 0.0
        inner = getattr(owner, name)

        def timed(*args, **kw):
            t0 = time.process_time()
            try:
                return inner(*args, **kw)
            finally:
                self.seconds += time.process_time() - t0
        setattr(owner, name, timed)


def main(argv: list[str] | None = None) -> int:
    ap = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    ap.add_argument("files", nargs="*", help="files to compare (default: examples/*.cu)")
    ap.add_argument("--golden", action="store_true", help="also tests/golden/*.cu")
    ap.add_argument("--corpus", help="a corpus folder (third_party/corpus): one project per subfolder")
    ap.add_argument("--block-steps", type=int, default=BLOCK_STEPS,
                    help="interpreter steps one block's lanes may take together (default %(default)s)")
    ap.add_argument("--per-thread", action="store_true",
                    help="run each thread alone (lane_domain.run_lane), not a warp's lanes together (lane_vector.py)")
    ap.add_argument("--verbose", action="store_true", help="every disagreeing access, not one per class")
    args = ap.parse_args(argv)
    totals: Counter[Agreement] = Counter()
    proved: Counter[Agreement] = Counter()  # at arrays the sound proof holds for
    classes: Counter[bool] = Counter()
    fused: Counter[bool] = Counter()
    examples: dict[Agreement, SiteAgreement] = {}
    failed: list[str] = []
    t0 = time.perf_counter()
    replay_s = lanes_s = 0.0
    # The replay's CPU (every access's samples, analysis/access_samples.py) against the lane runs' (one per block).
    replay_cpu = _Clock(arrays, "analyse_accesses")
    lanes_cpu = _Clock(lane_sites.LaneBlocks, "_run")
    if args.per_thread:
        init = lane_sites.LaneBlocks.__init__
        lane_sites.LaneBlocks.__init__ = lambda self, program, steps=BLOCK_STEPS: init(self, program, steps, True)
    for path, incs in _files(args):
        try:
            info, _ = parse_file(str(path), path.read_bytes(), Options(include_dirs=incs))
            if info.sound is None:
                failed.append(f"{path}: no sound IR")
                continue
            program = info.sound()
            t1 = time.perf_counter()
            analyses = analyze(info)  # the proof and the replay, as the pipeline runs them
            t2 = time.perf_counter()
            found = compare_analyses(program, analyses, args.block_steps)
            t3 = time.perf_counter()
        except (RapccError, InternalError) as exc:
            failed.append(f"{path}: {type(exc).__name__}")
            continue
        except Exception as exc:  # a crash on one corpus file is a finding to list, not the end of the survey
            failed.append(f"{path}: crash: {type(exc).__name__}: {exc}")
            continue
        replay_s += t2 - t1
        lanes_s += t3 - t2
        counts = Counter(r.agreement for r in found)
        classes.update(r.same_class for r in found if r.same_class is not None)
        fused.update(r.same_fused for r in found if r.same_fused is not None)
        if args.verbose:
            for r in found:
                if r.same_fused is False:
                    print(f"  fused differently: {_where(r)}")
        totals.update(counts)
        proved.update(r.agreement for r in found if r.proved)
        agree = sum(n for c, n in counts.items() if c.agrees)
        off = ", ".join(f"{c.value} {n}" for c, n in sorted(counts.items(), key=lambda x: x[0].value)
                        if not c.agrees)
        print(f"{path}: {len(found)} sites, {agree} agree" + (f", {off}" if off else "")
              + f" [analyze {t2 - t1:.2f} s, lanes {t3 - t2:.2f} s]")
        for r in found:
            if not r.agreement.agrees:
                examples.setdefault(r.agreement, r)
                if args.verbose:
                    print(f"  {r.agreement.value}: {_example(r)}")
    sites = sum(totals.values())
    agree = sum(n for c, n in totals.items() if c.agrees)
    print(f"\ntotal: {sites} sites, {agree} agree ({', '.join(f'{c.value} {totals[c]}' for c in Agreement if c.agrees)})")
    print(f"at arrays the proof holds for: {sum(proved.values())} sites, "
          f"{sum(n for c, n in proved.items() if c.agrees)} agree"
          + "".join(f", {c.value} {n}" for c, n in sorted(proved.items(), key=lambda x: x[0].value) if not c.agrees))
    print(f"class (linear/stride/block/random) the same: {classes[True]} of {classes[True] + classes[False]} "
          "sites both compute")
    print(f"with the unroll rules (vectorize.py) on both: {fused[True]} of {fused[True] + fused[False]} agreeing sites")
    for c in Agreement:
        if not c.agrees and totals[c]:
            print(f"  {c.value}: {totals[c]}; e.g. {_example(examples[c])}")
    if failed:
        print(f"not compared: {len(failed)} files: " + "; ".join(failed))
    print(f"time: {time.perf_counter() - t0:.1f} s (analyze, proof and replay: {replay_s:.1f} s; "
          f"lane runs and their scoring: {lanes_s:.1f} s)")
    print(f"CPU: replay (access_samples.analyse_accesses) {replay_cpu.seconds:.2f} s, "
          f"lane runs ({'per thread' if args.per_thread else 'warp by warp'}) {lanes_cpu.seconds:.2f} s: "
          f"{lanes_cpu.seconds / max(replay_cpu.seconds, 1e-9):.2f}x")
    return 0


if __name__ == "__main__":
    sys.exit(main())
