// __launch_bounds__(256) and a launch rapcc cannot read: under every shape
// of at most 256 threads the flat id stays below 256, so the [8][32]
// subscripts are in range whatever the shape.
// launch: rt2_150_launch_bounds_any_shape_legal 2 64x4
__global__ void __launch_bounds__(256) rt2_150_launch_bounds_any_shape_legal(const int *in, int *out, int p) {
    __shared__ int tile[8][32];
    const int tid = (threadIdx.z * blockDim.y + threadIdx.y) * blockDim.x + threadIdx.x;
    tile[tid / 32][tid % 32] = in[blockIdx.x * 256 + tid] & 8191;
    __syncthreads();
    out[blockIdx.x * 256 + tid] = tile[tid % 8][tid / 8] + tile[tid / 32][tid % 32];
}
#ifdef __CUDACC__
#include <stdlib.h>
void launch(const int *in, int *out) {
    const unsigned bx = (unsigned)atoi(getenv("BX") ? getenv("BX") : "64");
    rt2_150_launch_bounds_any_shape_legal<<<2, dim3(bx, 256 / bx)>>>(in, out, 0);
}
#endif
