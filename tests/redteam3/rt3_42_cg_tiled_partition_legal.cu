// Cooperative groups: a 32-thread tiled partition's rank and its group's
// rank (warp id) index the tile; the read walks a column of eight rows.
// launch: rt3_42_cg_tiled_partition_legal 2 32x8
// Kept by rapcc for a true reason: thread_rank()/meta_group_rank() of a
// tiled partition are calls rapcc does not model, so tile[w][lane] is not
// proved in range.
#ifdef __CUDACC__
#include <cooperative_groups.h>
#endif
namespace cg = cooperative_groups;
static __global__ void rt3_42_cg_tiled_partition_legal(const int *in, int *out, int p) {
    __shared__ int tile[8][32];
    cg::thread_block block = cg::this_thread_block();
    cg::thread_block_tile<32> warp = cg::tiled_partition<32>(block);
    const int lane = warp.thread_rank(), w = warp.meta_group_rank();
    tile[w][lane] = in[blockIdx.x * 256 + w * 32 + lane] & 4095;
    block.sync();
    out[blockIdx.x * 256 + w * 32 + lane] = tile[lane % 8][w * 4 + lane / 8];
}
#ifdef __CUDACC__
void launch(const int *in, int *out) { rt3_42_cg_tiled_partition_legal<<<2, dim3(32, 8)>>>(in, out, 0); }
#endif
