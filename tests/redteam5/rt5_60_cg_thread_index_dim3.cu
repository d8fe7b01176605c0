// cooperative_groups' thread_block::thread_index() (a dim3) as subscripts:
// the tile is written at [idx.y][idx.x] and read transposed.
// launch: rt5_60_cg_index 2 32x8
#ifdef __CUDACC__
#include <cooperative_groups.h>
#endif
namespace cg = cooperative_groups;
__global__ void rt5_60_cg_index(const int *in, int *out, int p) {
    __shared__ int tile[8][32];
    const auto block = cg::this_thread_block();
    const dim3 idx = block.thread_index();
    const int tid = idx.y * 32 + idx.x;
    tile[idx.y][idx.x] = in[blockIdx.x * 256 + tid] & 1023;
    block.sync();
    out[blockIdx.x * 256 + tid] = tile[idx.x & 7][idx.y * 4 + (idx.x >> 3)] + tile[idx.y][(idx.x + 8 * idx.y) & 31];
}
#ifdef __CUDACC__
void launch(const int *in, int *out) { rt5_60_cg_index<<<2, dim3(32, 8)>>>(in, out, 0); }
#endif
