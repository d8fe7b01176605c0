"""Generated kernels, original against every strategy's rewrite, on a GPU.

    python3 benchmarks/fuzz_gpu.py --kernels 3000 --seconds 540 [--seed N] [--out DIR] [--reduce]

Each batch of generated kernels (tests/fuzz/gen.py) is one file; rapcc rewrites
it under every strategy (one parse for all), and the original and every
distinct rewrite go into one CuPy RawModule, each in its own namespace, so
NVRTC compiles a batch once per preprocessor configuration (#ifdef branches:
none defined, all defined). Every kernel runs one block on fresh random input
with a poisoned output buffer; each rewrite's output must equal the original's
bit for bit, and the original's must equal the CPU interpreter's (which checks
the fuzzer's own model). Prints `N identical, M different` over kernel x
strategy x configuration runs and saves every differing kernel (its source,
the rewrite, its AST) under --out (default $OUT, else ./fuzz_gpu_out). With
--reduce, each differing kernel is shrunk on the GPU (delta reducer) first.
"""
from __future__ import annotations

import argparse
import json
import os
import random
import sys
import time
from concurrent.futures import ProcessPoolExecutor
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent.parent))

import numpy as np  # noqa: E402

from rapcc.pipeline import STRATEGIES  # noqa: E402
from tests.fuzz.campaign import draw_batches  # noqa: E402
from tests.fuzz.check import rewrite_all  # noqa: E402
from tests.fuzz.interp import run as cpu_run  # noqa: E402
from tests.fuzz.kast import NIN, Kernel, ifdef_macros  # noqa: E402
from tests.fuzz.reduce import reduce_kernel  # noqa: E402
from tests.fuzz.render import render_file, render_kernel  # noqa: E402

POISON = 0xDEADBEEF


def module_source(texts: list[str]) -> str:
    return "".join(f"namespace fz_v{i} {{\n{t}\n}}\n" for i, t in enumerate(texts))


def compile_module(cp, texts: list[str], kernels: list[Kernel], defines: tuple[str, ...]):
    names = [f"fz_v{i}::{k.name}" for i in range(len(texts)) for k in kernels]
    mod = cp.RawModule(code=module_source(texts), options=("-std=c++17", *(f"-D{d}" for d in defines)),
                       name_expressions=names)
    mod.compile()
    return mod


def launch(cp, mod, ns: int, k: Kernel, inputs) -> np.ndarray:
    fn = mod.get_function(f"fz_v{ns}::{k.name}")
    out = cp.full(k.threads * k.nout, POISON, dtype=cp.uint32)
    fn((1,), (k.block[0], k.block[1], 1), (inputs, out))
    cp.cuda.runtime.deviceSynchronize()
    return cp.asnumpy(out)


def rewritten(kernels: list[Kernel], strategies: tuple[str, ...]) -> tuple[str, dict]:
    """The batch's source and every strategy's rewrite of it (CPU work, run in a process pool)."""
    text, _ = render_file(kernels)
    return text, rewrite_all(text, strategies)


def run_batch(cp, kernels: list[Kernel], seed: int, stats: dict, save, strategies: tuple[str, ...],
              prepared: tuple[str, dict] | None = None) -> list[tuple]:
    """Compare every rewrite of `kernels` on the GPU; returns (kernel, strategy, defines, detail) per difference."""
    text, all_rewrites = prepared or rewritten(kernels, strategies)
    rewrites = {s: t for s, t in all_rewrites.items() if isinstance(t, str)}
    stats["rapcc_refused_file"] += len(strategies) - len(rewrites)
    texts = [text] + sorted({t for t in rewrites.values() if t != text})
    ns_of = {s: (texts.index(t) if t != text else 0) for s, t in rewrites.items()}
    configs = [()]
    macros = tuple(sorted({m for k in kernels for m in ifdef_macros(k)}))
    if macros:
        configs.append(macros)
    diffs = []
    rng = np.random.default_rng(seed)
    for defs in configs:
        try:
            mod = compile_module(cp, texts, kernels, defs)
        except Exception as exc:  # one broken text: compile them one at a time to find it
            stats["compile_failures"] += 1
            save("compile", f"{kernels[0].name}-batch", module_source(texts), str(exc)[-4000:])
            continue
        for k in kernels:
            host = rng.integers(0, 1 << 32, NIN, dtype=np.uint64).astype(np.uint32)
            inputs = cp.asarray(host)
            want = launch(cp, mod, 0, k, inputs)
            cpu = cpu_run(k, None, host.astype(np.int64), frozenset(defs) & frozenset(ifdef_macros(k))).out
            if not np.array_equal(cpu, want):
                stats["interpreter_mismatch"] += 1
                save("interpreter", k.name, render_kernel(k)[0], f"{int(np.count_nonzero(cpu != want))} outputs")
            for s in strategies:
                if s not in rewrites:
                    continue
                got = launch(cp, mod, ns_of[s], k, inputs) if ns_of[s] else want
                if np.array_equal(got, want):
                    stats["identical"] += 1
                else:
                    stats["different"] += 1
                    detail = f"{int(np.count_nonzero(got != want))} of {want.size} outputs differ"
                    diffs.append((k, s, defs, detail))
    return diffs


