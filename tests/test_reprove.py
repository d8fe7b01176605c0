"""The emitted text re-proved by the model that licensed the input (reprove.py, issue 27 §8)."""
from __future__ import annotations

from dataclasses import replace

import pytest

import rapcc.pipeline as pipeline
import rapcc.reprove as reprove
from rapcc.analysis.absint import Failure
from rapcc.analysis.proof_shapes import AnyShape
from rapcc.frontend import parse_file
from rapcc.pipeline import Options, rewrite_source
from rapcc.reprove import unproved_in_output

def reproof_refusals(plans) -> int:
    """How many arrays the output's proof kept as written."""
    return sum(1 for p in plans if p.unproved is not None and getattr(p.unproved[0], "failure", None) == Failure.REPROOF)


# 32x8 threads, read from the launch alone (no pragma): `tile[ty + j]` is in
# range only under that shape, so the re-proof needs the input's shapes.
SRC = b"""
__global__ void k(float *out, const float *in)
{
    __shared__ float tile[32][32];
    __shared__ float buf[256];
    unsigned tx = threadIdx.x, ty = threadIdx.y, t = ty * 32 + tx;
    for (int j = 0; j < 32; j += 8)
        tile[ty + j][tx] = in[(ty + j) * 32 + tx];
    buf[t] = in[t];
    __syncthreads();
    for (int j = 0; j < 32; j += 8)
        out[(ty + j) * 32 + tx] = tile[tx][ty + j] + buf[(tx * 8 + ty) % 256];
}
void launch(float *out, const float *in) { k<<<1, dim3(32, 8)>>>(out, in); }
"""


def _plan(result, name: str):
    return next(p for p in result.plans if p.analysis.array.name == name)


def _break_accessors(monkeypatch) -> None:
    """Emit each accessor with its last subscript one past the map's value:
    `a[i0][1u + map(i0, i1)]` leaves the row. The map itself is intact, so
    cexpr (verify.check_bijective) has nothing to refuse."""
    real = pipeline.rewrite

    def broken(*args, **kwargs):
        text, helpers = real(*args, **kwargs)
        for h in helpers:
            if h.accessor_name is not None:
                text = text.replace(f"[{h.map_name}(".encode(), f"[1u + {h.map_name}(".encode())
        return text, helpers
    monkeypatch.setattr(pipeline, "rewrite", broken)


def test_the_emitted_text_is_proved_under_the_shapes_that_licensed_the_input(tmp_path) -> None:
    r = rewrite_source(SRC, "k.cu", Options(whole_program=True, strategy="xor"))
    assert _plan(r, "tile").rewritten and _plan(r, "buf").rewritten
    assert reproof_refusals(r.plans) == 0
    info, _ = parse_file("k.cu", SRC, Options(whole_program=True))
    out, _ = parse_file("k.cu", r.text, Options(whole_program=True), host_facts=False)
    assert unproved_in_output(info, out, r.plans, None) == {}
    # The wrong premise: the output's own parse reads no launch, so its shapes
    # are every shape the hardware allows, and `tile[ty + j]` is not proved.
    # The re-proof must never run under fewer shapes than the input's proof.
    found = unproved_in_output(out, out, r.plans, None)
    tile = _plan(r, "tile").analysis.array.key
    assert found[tile].failure == Failure.OUT_OF_RANGE and isinstance(found[tile].shape, AnyShape)


def test_a_broken_accessor_passes_cexpr_and_the_reparse_but_not_the_reproof(monkeypatch) -> None:
    _break_accessors(monkeypatch)
    monkeypatch.setattr(reprove, "unproved_in_output", lambda *a, **k: {})
    r = rewrite_source(SRC, "k.cu", Options(whole_program=True, strategy="xor"))  # verify() raises nothing
    assert _plan(r, "tile").rewritten and b"[1u + __rapcc_tile" in r.text
    monkeypatch.undo()
    info, _ = parse_file("k.cu", SRC, Options(whole_program=True))
    out, _ = parse_file("k.cu", r.text, Options(whole_program=True), host_facts=False)
    found = unproved_in_output(info, out, r.plans, None)
    tile = _plan(r, "tile").analysis.array.key
    assert list(found) == [tile]
    assert found[tile].failure == Failure.OUT_OF_RANGE and found[tile].dim == 1
    assert found[tile].values is not None and found[tile].values.hi == 32  # one past the row of 32


@pytest.mark.parametrize("strategy", ["xor", "rap"])
def test_an_array_the_output_does_not_prove_is_kept_and_the_rest_rewritten(monkeypatch, strategy: str) -> None:
    """The pipeline keeps `tile` as written, says why (rapcc-unproved, the
    output's finding), and emits again without it; `buf`, proved, is rewritten."""
    _break_accessors(monkeypatch)
    r = rewrite_source(SRC, "k.cu", Options(whole_program=True, strategy=strategy))
    tile = _plan(r, "tile")
    assert not tile.rewritten and tile.unproved is not None
    finding = tile.unproved[0]
    assert finding.failure == Failure.REPROOF and finding.cause.failure == Failure.OUT_OF_RANGE
    assert tile.unproved[1].line == 4  # the input's declaration
    assert _plan(r, "buf").rewritten
    assert reproof_refusals(r.plans) == 1
    assert b"__rapcc_tile" not in r.text and b"tile[ty + j][tx] =" in r.text and b"__rapcc_buf" in r.text
    said = [d for d in r.diagnostics if d.check_id == "rapcc-unproved"]
    assert len(said) == 1 and "the rewritten text is not proved as the input was" in said[0].message
    assert "subscript 1 of 'tile'" in said[0].message


def test_the_twin_keeps_every_layout(monkeypatch) -> None:
    """The unbroken rewrite: nothing is kept, and the text is the one emitted once."""
    calls = []
    real = pipeline.rewrite
    monkeypatch.setattr(pipeline, "rewrite", lambda *a, **k: calls.append(1) or real(*a, **k))
    r = rewrite_source(SRC, "k.cu", Options(whole_program=True, strategy="rap"))
    assert [p.analysis.array.name for p in r.plans if p.rewritten] == ["tile", "buf"]
    assert reproof_refusals(r.plans) == 0 and len(calls) == 1


def test_an_input_kernel_the_output_does_not_name_once_keeps_every_array() -> None:
    """The input's instances are run on the output by kernel name: where no
    kernel of the output has that name, nothing stands for them, and no array
    passes unproved (the wrong premise would be the output's instances alone)."""
    r = rewrite_source(SRC, "k.cu", Options(whole_program=True, strategy="xor"))
    info, _ = parse_file("k.cu", SRC, Options(whole_program=True))
    out, _ = parse_file("k.cu", r.text, Options(whole_program=True), host_facts=False)
    program = out.sound()
    renamed = replace(program, functions=tuple(replace(f, name="other") if f.is_kernel else f
                                               for f in program.functions))
    found = unproved_in_output(info, replace(out, sound=lambda: renamed), r.plans, None)
    assert sorted(found) == sorted(p.analysis.array.key for p in r.plans if p.rewritten)
    assert all(f.failure == Failure.HIDDEN and f.what == "output_kernel" for f in found.values())
    assert unproved_in_output(info, out, r.plans, None) == {}
