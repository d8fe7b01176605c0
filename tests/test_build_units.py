"""rapcc-nvcc's parts that need no nvcc: its reading of nvcc's command line,
its configuration, the architecture check, the cache (also under concurrent
writers), dependency files, finding the real nvcc, the launcher."""
from __future__ import annotations

import json
import os
import stat
import subprocess
import sys
from pathlib import Path

import pytest

from conftest import ROOT
from rapcc.arch import MODEL_4BYTE, ArchError, bank_model_name, common_bank_model
from rapcc.build.cache import Cache, cache_key, sha256_bytes
from rapcc.build.config import ConfigError, default_cache_dir, read_config
from rapcc.build.launcher import split_launch
from rapcc.build.nvcc_args import NvccArgsError, dependency_file, honoured_flags, parse_nvcc_args, substitute_inputs
from rapcc.build.nvcc_compile import Outcome, compile_variant, fix_dependency_file, report_name
from rapcc.build.passthrough import find_nvcc

CMAKE_COMMAND = ("-forward-unknown-to-host-compiler -DBLOCK_ROWS=8 -DTILE_DIM=32 -I/p/include "
                 "-isystem=/usr/local/cuda/include --generate-code=arch=compute_90,code=[compute_90,sm_90] "
                 "-std=c++17 -MD -MT k.cu.o -MF k.cu.o.d -x cu -c /p/src/k.cu -o k.cu.o").split()


def test_a_cmake_compile_command_is_read_like_nvcc_reads_it():
    cmd = parse_nvcc_args(CMAKE_COMMAND)
    assert [(i.path, i.is_cuda) for i in cmd.inputs] == [("/p/src/k.cu", True)]
    assert cmd.defines == ("BLOCK_ROWS=8", "TILE_DIM=32") and cmd.include_dirs == ("/p/include",)
    assert cmd.system_include_dirs == ("/usr/local/cuda/include",) and cmd.std == "c++17"
    assert cmd.targets == ("compute_90", "sm_90") and cmd.output == "k.cu.o"
    assert cmd.deps_with_compile and cmd.dependency_file == "k.cu.o.d" and cmd.no_compile is None


def test_option_values_are_never_taken_for_inputs():
    cmd = parse_nvcc_args(["-ccbin", "g++.cu", "-Xcompiler", "-fPIC", "-o", "out.cu", "-lineinfo", "-objtemp",
                           "-Iinc", "-DN=4", "-O3", "a.cu", "b.cpp", "c.o"])
    assert [i.path for i in cmd.inputs] == ["a.cu", "b.cpp", "c.o"]
    assert [i.path for i in cmd.cuda_inputs] == ["a.cu"]
    assert cmd.include_dirs == ("inc",) and cmd.defines == ("N=4",)  # `-lineinfo` is not `-l ineinfo`


def test_list_options_split_at_commas_as_nvcc_does():
    cmd = parse_nvcc_args(["-D", "A=1,B=2", "--include-path=x,y", "-U", "C", "k.cu"])
    assert cmd.defines == ("A=1", "B=2") and cmd.include_dirs == ("x", "y") and cmd.undefines == ("C",)


@pytest.mark.parametrize("language, cuda", [("cu", True), ("c++", False), ("cuda", True)])
def test_x_decides_what_is_cuda(language, cuda):
    cmd = parse_nvcc_args(["-x", language, "-c", "a.cpp", "b.cu"])
    assert [i.is_cuda for i in cmd.inputs] == [cuda, cuda]


@pytest.mark.parametrize("flag", ["--version", "-V", "-E", "-M", "-MM", "--preprocess", "-dryrun", "--help"])
def test_commands_that_compile_nothing_are_recognised(flag):
    assert parse_nvcc_args([flag, "k.cu"]).no_compile is not None


def test_options_files_are_spliced_in(tmp_path):
    (tmp_path / "opts").write_text('-DN=8 -I "dir with space"\n-arch=sm_90')
    cmd = parse_nvcc_args(["--options-file", str(tmp_path / "opts"), "k.cu"])
    assert cmd.defines == ("N=8",) and cmd.include_dirs == ("dir with space",) and cmd.targets == ("sm_90",)
    with pytest.raises(NvccArgsError, match="cannot read options file"):
        parse_nvcc_args(["-optf", str(tmp_path / "missing"), "k.cu"])
    with pytest.raises(NvccArgsError, match="needs a value"):
        parse_nvcc_args(["k.cu", "-o"])


def test_dependency_file_defaults_follow_nvcc():
    assert dependency_file(parse_nvcc_args(["-MD", "-c", "a/k.cu", "-o", "obj/k.o"]), "a/k.cu") == "obj/k.d"
    assert dependency_file(parse_nvcc_args(["-MD", "-c", "a/k.cu"]), "a/k.cu") == "k.d"
    assert dependency_file(parse_nvcc_args(["-c", "a/k.cu"]), "a/k.cu") is None


