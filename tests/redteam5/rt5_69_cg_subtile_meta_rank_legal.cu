// Cooperative groups, tiles partitioned straight from the block: a 16-thread
// tile's meta_group_rank() (0..15) picks a row of the tile and its
// thread_rank() a column; the read runs down a column (16-way).
// launch: rt5_69_tile16 2 32x8
// expect: rewritten
#ifdef __CUDACC__
#include <cooperative_groups.h>
#endif
namespace cg = cooperative_groups;
__global__ void rt5_69_tile16(const int *in, int *out, int p) {
    __shared__ int tile[16][16];
    const cg::thread_block block = cg::this_thread_block();
    const cg::thread_block_tile<16, cg::thread_block> t16 = cg::tiled_partition<16>(block);
    const int r = t16.meta_group_rank(), c = t16.thread_rank();
    tile[r][c] = in[blockIdx.x * 256 + r * 16 + c] & 1023;
    block.sync();
    out[blockIdx.x * 256 + r * 16 + c] = tile[c][r] * 2 + tile[r][15 - c];
}
#ifdef __CUDACC__
void launch(const int *in, int *out) { rt5_69_tile16<<<2, dim3(32, 8)>>>(in, out, 0); }
#endif
