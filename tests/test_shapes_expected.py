"""Block shapes rapcc can trust (analysis/shapes.py) and expected wavefronts
of data-dependent subscripts (analysis/lane_draws.py), end to end."""
from __future__ import annotations

from rapcc.banks import BankModel
from rapcc.pipeline import Options, analyze_source, rewrite_source
from rapcc.planner import score
from rapcc.strategies import StrategyContext, identity

TRANSPOSE_16 = b"""#define T 16
extern "C" __global__ void __launch_bounds__(256) transpose16(float *out, const float *in, int n) {
  __shared__ float tile[T][T];
  int x = blockIdx.x * T + threadIdx.x, y = blockIdx.y * T + threadIdx.y;
  tile[threadIdx.y][threadIdx.x] = in[y * n + x];
  __syncthreads();
  x = blockIdx.y * T + threadIdx.x; y = blockIdx.x * T + threadIdx.y;
  out[y * n + x] = tile[threadIdx.x][threadIdx.y];
}
"""

# The same, with the guard that makes the 16x16 tile safe under every shape
# __launch_bounds__(256) allows (256x1 would walk tile[0][255] flat: padding moves it).
TRANSPOSE_16_GUARDED = TRANSPOSE_16.replace(
    b"  __shared__ float tile[T][T];\n",
    b"  __shared__ float tile[T][T];\n  if (threadIdx.x >= T || threadIdx.y >= T) return;\n")

# The same kernel read through blockDim only: nothing bounds the shape but __launch_bounds__.
LINEAR_1D = b"""extern "C" __global__ void __launch_bounds__(128) copy(float *out, const float *in) {
  __shared__ float s[128];
  s[threadIdx.x] = in[threadIdx.x];
  __syncthreads();
  out[threadIdx.x] = s[127 - threadIdx.x];
}
"""

UNKNOWN_SHAPE = b"""extern "C" __global__ void transpose_any(float *out, const float *in, int n) {
  __shared__ float tile[32][32];
  int tx = threadIdx.x, ty = threadIdx.y;
  for (int j = ty; j < 32; j += blockDim.y)
    tile[j][tx] = in[j * n + tx];
  __syncthreads();
  for (int j = ty; j < 32; j += blockDim.y)
    out[j * n + tx] = tile[tx][j];
}
void launch(float *out, const float *in, int n, dim3 block) { transpose_any<<<1, block>>>(out, in, n); }
"""

# The same, safe under any launch: a block wider than 32 would write past a row of the tile.
UNKNOWN_SHAPE_GUARDED = UNKNOWN_SHAPE.replace(b"  int tx = threadIdx.x, ty = threadIdx.y;\n",
                                              b"  int tx = threadIdx.x, ty = threadIdx.y;\n  if (tx >= 32) return;\n")

# Guesses that the code contradicts: under 32x16 and 16x16 half the lanes leave `s`.
FLAT_2D = b"""extern "C" __global__ void flat2d(float *out, const float *in) {
  __shared__ float s[256];
  s[threadIdx.y * 32 + threadIdx.x] = in[threadIdx.x];
  __syncthreads();
  out[threadIdx.x] = s[threadIdx.x * 8 + threadIdx.y];
}
"""

# Seed 001's per-thread private array: a 32-way... here 8-way conflicting fill,
# then reads at a data-dependent position inside the thread's own array.
PRIVATE_LOOKUP = b"""#define N 8
extern "C" __global__ void __launch_bounds__(256) private_lookup(float *out, const float *in,
                                                                 const unsigned char *idx) {
  __shared__ float priv[256 * N];
  int t = threadIdx.x;
  int g = blockIdx.x * 256 + t;
  for (int k = 0; k < N; k++)
    priv[t * N + k] = in[g * N + k];
  float acc = 0.0f;
  for (int k = 0; k < N; k++)
    acc += priv[t * N + (idx[g * N + k] & (N - 1))];
  out[g] = acc;
}
"""

# A data-dependent read that no layout helps: every lane reads a random word of one row.
RANDOM_ROW = b"""extern "C" __global__ void __launch_bounds__(256) lookup(float *out, const unsigned char *idx) {
  __shared__ float table[256];
  table[threadIdx.x] = threadIdx.x;
  __syncthreads();
  out[threadIdx.x] = table[idx[threadIdx.x]];
}
"""

# An unbounded data-dependent subscript: no value set, so no expectation.
UNBOUNDED = b"""extern "C" __global__ void __launch_bounds__(256) gather(float *out, const int *idx) {
  __shared__ float table[256];
  table[threadIdx.x] = threadIdx.x;
  __syncthreads();
  out[threadIdx.x] = table[idx[threadIdx.x]];
}
"""

