"""GPU check: does a layout chosen on EXPECTED wavefronts under uniform data
hold on skewed data? (run on the lent GPU machine, not in CI)

rapcc predicts a data-dependent subscript by its expected wavefronts under
uniform data (rapcc/analysis/lane_draws.py). Real data is not uniform: image
bytes come in flat regions, so neighbouring lanes often pick the same value.
For each kernel below, this script rewrites it with every strategy, checks
each rewrite bit for bit against the original on both kinds of data, and
times them (CUDA events, median of REPS launches) on:

- uniform: independent uniform bytes (what the prediction assumes);
- image:   flat regions of 64 pixels with +-1 of noise (image-like bytes).

    python3 benchmarks/skewed_data.py --out DIR [--scale 1.0]

writes DIR/skewed_data.json: per kernel, per data kind, per variant: the
strategy, rapcc's reason, its predicted (expected) wavefronts, bitwise
identity and the timings; and prints a table.
"""
from __future__ import annotations

import argparse
import json
import sys
import tempfile
from dataclasses import dataclass
from pathlib import Path
from typing import Callable

import numpy as np

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT))

from rapcc.harness.case import Case  # noqa: E402
from rapcc.harness.runner import CupyRunner  # noqa: E402
from rapcc.pipeline import Options, rewrite_source  # noqa: E402

STRATEGIES = ("none", "auto", "pad", "xor", "rap")
REPS = 50
PRIV_N = 8
BLOCK = 256
PER_BLOCK = 32768  # bytes per block of the histogram

# Seed 001's per-thread private array: an 8-way conflicting fill, then reads at
# data-dependent positions inside the thread's own array. The block shape is
# left to __launch_bounds__ (1-D), as in code rapcc has not seen.
PRIVATE_LOOKUP = r"""
#define N 8
extern "C" __global__ void __launch_bounds__(256) private_lookup(float *out, const float *in,
                                                                 const unsigned char *idx, int reps) {
  __shared__ float priv[256 * N];
  int t = threadIdx.x;
  int g = blockIdx.x * 256 + t;
  for (int k = 0; k < N; k++)
    priv[t * N + k] = in[g * N + k];
  float acc = 0.0f;
  for (int r = 0; r < reps; r++)
    for (int k = 0; k < N; k++)
      acc += priv[t * N + (idx[g * N + k] & (N - 1))];
  out[g] = acc;
}
"""

# A per-warp sub-histogram: 32 lanes of a warp share one 256-bin row, and a
# byte picks the bin. Uniform bytes spread over the banks; image bytes make
# the lanes of a warp pick the same or neighbouring bins.
WARP_HISTOGRAM = r"""
extern "C" __global__ void __launch_bounds__(256) warp_histogram(unsigned *bins, const unsigned char *data,
                                                                 int per_block) {
  __shared__ unsigned s_hist[8][256];
  for (int b = threadIdx.x; b < 8 * 256; b += 256) s_hist[b / 256][b % 256] = 0;
  __syncthreads();
  const unsigned char *mine = data + (size_t)blockIdx.x * per_block;
  for (int p = threadIdx.x; p < per_block; p += 256)
    atomicAdd(&s_hist[threadIdx.x >> 5][mine[p]], 1u);
  __syncthreads();
  unsigned sum = 0;
  for (int w = 0; w < 8; w++) sum += s_hist[w][threadIdx.x];
  bins[blockIdx.x * 256 + threadIdx.x] = sum;
}
"""


def uniform_bytes(rng: np.random.Generator, n: int) -> np.ndarray:
    return rng.integers(0, 256, n, dtype=np.uint8)


