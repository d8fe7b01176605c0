// Kernels kept in a std::array of function pointers and launched through
// the table at run time with a 64x4 block: neither kernel is named at a
// launch, and the read tile[ty][tx] runs past the 32-wide rows under that shape.
// launch: rt5_37_table_a 2 64x4
// launch: rt5_37_table_b 2 64x4 0 512
__global__ void rt5_37_table_a(const int *in, int *out, int p) {
    __shared__ int tile[8][32];
    const int tx = threadIdx.x, ty = threadIdx.y, tid = ty * blockDim.x + tx;
    tile[tid / 32][tid % 32] = in[blockIdx.x * 256 + tid] & 1023;
    __syncthreads();
    out[blockIdx.x * 256 + tid] = tile[tid % 8][tid / 8] + 4 * tile[ty][tx];
}
__global__ void rt5_37_table_b(const int *in, int *out, int p) {
    __shared__ int tile[8][32];
    const int tx = threadIdx.x, ty = threadIdx.y, tid = ty * blockDim.x + tx;
    tile[tid / 32][tid % 32] = in[(blockIdx.x * 256 + tid + 5) & 4095] & 1023;
    __syncthreads();
    out[blockIdx.x * 256 + tid] = tile[tid % 8][tid / 8] - tile[ty][tx];
}
#ifdef __CUDACC__
#include <array>
using kernel_t = void (*)(const int *, int *, int);
void launch(const int *in, int *out, int which) {
    const std::array<kernel_t, 2> table{rt5_37_table_a, rt5_37_table_b};
    for (int i = 0; i < 2; ++i) table[(which + i) % 2]<<<2, dim3(64, 4)>>>(in, out + 512 * ((which + i) % 2), 0);
}
#endif
