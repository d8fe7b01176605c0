// A block chosen by a runtime flag (an environment variable): either shape
// may run, and this run uses 64x4.
// launch: rt2_71_launch_runtime_flag 2 64x4
__global__ void rt2_71_launch_runtime_flag(const int *in, int *out, int p) {
    __shared__ int tile[8][32];
    const int tx = threadIdx.x, ty = threadIdx.y;
    const int tid = ty * blockDim.x + tx;
    tile[tid / 32][tid % 32] = in[blockIdx.x * 256 + tid] & 8191;
    __syncthreads();
    int acc = tile[ty][tx] + 2 * tile[tx % 8][ty];
    out[blockIdx.x * 256 + tid] = acc;
}
#ifdef __CUDACC__
#include <stdlib.h>
void launch(const int *in, int *out) {
    const bool wide = getenv("WIDE") != nullptr;
    const dim3 block = wide ? dim3(64, 4) : dim3(32, 8);
    rt2_71_launch_runtime_flag<<<2, block>>>(in, out, 0);
}
#endif
