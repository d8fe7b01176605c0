"""rapcc-nvcc's byte-scan exit (`rapcc/build/scan_exit.py`): a command it
sends to nvcc before importing the full path must be one the full path
(`nvcc_compile.run`) sends to nvcc unchanged too, silently, having woken the
server exactly when it does. Checked on generated command lines, files and
environments, and end to end on the modules such a compile loads."""
from __future__ import annotations

import json
import random
import subprocess
import sys

import pytest

from conftest import ROOT
from rapcc.build import nvcc_compile, rewrites
from rapcc.build.config import ConfigError, read_config
from rapcc.build.nvcc_args import NvccArgsError, parse_nvcc_args
from rapcc.build.passthrough import STRICT_FLAG, WRAPPER_MARK
from rapcc.build.scan_exit import FULL_PATH, TO_NVCC, WAKE_THEN_NVCC, decide

SHARED = b"__global__ void k(float *a) { __shared__ float t[64]; t[threadIdx.x] = a[0]; a[1] = t[0]; }\n"
PLAIN = b"__global__ void k(float *a) { a[threadIdx.x] += 1.0f; }\n"

FILES = {
    "plain.cu": PLAIN,
    "shared.cu": SHARED,
    "inc_plain.cu": b'#include "plain.cuh"\n' + PLAIN,
    "inc_shared.cu": b'#include "shared.cuh"\n' + PLAIN,
    "inc_deep.cu": b"#include <deep.cuh>\n" + PLAIN,  # found only through -I inc / -isystem inc
    "inc_macro.cu": b"#define H \"plain.cuh\"\n#include H\n" + PLAIN,
    "empty.cu": b"",
    "blank.cu": b"  \n\n",
    "binary.cu": b"\x7fELF\0\0\0" + PLAIN,
    "host.cpp": b"int main() { return 0; }\n",
    "host_shared.cpp": SHARED,
    "plain.cuh": b"static __device__ int helper(int x) { return x; }\n",
    "shared.cuh": SHARED,
    "inc/deep.cuh": b'#include "shared.cuh"\n',
    "inc/shared.cuh": SHARED,
    "pre_shared.h": b"#define TILE __shared__ float tile[32];\n",
    "inc_runtime.cu": b"#include <cuda_runtime.h>\n" + PLAIN,
    # a toolkit's include folder (CMake's -isystem for CUDA::cudart): its only __shared__ is the definition
    "tk/cuda_runtime.h": b'#include "crt/host_defines.h"\n',
    "tk/cuda_runtime_api.h": b"\n",
    "tk/crt/host_defines.h": b"#define __shared__ __location__(shared)\n",
    "opts_cu.txt": b"-x cu host.cpp",
    "opts_plain.txt": b"-c plain.cu",
    "opts_binary.txt": b"\xff\xfe\0",
}
INPUTS = ("plain.cu", "shared.cu", "inc_plain.cu", "inc_runtime.cu", "inc_shared.cu", "inc_deep.cu", "inc_macro.cu",
          "empty.cu", "blank.cu", "binary.cu", "missing.cu", "host.cpp", "host_shared.cpp", "main.o", "sub/../plain.cu")
OPTIONS = (("-c",), ("-dc",), ("-E",), ("--version",), ("-o", "out.o"), ("-o", "out.cu"), ("-arch=sm_90",),
           ("-x", "cu"), ("-x", "c++"), ("--x=cu",), ("-I", "inc"), ("-Iinc",), ("-isystem", "inc"),
           ("-isystem", "tk"), ("-isystem=tk",), ("-I", "tk"),
           ("-include", "pre_shared.h"), ("-include", "plain.cuh"), ("-DX=1",), ("-D", "T=__shared__"),
           ("-U", "X"), ("-optf", "opts_cu.txt"), ("-optf", "opts_plain.txt"), ("-optf", "opts_binary.txt"),
           ("-optf", "no_such.txt"), ("-MD",), ("-std=c++17",), ("-Xcompiler", "-Wall"), ("-lineinfo",),
           ("-ccbin",), (STRICT_FLAG,))
ENV_NAMES = ("RAPCC_CACHE_DIR", "RAPCC_NVCC", "RAPCC_REPORT_DIR", "RAPCC_PROJECT", "RAPCC_SERVER",
             "RAPCC_SERVER_IDLE", "RAPCC_STRATEGY", "RAPCC_BLOCK_DIM", "RAPCC_DISABLE", "RAPCC_STRICT",
             "RAPCC_VERBOSE", "RAPCC_TIMEOUT", WRAPPER_MARK, "RAPCC_SOMETHING_NEW", "HOME")
ENV_VALUES = ("", "1", "0", "off", "auto", "bogus", "32x8", "cache_there", "cache_missing", "reports")


class _LookedUp(Exception):
    """The full path went on to the cache: not a straight compile."""


