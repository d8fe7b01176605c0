"""Bugs the real programs (benchmarks/realprog, docs/realprog.md) found in
rapcc, each reduced to a kernel under tests/realprog_regressions/.

A test here asserts what rapcc should do; while the bug stands it is marked
xfail(strict=True), so the fix turns it into an XPASS that fails until the
mark is removed.
"""
from __future__ import annotations

from pathlib import Path

import rapcc

CASES = Path(__file__).resolve().parent / "realprog_regressions"


def test_crlf_file_with_an_index_helper_is_rewritten_as_its_lf_twin() -> None:
    lf = (CASES / "crlf_index_helper.cu").read_text()
    plain = rapcc.rewrite(lf, filename="crlf_index_helper.cu")
    assert plain.changed, "the LF file is rewritten (pool: pad 1 after every 32 elements)"
    crlf = rapcc.rewrite(lf.replace("\n", "\r\n"), filename="crlf_index_helper.cu")
    assert crlf.changed
    assert crlf.text.replace("\r\n", "\n") == plain.text
