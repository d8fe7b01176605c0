// std::max and std::min of two constants each: a 64x4 block.
// launch: rt2_66_launch_min_max 2 64x4
__global__ void rt2_66_launch_min_max(const int *in, int *out, int p) {
    __shared__ int tile[8][32];
    const int tx = threadIdx.x, ty = threadIdx.y;
    const int tid = ty * blockDim.x + tx;
    tile[tid / 32][tid % 32] = in[blockIdx.x * 256 + tid] & 8191;
    __syncthreads();
    int acc = tile[ty][tx] + 2 * tile[tx % 8][ty];
    out[blockIdx.x * 256 + tid] = acc;
}
#ifdef __CUDACC__
#include <algorithm>
void launch(const int *in, int *out) { rt2_66_launch_min_max<<<2, dim3(std::max(32, 64), std::min(4, 8))>>>(in, out, 0); }
#endif