HISTOGRAM = b"""extern "C" __global__ void __launch_bounds__(256) hist(const unsigned char *data, unsigned n,
                                                       unsigned *bins) {
  __shared__ unsigned s_hist[32][257];
  for (int b = threadIdx.x; b < 32 * 257; b += 256) s_hist[b / 257][b % 257] = 0;
  __syncthreads();
  for (unsigned p = threadIdx.x; p < n; p += 256)
    atomicAdd(&s_hist[threadIdx.x & 31][data[p]], 1u);
}
"""


def _array(result, name: str) -> dict:
    return next(a for a in result.report["arrays"] if a["name"] == name)


def test_transpose_with_launch_bounds_is_analysed_as_16x16_not_256x1():
    r = rewrite_source(TRANSPOSE_16_GUARDED, "t.cu", Options(whole_program=True))
    tile = _array(r, "tile")
    assert tile["block_dim"] == [16, 16, 1] and tile["block_dim_source"] == "inferred"
    # The guard keeps 32x8 and 8x32 inside the tile, so the code no longer rules them out.
    assert tile["block_dims"][0] == [16, 16, 1] and [256, 1, 1] not in tile["block_dims"]
    assert tile["strategy"] != "none"
    load = next(x for x in tile["accesses"] if x["kind"] == "load")
    # 16x16 reads a column of 16 rows of 16 words: 8-way, not the 256x1 picture.
    assert load["wavefronts_before"] == 8.0 and load["wavefronts_after"] < 8.0
    assert not any(d.check_id == "rapcc-escape" for d in r.diagnostics)


def test_launch_bounds_alone_still_gives_a_one_dimensional_kernel_its_shape():
    r = analyze_source(LINEAR_1D, "c.cu")
    s = _array(r, "s")
    assert s["block_dim"] == [128, 1, 1] and s["block_dim_source"] == "launch_bounds"
    # __launch_bounds__(128) is a most, not the size: planned for the next usual size too, never one guess.
    assert s["block_dims"] == [[128, 1, 1], [64, 1, 1]]


def test_an_unguarded_tile_is_planned_for_guesses_and_changed_only_under_them():
    """The guesses steer the plan; the proof over every shape fails, so the layout
    applies behind a test of blockDim for the guesses proved (analysis/guards.py)."""
    for src in (TRANSPOSE_16, UNKNOWN_SHAPE):
        r = rewrite_source(src, "u.cu", Options(whole_program=True))
        tile = _array(r, "tile")
        assert tile["block_dim_source"] == "inferred" and tile["strategy"] != "none"
        assert tile["guarded_block_dims"] and "applied only when blockDim is" in tile["reason"]
        assert b"_on())" in r.text


def test_unknown_shape_gets_a_layout_that_gains_under_every_plausible_shape():
    r = rewrite_source(UNKNOWN_SHAPE_GUARDED, "u.cu", Options(whole_program=True))
    tile = _array(r, "tile")
    assert len(tile["block_dims"]) >= 2
    assert tile["strategy"] != "none"
    # The padding it would prefer may not grow a kernel whose launches' dynamic bytes are unknown (issue 27 §7):
    # the reason then names the same-size layout taken instead.
    assert tile["reason"].startswith("robust over ") or tile["reason"].endswith("keeps its size")
    plan = next(p for p in r.plans if p.analysis.array.name == "tile")
    # The chosen layout is cheaper than unchanged under each shape, not just the reported one.
    ctx = StrategyContext(BankModel(), 1)
    for shaped in plan.analysis.per_shape:
        assert score(shaped, plan.mapping, ctx).cost < score(shaped, identity((32, 32)), ctx).cost


def test_an_explicit_block_dim_is_one_shape_and_not_robust():
    r = rewrite_source(UNKNOWN_SHAPE, "u.cu", Options(whole_program=True, block_dim=(32, 8, 1)))
    tile = _array(r, "tile")
    assert tile["block_dims"] == [[32, 8, 1]] and tile["block_dim_source"] == "option"
    assert not tile["reason"].startswith("robust")


def test_guessed_shapes_the_code_contradicts_are_dropped_in_one_note():
    r = rewrite_source(FLAT_2D, "f.cu", Options(whole_program=True))
    s = _array(r, "s")
    dropped = {tuple(d["block_dim"]) for d in s["block_dims_dropped"]}
    assert dropped == {(32, 16, 1), (16, 16, 1)}
    assert [32, 16, 1] not in s["block_dims"] and [32, 8, 1] in s["block_dims"]
    # A guess of rapcc's own is one note per kernel naming the set, not a warning per shape.
    (note,) = [d for d in r.diagnostics if d.check_id == "rapcc-block-dim"]
    assert note.level == "note" and "planned for 32x8, 16x8 (assumed)" in note.message
    # One clause per access, naming every shape it contradicts (issue 29: a clause per shape).
    assert "32x16, 16x16 left out, since" in note.message and "50% of their lanes" in note.message
    assert 'annotate("rapcc_block_dim(x, y, z)")' in note.message and "#pragma" not in note.message
    # The sound proof over every shape the unknown launch allows does not hold: 's' changes
    # only under the guesses the proof holds for, behind a test of blockDim (analysis/guards.py).
    plan = next(p for p in r.plans if p.analysis.array.name == "s")
    assert plan.analysis.unproved is None and set(plan.analysis.guard) <= {(32, 8, 1), (16, 8, 1)}


