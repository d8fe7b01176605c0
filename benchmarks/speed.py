"""rapcc's whole-process time per file next to `nvcc -c` of the same file (a benchmark, not a test).

    python3 benchmarks/speed.py [--reps 3] [--corpus] [--kernels 1,10,100,1000] [--no-examples]

Times, from outside and start-up included, `rapcc IN -o OUT` (a subprocess:
interpreter start, imports, parse, analysis, planning, rewriting,
verification) and `nvcc -arch=sm_90 -c IN`, alternating the two `--reps`
times so that load on a shared machine falls on both alike, and prints per
file the median wall time of each and their ratio, then the median and worst
ratio of each group:

- the examples (`examples/*.cu`);
- with `--corpus`, every `.cu` file with `__shared__` under
  `third_party/corpus/` (fetched by `benchmarks/fetch_corpus.sh`; skipped when
  absent), each with its folder and its project's headers as `-I` for both
  tools (`benchmarks/corpus.py`); the summary leaves out files nvcc cannot
  compile alone;
- a generated file of N small kernels for each N of `--kernels`, with the time
  per kernel (linear growth: the same time per kernel at every N);
- `--one-shot`: every rapcc run its own process (`RAPCC_SERVER=0`); by
  default the first run starts rapcc's server (`rapcc/server`) in a folder of
  the benchmark's own, that run is timed, and later runs are its children;
- with `--noop R`, a file without shared memory through `rapcc-nvcc -c`
  against `nvcc -c`, R alternating runs: the wrapper's cost on a file it
  passes through (goal: under 50 ms).

The goal (issue 20): the median under 30% of nvcc, no file over 100%.
"""
from __future__ import annotations

import argparse
import hashlib
import os
import shutil
import statistics
import subprocess
import sys
import tempfile
import time
from concurrent.futures import ThreadPoolExecutor
from dataclasses import dataclass
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent


@dataclass(frozen=True, slots=True)
class Timing:
    name: str
    rapcc_s: float  # median wall time of the whole rapcc process
    nvcc_s: float  # median wall time of nvcc -c
    rapcc_rc: int  # rapcc's exit status (1: refused input, still timed)
    nvcc_rc: int

    @property
    def ratio(self) -> float:
        return self.rapcc_s / self.nvcc_s


# What the `rapcc` and `rapcc-nvcc` console scripts run, from the tree on PYTHONPATH (see `tree_env`).
RAPCC = [sys.executable, "-c", "import sys; from rapcc.server.entry import main; sys.exit(main())"]
WRAPPER = [sys.executable, "-c", "import sys; from rapcc.build.nvcc_cli import main; sys.exit(main())"]
_ENV: dict[str, str] = dict(os.environ)


def tree_env(tree: Path) -> dict[str, str]:
    """The environment that runs rapcc from `tree` (a checkout: --tree compares two)."""
    # As an installed rapcc runs: with its modules' bytecode (pip compiles it
    # at install time), so a PYTHONDONTWRITEBYTECODE in the caller's
    # environment is dropped and the tree is compiled once (`main`).
    env = {k: v for k, v in os.environ.items() if not k.startswith("RAPCC_") and k != "PYTHONDONTWRITEBYTECODE"}
    env["PYTHONPATH"] = os.pathsep.join(p for p in (str(tree), os.environ.get("PYTHONPATH", "")) if p)
    return env


def _wall(cmd: list[str], env: dict[str, str] | None = None) -> tuple[float, int]:
    t0 = time.perf_counter()
    proc = subprocess.run(cmd, env=env or _ENV, stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL)
    return time.perf_counter() - t0, proc.returncode


def time_file(src: Path, tmp: Path, reps: int, nvcc: str, rapcc: list[str], flags: tuple[str, ...] = (),
              name: str | None = None) -> Timing:
    """Alternate `rapcc` and `nvcc -c` on `src` `reps` times each; medians."""
    here = tmp / hashlib.sha1(str(src).encode()).hexdigest()[:12]  # files with one name time side by side
    here.mkdir(exist_ok=True)
    out = here / f"{src.stem}.rapcc.cu"
    obj = here / f"{src.stem}.o"
    r_times, n_times, r_rc, n_rc = [], [], 0, 0
    for _ in range(reps):
        t, r_rc = _wall(rapcc + [str(src), "-o", str(out), *flags], _ENV)
        r_times.append(t)
        t, n_rc = _wall([nvcc, "-arch=sm_90", "-c", str(src), "-o", str(obj), *flags], _ENV)
        n_times.append(t)
    return Timing(name or src.stem, statistics.median(r_times), statistics.median(n_times), r_rc, n_rc)


