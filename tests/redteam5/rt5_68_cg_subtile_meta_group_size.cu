// Cooperative groups, a tile of a tile: half = tiled_partition<16>(warp),
// with warp = tiled_partition<32>(block). half.meta_group_size() counts the
// halves of its parent warp (2), not the block's 16-thread tiles (16), so
// the segment width warp.size() / half.meta_group_size() is 16 and the halo
// read tile[ty][tx + width - 2] runs up to 13 columns into the next row.
// launch: rt5_68_subtile 2 32x8
#ifdef __CUDACC__
#include <cooperative_groups.h>
#endif
namespace cg = cooperative_groups;
__global__ void rt5_68_subtile(const int *in, int *out, int p) {
    __shared__ int tile[16][32];
    const cg::thread_block block = cg::this_thread_block();
    const cg::thread_block_tile<32> warp = cg::tiled_partition<32>(block);
    const cg::thread_block_tile<16> half = cg::tiled_partition<16>(warp);
    const int tx = threadIdx.x, ty = threadIdx.y, tid = ty * 32 + tx;
    tile[ty][tx] = in[(blockIdx.x * 512 + tid) & 4095] & 1023;
    tile[ty + 8][tx] = in[(blockIdx.x * 512 + 256 + tid) & 4095] & 1023;
    block.sync();
    const int width = (int)(warp.size() / half.meta_group_size());
    out[blockIdx.x * 256 + tid] = tile[tx % 16][ty * 4] * 3 + tile[ty][tx + width - 2];
}
#ifdef __CUDACC__
void launch(const int *in, int *out) { rt5_68_subtile<<<2, dim3(32, 8)>>>(in, out, 0); }
#endif