def test_honoured_flags_make_paths_absolute_and_substitution_puts_the_source_folder_first(tmp_path):
    cmd = parse_nvcc_args(["-Iinc", "-isystem", "sys", "-U", "X", "-c", "k.cu"])
    flags = honoured_flags(cmd, str(tmp_path))
    assert flags.include_dirs == (str(tmp_path / "inc"),)
    assert flags.extra_args == ("-isystem", str(tmp_path / "sys"), "-U", "X")
    assert substitute_inputs(cmd, {cmd.inputs[0].index: "/c/k.cu"}, ["/src"]) == \
        ["-I", "/src", "-Iinc", "-isystem", "sys", "-U", "X", "-c", "/c/k.cu"]


def test_architectures_map_to_the_bank_model():
    assert bank_model_name("sm_90a") == bank_model_name("compute_80") == bank_model_name("native") == MODEL_4BYTE
    assert common_bank_model([]) == MODEL_4BYTE
    with pytest.raises(ArchError, match="no bank model"):
        common_bank_model(["sm_90", "sm_35"])
    with pytest.raises(ArchError, match="unknown GPU architecture"):
        bank_model_name("gfx90a")


def test_config_is_read_from_the_environment_once():
    c = read_config({"RAPCC_STRATEGY": "xor", "RAPCC_BLOCK_DIM": "32x8", "RAPCC_DISABLE": "1",
                     "RAPCC_CACHE_DIR": "/tmp/c", "RAPCC_REPORT_DIR": "r"})
    assert (c.strategy, c.block_dim, c.disabled, c.strict) == ("xor", (32, 8, 1), True, False)
    assert c.cache_dir == Path("/tmp/c") and c.report_dir == Path("r").resolve()
    assert read_config({"RAPCC_STRICT": "1"}).strict and read_config({}, strict_flag=True).strict
    for env, message in [({"RAPCC_STRATEGY": "fast"}, "RAPCC_STRATEGY"), ({"RAPCC_BLOCK_DIM": "0x8"}, "RAPCC_BLOCK_DIM"),
                         ({"RAPCC_DISABLE": "maybe"}, "RAPCC_DISABLE"), ({"RAPCC_TIMEOUT": "-1"}, "RAPCC_TIMEOUT")]:
        with pytest.raises(ConfigError, match=message):
            read_config(env)
    assert default_cache_dir({"XDG_CACHE_HOME": "/x"}, "linux") == Path("/x/rapcc")


def test_cache_round_trip_and_damaged_entries_are_misses(tmp_path):
    cache = Cache(tmp_path)
    header = tmp_path / "h.h"
    header.write_text("#define N 4\n")
    key = cache_key({"a": 1})
    assert cache.get(key) is None
    cache.put(key, "k.cu", b"rewritten", {"arrays": []}, None, ((str(header), sha256_bytes(header.read_bytes())),))
    entry = cache.get(key)
    assert entry is not None and entry.source is not None and entry.source.read_bytes() == b"rewritten"
    assert entry.source.name == "k.cu" and entry.report == {"arrays": []}
    header.write_text("#define N 8\n")  # a header the rewrite read changed
    assert cache.get(key) is None
    header.write_text("#define N 4\n")
    assert cache.get(key) is not None
    entry.source.write_bytes(b"rewrit")  # truncated
    assert cache.get(key) is None
    cache.put(key, "k.cu", b"rewritten", None, None, ())
    meta = next(tmp_path.glob("v1/*/*/meta.json"))
    meta.write_text(meta.read_text()[:20])  # truncated metadata
    assert cache.get(key) is None
    cache.put(key, "k.cu", None, None, "refused", ())
    assert cache.get(key).note == "refused" and cache.get(key).source is None


_WRITER = """
import sys
from pathlib import Path
from rapcc.build.cache import Cache
cache = Cache(Path(sys.argv[1]))
text = b"x" * 200000
for i in range(15):
    cache.put("k" * 64, "k.cu", text, {"i": 1}, None, ())
    e = cache.get("k" * 64)
    if e is not None and e.source.read_bytes() != text:
        sys.exit("read a damaged entry")
"""


def test_parallel_writers_of_one_entry_never_corrupt_it(tmp_path):
    env = {**os.environ, "PYTHONPATH": str(ROOT)}
    procs = [subprocess.Popen([sys.executable, "-c", _WRITER, str(tmp_path)], env=env, stderr=subprocess.PIPE)
             for _ in range(6)]
    errors = [p.communicate(timeout=300)[1].decode() for p in procs]
    assert [p.returncode for p in procs] == [0] * 6, errors
    entry = Cache(tmp_path).get("k" * 64)
    assert entry is not None and entry.source.read_bytes() == b"x" * 200000
    assert len(list(tmp_path.glob("v1/*/*"))) == 1


