"""The CUDA inputs of a `rapcc-nvcc` command that may use shared memory:
their rewrites, found in the cache or made by the worker (a child process,
or a child of rapcc's server).

Imported only once the byte scan (`shared_scan.py`) has found such an input:
a compile step of a file without shared memory, the most common kind in a
real program, does not load the cache, the hashing library, `json` or
`subprocess` (issue 20).
"""
from __future__ import annotations

import json
import os
import subprocess
import sys
from pathlib import Path
from typing import TYPE_CHECKING, Mapping

from .. import __version__
from ..arch import ArchError, common_bank_model
from ..blas_threads import single_threaded_env
from .cache import Cache, cache_key, sha256_bytes
from .config import BuildConfig
from ..program_constants import to_json
from . import ptx_flags
from .launch_index import ProjectFacts
from .nvcc_args import HonouredFlags, Input, NvccCommand
from ..reproduce import reproduce_command as reproduced

if TYPE_CHECKING:
    from .cache import Entry
    from .launch_index import Job, ScanLog

_PACKAGE_ROOT = Path(__file__).resolve().parents[2]


def reproduce_command(path: str, flags: HonouredFlags, config: BuildConfig) -> str:
    """The `rapcc` command that writes the same rewrite (for the rewritten file's header)."""
    more = list(flags.extra_args) + (["-p", str(config.project)] if config.project else []) \
        + (["--rdc"] if flags.rdc else [])
    return reproduced(path, config.strategy, 1, config.block_dim, config.dynamic_smem, config.whole_program,
                      flags.include_dirs, flags.defines, flags.std, more)


def _tool_fingerprint() -> str:
    """rapcc's version and its installed files' sizes and times: a changed rapcc
    (an editable install, a patch) never reuses another one's rewrites."""
    stamp = [__version__]
    for folder in (_PACKAGE_ROOT / "rapcc", _PACKAGE_ROOT / "templates"):
        for root, dirs, files in os.walk(folder):
            dirs[:] = sorted(d for d in dirs if d != "__pycache__")
            for name in sorted(files):
                if name.endswith((".py", ".j2", ".h")):
                    st = os.stat(os.path.join(root, name))
                    stamp.append(f"{name}:{st.st_size}:{st.st_mtime_ns}")
    return sha256_bytes("\n".join(stamp).encode())


def worker_env(env: Mapping[str, str]) -> dict[str, str]:
    """The environment the rewriting child runs in (and rapcc's server is
    reached with: its address depends on it)."""
    child_env = dict(env)
    child_env["PYTHONPATH"] = os.pathsep.join(p for p in (str(_PACKAGE_ROOT), env.get("PYTHONPATH", "")) if p)
    return child_env


def _run_worker(op: str, cache: Cache, jobs: list[dict], config: BuildConfig, env: Mapping[str, str]) -> str | None:
    """Run the rewriting child; None on success, else why it failed."""
    child_env = worker_env(env)
    request = json.dumps({"cache": str(cache.root), "op": op, "jobs": jobs})
    served = _served_worker(request, child_env, config)
    if served is not _NOT_SERVED:
        return served
    try:
        # Its NumPy without OpenBLAS's thread pool (~45 ms of CPU; blas_threads.py).
        proc = subprocess.run([sys.executable, "-m", "rapcc.build.worker"], input=request, text=True,
                              capture_output=True, timeout=config.timeout_s, env=single_threaded_env(child_env))
    except subprocess.TimeoutExpired:
        return f"the rewrite took longer than {config.timeout_s:g} s (RAPCC_TIMEOUT)"
    except OSError as exc:
        return f"cannot start the rewrite ({exc})"
    if proc.returncode != 0:
        last = (proc.stderr.strip().splitlines() or ["no message"])[-1]
        return f"internal error: the rewrite exited with status {proc.returncode} ({last})"
    return None


_NOT_SERVED = object()


