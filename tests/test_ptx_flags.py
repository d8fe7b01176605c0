"""build/ptx_flags: the float check compiles to PTX with the build's own flags and virtual architectures;
rapcc-nvcc refuses rt4_43's rap rewrite and compiles the original."""
from __future__ import annotations

import json

import pytest

from buildtools import build_env, run_wrapped
from conftest import ROOT, require_nvcc
from rapcc.build.nvcc_args import parse_nvcc_args
from rapcc.build.ptx_flags import float_check, from_json, to_json


def _check(line: str):
    return float_check(parse_nvcc_args(line.split()), "/opt/cuda/bin/nvcc", "/build")


def test_device_flags_are_kept_and_what_the_compile_makes_is_dropped():
    c = _check("-c src/k.cu -o k.o -O3 -Iinc -DN=4 -std=c++20 --use_fast_math -fmad=false -Xcompiler -fopenmp "
               "-MD -MF k.d -lineinfo -gencode arch=compute_80,code=sm_80 "
               "-gencode=arch=compute_90,code=[sm_90,compute_90] --expt-relaxed-constexpr")
    assert c.flags == ("-O3", "-Iinc", "-DN=4", "-std=c++20", "--use_fast_math", "-fmad=false", "-Xcompiler",
                       "-fopenmp", "--expt-relaxed-constexpr")
    assert c.archs == ("compute_80", "compute_90") and c.cwd == "/build" and c.unchecked is None
    assert c.nvcc == "/opt/cuda/bin/nvcc"


def test_arch_shorthand_and_relocatable_device_code():
    c = _check("-arch=sm_86 -dc k.cu -o k.o")
    assert c.archs == ("compute_86",) and c.flags == ("-rdc=true",)
    assert _check("-arch sm_90a -c k.cu").archs == ("compute_90a",)
    assert _check("-c k.cu").archs == ()  # nvcc's default target, as the build


@pytest.mark.parametrize("line, why", [
    ("-arch=native -c k.cu", "'-arch=native'"),
    ("-arch=all -c k.cu", "'-arch=all'"),
    ("-dlto -arch=sm_80 -c k.cu", "link time"),
    ("-gencode arch=compute_80,code=lto_80 -c k.cu", "link time"),
])
def test_device_code_the_check_cannot_see_is_unchecked(line, why):
    """The wrong form: PTX compiled for a guessed target, or code generated at the link, proves nothing."""
    c = _check(line)
    assert c.unchecked is not None and why in c.unchecked


def test_json_round_trip():
    c = _check("-O2 -arch=sm_80 -c k.cu")
    assert from_json(json.loads(json.dumps(to_json(c)))) == c


@pytest.mark.nvcc
def test_the_build_hook_compiles_rt4_43_unchanged_under_rap(tmp_path):
    """rapcc-nvcc with RAPCC_STRATEGY=rap: the rewrite's float dataflow differs from the input's, so the
    report keeps both arrays and says why, and the original is compiled."""
    require_nvcc()
    (tmp_path / "src").mkdir()
    (tmp_path / "src" / "rt.cu").write_bytes((ROOT / "tests" / "redteam4" / "rt4_43_online_softmax_pv.cu").read_bytes())
    env = build_env(tmp_path / "cache", RAPCC_STRATEGY="rap", RAPCC_REPORT_DIR=str(tmp_path / "reports"))
    r = run_wrapped(["-arch=sm_90", "-O2", "-ptx", "src/rt.cu", "-o", "rt.ptx"], tmp_path, env)
    assert r.returncode == 0, r.stderr
    (report,) = [json.loads(p.read_text()) for p in (tmp_path / "reports").iterdir()]
    assert [a["strategy"] for a in report["arrays"]] == ["none", "none"]
    assert all("floating point in 'rt4_43_online_pv' for compute_90" in a["reason"] for a in report["arrays"])


def test_the_check_is_on_unless_the_build_turns_it_off():
    """RAPCC_FLOAT_CHECK=0: a stand-in compiler that writes no PTX (the hook's own tests' fake nvcc)."""
    from rapcc.build.config import ConfigError, read_config
    assert read_config({}).float_check and read_config({"RAPCC_FLOAT_CHECK": "1"}).float_check
    assert not read_config({"RAPCC_FLOAT_CHECK": "0"}).float_check
    with pytest.raises(ConfigError):
        read_config({"RAPCC_FLOAT_CHECK": "maybe"})
