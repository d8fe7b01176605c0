"""The cost of compiling through `rapcc-nvcc` instead of plain nvcc, cold and warm.

Compiles every .cu file of the test project (`tests/projects/shared_tiles`)
with the flags CMake gives them, one file after another, three ways: plain
nvcc; `rapcc-nvcc` with an empty cache (cold: every file is parsed,
analysed, rewritten and verified); `rapcc-nvcc` again with that cache (warm: a
rebuild after `touch`, or another build folder). RAPCC_PROJECT points at a
compile database of the same commands, so kernels get their block shapes
from launches in other files, as in the CMake test. Each way runs --reps
times, interleaved; the table gives the median total seconds.

    python3 benchmarks/build_overhead.py [--reps 5] [--arch sm_90] [--nvcc PATH]

Goal (issues 9 and 20): warm < 5% over nvcc, cold < 30%.
"""
from __future__ import annotations

import argparse
import json
import os
import shutil
import statistics
import subprocess
import sys
import tempfile
import time
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parents[1]))
from benchmarks.servers import fresh_server  # noqa: E402

ROOT = Path(__file__).resolve().parent.parent
PROJECT = ROOT / "tests" / "projects" / "shared_tiles"
SOURCES = ("main.cu", "transpose_kernel.cu", "transpose_launch.cu", "tiled_template.cu", "scale.cu")
WRAPPER = [sys.executable, "-m", "rapcc.build.nvcc_cli"]


def compile_args(name: str, arch: str, out_dir: Path) -> list[str]:
    """The arguments CMake's Ninja generator passes nvcc for one file of the project."""
    obj = out_dir / f"{name}.o"
    return ["-forward-unknown-to-host-compiler", "-DBLOCK_ROWS=8", "-DTILE_DIM=32", f"-I{PROJECT / 'include'}",
            f"--generate-code=arch=compute_{arch[3:]},code=[compute_{arch[3:]},{arch}]", "-std=c++17",
            "-MD", "-MT", str(obj), "-MF", f"{obj}.d", "-x", "cu", "-c", str(PROJECT / "src" / name), "-o", str(obj)]


def build(prefix: list[str], arch: str, out_dir: Path, env: dict[str, str]) -> float:
    """Seconds to compile every file, one after another."""
    start = time.perf_counter()
    for name in SOURCES:
        r = subprocess.run(prefix + compile_args(name, arch, out_dir), env=env, capture_output=True, text=True)
        if r.returncode != 0 or "rapcc: note" in r.stderr:
            sys.exit(f"build_overhead: compiling {name} failed or was refused:\n{r.stderr}")
    return time.perf_counter() - start


def main() -> int:
    p = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    p.add_argument("--reps", type=int, default=5, help="runs of each way (default 5)")
    p.add_argument("--arch", default="sm_90", help="target architecture (default sm_90)")
    p.add_argument("--nvcc", default=shutil.which("nvcc"), help="the real nvcc (default: the one on PATH)")
    p.add_argument("--one-shot", action="store_true", help="without rapcc's server (RAPCC_SERVER=0)")
    args = p.parse_args()
    if not args.nvcc:
        sys.exit("build_overhead: nvcc not found")
    work = Path(tempfile.mkdtemp(prefix="rapcc-overhead-"))
    out_dir = work / "obj"
    out_dir.mkdir()
    db = [{"directory": str(out_dir), "file": str(PROJECT / "src" / n),
           "arguments": ["nvcc"] + compile_args(n, args.arch, out_dir)} for n in SOURCES]
    (work / "compile_commands.json").write_text(json.dumps(db))
    # As an installed rapcc runs: with its bytecode (see benchmarks/speed.py).
    base_env = {k: v for k, v in os.environ.items() if not k.startswith("RAPCC_") and k != "PYTHONDONTWRITEBYTECODE"}
    base_env["PYTHONPATH"] = os.pathsep.join(x for x in (str(ROOT), base_env.get("PYTHONPATH", "")) if x)
    subprocess.run([sys.executable, "-m", "compileall", "-q", str(ROOT / "rapcc")], env=base_env, check=True,
                   stdout=subprocess.DEVNULL)
    base_env.update(RAPCC_NVCC=args.nvcc, RAPCC_PROJECT=str(work))
    times: dict[str, list[float]] = {"nvcc": [], "rapcc-nvcc cold": [], "rapcc-nvcc warm": []}
    build([args.nvcc], args.arch, out_dir, base_env)  # warm the file system and nvcc itself
    for rep in range(args.reps):
        cache = work / f"cache{rep}"
        times["nvcc"].append(build([args.nvcc], args.arch, out_dir, base_env))
        # Each cold build starts without rapcc's server, as a CI build does (benchmarks/servers.py).
        with fresh_server({**base_env, "RAPCC_CACHE_DIR": str(cache)}, args.one_shot) as env:
            times["rapcc-nvcc cold"].append(build(WRAPPER, args.arch, out_dir, env))
            times["rapcc-nvcc warm"].append(build(WRAPPER, args.arch, out_dir, env))
    shutil.rmtree(work, ignore_errors=True)
    plain = statistics.median(times["nvcc"])
    print(f"{len(SOURCES)} files of {PROJECT.relative_to(ROOT)}, {args.arch}, median of {args.reps} runs each "
          f"({sys.executable} -m rapcc.build.nvcc_cli)")
    print("| build | seconds | over nvcc |")
    print("|---|---|---|")
    for way, values in times.items():
        med = statistics.median(values)
        over = "" if way == "nvcc" else f"{100 * (med - plain) / plain:+.1f}%"
        print(f"| {way} | {med:.2f} | {over} |")
    return 0


if __name__ == "__main__":
    sys.exit(main())
