// An int64_t column that goes negative: tile[ty + 1][(int64_t)tx - 32] is
// the previous row's element, in range of the tile for every thread.
// launch: rt3_20_int64_negative_column 2 32x8
#ifdef __CUDACC__
#include <stdint.h>
#endif
__global__ void rt3_20_int64_negative_column(const int *in, int *out, int p) {
    __shared__ int tile[9][32];
    const int tx = threadIdx.x, ty = threadIdx.y, tid = ty * 32 + tx;
    tile[ty][tx] = in[blockIdx.x * 288 + tid] & 4095;
    if (ty == 0) tile[8][tx] = in[blockIdx.x * 288 + 256 + tx] & 4095;
    __syncthreads();
    const int64_t col = (int64_t)tx - 32;
    out[blockIdx.x * 256 + tid] = tile[ty + 1][col] + 2 * tile[tx % 9][ty * 4];
}
#ifdef __CUDACC__
void launch(const int *in, int *out) { rt3_20_int64_negative_column<<<2, dim3(32, 8)>>>(in, out, 0); }
#endif
