// A column offset from the kernel's parameter, known only at run time
// (the host reads it from the environment): with p = 1 the read runs
// 32 on, into the next row.
// launch: rt2_154_runtime_param_offset 2 32x8 1
__global__ void rt2_154_runtime_param_offset(const int *in, int *out, int p) {
    __shared__ int tile[9][32];
    const int tx = threadIdx.x, ty = threadIdx.y, tid = ty * 32 + tx;
    tile[ty][tx] = in[blockIdx.x * 256 + tid] & 8191;
    if (ty == 0) tile[8][tx] = 5 * tx;
    __syncthreads();
    out[blockIdx.x * 256 + tid] = tile[ty][tx + 32 * (p != 0)] + tile[tx % 9][ty];
}
#ifdef __CUDACC__
#include <stdlib.h>
void launch(const int *in, int *out) {
    rt2_154_runtime_param_offset<<<2, dim3(32, 8)>>>(in, out, atoi(getenv("P") ? getenv("P") : "1"));
}
#endif
