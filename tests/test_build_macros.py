"""nvcc's predefined macros, from the nvcc that compiles (rapcc/build_macros.py)."""
from __future__ import annotations

import os
import subprocess

import pytest

from rapcc.build_macros import UNKNOWN, BuildMacros, arch_flags, ask_nvcc, from_arch_option, from_dryrun
from rapcc.frontend.parse import ParseConfig, clang_args
from tests.conftest import require_nvcc

_PASS = ('#$ gcc -D__CUDA_ARCH__={arch} -D__CUDA_ARCH_LIST__=800,900 -E -x c++  -DCUDA_DOUBLE_MATH_FUNCTIONS '
         '-D__CUDACC__ -D__NVCC__ "-I/tk/include" -D__CUDACC_VER_MAJOR__=13 -D__CUDACC_VER_MINOR__=0 '
         '-D__CUDACC_VER_BUILD__=88 -include "cuda_runtime.h" -m64 "/dev/null" -o "/tmp/x.cpp1.ii"')
_COMPILE = '#$ gcc -D__CUDA_ARCH__=900 -c -x c++ -D__CUDACC_VER_MAJOR__=12 "/tmp/x.cudafe1.cpp" -o "/tmp/x.o"'


def test_one_device_pass_gives_every_value():
    found = from_dryrun(_PASS.format(arch=800) + "\n" + _COMPILE, "/tk/bin/nvcc")
    assert found is not None
    assert found.value("__CUDACC_VER_MAJOR__") == "13" and found.value("__CUDACC_VER_BUILD__") == "88"
    assert found.arch == 800 and found.version == (13, 0) and found.gpu_arch() == "sm_80"
    assert not found.is_unknown("__CUDA_ARCH__") and not found.is_unknown("__CUDACC_VER_MAJOR__")
    # A compile line (no -E) is not a device pass's preprocessing: its 12 is not read.
    assert "-D__CUDACC_VER_MAJOR__=13" in found.clang_defines()


def test_device_passes_that_disagree_leave_the_arch_unknown():
    found = from_dryrun(_PASS.format(arch=800) + "\n" + _PASS.format(arch=900), "nvcc")
    assert found is not None
    assert found.is_unknown("__CUDA_ARCH__") and found.arch is None
    assert found.version == (13, 0) and not found.is_unknown("__CUDACC_VER_MAJOR__")
    assert "give it different values" in found.source


def test_no_device_pass_is_no_answer():
    assert from_dryrun("nvcc fatal : Unsupported gpu architecture 'sm_1'", "nvcc") is None


def test_unknown_pins_the_old_values_and_says_so():
    args = clang_args(ParseConfig())
    assert "--cuda-gpu-arch=sm_70" in args and "-D__CUDACC_VER_MAJOR__=12" in args and "-D__CUDA_ARCH__=900" in args
    assert UNKNOWN.is_unknown("__CUDACC_VER_MAJOR__") and UNKNOWN.is_unknown("__CUDA_ARCH_FEAT_SM90_ALL")


def test_known_values_reach_the_parse_before_the_users_defines():
    build = from_dryrun(_PASS.format(arch=900), "nvcc")
    args = clang_args(ParseConfig(defines=("__CUDACC_VER_MAJOR__=99",), build=build))
    assert "--cuda-gpu-arch=sm_90" in args and "-D__CUDA_ARCH__=900" in args
    assert args.index("-D__CUDACC_VER_MAJOR__=13") < args.index("-D__CUDACC_VER_MAJOR__=99")
    assert args.index("-U__CUDA_ARCH__") < args.index("-D__CUDA_ARCH__=900")


def test_newer_arch_than_libclang_knows_parses_for_the_newest_it_does():
    build = BuildMacros((("__CUDA_ARCH__", "1200"),), (), ())
    assert build.gpu_arch() == "sm_90" and "-D__CUDA_ARCH__=1200" in build.clang_defines()
    assert BuildMacros((("__CUDA_ARCH__", "900"), ("__CUDA_ARCH_FEAT_SM90_ALL", "")), (), ()).gpu_arch() == "sm_90a"


def test_arch_option_without_nvcc_knows_the_arch_only():
    found = from_arch_option("sm_86")
    assert found.arch == 860 and found.is_unknown("__CUDACC_VER_MAJOR__") and not found.is_unknown("__CUDA_ARCH__")
    assert from_arch_option("native") == UNKNOWN


def test_arch_flags_are_read_as_nvcc_reads_them():
    args = ["-O2", "-arch=sm_80", "-gencode", "arch=compute_90,code=sm_90", "--gpu-architecture", "sm_75",
            "-I", "-arch", "k.cu"]
    assert arch_flags(args) == ("-arch=sm_80", "-gencode", "arch=compute_90,code=sm_90", "--gpu-architecture", "sm_75")


