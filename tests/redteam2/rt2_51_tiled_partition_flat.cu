// The group ranks combined into one column of row 0: r * 16 + c, up to 255.
// launch: rt2_51_tiled_partition_flat 2 32x8
#ifdef __CUDACC__
#include <cooperative_groups.h>
#endif
namespace cg = cooperative_groups;
__global__ void rt2_51_tiled_partition_flat(const int *in, int *out, int p) {
    __shared__ float tile[16][16];
    cg::thread_block block = cg::this_thread_block();
    auto t16 = cg::tiled_partition<16>(block);
    const int r = t16.meta_group_rank(), c = t16.thread_rank();
    tile[r][c] = (float)(in[blockIdx.x * 256 + block.thread_rank()] & 4095);
    block.sync();
    out[blockIdx.x * 256 + block.thread_rank()] = __float_as_int(tile[0][(c * 16 + r) & 255] + tile[c][r]);
}
#ifdef __CUDACC__
void launch(const int *in, int *out) { rt2_51_tiled_partition_flat<<<2, dim3(32, 8)>>>(in, out, 0); }
#endif