def image_bytes(rng: np.random.Generator, n: int) -> np.ndarray:
    """Flat regions of 64 pixels with +-1 of noise."""
    levels = rng.integers(1, 255, -(-n // 64))
    noise = rng.integers(-1, 2, n)
    return (np.repeat(levels, 64)[:n] + noise).astype(np.uint8)


DATA: dict[str, Callable[[np.random.Generator, int], np.ndarray]] = {"uniform": uniform_bytes, "image": image_bytes}


@dataclass(frozen=True)
class Kernel:
    name: str
    source: str
    inputs: Callable[[np.random.Generator, float, Callable], list]
    grid: Callable[[list], tuple[int, int, int]]
    outputs: tuple[int, ...]


def _private_inputs(rng, scale, data):
    blocks = max(1, int(132 * 32 * scale))
    n = blocks * BLOCK
    return [np.empty(n, np.float32), rng.standard_normal(n * PRIV_N).astype(np.float32), data(rng, n * PRIV_N),
            np.int32(16)]


def _histogram_inputs(rng, scale, data):
    blocks = max(1, int(132 * 16 * scale))
    return [np.empty(blocks * 256, np.uint32), data(rng, blocks * PER_BLOCK), np.int32(PER_BLOCK)]


KERNELS = (
    Kernel("private_lookup", PRIVATE_LOOKUP, _private_inputs, lambda a: (a[0].size // BLOCK, 1, 1), (0,)),
    Kernel("warp_histogram", WARP_HISTOGRAM, _histogram_inputs, lambda a: (a[0].size // 256, 1, 1), (0,)),
)


def predicted(result) -> float | None:
    """Mean predicted wavefronts per executed instruction of the data-dependent accesses."""
    total = count = 0.0
    for p in result.plans:
        for x, pred in zip(p.analysis.accesses, p.after):
            if pred is not None and x.samples.expected:
                total += pred.wavefronts * pred.executions
                count += pred.executions
    return total / count if count else None


def check(kernel: Kernel, workdir: Path, scale: float, seed: int) -> dict:
    src_path = workdir / f"{kernel.name}.cu"
    src_path.write_text(kernel.source)
    runner = CupyRunner()
    out: dict = {"kernel": kernel.name, "variants": {}, "data": {}}
    built = {}
    for s in STRATEGIES:
        r = rewrite_source(kernel.source.encode(), str(src_path), Options(strategy=s))
        plan = r.plans[0]
        out["variants"][s] = {"strategy": plan.mapping.strategy, "mapping": plan.mapping.description,
                              "reason": plan.reason, "predicted_expected_wavefronts": predicted(r)}
        case = Case(name=kernel.name, source=src_path, kernel=kernel.name, block=(BLOCK, 1, 1),
                    grid=kernel.grid, make_inputs=lambda rng, sc: [], outputs=kernel.outputs,
                    reference=lambda args: [], pattern="data-dependent subscripts")
        built[s] = runner.build(case, r.text, f"{kernel.name}/{s}")
    for kind, data in DATA.items():
        rng = np.random.default_rng(seed)
        args = kernel.inputs(rng, scale, data)
        reference = runner.run(built["none"], args)
        row = {}
        for s, k in built.items():
            got = runner.run(k, args)
            timing = runner.time(k, args, repeats=REPS)
            row[s] = {"bitwise_identical": all(a.tobytes() == b.tobytes() for a, b in zip(got, reference)),
                      "median_ms": timing.median_ms, "min_ms": timing.min_ms, "max_ms": timing.max_ms}
        out["data"][kind] = row
    return out


def main(argv: list[str] | None = None) -> int:
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("--out", type=Path, required=True, help="folder for skewed_data.json")
    ap.add_argument("--scale", type=float, default=1.0, help="problem size (1.0 fills an H100/H200)")
    ap.add_argument("--seed", type=int, default=7, help="seed of the input data")
    args = ap.parse_args(argv)
    args.out.mkdir(parents=True, exist_ok=True)
    results = []
    with tempfile.TemporaryDirectory() as tmp:
        for kernel in KERNELS:
            results.append(check(kernel, Path(tmp), args.scale, args.seed))
    (args.out / "skewed_data.json").write_text(json.dumps(results, indent=1))
    ok = True
    for res in results:
        print(f"{res['kernel']}: auto chose {res['variants']['auto']['strategy']} "
              f"({res['variants']['auto']['reason']})")
        for kind, row in res["data"].items():
            base = row["none"]["median_ms"]
            cells = "  ".join(f"{s} {v['median_ms']:.4f} ms ({base / v['median_ms']:.2f}x)"
                              f"{'' if v['bitwise_identical'] else ' MISMATCH'}" for s, v in row.items())
            print(f"  {kind:8s} {cells}")
            ok &= all(v["bitwise_identical"] for v in row.values())
    return 0 if ok else 1


if __name__ == "__main__":
    sys.exit(main())
