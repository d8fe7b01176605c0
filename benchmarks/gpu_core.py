"""GPU check of the core pass (run on the lent GPU machine, not in CI).

For each selected example and strategy: rewrite with rapcc, compile with CuPy
(NVRTC), check the original against its NumPy reference and every rewrite
bit for bit against the original, time with CUDA events (warm-up, median of
REPS runs, min/max, fresh random inputs per variant), and record rapcc's
predicted wavefronts per shared load / store instruction.

    python3 benchmarks/gpu_core.py --out DIR            # checks + timings
    ncu --csv --metrics ... python3 benchmarks/gpu_core.py --ncu-child DIR   # one small launch per variant
    python3 benchmarks/gpu_core.py --bank-model DIR     # bank-model micro-kernels (run under ncu)
"""
from __future__ import annotations

import argparse
import json
import statistics
import sys
import time
from pathlib import Path

import numpy as np

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT))

from rapcc.harness.case import Case, load_cases, poison_like  # noqa: E402
from rapcc.pipeline import Options, rewrite_source  # noqa: E402

CASES = ("transpose_32x8", "transpose_16x16", "rap_crsw_f32", "rap_srcw_f32", "rap_drdw_f32",
         "rap_crsw_f64", "rap_srcw_f64", "rap_drdw_f64", "reduce_interleaved", "fwt")
STRATEGIES = ("original", "auto", "pad", "xor", "rap")
REPS = 30


def variants(case: Case) -> dict[str, tuple[str, dict]]:
    src = case.source.read_bytes()
    out = {"original": (src.decode(), {"ld": None, "st": None})}
    for s in STRATEGIES[1:]:
        r = rewrite_source(src, str(case.source.relative_to(ROOT)), Options(strategy=s))
        out[s] = (r.text.decode(), predicted(r))
    out["original"] = (src.decode(), predicted(rewrite_source(src, str(case.source), Options(strategy="none"))))
    return out


def predicted(result) -> dict:
    """Predicted wavefronts per executed load / store instruction, weighted by executions."""
    sums = {"ld": [0.0, 0], "st": [0.0, 0]}
    for p in result.plans:
        for x, pred in zip(p.analysis.accesses, p.after):
            if pred is None:
                continue
            kinds = {"load": ["ld"], "store": ["st"], "update": ["ld", "st"], "atomic": []}[x.access.kind]
            for k in kinds:
                sums[k][0] += pred.wavefronts * pred.executions
                sums[k][1] += pred.executions
    return {k: (v[0] / v[1] if v[1] else None) for k, v in sums.items()}


def upload(args):
    import cupy as cp
    return [cp.asarray(a) if isinstance(a, np.ndarray) else a for a in args]


def launch(fn, case: Case, dev_args, host_args) -> None:
    fn(case.grid(host_args), case.block, tuple(dev_args), shared_mem=case.shared_bytes)


def run_case(case: Case, scale: float, rng: np.random.Generator, timing: bool) -> dict:
    import cupy as cp
    res = {"case": case.name, "variants": {}}
    vs = variants(case)
    host = case.make_inputs(rng, scale)
    ref_out = None
    for name, (code, pred) in vs.items():
        fn = cp.RawModule(code=code, options=("-std=c++17",)).get_function(case.kernel)
        dev = upload(host)
        for i in case.outputs:
            dev[i] = cp.asarray(poison_like(host[i]))
        launch(fn, case, dev, host)
        cp.cuda.Device().synchronize()
        outs = [cp.asnumpy(dev[i]) for i in case.outputs]
        entry = {"predicted": pred}
        if name == "original":
            ref = case.reference(host)
            entry["matches_reference"] = bool(all(
                np.allclose(o, r, rtol=1e-4, atol=1e-4) if o.dtype.kind == "f" else np.array_equal(o, r)
                for o, r in zip(outs, ref)))
            ref_out = outs
        else:
            entry["bitwise_identical"] = bool(all(o.tobytes() == r.tobytes() for o, r in zip(outs, ref_out)))
        if timing:
            fresh = case.make_inputs(rng, scale)
            dev = upload(fresh)
            for _ in range(5):
                launch(fn, case, dev, fresh)
            times = []
            for _ in range(REPS):
                a, b = cp.cuda.Event(), cp.cuda.Event()
                a.record()
                launch(fn, case, dev, fresh)
                b.record()
                b.synchronize()
                times.append(cp.cuda.get_elapsed_time(a, b))
            entry.update(median_ms=statistics.median(times), min_ms=min(times), max_ms=max(times))
        res["variants"][name] = entry
    return res