def test_dependency_files_name_the_users_source(tmp_path):
    dep = tmp_path / "k.o.d"
    cached = "/cache/v1/ab/abcd/src/my k.cu"
    dep.write_text(f"k.o : {cached.replace(' ', chr(92) + ' ')} \\\n    /p/include/h.h\n")
    parsed = parse_nvcc_args(["-c", "my k.cu"])
    fix_dependency_file(str(dep), [Outcome(parsed.inputs[0], Path(cached))])
    assert dep.read_text() == "k.o : my\\ k.cu \\\n    /p/include/h.h\n"


def test_the_real_nvcc_is_found_and_never_the_wrapper(tmp_path):
    wrapper_dir, real_dir = tmp_path / "w", tmp_path / "r"
    wrapper_dir.mkdir()
    real_dir.mkdir()
    fake = wrapper_dir / "nvcc"
    fake.write_text("#!/usr/bin/env python3\nfrom rapcc.build.nvcc_cli import main\n")
    real = real_dir / "nvcc"
    real.write_text("#!/bin/sh\n")
    for f in (fake, real):
        f.chmod(f.stat().st_mode | stat.S_IXUSR)
    path = os.pathsep.join([str(wrapper_dir), str(real_dir)])
    assert find_nvcc(None, path, "/usr/bin/rapcc-nvcc") == str(real)
    assert find_nvcc(None, str(wrapper_dir), "/usr/bin/rapcc-nvcc") is None
    assert find_nvcc(str(real), "", "x") == str(real)


def test_launcher_finds_nvcc_behind_other_launchers():
    assert split_launch(["/usr/local/cuda/bin/nvcc", "-c", "k.cu"]) == ([], "/usr/local/cuda/bin/nvcc", ["-c", "k.cu"])
    assert split_launch(["ccache", "nvcc", "-c"]) == (["ccache"], "nvcc", ["-c"])
    assert split_launch(["clang++", "-x", "cuda"]) == (["clang++", "-x", "cuda"], None, [])


def test_report_names_are_the_source_name_and_unique_per_path():
    a, b = report_name("/p/a/k.cu"), report_name("/p/b/k.cu")
    assert a.startswith("k.cu.") and a.endswith(".json") and a != b


def test_report_names_differ_per_compile_of_one_source(tmp_path, monkeypatch):
    """Issue 28: `-DTILE=16` and `-DTILE=32` builds of one source keep a report each;
    the same command twice writes the same name (a rebuild replaces its report)."""
    monkeypatch.chdir(tmp_path)
    variants = [compile_variant(parse_nvcc_args(argv)) for argv in (
        ["-c", "k.cu", "-DTILE=16"], ["-c", "k.cu", "-DTILE=32"], ["-c", "k.cu", "-DTILE=32", "-arch=sm_80"],
        ["-c", "k.cu", "-DTILE=16", "-o", "other.o"])]
    names = [report_name("k.cu", v) for v in variants]
    assert len(set(names[:3])) == 3 and names[3] == names[0]
    assert all(n.startswith("k.cu.") and n.endswith(".json") for n in names)


@pytest.mark.parametrize("argv, rdc", [
    (["-rdc=true", "-c", "a.cu"], True), (["-dc", "a.cu"], True), (["--device-c", "a.cu"], True),
    (["--relocatable-device-code", "true", "-c", "a.cu"], True), (["-rdc", "false", "-c", "a.cu"], False),
    (["-c", "a.cu"], False),
])
def test_relocatable_device_code_is_read_from_the_command(argv: list[str], rdc: bool) -> None:
    cmd = parse_nvcc_args(argv)
    assert cmd.rdc is rdc and honoured_flags(cmd, "/tmp").to_json()["rdc"] is rdc


def test_the_host_compiler_reaches_the_parse_and_never_clang():
    """-ccbin (last one wins, a relative path from the compile's folder) is
    passed as `--compiler-bindir=`, which the parse reads (host_compiler.py)
    and leaves out of clang's command line."""
    from rapcc.frontend.parse import ParseConfig, clang_args
    cmd = parse_nvcc_args(["-ccbin", "g++-11", "--compiler-bindir", "tools/g++", "-c", "k.cu"])
    assert cmd.host_compiler == "tools/g++"
    extra = honoured_flags(cmd, "/src").extra_args
    assert extra == ("--compiler-bindir=/src/tools/g++",)
    assert honoured_flags(parse_nvcc_args(["-ccbin=g++-11", "-c", "k.cu"]), "/src").extra_args == \
        ("--compiler-bindir=g++-11",)  # a name: looked up on PATH
    assert honoured_flags(parse_nvcc_args(["-c", "k.cu"]), "/src").extra_args == ()
    assert not any("compiler-bindir" in a for a in clang_args(ParseConfig(extra_args=extra)))
