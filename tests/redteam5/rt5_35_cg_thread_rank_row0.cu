// cooperative_groups: the block's thread_rank() (0..255) written through row
// 0 of an [8][32] tile (tile[0][rank]: a walk over every row), then read
// through rows.
// launch: rt5_35_cg_rank 2 32x8
#ifdef __CUDACC__
#include <cooperative_groups.h>
#endif
namespace cg = cooperative_groups;
__global__ void rt5_35_cg_rank(const int *in, int *out, int p) {
    __shared__ int tile[8][32];
    const cg::thread_block block = cg::this_thread_block();
    const int rank = block.thread_rank();
    tile[0][rank] = in[blockIdx.x * 256 + rank] & 1023;
    block.sync();
    const cg::thread_block_tile<32> warp = cg::tiled_partition<32>(block);
    out[blockIdx.x * 256 + rank] = tile[warp.thread_rank() & 7][warp.meta_group_rank() * 4 + warp.thread_rank() / 8];
}
#ifdef __CUDACC__
void launch(const int *in, int *out) { rt5_35_cg_rank<<<2, dim3(32, 8)>>>(in, out, 0); }
#endif