BANK_KERNEL = r"""
extern "C" __global__ void bm_{w}_{s}(const {T} *in, {T} *out) {{
  __shared__ {T} buf[32 * 33];
  for (int i = threadIdx.x; i < 32 * 33; i += 32) buf[i] = in[i];
  __syncthreads();
  out[threadIdx.x] = buf[threadIdx.x * {s}];
}}
"""
BANK_TYPES = {4: "float", 8: "float2", 16: "float4"}
BANK_STRIDES = (1, 2, 3, 4, 8, 16, 32, 33)


def bank_model(out_dir: Path) -> None:
    """Launch one 32-thread block per (width, stride); ncu reads the wavefronts."""
    import cupy as cp
    from rapcc.banks import BankModel
    order = []
    for w, t in BANK_TYPES.items():
        for s in BANK_STRIDES:
            code = BANK_KERNEL.format(w=w, s=s, T=t)
            fn = cp.RawModule(code=code).get_function(f"bm_{w}_{s}")
            inp = cp.zeros(32 * 33 * w // 4, dtype=cp.float32)
            out = cp.zeros(32 * w // 4, dtype=cp.float32)
            fn((1,), (32,), (inp, out))
            cp.cuda.Device().synchronize()
            addr = np.arange(32, dtype=np.int64) * s * w
            order.append({"kernel": f"bm_{w}_{s}", "width": w, "stride": s,
                          "predicted_ld_wavefronts": BankModel().wavefronts(addr, np.ones(32, bool), w)})
    (out_dir / "bank_model_order.json").write_text(json.dumps(order, indent=1))


def main() -> int:
    p = argparse.ArgumentParser()
    p.add_argument("--out", type=Path)
    p.add_argument("--ncu-child", type=Path)
    p.add_argument("--bank-model", type=Path)
    p.add_argument("--cases", default=",".join(CASES))
    args = p.parse_args()
    cases = {c.name: c for c in load_cases(ROOT / "examples")}
    chosen = [cases[n] for n in args.cases.split(",")]
    rng = np.random.default_rng(2026)
    if args.bank_model:
        args.bank_model.mkdir(parents=True, exist_ok=True)
        bank_model(args.bank_model)
        return 0
    if args.ncu_child:
        args.ncu_child.mkdir(parents=True, exist_ok=True)
        order = []
        for c in chosen:
            r = run_case(c, 0.02, rng, timing=False)
            for v in r["variants"]:
                order.append({"case": c.name, "variant": v, "predicted": r["variants"][v]["predicted"]})
        (args.ncu_child / "ncu_order.json").write_text(json.dumps(order, indent=1))
        return 0
    args.out.mkdir(parents=True, exist_ok=True)
    results = []
    for c in chosen:
        t0 = time.time()
        r = run_case(c, 1.0, rng, timing=True)
        results.append(r)
        base = r["variants"]["original"]["median_ms"]
        for v, e in r["variants"].items():
            ok = e.get("matches_reference", e.get("bitwise_identical"))
            pred = e["predicted"]
            print(f"{c.name:20s} {v:9s} ok={ok!s:5s} {e['median_ms']:8.4f} ms [{e['min_ms']:.4f}, {e['max_ms']:.4f}] "
                  f"x{base / e['median_ms']:.2f}  pred ld={pred['ld']} st={pred['st']}", flush=True)
        print(f"  ({time.time() - t0:.1f} s)", flush=True)
    (args.out / "gpu_core.json").write_text(json.dumps(results, indent=1))
    return 0


if __name__ == "__main__":
    sys.exit(main())