def _served_worker(request: str, env: Mapping[str, str], config: BuildConfig) -> "str | None | object":
    """`_run_worker` in a child of rapcc's server (`rapcc.server`): the same
    request on its standard input, without the interpreter's start and
    imports. `_NOT_SERVED` where no server could take it."""
    import tempfile

    from ..server.client import serve
    with tempfile.TemporaryFile() as given, tempfile.TemporaryFile() as errors, open(os.devnull, "wb") as null:
        given.write(request.encode("utf-8", errors="surrogateescape"))
        given.flush()
        given.seek(0)
        ended = serve("worker", [sys.executable, "-m", "rapcc.build.worker"], env,
                      fds=(given.fileno(), null.fileno(), errors.fileno()), timeout_s=config.timeout_s,
                      interrupt_raises=True)
        if ended is None:
            return _NOT_SERVED
        if ended.timed_out:
            return f"the rewrite took longer than {config.timeout_s:g} s (RAPCC_TIMEOUT)"
        if ended.status is None:
            return "internal error: the rewrite ended without an exit status"
        if ended.status != 0:
            errors.seek(0)
            text = errors.read().decode("utf-8", errors="replace")
            last = (text.strip().splitlines() or ["no message"])[-1]
            return f"internal error: the rewrite exited with status {ended.status} ({last})"
    return None


def _project_launches(config: BuildConfig, cache: Cache, env: Mapping[str, str],
                      nvcc: str | None = None, own: str | None = None) -> ProjectFacts:
    """The project's launch facts for a compile of `own` (None: several
    inputs, every kernel's); RAPCC_SCAN_LOG=FILE appends what the scan
    spent as a JSON line (benchmarks/cmake_build.py reads it)."""
    import time

    from .compdb import read_compile_database
    from .launch_index import ScanLog
    assert config.project is not None
    start = time.perf_counter()
    entries = read_compile_database(config.project)
    log = ScanLog()
    try:
        return _scan(entries, config, cache, env, nvcc, own, log)
    finally:
        where = env.get("RAPCC_SCAN_LOG", "").strip()
        if where:
            _append_scan_log(where, own, time.perf_counter() - start, log)


def _append_scan_log(where: str, own: str | None, seconds: float, log: "ScanLog") -> None:
    line = json.dumps({"file": own, "seconds": round(seconds, 3), "parsed": log.parsed,
                       "parse_s": round(log.parse_s, 3), "waited_s": round(log.waited_s, 3),
                       "read": log.read, "of": log.of, "whole": log.whole})
    try:
        with open(where, "a") as f:  # one write of one line: appends of parallel steps do not interleave
            f.write(line + "\n")
    except OSError:
        pass  # a measurement, never a reason to fail the compile


def _scan(entries: list, config: BuildConfig, cache: Cache, env: Mapping[str, str], nvcc: str | None,
          own: str | None, log: "ScanLog") -> ProjectFacts:
    from .launch_index import cached_project_launches

    def compute(missing: list[Job]) -> None:
        root = toolkit_of(nvcc, env)  # host code that includes Thrust parses with the build's toolkit
        jobs = [{"key": k, "path": p, "source": src.decode("utf-8", errors="surrogateescape"),
                 **({"what": extra["what"]} if "what" in extra else {}),
                 "options": {"strategy": "none", **flags.to_json(), "cuda_path": root,
                             "headers": header_mode(env).value,
                             **({"program_constants": extra["program_constants"]}
                                if "program_constants" in extra else {})}}
                for k, p, src, flags, extra in missing]
        why = _run_worker("launches", cache, jobs, config, env)
        if why is not None:
            from .compdb import CompileDatabaseError
            raise CompileDatabaseError(f"reading the project's launches failed: {why}")
    # The launch lists are rapcc's reading of each file: a changed rapcc (what it records of a launch, such as
    # its dynamic bytes or an unread launch) never reuses another one's, as with the rewrites.
    return cached_project_launches(entries, cache, _tool_fingerprint(), compute, own, log)


def toolkit_of(nvcc: str | None, env: Mapping[str, str]) -> str | None:
    """The toolkit root of the nvcc that compiles (its headers are the ones
    the build uses), for the parse to fill in what the stand-ins lack
    (CCCL, cuBLAS, ...); None with RAPCC_NO_CUDA_DISCOVERY or no nvcc."""
    if nvcc is None:
        return None
    import shutil

    from ..toolkit import DISABLE_ENV, find_toolkit
    found = find_toolkit(None, {k: v for k, v in env.items() if k == DISABLE_ENV},
                         lambda name: (shutil.which(nvcc) or nvcc) if name == "nvcc" else None)
    return found.root if found else None


def header_mode(env: Mapping[str, str]):
    from ..toolkit import HeaderMode, header_mode as read
    try:
        return read(env)
    except ValueError:  # a misspelt value: the stand-ins, as before the switch
        return HeaderMode.STANDIN


