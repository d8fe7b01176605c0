// The last entry of a std::array of dim3.
// launch: rt2_113_launch_std_array_back 2 64x4
__global__ void rt2_113_launch_std_array_back(const int *in, int *out, int p) {
    __shared__ int tile[8][32];
    const int tx = threadIdx.x, ty = threadIdx.y;
    const int tid = ty * blockDim.x + tx;
    tile[tid / 32][tid % 32] = in[blockIdx.x * 256 + tid] & 8191;
    __syncthreads();
    int acc = tile[ty][tx] + 2 * tile[tx % 8][ty];
    out[blockIdx.x * 256 + tid] = acc;
}
#ifdef __CUDACC__
#include <array>
void launch(const int *in, int *out) {
    const std::array<dim3, 2> shapes{dim3(32, 8), dim3(64, 4)};
    rt2_113_launch_std_array_back<<<2, shapes.back()>>>(in, out, 0);
}
#endif
