"""The one range proof runs first (issue 27 §8): rapcc/pipeline.py proves every
array of a parse (analysis/soundness.py) before planning, the planner plans a
new layout only for proved arrays, and `rapcc analyze` reports the same proof."""
from __future__ import annotations

import sys
from pathlib import Path

from rapcc.pipeline import Options, analyze_source, rewrite_source
from rapcc.planner import BlockKind

sys.path.insert(0, str(Path(__file__).resolve().parent.parent))
from benchmarks.corpus import rewritable  # noqa: E402

# The launch's shape is unknown (`b` comes from nowhere): the planner guesses
# shapes from the subscripts, and the proof holds under every shape the guard allows.
RESET = """__global__ void k(float *o) {
  __shared__ float tile[32][32];
  if (threadIdx.x >= 32 || threadIdx.y >= 32) return;
  int f = threadIdx.x;
  for (int i = 0; i < 4; i++) { f += 32; if (i < LAST) continue; f = threadIdx.x; }
  tile[threadIdx.y][threadIdx.x] = o[threadIdx.y * 32 + threadIdx.x];
  __syncthreads();
  o[threadIdx.y * 32 + threadIdx.x] = tile[f][threadIdx.y];
}
void go(float *o, int b) { k<<<1, dim3(b, b)>>>(o); }
"""
LEGAL = RESET.replace("LAST", "3").encode()  # the last trip resets f = threadIdx.x
WRONG = RESET.replace("LAST", "4").encode()  # every trip skips the reset: f = threadIdx.x + 128


def test_an_array_the_old_proof_refused_under_a_guessed_shape_is_planned() -> None:
    """The collector's range proof (ranges.py, deleted) refused 'tile' under the
    guessed 32x32: "'tile[f][threadIdx.y]' reaches row 2147483647 of 32". The
    sound proof follows the loop exactly (f = threadIdx.x after it) under every
    shape the guard allows, so the array is planned and rewritten."""
    r = rewrite_source(LEGAL, "k.cu", Options())
    (p,) = r.plans
    assert p.analysis.block.source in ("assumed", "inferred")  # the planner's guess, not the proof's
    assert p.analysis.unproved is None and p.unproved is None and p.blocked is None
    assert p.rewritten
    assert not any(d.check_id in ("rapcc-unproved", "rapcc-escape") for d in r.diagnostics)


def test_its_wrong_twin_is_refused_with_the_sound_proofs_reason() -> None:
    r = rewrite_source(WRONG, "k.cu", Options())
    (p,) = r.plans
    assert not p.rewritten and p.blocked == BlockKind.UNPROVED and p.unproved is not None
    assert "subscript 0 of 'tile' may take" in p.reason and "under some block shape" in p.reason
    assert p.unproved[1].line == 8


def test_analyze_reports_provably_rewritable_from_the_sound_proof() -> None:
    """`rapcc analyze` plans nothing, yet its report comes from the same proof:
    the legal kernel's array counts as provably rewritable, the wrong one's does
    not, and its refusal is the proof's (before, analyze never ran the sound proof)."""
    (legal,) = analyze_source(LEGAL, "k.cu", Options()).plans
    assert not legal.rewritten and legal.unproved is None and rewritable(legal)
    wrong = analyze_source(WRONG, "k.cu", Options())
    (p,) = wrong.plans
    assert not rewritable(p) and p.blocked == BlockKind.UNPROVED
    (entry,) = wrong.report["arrays"]
    assert entry["proved"] is False and "subscript 0 of 'tile' may take" in entry["unproved"]
    (ok,) = analyze_source(LEGAL, "k.cu", Options()).report["arrays"]
    assert ok["proved"] is True and ok["unproved"] is None


def test_an_unproved_array_without_a_predicted_conflict_gets_no_warning() -> None:
    """Nothing to fix, nothing lost: the refusal stays in the report only."""
    src = b"""__global__ void k(float *o) {
  __shared__ float s[64];
  s[threadIdx.x] = o[threadIdx.x];
  __syncthreads();
  o[threadIdx.x] = s[threadIdx.x];
}
void go(float *o, int b) { k<<<1, b>>>(o); }
"""
    r = rewrite_source(src, "k.cu", Options())
    (p,) = r.plans
    assert p.blocked == BlockKind.UNPROVED and not p.rewritten
    assert not any(d.check_id == "rapcc-unproved" for d in r.diagnostics)