def build_macros_of(nvcc: str | None, cmd: NvccCommand, config: BuildConfig, env: Mapping[str, str]
                    ) -> dict[str, object]:
    """nvcc's own macros for this compile's targets (build_macros.py), as JSON
    for the worker; unknown with RAPCC_NO_CUDA_DISCOVERY or no nvcc. The cache
    key already holds the nvcc and the targets."""
    from ..build_macros import UNKNOWN, arch_flags, ask_nvcc
    from ..toolkit import DISABLE_ENV
    if nvcc is None or env.get(DISABLE_ENV):
        return UNKNOWN.to_json()
    import shutil
    return ask_nvcc(shutil.which(nvcc) or nvcc, arch_flags(cmd.args), str(config.cache_dir)).to_json()


def cached_rewrites(cmd: NvccCommand, config: BuildConfig, env: Mapping[str, str], nvcc: str | None,
                    flags: HonouredFlags, sources: list[tuple[Input, bytes]]
                    ) -> list[tuple[Input, Entry | None, str | None]]:
    """What each of `sources` (inputs and their bytes) comes to: its rewrite's
    cache entry (found, or made by the worker), or None and why there is none.
    `nvcc`: the real nvcc, whose toolkit's headers the parse reads."""
    cwd = os.getcwd()
    found: list[tuple[Input, Entry | None, str | None]] = []
    try:
        model = common_bank_model(cmd.targets)
    except ArchError as exc:
        return [(i, None, str(exc)) for i, _ in sources]
    cache = Cache(config.cache_dir)
    project = ProjectFacts()
    project_note = None
    if config.project is not None:
        from .compdb import CompileDatabaseError
        try:
            # One input: only its kernels' launches are read (launch_index._narrowed).
            project = _project_launches(config, cache, env, nvcc, sources[0][0].path if len(sources) == 1 else None)
        except (CompileDatabaseError, OSError) as exc:
            project_note = f"RAPCC_PROJECT: {exc}"
    tool = _tool_fingerprint()
    # The float check compiles the inputs to PTX as this command does (ptx_flags.py).
    floats = ptx_flags.to_json(ptx_flags.float_check(cmd, nvcc if config.float_check else None, cwd))
    pending: list[tuple[Input, str, dict]] = []
    for inp, source in sources:
        if project_note is not None:
            found.append((inp, None, project_note))
            continue
        # The nvcc names its toolkit: its root is looked up only on a miss (it may run `nvcc --dryrun`).
        key = cache_key({"tool": tool, "source": sha256_bytes(source), "path": inp.path, "cwd": cwd, "nvcc": nvcc,
                         "flags": flags.to_json(), "bank_model": model, "targets": list(cmd.targets),
                         "strategy": config.strategy, "block_dim": config.block_dim,
                         "dynamic_smem": config.dynamic_smem, "whole_program": config.whole_program,
                         "launches": project.digest(), "headers": header_mode(env).value, "float_check": floats})
        job = {"key": key, "path": inp.path, "source_name": os.path.basename(inp.path),
               "source": source.decode("utf-8", errors="surrogateescape"),
               "options": {"strategy": config.strategy, "block_dim": config.block_dim,
                           "dynamic_smem": config.dynamic_smem, **flags.to_json(),
                           "command": reproduce_command(inp.path, flags, config),
                           "launch_shapes": [[k, [list(s) for s in v]] for k, v in project.shapes],
                           "launch_unknown": [[k, list(v)] for k, v in project.unknown],
                           "launch_scope": None if project.scope is None else list(project.scope),
                           "whole_program": config.project is not None or config.whole_program,
                           "float_check": floats,
                           **({"program_constants": to_json(project.constants)} if config.project is not None
                              else {})}}
        pending.append((inp, key, job))
    misses = [job for _, key, job in pending if cache.get(key) is None]
    if misses:
        root = toolkit_of(nvcc, env)
        macros = build_macros_of(nvcc, cmd, config, env)
        for job in misses:
            job["options"]["cuda_path"] = root
            job["options"]["build"] = macros
            job["options"]["headers"] = header_mode(env).value
    failure = _run_worker("rewrite", cache, misses, config, env) if misses else None
    for inp, key, _ in pending:
        entry = cache.get(key)
        found.append((inp, entry, None if entry is not None else
                      failure or "internal error: the rewrite stored no result"))
    return found


__all__ = ["cached_rewrites", "reproduce_command", "toolkit_of", "worker_env"]
