"""Plans that hold for the program (issue 19, part 2): the pad search reaches
every row stride that can help, a hand fix that works is never padded again
(template plans included), and shared memory is weighed against occupancy."""
from __future__ import annotations

from rapcc.occupancy import SM_90, GiveUp, resident_blocks
from rapcc.pipeline import Options, rewrite_source

HALO = b"""__global__ void halo(float *out, const float *in, int n) {
  __shared__ float s[18][18];
  int tx = threadIdx.x, ty = threadIdx.y;
  int x = blockIdx.x * 16 + tx, y = blockIdx.y * 16 + ty;
  s[ty + 1][tx + 1] = in[y * n + x];
  if (tx == 0) s[ty + 1][0] = in[y * n + x - 1];
  if (tx == 15) s[ty + 1][17] = in[y * n + x + 1];
  if (ty == 0) s[0][tx + 1] = in[(y - 1) * n + x];
  if (ty == 15) s[17][tx + 1] = in[(y + 1) * n + x];
  __syncthreads();
  float acc = 0.0f;
  for (int dy = -1; dy <= 1; dy++)
    for (int dx = -1; dx <= 1; dx++)
      acc += s[ty + 1 + dy][tx + 1 + dx];
  out[y * n + x] = acc;
}
void run(float *o, const float *i, int n) { halo<<<dim3(n / 16, n / 16), dim3(16, 16)>>>(o, i, n); }
"""

TEMPLATE_HAND_PADDED = b"""template <int B> __global__ void tk(float *out, const float *in) {
  __shared__ float tile[B][B + 1];
  tile[threadIdx.y][threadIdx.x] = in[threadIdx.y * B + threadIdx.x];
  __syncthreads();
  out[threadIdx.y * B + threadIdx.x] = tile[threadIdx.x][threadIdx.y];
}
void run(float *o, const float *i) {
  tk<32><<<1, dim3(32, 32)>>>(o, i);
  tk<16><<<1, dim3(16, 16)>>>(o, i);
}
"""

# 216 rows of 32 floats: 27648 bytes, 8 blocks of 256 threads per SM of sm_90;
# padding the rows to 33 takes it to 28512 bytes, 7 blocks.
OCCUPANCY = b"""__global__ void big(float *out, const float *in) {
  __shared__ float tile[216][32];
  for (int r = threadIdx.y; r < 216; r += 8) tile[r][threadIdx.x] = in[r * 32 + threadIdx.x];
  __syncthreads();
  out[threadIdx.y * 32 + threadIdx.x] = tile[threadIdx.x][threadIdx.y];
}
void run(float *o, const float *i) { big<<<1, dim3(32, 8)>>>(o, i); }
"""


def test_halo_stencil_gets_a_conflict_free_row_stride():
    r = rewrite_source(HALO, "halo.cu", Options(whole_program=True))
    p = r.plans[0]
    assert p.rewritten and p.mapping.strategy == "pad", p.reason
    assert all(a is not None and a.wavefronts <= a.ideal + 1e-9 for a in p.after)
    assert any(b is not None and b.wavefronts > b.ideal for b in p.before)
    stride = p.mapping.phys_dims[-1]
    assert stride % 32 == 16 or stride % 2 == 1, stride


def test_a_working_hand_fix_of_a_template_is_not_padded_again():
    r = rewrite_source(TEMPLATE_HAND_PADDED, "tf.cu", Options(whole_program=True))
    p = r.plans[0]
    assert not p.rewritten and r.text == TEMPLATE_HAND_PADDED
    assert "works on 32 banks" in p.reason


def test_resident_blocks_follow_the_sm90_limits():
    assert resident_blocks(0, 256) == 8 and resident_blocks(0, 32) == 32
    assert resident_blocks(27648, 256) == 8 and resident_blocks(28512, 256) == 7
    assert resident_blocks(SM_90.shared_per_block + 1, 32) == 0


def test_a_pad_that_costs_resident_blocks_is_given_up_and_says_why():
    r = rewrite_source(OCCUPANCY, "occ.cu", Options(whole_program=True))
    p = r.plans[0]
    loss = p.given_up
    assert loss is not None and loss.why is GiveUp.OCCUPANCY
    assert (loss.blocks_before, loss.blocks_after, loss.threads) == (8, 7, 256)
    assert p.mapping.phys_dims == p.mapping.logical_dims  # a layout of the same size, or none
    array = r.report["arrays"][0]
    assert array["given_up"]["why"] == "occupancy" and array["given_up"]["blocks_after"] == 7
    assert "resident blocks per SM" in p.reason


def test_a_pad_that_keeps_resident_blocks_is_applied():
    small = OCCUPANCY.replace(b"216", b"64")
    p = rewrite_source(small, "occ64.cu", Options(whole_program=True)).plans[0]
    assert p.given_up is None and p.mapping.strategy == "pad"
