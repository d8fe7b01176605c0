"""The red-team kernels (issue 27's bar): hand-written CUDA files in ordinary
styles the host fuzzer's families do not draw, each run by the host fuzzer's
oracle (tests/fuzz/hostcheck.py: g++ with hostcuda.h, original against every
strategy's rewrite, bit for bit).

Each `tests/redteam/<name>.cu` says how the oracle drives it in comment lines
at its top, because the kernels' host code (under `#ifdef __CUDACC__`, read by
rapcc, not by g++) is written in the styles under test and cannot be run on
the CPU:

    // launch: EXPR GRID BXxBY [PARAM [OUT_OFFSET]] [smem=BYTES]
                                                    one per launch the host makes
                                                    (smem: its dynamic shared memory)
    // expect: rewritten                               auto must rewrite it (a legal control)

Every entry kernel takes `(const int *in, int *out, int p)`, as the fuzzer's do.
"""
from __future__ import annotations

import re
from dataclasses import dataclass
from pathlib import Path

from tests.fuzz.hostgen import HostKernel, Launch

FOLDER = Path(__file__).resolve().parent
# round two (tests/redteam2/): the same format, kernels in styles round one lacked
FOLDER2 = FOLDER.parent / "redteam2"
# round three (tests/redteam3/): C++17 idioms, tile classes, views and
# launches from host templates, lambdas and the runtime API
FOLDER3 = FOLDER.parent / "redteam3"
# round four (tests/redteam4/): the workhorse kernels of ML and classic GPU code
FOLDER4 = FOLDER.parent / "redteam4"
# round five (tests/redteam5/): production-library and modern-CUDA styles (CUB
# TempStorage and raking grids, cute-like layouts and iterators, cooperative
# groups, alignas and narrow/wide elements, launches through the runtime API,
# tables of function pointers, runner classes, std::apply and graph capture)
FOLDER5 = FOLDER.parent / "redteam5"
FOLDERS = {"redteam": FOLDER, "redteam2": FOLDER2, "redteam3": FOLDER3, "redteam4": FOLDER4, "redteam5": FOLDER5}

_LAUNCH = re.compile(r"^// launch: (\S+) (\d+) (\d+)x(\d+)(?: (-?\d+))?(?: (\d+))?(?: smem=(\d+))?\s*$", re.M)
_EXPECT = re.compile(r"^// expect: rewritten\s*$", re.M)


@dataclass(frozen=True, slots=True)
class RedteamKernel:
    kernel: HostKernel
    legal: bool  # a control: auto must rewrite it


def parse(path: Path) -> RedteamKernel:
    """One kernel file and its launches; a file without a launch line is a
    mistake in the suite, not a kernel to skip."""
    # bytes as saved: read_text() would turn CRLF into LF and hide the
    # line ends a kernel file tests (rt126)
    text = path.read_bytes().decode("utf-8")
    launches = tuple(Launch(m[1], int(m[2]), (int(m[3]), int(m[4])), int(m[5] or 0), int(m[6] or 0),
                            int(m[7] or 0))
                     for m in _LAUNCH.finditer(text))
    if not launches:
        raise ValueError(f"{path}: no '// launch:' line")
    legal = _EXPECT.search(text) is not None
    return RedteamKernel(HostKernel(path.stem, "redteam", legal, text, launches), legal)


def load(folder: Path = FOLDER) -> list[RedteamKernel]:
    return [parse(p) for p in sorted(folder.glob("*.cu"))]