def test_asked_once_per_nvcc_and_flags(tmp_path):
    nvcc = tmp_path / "nvcc"
    nvcc.write_text("#!/bin/sh\n")
    calls = []

    def run(argv):
        calls.append(argv)
        return _PASS.format(arch=800)
    cache = str(tmp_path / "cache")
    first = ask_nvcc(str(nvcc), ("-arch", "sm_80"), cache, run)
    again = ask_nvcc(str(nvcc), ("-arch", "sm_80"), cache, run)
    assert first == again and first.arch == 800 and len(calls) == 1
    assert "--dryrun" in calls[0] and calls[0][-2:] == ["-arch", "sm_80"]
    ask_nvcc(str(nvcc), ("-arch", "sm_90"), cache, run)
    assert len(calls) == 2  # other flags: asked again
    os.utime(nvcc, ns=(1, 1))  # another nvcc installed in its place
    ask_nvcc(str(nvcc), ("-arch", "sm_80"), cache, run)
    assert len(calls) == 3


def test_an_nvcc_that_says_nothing_is_unknown(tmp_path):
    nvcc = tmp_path / "nvcc"
    nvcc.write_text("")
    assert ask_nvcc(str(nvcc), (), str(tmp_path), lambda argv: None) is UNKNOWN


@pytest.mark.nvcc
def test_the_installed_nvcc_says_its_own_version(tmp_path):
    nvcc = require_nvcc()
    release = subprocess.run([nvcc, "--version"], capture_output=True, text=True).stdout
    found = ask_nvcc(nvcc, ("-arch", "sm_80"), str(tmp_path))
    assert found.version is not None and f"release {found.version[0]}.{found.version[1]}" in release
    assert found.arch == 800 and not found.unknown
    two = ask_nvcc(nvcc, ("-gencode", "arch=compute_75,code=sm_75", "-gencode", "arch=compute_90,code=sm_90"),
                   str(tmp_path))
    assert two.is_unknown("__CUDA_ARCH__") and not two.is_unknown("__CUDACC_VER_MAJOR__")


def test_the_worker_reads_the_macros_and_the_header_mode_it_is_sent():
    from rapcc.build.worker import options_from_json
    from rapcc.toolkit import HeaderMode
    build = from_dryrun(_PASS.format(arch=800), "nvcc")
    assert build is not None
    options = options_from_json({"strategy": "auto", "build": build.to_json(), "headers": "toolkit"})
    assert options.build == build and options.headers == HeaderMode.TOOLKIT
    plain = options_from_json({"strategy": "auto"})
    assert plain.build == UNKNOWN and plain.headers == HeaderMode.AUTO


@pytest.mark.nvcc
def test_the_build_hook_asks_the_nvcc_it_wraps_for_the_commands_targets(tmp_path):
    from rapcc.build.config import read_config
    from rapcc.build.nvcc_args import parse_nvcc_args
    from rapcc.build.rewrites import build_macros_of
    from rapcc.toolkit import DISABLE_ENV
    nvcc = require_nvcc()
    config = read_config({"RAPCC_CACHE_DIR": str(tmp_path)})
    cmd = parse_nvcc_args(["-c", "k.cu", "-o", "k.o", "-gencode", "arch=compute_80,code=sm_80"])
    found = BuildMacros.from_json(build_macros_of(nvcc, cmd, config, {}))
    assert found.arch == 800 and found.version is not None
    two = parse_nvcc_args(["-c", "k.cu", "-arch=sm_75", "-gencode", "arch=compute_90,code=sm_90"])
    assert BuildMacros.from_json(build_macros_of(nvcc, two, config, {})).is_unknown("__CUDA_ARCH__")
    assert BuildMacros.from_json(build_macros_of(nvcc, cmd, config, {DISABLE_ENV: "1"})) == UNKNOWN
    assert list((tmp_path / "nvcc-macros").glob("*.json"))  # cached in the build's cache folder


def test_the_parsers_compiler_macros_are_unknown_whatever_nvcc_says():
    """clang's identity, its GNU version and the dialect are never nvcc's answer:
    unknown with every value known; nvcc's own macros are known once it says them."""
    known = from_arch_option("sm_90")
    for name in ("__clang__", "__clang_major__", "__CUDA__", "__GNUC__", "__cplusplus", "__cpp_if_constexpr",
                 "__NVPTX__", "__has_builtin", "__has_include"):
        assert known.is_unknown(name) and UNKNOWN.is_unknown(name), name
    assert not known.is_unknown("__CUDA_ARCH__") and UNKNOWN.is_unknown("__CUDA_ARCH__")
    assert not known.is_unknown("__CUDACC__") and not known.is_unknown("N")
