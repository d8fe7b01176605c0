// A 16-thread tiled partition: thread_rank() is 0..15 and
// meta_group_rank() 0..15 under 32x8, and tile[g][rank + 24] runs 8 past
// a 32-wide row.
// launch: rt3_43_cg_partition16_past_row 2 32x8
#ifdef __CUDACC__
#include <cooperative_groups.h>
#endif
namespace cg = cooperative_groups;
__global__ void rt3_43_cg_partition16_past_row(const int *in, int *out, int p) {
    __shared__ int tile[17][32];
    auto block = cg::this_thread_block();
    auto half = cg::tiled_partition<16>(block);
    const int r = half.thread_rank(), g = half.meta_group_rank(), tid = block.thread_rank();
    tile[tid / 32][tid % 32] = in[blockIdx.x * 544 + tid] & 4095;
    tile[tid / 32 + 8][tid % 32] = in[blockIdx.x * 544 + tid + 256] & 4095;
    if (tid < 32) tile[16][tid] = in[blockIdx.x * 544 + 512 + tid] & 4095;
    block.sync();
    out[blockIdx.x * 256 + tid] = tile[g][r + 24] + 2 * tile[r][g * 2];
}
#ifdef __CUDACC__
void launch(const int *in, int *out) { rt3_43_cg_partition16_past_row<<<2, dim3(32, 8)>>>(in, out, 0); }
#endif