KERNEL = """
__global__ void transpose_{k}(float *out, const float *in, int n)
{{
    __shared__ float tile_{k}[32][32];
    int x = blockIdx.x * 32 + threadIdx.x;
    int y = blockIdx.y * 32 + threadIdx.y;
    for (int j = 0; j < 32; j += 8)
        tile_{k}[threadIdx.y + j][threadIdx.x] = in[(y + j) * n + x];
    __syncthreads();
    x = blockIdx.y * 32 + threadIdx.x;
    y = blockIdx.x * 32 + threadIdx.y;
    for (int j = 0; j < 32; j += 8)
        out[(y + j) * n + x] = tile_{k}[threadIdx.x][threadIdx.y + j] + {k};
}}
"""


def kernels_file(n: int) -> str:
    """A file of `n` small transposes, each launched 32 x 8 (one shape each)."""
    body = "".join(KERNEL.format(k=k) for k in range(n))
    launches = "".join(f"    transpose_{k}<<<grid, dim3(32, 8)>>>(out, in, n);\n" for k in range(n))
    return f"{body}\nvoid launch_all(float *out, const float *in, int n)\n{{\n    dim3 grid(n / 32, n / 32);\n{launches}}}\n"


NOOP = """#include <cstdio>
__global__ void scale(float *a, float s, int n)
{
    int i = blockIdx.x * blockDim.x + threadIdx.x;
    if (i < n)
        a[i] *= s;
}
"""


def noop_overhead(tmp: Path, reps: int, nvcc: str) -> tuple[float, float, float]:
    """Median wall times of `rapcc-nvcc -c` (an empty cache each time), `nvcc -c`,
    and `rapcc-nvcc -c` over `true` in nvcc's place (the wrapper alone, without
    nvcc's own spread), on a file without shared memory."""
    src = tmp / "noop.cu"
    src.write_text(NOOP)
    true = shutil.which("true") or "/bin/true"
    wrapped, plain, alone = [], [], []
    for k in range(reps):
        for cmd, real, times in ((WRAPPER, nvcc, wrapped), ([nvcc], nvcc, plain), (WRAPPER, true, alone)):
            env = {**_ENV, "RAPCC_NVCC": real, "RAPCC_CACHE_DIR": str(tmp / f"cache{k}-{len(times)}-{real == true}")}
            t0 = time.perf_counter()
            subprocess.run(cmd + ["-arch=sm_90", "-c", str(src), "-o", str(tmp / "noop.o")], env=env, check=True,
                           stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL)
            times.append(time.perf_counter() - t0)
    return statistics.median(wrapped), statistics.median(plain), statistics.median(alone)


def corpus_files() -> list[Path]:
    base = ROOT / "third_party" / "corpus"
    if not base.is_dir():
        return []
    return sorted(p for p in base.rglob("*.cu") if b"__shared__" in p.read_bytes())


def _print(t: Timing, extra: str = "") -> None:
    rc = "" if t.rapcc_rc == 0 else f" (rapcc exit {t.rapcc_rc})"
    rc += "" if t.nvcc_rc == 0 else f" (nvcc exit {t.nvcc_rc})"
    print(f"{t.name:40s} {t.rapcc_s:8.3f} {t.nvcc_s:9.3f} {t.ratio:7.1%}{extra}{rc}", flush=True)


def _summary(label: str, timings: list[Timing]) -> None:
    if not timings:
        return
    ratios = [t.ratio for t in timings]
    worst = max(timings, key=lambda t: t.ratio)
    print(f"{label}: median ratio {statistics.median(ratios):.1%}, worst {worst.ratio:.1%} ({worst.name}) "
          f"over {len(timings)} files\n", flush=True)


