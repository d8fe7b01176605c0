// cooperative_groups::tiled_partition<16>: its rank and meta-group rank
// index a [16][16] tile, read back transposed.
// launch: rt2_50_tiled_partition_ranks 2 32x8
#ifdef __CUDACC__
#include <cooperative_groups.h>
#endif
namespace cg = cooperative_groups;
__global__ void rt2_50_tiled_partition_ranks(const int *in, int *out, int p) {
    __shared__ float tile[16][16];
    cg::thread_block block = cg::this_thread_block();
    auto t16 = cg::tiled_partition<16>(block);
    const int r = t16.meta_group_rank(), c = t16.thread_rank();
    tile[r][c] = (float)(in[blockIdx.x * 256 + block.thread_rank()] & 4095);
    block.sync();
    out[blockIdx.x * 256 + block.thread_rank()] = __float_as_int(tile[c][r] * 3.0f);
}
#ifdef __CUDACC__
void launch(const int *in, int *out) { rt2_50_tiled_partition_ranks<<<2, dim3(32, 8)>>>(in, out, 0); }
#endif