def _full_path(argv: list[str], env: dict[str, str]) -> tuple[int, ...] | None:
    """What `nvcc_compile.run` does with the command, up to its first compile:
    (woke the server,) when it runs nvcc on the original command having
    printed and written nothing; None otherwise (a note, a report, a lookup).
    Stricter than the real path where that is simpler (verbose: None)."""
    try:
        config = read_config(env, STRICT_FLAG in argv)
    except ConfigError:
        return None
    if config.inside_wrapper or config.verbose or config.report_dir is not None:
        return None
    if config.disabled:
        return (0,)
    try:
        cmd = parse_nvcc_args([a for a in argv if a != STRICT_FLAG])
    except NvccArgsError:
        return (0,)
    if cmd.no_compile is not None or not cmd.cuda_inputs:
        return (0,)
    woke: list[int] = []
    saved = nvcc_compile.wake_server_in_background, rewrites.cached_rewrites

    def looked_up(*args, **kwargs):
        raise _LookedUp

    nvcc_compile.wake_server_in_background = lambda e: woke.append(1)
    rewrites.cached_rewrites = looked_up
    try:
        outcomes = nvcc_compile.plan_inputs(cmd, config, env, "/bin/true")
    except _LookedUp:
        return None
    finally:
        nvcc_compile.wake_server_in_background, rewrites.cached_rewrites = saved
    if any(o.note is not None or o.replacement is not None for o in outcomes):
        return None
    return (len(woke),)


@pytest.fixture()
def tree(tmp_path, monkeypatch):
    for name, data in FILES.items():
        (tmp_path / name).parent.mkdir(parents=True, exist_ok=True)
        (tmp_path / name).write_bytes(data)
    (tmp_path / "sub").mkdir()
    (tmp_path / "cache_there").mkdir()
    monkeypatch.chdir(tmp_path)
    return tmp_path


def _command(rng: random.Random) -> list[str]:
    out: list[str] = []
    for _ in range(rng.randint(0, 7)):
        out += [rng.choice(INPUTS)] if rng.random() < 0.4 else list(rng.choice(OPTIONS))
    return out


def _env(rng: random.Random) -> dict[str, str]:
    return {n: rng.choice(ENV_VALUES) for n in rng.sample(ENV_NAMES, rng.randint(0, 3))}


def test_what_it_sends_to_nvcc_the_full_path_sends_unchanged_too(tree):
    rng = random.Random(2611)
    seen = {FULL_PATH: 0, TO_NVCC: 0, WAKE_THEN_NVCC: 0}
    for _ in range(3000):
        argv, env = _command(rng), _env(rng)
        way = decide(argv, env, str(tree))
        seen[way] += 1
        if way != FULL_PATH:
            assert _full_path(argv, env) == ((1,) if way == WAKE_THEN_NVCC else (0,)), (argv, env, way)
    assert min(seen.values()) > 100, seen  # every answer was exercised


@pytest.mark.parametrize("argv, env, expected", [
    (["-c", "plain.cu", "-o", "plain.o"], {"RAPCC_CACHE_DIR": "cache_there"}, TO_NVCC),
    (["-c", "plain.cu", "-o", "plain.o"], {"RAPCC_CACHE_DIR": "cache_missing"}, WAKE_THEN_NVCC),
    (["-c", "plain.cu"], {"RAPCC_CACHE_DIR": "cache_missing", "RAPCC_SERVER": "0"}, TO_NVCC),
    (["-c", "shared.cu"], {"RAPCC_CACHE_DIR": "cache_there"}, FULL_PATH),
    (["-c", "inc_shared.cu"], {"RAPCC_CACHE_DIR": "cache_there"}, FULL_PATH),  # a header it includes
    (["-c", "inc_deep.cu", "-I", "inc"], {"RAPCC_CACHE_DIR": "cache_there"}, FULL_PATH),
    (["-c", "inc_deep.cu"], {"RAPCC_CACHE_DIR": "cache_there"}, TO_NVCC),  # not found: a system header
    (["-c", "inc_macro.cu"], {"RAPCC_CACHE_DIR": "cache_there"}, FULL_PATH),  # `#include H`
    (["-c", "inc_runtime.cu", "-isystem=tk"], {"RAPCC_CACHE_DIR": "cache_there"}, TO_NVCC),  # the toolkit's
    (["-c", "inc_runtime.cu", "-I", "tk"], {"RAPCC_CACHE_DIR": "cache_there"}, FULL_PATH),  # -I: the user's
    (["-c", "plain.cu", "-include", "pre_shared.h"], {"RAPCC_CACHE_DIR": "cache_there"}, FULL_PATH),
    (["-c", "plain.cu", "-DT=__shared__"], {"RAPCC_CACHE_DIR": "cache_there"}, FULL_PATH),
    (["-c", "binary.cu"], {"RAPCC_CACHE_DIR": "cache_there"}, FULL_PATH),  # the full path's note
    (["-c", "plain.cu"], {"RAPCC_CACHE_DIR": "cache_there", "RAPCC_REPORT_DIR": "r"}, FULL_PATH),  # a report
    (["-c", "plain.cu", STRICT_FLAG], {"RAPCC_CACHE_DIR": "cache_there"}, FULL_PATH),
    (["-x", "cu", "-c", "host_shared.cpp"], {"RAPCC_CACHE_DIR": "cache_there"}, FULL_PATH),
    (["-c", "host_shared.cpp"], {"RAPCC_CACHE_DIR": "cache_there"}, TO_NVCC),  # not CUDA: not rapcc's
    (["-optf", "opts_cu.txt"], {"RAPCC_CACHE_DIR": "cache_there"}, TO_NVCC),  # host.cpp as CUDA: no shared
    (["-optf", "opts_binary.txt"], {}, FULL_PATH),  # an unreadable command line: the full path's to judge
    (["-c", "plain.cu"], {"RAPCC_STRATEGY": "bogus"}, FULL_PATH),  # the full path's note
    (["-c", "plain.cu"], {WRAPPER_MARK: "1"}, FULL_PATH),  # the full path reports the loop
])
def test_the_cases_by_name(tree, argv, env, expected):
    assert decide(argv, env, str(tree)) == expected
    if expected != FULL_PATH:
        assert _full_path(argv, env) == ((1,) if expected == WAKE_THEN_NVCC else (0,))


