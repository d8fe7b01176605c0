"""Toolkit discovery: which CUDA toolkit's headers the parse uses, and in what order."""
from __future__ import annotations

import os

from rapcc.frontend.parse import SHIM_DIR, ParseConfig, clang_args
from rapcc.toolkit import DISABLE_ENV, HeaderMode, Toolkit, find_toolkit

HOME, PATH_ENV, NVCC_TK = "/opt/cuda-home", "/opt/cuda-path", "/opt/cuda-nvcc"
ALL = {HOME, PATH_ENV, NVCC_TK, "/opt/wrapped"}


def _exists(path: str) -> bool:
    """Every fake toolkit root above has include/cuda_runtime_api.h."""
    return any(path == os.path.join(root, "include", "cuda_runtime_api.h") for root in ALL)


def _find(explicit=None, env=None, nvcc: str | None = f"{NVCC_TK}/bin/nvcc", top=None):
    return find_toolkit(explicit, env or {}, lambda name: nvcc if name == "nvcc" else None, exists=_exists,
                        realpath=lambda p: p, top=top or (lambda _: None))


def test_explicit_cuda_path_wins_over_everything():
    env = {"CUDA_HOME": HOME, "CUDA_PATH": PATH_ENV, DISABLE_ENV: "1"}
    assert _find("/my/cuda", env) == Toolkit("/my/cuda", "--cuda-path")


def test_cuda_home_then_cuda_path_then_nvcc():
    assert _find(env={"CUDA_HOME": HOME, "CUDA_PATH": PATH_ENV}) == Toolkit(HOME, "CUDA_HOME")
    assert _find(env={"CUDA_PATH": PATH_ENV}) == Toolkit(PATH_ENV, "CUDA_PATH")
    assert _find(env={}) == Toolkit(NVCC_TK, "nvcc on PATH")


def test_a_variable_pointing_nowhere_is_skipped():
    assert _find(env={"CUDA_HOME": "/nowhere", "CUDA_PATH": PATH_ENV}) == Toolkit(PATH_ENV, "CUDA_PATH")
    assert _find(env={"CUDA_HOME": "/nowhere"}, nvcc=None) is None


def test_nvcc_wrapper_script_uses_the_top_nvcc_reports():
    assert _find(nvcc="/usr/local/bin/nvcc", top=lambda _: "/opt/wrapped") == Toolkit("/opt/wrapped", "nvcc on PATH")
    assert _find(nvcc="/usr/local/bin/nvcc") is None


def test_discovery_can_be_switched_off():
    assert _find(env={DISABLE_ENV: "1", "CUDA_HOME": HOME}) is None


def test_toolkit_headers_are_searched_after_the_stand_ins(tmp_path):
    """The stand-ins own the headers they define (the toolkit's device-side
    headers need clang's CUDA wrappers, which the pip wheel lacks); the
    toolkit supplies the rest, CCCL's include/cccl included."""
    (tmp_path / "include" / "cccl").mkdir(parents=True)
    args = clang_args(ParseConfig(include_dirs=("proj",), cuda_path=str(tmp_path), headers=HeaderMode.STANDIN))
    isystem = [args[i + 1] for i, a in enumerate(args) if a == "-isystem"]
    assert isystem == [str(SHIM_DIR), str(tmp_path / "include"), str(tmp_path / "include" / "cccl")]
    assert "-I" in args and args.index("-I") < args.index(str(tmp_path / "include"))
    assert clang_args(ParseConfig()).count("-isystem") == 1


def _fake_nvcc(tmp_path, top: str, pause_s: float = 0) -> tuple[str, "os.PathLike[str]"]:
    """An nvcc wrapper away from any headers, as this machine's is: it logs
    each run and prints `#$ TOP=top` on its dry run."""
    import stat
    log = tmp_path / "runs.log"
    nvcc = tmp_path / "bin" / "nvcc"
    nvcc.parent.mkdir()
    nvcc.write_text(f"#!/bin/sh\necho \"$@\" >> {log}\necho '#$ TOP={top}'\nexec sleep {pause_s}\n")
    nvcc.chmod(nvcc.stat().st_mode | stat.S_IXUSR)
    return str(nvcc), log


def test_a_dry_run_started_ahead_is_the_one_discovery_asks(tmp_path):
    """`start_nvcc_top` starts the dry run `find_toolkit` would make; discovery
    takes its answer instead of running nvcc again, and finds what it finds
    without it (the twin)."""
    from rapcc.toolkit import start_nvcc_top
    top = tmp_path / "cuda"
    (top / "include").mkdir(parents=True)
    (top / "include" / "cuda_runtime_api.h").write_text("")
    nvcc, log = _fake_nvcc(tmp_path, str(top))

    def which(name):
        return nvcc if name == "nvcc" else None
    assert find_toolkit(None, {}, which) == Toolkit(str(top), "nvcc on PATH")  # asked in turn
    assert start_nvcc_top({}, which) == nvcc
    assert find_toolkit(None, {}, which) == Toolkit(str(top), "nvcc on PATH")  # the answer started ahead
    assert log.read_text().splitlines() == ["--dryrun -v -c rapcc_probe.cu"] * 2
    assert find_toolkit(None, {}, which) == Toolkit(str(top), "nvcc on PATH")  # asked in turn again
    assert len(log.read_text().splitlines()) == 3


def test_nothing_is_started_where_discovery_asks_no_nvcc(tmp_path):
    from rapcc.toolkit import start_nvcc_top
    nvcc, log = _fake_nvcc(tmp_path, "/nowhere")
    home = tmp_path / "home"
    (home / "include").mkdir(parents=True)
    (home / "include" / "cuda_runtime_api.h").write_text("")

    def which(name):
        return nvcc if name == "nvcc" else None
    assert start_nvcc_top({"CUDA_HOME": str(home)}, which) is None
    assert start_nvcc_top({DISABLE_ENV: "1"}, which) is None
    assert start_nvcc_top({}, lambda name: None) is None
    assert not log.exists()


def test_a_dry_run_nobody_asks_for_is_ended(tmp_path):
    """A run given --cuda-path never asks: `stop_started` ends what was started for it."""
    import time

    from rapcc import toolkit
    nvcc, log = _fake_nvcc(tmp_path, "/nowhere", pause_s=60)
    assert toolkit.start_nvcc_top({}, lambda name: nvcc if name == "nvcc" else None) == nvcc
    started = toolkit._started[nvcc]
    begin = time.monotonic()
    toolkit.stop_started()
    assert time.monotonic() - begin < 30 and started.returncode is not None and not toolkit._started
