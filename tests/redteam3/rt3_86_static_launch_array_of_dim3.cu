// An internal kernel launched with shapes from a std::array<dim3, 2>
// indexed by a loop.
// launch: rt3_86_static_launch_array_of_dim3 2 32x8
// launch: rt3_86_static_launch_array_of_dim3 2 64x4 0 1024
static __global__ void rt3_86_static_launch_array_of_dim3(const int *in, int *out, int p) {
    __shared__ int tile[8][32];
    const int tx = threadIdx.x, ty = threadIdx.y;
    const int tid = ty * blockDim.x + tx;
    tile[tid / 32][tid % 32] = in[blockIdx.x * 256 + tid] & 8191;
    __syncthreads();
    out[blockIdx.x * 256 + tid] = tile[ty][tx] + 2 * tile[tid % 8][tid / 8];
}
#ifdef __CUDACC__
#include <array>
void launch(const int *in, int *out) {
    const std::array<dim3, 2> shapes{dim3(32, 8), dim3(64, 4)};
    for (size_t i = 0; i < shapes.size(); ++i) rt3_86_static_launch_array_of_dim3<<<2, shapes[i]>>>(in, out + 1024 * i, 0);
}
#endif