NO_SHARED_COMPILE = """
import sys
before = set(sys.modules)  # what the interpreter's start loaded (an editable install's finder: pathlib)
from rapcc.build import nvcc_cli
def fake_exec(command, env):
    mods = [m for m in ("dataclasses", "typing", "pathlib", "inspect", "json", "subprocess", "hashlib",
                        "rapcc.build.nvcc_compile", "rapcc.build.config", "rapcc.build.nvcc_args")
            if m in sys.modules and m not in before]
    import json
    print(json.dumps({"command": list(command), "modules": mods}))
    sys.exit(0)
nvcc_cli.exec_compiler = fake_exec
env = {"PATH": "", "RAPCC_CACHE_DIR": sys.argv[1], "RAPCC_SERVER": "0"}
sys.exit(nvcc_cli.run(["-arch=sm_90", "-Iinc", "-c", "inc_plain.cu", "-o", "k.o"], env, nvcc="/bin/true"))
"""


def test_a_compile_without_shared_memory_goes_to_nvcc_without_the_full_paths_imports(tree):
    p = subprocess.run([sys.executable, "-c", NO_SHARED_COMPILE, str(tree / "cache_there")], cwd=tree,
                       capture_output=True, text=True, timeout=60, env={"PYTHONPATH": str(ROOT)})
    assert p.returncode == 0, p.stderr
    seen = json.loads(p.stdout)
    assert seen["command"] == ["/bin/true", "-arch=sm_90", "-Iinc", "-c", "inc_plain.cu", "-o", "k.o"]
    assert seen["modules"] == []


def test_an_options_file_that_is_not_text_is_nvccs_to_judge(tree):
    with pytest.raises(NvccArgsError, match="not text"):  # was a UnicodeDecodeError: a traceback, no compile
        parse_nvcc_args(["-optf", "opts_binary.txt"])
    assert _full_path(["-optf", "opts_binary.txt", "-c", "plain.cu"], {}) == (0,)  # nvcc says what is wrong


LAUNCHED = """
import sys
before = set(sys.modules)
from rapcc.build import launcher, nvcc_cli
def fake_exec(command, env):
    mods = [m for m in ("dataclasses", "typing", "pathlib", "rapcc.build.nvcc_compile", "rapcc.build.config")
            if m in sys.modules and m not in before]
    import json
    print(json.dumps({"command": list(command), "modules": mods}))
    sys.exit(0)
nvcc_cli.exec_compiler = fake_exec
sys.argv = ["rapcc-launch", "ccache", "/opt/cuda/bin/nvcc", *sys.argv[1:]]
sys.exit(launcher.main())
"""


@pytest.mark.parametrize("argv", [["main.o", "-o", "main"], ["-c", "inc_plain.cu", "-o", "k.o"]])
def test_cmakes_launcher_takes_the_same_early_exits(tree, argv):
    p = subprocess.run([sys.executable, "-c", LAUNCHED, *argv], cwd=tree, capture_output=True, text=True,
                       timeout=60, env={"PYTHONPATH": str(ROOT), "RAPCC_CACHE_DIR": str(tree / "cache_there")})
    assert p.returncode == 0, p.stderr
    seen = json.loads(p.stdout)
    assert seen["command"] == ["ccache", "/opt/cuda/bin/nvcc", *argv]
    assert seen["modules"] == []
