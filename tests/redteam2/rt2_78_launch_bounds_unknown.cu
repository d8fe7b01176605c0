// __launch_bounds__(256) and a block from a runtime value: any shape up to
// 256 threads may run (here 64x4).
// launch: rt2_78_launch_bounds_unknown 2 64x4
__global__ void __launch_bounds__(256) rt2_78_launch_bounds_unknown(const int *in, int *out, int p) {
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
    const unsigned bx = (unsigned)atoi(getenv("BX") ? getenv("BX") : "64");
    rt2_78_launch_bounds_unknown<<<2, dim3(bx, 256 / bx)>>>(in, out, 0);
}
#endif
