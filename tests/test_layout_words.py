"""A candidate layout in words (issue 29): made from its parameters (`Form`),
with the paper last, and the memory a padding costs."""
from __future__ import annotations

import json

from rapcc.layout_words import layout_words, memory_cost, with_citation
from rapcc.strategies.base import Form, Mapping, Scheme

TILE = "examples/transpose_16x16.cu"


def test_each_scheme_reads_as_what_it_does():
    assert layout_words(Form(Scheme.XOR_ROWS, (("bits", 5), ("at", 0), ("shift", 0)))) == \
        "XOR the column with the row's low 5 bits"
    assert layout_words(Form(Scheme.PAD_ROWS, (("row", 32), ("pad", 1)))) == "pad each row by 1 element (32 -> 33)"
    assert layout_words(Form(Scheme.PAD_ROWS, (("row", 16), ("pad", 2)))) == "pad each row by 2 elements (16 -> 18)"
    rap = layout_words(Form(Scheme.RAP_ROWS, (("unit", 32), ("seed", 7), ("dims", 1))))
    assert rap.startswith("RAP: permute rows and shift each row's columns by p(row)") and "seed 7" in rap
    assert layout_words(Form(Scheme.BIT_XOR, (("k1", 0), ("k2", 5), ("mask", 7), ("n", 8)))) == \
        "XOR the word address's low bits with its bits from bit 5 masked by 0b111 (8 address bits)"
    assert layout_words(Form(Scheme.UNCHANGED)) == "keep the array as written"


def test_the_citation_comes_last():
    form = Form(Scheme.BIT_XOR, (("k1", 0), ("k2", 5), ("mask", 7), ("n", 8)), "seed 004 §4.2, §5.1")
    text = with_citation(form)
    assert text.endswith("[seed 004 §4.2, §5.1]") and text.startswith("XOR ")


def test_a_padding_states_its_memory_and_a_permutation_none():
    pad = Mapping("pad", "pad row 18 -> 48", (18, 18), (18, 48), None, 0)
    assert memory_cost(pad, 4) == "; 1,296 -> 3,456 bytes of shared memory (+2,160 bytes)"
    xor = Mapping("xor", "xor", (32, 32), (32, 32), "i1 ^ i0", 3)
    assert memory_cost(xor, 4) == ""
    dynamic = Mapping("xor", "xor", (0,), (0,), "i0", 6, dynamic_group=32)
    assert memory_cost(dynamic, 4) == ""


def test_explain_speaks_in_words_with_the_citation_last(run_cli):
    code, _, err = run_cli(TILE, "--explain", "-o", "/dev/null")
    assert code == 0
    rows = [line for line in err.splitlines() if line.startswith("    ") and "[" in line]
    pad = next(r for r in rows if " pad " in r)
    assert "pad each row by 2 elements (16 -> 18)" in pad and pad.endswith("[seeds 001, 002]")
    assert "1,024 -> 1,152 bytes of shared memory" in pad
    xor = next(r for r in rows if " xor " in r)
    assert "XOR the column with the row's low 4 bits" in xor
    assert "Swizzle<" not in xor and "k1=" not in err  # no parameter dumps


def test_the_report_states_the_memory_a_padding_costs(run_cli, tmp_path):
    # The example launched without dynamic shared memory, so padding may grow it (issue 27 §7).
    launched = tmp_path / "t.cu"
    launched.write_text(open(TILE).read() + "void launch(float *o, const float *i) "
                        "{ transpose_16x16<<<1, dim3(16, 16)>>>(o, i, 16, 16); }\n")
    TILE_ = str(launched)
    code, _, err = run_cli(TILE_, "--strategy", "pad", "--whole-program", "-o", "/dev/null", "--report")
    assert code == 0 and "1,024 -> 1,152 bytes of shared memory" in err
    report = tmp_path / "r.json"
    run_cli(TILE_, "--strategy", "pad", "--whole-program", "-o", "/dev/null", "--report", str(report),
            "--report-format", "json")
    (tile,) = json.loads(report.read_text())["arrays"]
    assert (tile["bytes_before"], tile["bytes_after"]) == (1024, 1152)
    run_cli(TILE_, "--strategy", "xor", "-o", "/dev/null", "--report", str(report), "--report-format", "json")
    (tile,) = json.loads(report.read_text())["arrays"]
    assert tile["bytes_before"] == tile["bytes_after"] == 1024  # the twin: a permutation costs no memory