def main() -> int:
    p = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    p.add_argument("--reps", type=int, default=3, help="alternating runs of each tool per file (default 3)")
    p.add_argument("--corpus", action="store_true", help="also every file of third_party/corpus/")
    p.add_argument("--no-examples", action="store_true")
    p.add_argument("--kernels", default="1,10,100,1000",
                   help="sizes of the generated N-kernel files, comma-separated ('' for none)")
    p.add_argument("--kernel-reps", type=int, default=None, help="runs for the N-kernel files (default --reps)")
    p.add_argument("--noop", type=int, default=0, metavar="R",
                   help="time rapcc-nvcc against nvcc on a file without shared memory, R alternating runs")
    p.add_argument("--jobs", type=int, default=1,
                   help="files timed side by side (default 1; more only where cores are idle)")
    p.add_argument("--tree", type=Path, default=ROOT, help="the rapcc checkout to time (default: this one)")
    p.add_argument("--only", default=None, help="only examples whose name contains this")
    p.add_argument("--one-shot", action="store_true",
                   help="every rapcc run its own process, without rapcc's server (RAPCC_SERVER=0)")
    args = p.parse_args()
    nvcc = shutil.which("nvcc")
    if nvcc is None:
        print("nvcc not on the PATH", file=sys.stderr)
        return 1
    global _ENV
    _ENV = tree_env(args.tree.resolve())
    subprocess.run([sys.executable, "-m", "compileall", "-q", str(args.tree.resolve() / "rapcc")], env=_ENV,
                   check=True, stdout=subprocess.DEVNULL)
    rapcc = RAPCC
    # rapcc's server (rapcc/server) in a folder of this run's own: the first
    # rapcc run starts it, as the first file of a build does, and it is timed.
    server_dir = tempfile.mkdtemp(prefix="rapcc-speed", dir="/tmp" if os.path.isdir("/tmp") else None)
    _ENV["XDG_RUNTIME_DIR"] = server_dir
    _ENV["RAPCC_SERVER"] = "0" if args.one_shot else "1"  # the command line uses one only when asked
    _ENV.pop("CI", None)
    server = "off: one process per run" if args.one_shot else "on: started by the first rapcc run, which is timed"
    print(f"# rapcc from {args.tree.resolve()}; nvcc: {nvcc}; {args.reps} alternating runs each, {args.jobs} file(s) at once; "
          f"{os.cpu_count()} CPUs, load average {os.getloadavg()[0]:.2f}; rapcc's server {server}")
    header = f"{'file':40s} {'rapcc s':>8s} {'nvcc -c s':>9s} {'ratio':>7s}"
    # --jobs > 1 times several files side by side (each file's runs still
    # alternate): only on a machine with cores to spare, and said in the output.
    with tempfile.TemporaryDirectory() as tmpdir, ThreadPoolExecutor(max_workers=args.jobs) as pool:
        tmp = Path(tmpdir)
        # `python -c` puts the working folder first on sys.path: run from a
        # neutral one, so that --tree's checkout is the rapcc that runs.
        os.chdir(tmp)
        if args.noop:
            w, n, a = noop_overhead(tmp, args.noop, nvcc)
            print(f"no-op compile: rapcc-nvcc {w * 1000:.0f} ms, nvcc {n * 1000:.0f} ms, "
                  f"difference {(w - n) * 1000:+.0f} ms; the wrapper alone (true as nvcc, interpreter start "
                  f"included) {a * 1000:.0f} ms (medians of {args.noop}, cold cache)\n", flush=True)
        if not args.no_examples:
            print(header)
            chosen = [src for src in sorted((ROOT / "examples").glob("*.cu")) if args.only is None or args.only in src.stem]
            examples = [t for t in pool.map(lambda src: time_file(src, tmp, args.reps, nvcc, rapcc), chosen)
                        if _print(t) is None]
            _summary("examples", examples)
        if args.corpus:
            files = corpus_files()
            if not files:
                print("# no third_party/corpus/ (run benchmarks/fetch_corpus.sh): corpus skipped\n")
            else:
                print(header)
                sys.path.insert(0, str(ROOT))
                from benchmarks.corpus import include_dirs  # the project's -I folders, as its build passes them
                base = ROOT / "third_party" / "corpus"

                def one(src: Path) -> Timing:
                    rel = src.relative_to(base)
                    incs = include_dirs(rel.parts[0], base / rel.parts[0], src)
                    return time_file(src, tmp, args.reps, nvcc, rapcc, tuple(f"-I{d}" for d in incs), str(rel))
                corpus = [t for t in pool.map(one, files) if _print(t) is None]
                # A file nvcc cannot compile alone (a kernel file another one
                # #includes) has no nvcc time to compare with.
                _summary("corpus (files nvcc compiles alone)", [t for t in corpus if t.nvcc_rc == 0])
                print(f"# {sum(t.nvcc_rc != 0 for t in corpus)} files nvcc does not compile alone are left out\n")
        sizes = [int(n) for n in args.kernels.split(",") if n.strip()]
        if sizes:
            # ms/kernel includes start-up, which small N spread over few kernels;
            # the marginal cost (from the previous N) is what grows if anything is super-linear.
            print(f"{'kernels':40s} {'rapcc s':>8s} {'nvcc -c s':>9s} {'ratio':>7s} {'rapcc ms/kernel':>16s} "
                  f"{'marginal ms/kernel':>19s}")
            previous: tuple[int, float] | None = None
            for n in sizes:
                src = tmp / f"kernels_{n}.cu"
                src.write_text(kernels_file(n))
                t = time_file(src, tmp, args.kernel_reps or args.reps, nvcc, rapcc, name=f"N={n}")
                marginal = "" if previous is None else \
                    f"{1000 * (t.rapcc_s - previous[1]) / (n - previous[0]):19.2f}"
                _print(t, f" {1000 * t.rapcc_s / n:16.2f} {marginal}")
                previous = (n, t.rapcc_s)
    shutil.rmtree(server_dir, ignore_errors=True)  # its server sees its socket gone and exits
    return 0


if __name__ == "__main__":
    sys.exit(main())