def test_a_stated_shape_is_never_dropped():
    r = rewrite_source(FLAT_2D, "f.cu", Options(whole_program=True, block_dim=(32, 16, 1)))
    s = _array(r, "s")
    assert s["strategy"] == "none" and s["block_dims_dropped"] == []
    assert "subscript 0 of 's' is not proved inside its dimension under block shape 32x16x1" in s["reason"]


def test_private_array_with_data_dependent_reads_is_rewritten_with_the_expected_label():
    r = rewrite_source(PRIVATE_LOOKUP, "p.cu", Options(whole_program=True))
    priv = _array(r, "priv")
    assert priv["strategy"] != "none" and "expected under uniform data" in priv["reason"]
    read = next(x for x in priv["accesses"] if x["kind"] == "load")
    assert read["prediction"] == "expected under uniform data" and read["data_drawn"]
    assert read["class"] == "random" and read["wavefronts_before"] > 2.0
    assert read["wavefronts_after"] < read["wavefronts_before"]
    fill = next(x for x in priv["accesses"] if x["kind"] == "store")
    assert fill["prediction"] == "exact"
    assert any("expected under uniform data" in d.message for d in r.diagnostics if d.check_id == "rapcc-bank-conflict")


def test_expected_wavefronts_are_deterministic():
    a = analyze_source(PRIVATE_LOOKUP, "p.cu").report
    b = analyze_source(PRIVATE_LOOKUP, "p.cu").report
    assert a == b


def test_a_data_dependent_read_no_layout_helps_stays_unchanged():
    r = rewrite_source(RANDOM_ROW, "r.cu", Options(whole_program=True))
    table = _array(r, "table")
    read = next(x for x in table["accesses"] if x["kind"] == "load")
    # 32 lanes, 256 uniform words: about 3.5 distinct words in the fullest bank.
    assert read["prediction"] == "expected under uniform data" and 3.0 < read["wavefronts_before"] < 4.0
    assert table["strategy"] == "none" and "expected under uniform data" in table["reason"]


def test_an_unbounded_data_dependent_subscript_is_expected_over_the_array_but_never_rewritten():
    """`table[idx[t]]`: nothing bounds the data, but a correct program stays
    inside the 256 floats, so the read is predicted as uniform over them (about
    3.5 wavefronts, seed 000's random access); the unproved range still keeps
    the array as written."""
    r = rewrite_source(UNBOUNDED, "g.cu", Options(whole_program=True))
    table = _array(r, "table")
    read = next(x for x in table["accesses"] if x["kind"] == "load")
    assert read["prediction"] == "expected under uniform data" and 3.0 < read["wavefronts_before"] < 4.0
    assert table["strategy"] == "none" and "left untouched" in table["reason"]


def test_an_unbounded_local_assigned_in_several_places_is_not_drawn():
    """Only data is drawn for an unproved subscript: a local written under a
    branch has structure a uniform draw would misstate. Here the branch reads
    the kernel parameter `n`: the block runs at each of its sampled values
    (lane_sites.sampled), every lane's `i` known, none drawn."""
    src = b"""extern "C" __global__ void __launch_bounds__(32) k(float *out, int n) {
      __shared__ float s[64];
      int i = threadIdx.x;
      if (n > 3) i = threadIdx.x * n;
      s[threadIdx.x] = 1.0f;
      out[threadIdx.x] = s[i];
    }"""
    r = rewrite_source(src, "k.cu", Options(whole_program=True))
    read = next(x for x in _array(r, "s")["accesses"] if x["kind"] == "load")
    assert read["prediction"] != "expected under uniform data" and read["wavefronts_before"] is not None


def test_histogram_bins_get_expected_wavefronts():
    r = analyze_source(HISTOGRAM, "h.cu")
    hist = _array(r, "s_hist")
    atomic = next(x for x in hist["accesses"] if x["kind"] == "atomic")
    assert atomic["prediction"] == "expected under uniform data"
    # Padded rows (257 words) put lane l's bin b in bank (l + b) % 32: random, about 3.5-way.
    assert 3.0 < atomic["wavefronts_before"] < 4.0
    assert not any(d.check_id == "rapcc-random-access" for d in r.diagnostics)