def gpu_shows(cp, s: str, defs: tuple[str, ...], seed: int):
    def shows(k: Kernel) -> bool:
        try:
            return any(d[1] == s for d in run_batch(cp, [k], seed, _stats(), lambda *a: None, (s,)))
        except Exception:
            return False
    return shows


def _stats() -> dict:
    return {"identical": 0, "different": 0, "compile_failures": 0, "interpreter_mismatch": 0, "rapcc_refused_file": 0}


def main(argv: list[str] | None = None) -> int:
    ap = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    ap.add_argument("--kernels", type=int, default=3000, help="kernels to generate (default 3000)")
    ap.add_argument("--batch-size", type=int, default=20, help="kernels per module (default 20)")
    ap.add_argument("--jobs", type=int, default=max(1, (os.cpu_count() or 2) - 1),
                    help="processes that run rapcc on upcoming batches (default: all cores but one)")
    ap.add_argument("--seconds", type=float, default=540, help="stop starting batches after this long (default 540)")
    ap.add_argument("--seed", type=int, default=None, help="hypothesis seed (default random, printed)")
    ap.add_argument("--out", default=os.environ.get("OUT") or "fuzz_gpu_out", help="folder for differing kernels")
    ap.add_argument("--reduce", action="store_true", help="shrink each differing kernel on the GPU before saving")
    args = ap.parse_args(argv)
    import cupy as cp  # here, not at the top: --help and the CPU parts work without CuPy

    seed = args.seed if args.seed is not None else random.randrange(1 << 30)
    out_dir = Path(args.out)
    out_dir.mkdir(parents=True, exist_ok=True)
    start = time.monotonic()
    stats = _stats()
    saved: list[dict] = []

    def save(kind: str, name: str, source: str, detail: str, extra: dict | None = None) -> None:
        path = out_dir / f"{kind}-{len(saved):04d}-{name}.cu"
        path.write_text(f"// {kind}: {detail}\n{source}")
        saved.append({"kind": kind, "file": path.name, "detail": detail, **(extra or {})})

    batches = draw_batches(seed, -(-args.kernels // args.batch_size), args.batch_size)
    done = 0
    pool = ProcessPoolExecutor(args.jobs)
    prepared = [pool.submit(rewritten, b, STRATEGIES) for b in batches]
    for i, batch in enumerate(batches):
        if time.monotonic() - start > args.seconds:
            break
        for k, s, defs, detail in run_batch(cp, batch, seed + i, stats, save, STRATEGIES, prepared[i].result()):
            small = k
            if args.reduce and time.monotonic() - start < args.seconds:
                small = reduce_kernel(k, gpu_shows(cp, s, defs, seed), seed, budget=150)
            text, _ = render_kernel(small)
            rew = rewrite_all(render_file([small])[0], (s,))[s]
            save("different", f"{small.name}-{s}", text, f"{detail} under '{s}'" + (f" with -D{' -D'.join(defs)}" if defs else ""),
                 {"strategy": s, "ast": repr(small)})
            (out_dir / f"different-{len(saved) - 1:04d}-{small.name}-{s}.rewritten.cu").write_text(
                rew if isinstance(rew, str) else f"// rapcc raised {rew!r}\n")
        done += len(batch)
        print(f"[{time.monotonic() - start:.0f}s] {done} kernels: {stats['identical']} identical, "
              f"{stats['different']} different", flush=True)
    pool.shutdown(wait=False, cancel_futures=True)
    (out_dir / "summary.json").write_text(json.dumps({"seed": seed, "kernels": done, "strategies": list(STRATEGIES),
                                                      **stats, "saved": saved}, indent=1))
    print(f"{stats['identical']} identical, {stats['different']} different "
          f"({done} kernels x {len(STRATEGIES)} strategies x configurations; seed {seed}; "
          f"{stats['compile_failures']} module compile failures, {stats['interpreter_mismatch']} interpreter mismatches)")
    return 1 if stats["different"] or stats["compile_failures"] or stats["interpreter_mismatch"] else 0


if __name__ == "__main__":
    sys.exit(main())
