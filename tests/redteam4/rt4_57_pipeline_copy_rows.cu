// A GEMM-style stage filled with 16-byte asynchronous copies: each thread
// copies four adjacent ints of a row (__pipeline_memcpy_async(&tile[r][4 * q],
// ..., 16)), then the tile is read transposed. The four must stay adjacent.
// launch: rt4_57_pipeline_rows 2 8x32
#ifdef __CUDACC__
#include <cuda_pipeline.h>
#endif
__global__ void rt4_57_pipeline_rows(const int *in, int *out, int p) {
    __shared__ __align__(16) int tile[32][32];
    const int q = threadIdx.x, r = threadIdx.y;
    __pipeline_memcpy_async(&tile[r][4 * q], &in[(blockIdx.x * 1024 + r * 32 + 4 * q) & 4095], 16);
    __pipeline_commit();
    __pipeline_wait_prior(0);
    __syncthreads();
    const int tid = r * 8 + q;
    for (int k = 0; k < 4; ++k) {
        const int e = tid + 256 * k;
        out[blockIdx.x * 1024 + e] = tile[e & 31][e >> 5];
    }
}
#ifdef __CUDACC__
void launch(const int *in, int *out) { rt4_57_pipeline_rows<<<2, dim3(8, 32)>>>(in, out, 0); }
#endif
