"""rapcc/host_compiler.py: the host compiler's include folders, asked from it (issue 28, item 1)."""
from __future__ import annotations

import os
import shutil
from pathlib import Path

import pytest

from tests.buildtools import require_tool

from rapcc.host_compiler import HostIncludes, ask, from_search_list, host_compiler, search_list

GCC12 = """ignoring nonexistent directory "/usr/local/include/x86_64-linux-gnu"
#include "..." search starts here:
#include <...> search starts here:
 /usr/include/c++/12
 /usr/include/x86_64-linux-gnu/c++/12
 /usr/include/c++/12/backward
 /usr/lib/gcc/x86_64-linux-gnu/12/include
 /usr/local/include
 /usr/include/x86_64-linux-gnu
 /usr/include
End of search list.
"""


def test_the_search_list_is_read_in_order():
    assert search_list(GCC12) == ("/usr/include/c++/12", "/usr/include/x86_64-linux-gnu/c++/12",
                                  "/usr/include/c++/12/backward", "/usr/lib/gcc/x86_64-linux-gnu/12/include",
                                  "/usr/local/include", "/usr/include/x86_64-linux-gnu", "/usr/include")
    assert search_list("gcc: error: unrecognized option\n") == ()


def test_gccs_own_headers_give_its_folder_and_are_left_out():
    found = from_search_list("gcc", search_list(GCC12))
    assert found.gcc_install_dir == "/usr/lib/gcc/x86_64-linux-gnu/12"
    assert "/usr/lib/gcc/x86_64-linux-gnu/12/include" not in found.folders
    assert found.folders[0] == "/usr/include/c++/12" and found.folders[-1] == "/usr/include"
    assert found.clang_args()[:3] == ("--gcc-install-dir=/usr/lib/gcc/x86_64-linux-gnu/12", "-idirafter",
                                      "/usr/include/c++/12")


def test_another_clangs_builtin_headers_are_left_out():
    found = from_search_list("clang++", ("/usr/include/c++/12", "/usr/lib/llvm-17/lib/clang/17/include",
                                         "/usr/include"))
    assert found == HostIncludes("clang++", None, ("/usr/include/c++/12", "/usr/include"))


def test_the_host_compiler_is_ccbins_or_gcc(tmp_path):
    which = {"gcc": "/usr/bin/gcc", "g++-13": "/usr/bin/g++-13"}.get
    assert host_compiler(["-O2"], which) == "/usr/bin/gcc"
    assert host_compiler(["-ccbin", "g++-13"], which) == "/usr/bin/g++-13"
    assert host_compiler(["--compiler-bindir=/opt/x/bin/g++"], which) == "/opt/x/bin/g++"
    assert host_compiler(["-ccbin", str(tmp_path)], which) == str(tmp_path / "gcc")  # a folder: its gcc
    assert host_compiler([], lambda _: None) is None


def test_the_answer_is_cached_per_compiler_file(tmp_path):
    compiler = tmp_path / "gcc"
    compiler.write_text("#!/bin/sh\n")
    asked: list[list[str]] = []

    def run(argv: list[str]) -> str:
        asked.append(argv)
        return GCC12
    first = ask(str(compiler), str(tmp_path / "cache"), run)
    assert first is not None and asked == [[str(compiler), "-E", "-Wp,-v", "-x", "c++", os.devnull]]
    assert ask(str(compiler), str(tmp_path / "cache"), run) == first and len(asked) == 1
    compiler.write_text("#!/bin/sh\n# upgraded\n")  # another size: asked again
    assert ask(str(compiler), str(tmp_path / "cache"), run) == first and len(asked) == 2
    assert ask(str(compiler), None, lambda argv: None) is None  # a compiler that does not say


def test_gcc_is_asked_for_real(tmp_path):
    found = ask(require_tool("gcc"), str(tmp_path))  # fails in CI (nvcc's host compiler), skips elsewhere
    assert found is not None and found.gcc_install_dir is not None
    assert Path(found.gcc_install_dir, "include").is_dir()
    assert any(Path(f, "vector").is_file() for f in found.folders)  # its C++ library
