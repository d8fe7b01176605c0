"""rapcc-nvcc's early exit (`rapcc/build/passthrough.py`): a command it sends
to nvcc before importing anything must be one the full path would send to
nvcc unchanged too, with nothing printed. Checked on generated command lines
and environments, not only on the ones we thought of, and end to end on the
modules a link step loads."""
from __future__ import annotations

import json
import random
import subprocess
import sys

import pytest

from conftest import ROOT
from rapcc.build.config import ConfigError, read_config
from rapcc.build.nvcc_args import FLAG_OPTIONS, VALUE_OPTIONS, NvccArgsError, parse_nvcc_args
from rapcc.build.passthrough import WRAPPER_MARK, trivially_unchanged

FILES = ("main.o", "a.cu", "b.cpp", "k.cu.o", "libx.a", "out", "opts.txt", "dir/x.cu", "y.CU", "z.cuh", "-")
TRICKY = ("-x", "cu", "c++", "--x=cu", "-xcu", "-optf", "--options-file", "--options-file=opts.txt", "-o",
          "out.cu", "--rapcc-strict", "-c", "-dc", "-E", "-arch=sm_90", "-Xcompiler", "-Wall", "-I", "inc")
# Options with the values that matter, kept together so that they occur often.
PAIRS = (("-x", "cu"), ("-x", "cuda"), ("-x", "c++"), ("--x", "cu"), ("-optf", "opts.txt"),
         ("--options-file", "opts.txt"), ("-o", "out.cu"), ("-Xcompiler", "a.cu"), ("-ccbin", "g++"))
ENV_NAMES = ("RAPCC_CACHE_DIR", "RAPCC_NVCC", "RAPCC_REPORT_DIR", "RAPCC_PROJECT", "RAPCC_SERVER",
             "RAPCC_STRATEGY", "RAPCC_BLOCK_DIM", "RAPCC_TIMEOUT", "RAPCC_DISABLE", "RAPCC_STRICT",
             "RAPCC_VERBOSE", WRAPPER_MARK, "RAPCC_SOMETHING_NEW", "PATH", "HOME")
ENV_VALUES = ("", "1", "0", "x", "/tmp/r", "32x8", "-1", "auto", "bogus")


def _command(rng: random.Random) -> list[str]:
    vocab = sorted(VALUE_OPTIONS | FLAG_OPTIONS)
    out: list[str] = []
    for _ in range(rng.randint(0, 8)):
        pick = rng.random()
        if pick < 0.2:
            out += rng.choice(PAIRS)
        else:
            out.append(rng.choice(FILES) if pick < 0.5 else rng.choice(TRICKY) if pick < 0.7 else rng.choice(vocab))
    return out


def _env(rng: random.Random) -> dict[str, str]:
    return {n: rng.choice(ENV_VALUES) for n in rng.sample(ENV_NAMES, rng.randint(0, 4))}


def _full_path_passes_through(argv: list[str], env: dict[str, str]) -> bool:
    """What `nvcc_compile.run` decides before any rewrite: nvcc on the original
    command, with no note, no error and no look at a CUDA input."""
    try:
        config = read_config(env, "--rapcc-strict" in argv)
    except ConfigError:
        return False  # a note (or, strict, an error): not silent
    if config.inside_wrapper:
        return False
    if config.disabled:
        return True
    try:
        cmd = parse_nvcc_args([a for a in argv if a != "--rapcc-strict"], read=lambda p: "-x cu a.cu")
    except NvccArgsError:
        return True
    return cmd.no_compile is not None or not cmd.cuda_inputs


def test_what_it_sends_to_nvcc_the_full_path_sends_unchanged_too():
    rng = random.Random(20)
    taken = 0
    for _ in range(10000):
        argv, env = _command(rng), _env(rng)
        if trivially_unchanged(argv, env):
            taken += 1
            assert _full_path_passes_through(argv, env), (argv, env)
    assert 500 < taken < 9500  # both answers were exercised


@pytest.mark.parametrize("argv, env, expected", [
    (["main.o", "-o", "main"], {"RAPCC_CACHE_DIR": "/c"}, True),
    (["-c", "a.cu"], {}, False),
    (["-x", "cu", "-c", "a.cpp"], {}, False),
    (["--x=cu", "-c", "a.cpp"], {}, False),
    (["-optf", "opts.txt"], {}, False),  # the options file may name a .cu
    (["main.o", "-o", "main"], {"RAPCC_STRATEGY": "bogus"}, False),  # the full path gives the note
    (["main.o", "-o", "main"], {WRAPPER_MARK: "1"}, False),  # the full path reports the loop
    (["-c", "host.cpp", "-o", "host.o", "--rapcc-strict"], {}, True),
])
def test_the_cases_by_name(argv, env, expected):
    assert trivially_unchanged(argv, env) is expected


LINK = """
import sys
from rapcc.build import nvcc_cli
def fake_exec(command, env):
    mods = [m for m in ("dataclasses", "json", "subprocess", "hashlib", "rapcc.build.nvcc_compile",
                        "rapcc.build.config") if m in sys.modules]
    import json
    print(json.dumps({"command": list(command), "modules": mods}))
    sys.exit(0)
nvcc_cli.exec_compiler = fake_exec
sys.exit(nvcc_cli.run(sys.argv[1:], {"PATH": "", "RAPCC_CACHE_DIR": "/nowhere"}, nvcc="/bin/true"))
"""


def test_a_link_step_goes_to_nvcc_having_imported_nothing_more(tmp_path):
    p = subprocess.run([sys.executable, "-c", LINK, "main.o", "-o", "main", "--rapcc-strict"],
                       capture_output=True, text=True, cwd=tmp_path, env={"PYTHONPATH": str(ROOT)})
    assert p.returncode == 0, p.stderr
    seen = json.loads(p.stdout)
    assert seen["command"] == ["/bin/true", "main.o", "-o", "main"]
    assert seen["modules"] == []
