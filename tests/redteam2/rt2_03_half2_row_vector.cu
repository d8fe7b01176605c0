// half2 loads inside one row of a __half tile (the pair never leaves its
// row): a padding of one half per row leaves odd rows 2-byte aligned, and a
// half2 load needs 4 (the GPU faults on a misaligned address).
// launch: rt2_03_half2_row_vector 2 32x8
#ifdef __CUDACC__
#include <cuda_fp16.h>
#endif
__global__ void rt2_03_half2_row_vector(const int *in, int *out, int p) {
    __shared__ __half tile[32][64];
    const int tx = threadIdx.x, ty = threadIdx.y, tid = ty * 32 + tx;
    for (int j = ty; j < 32; j += 8) {
        tile[j][tx] = __float2half((float)(in[blockIdx.x * 2048 + j * 64 + tx] & 1023));
        tile[j][tx + 32] = __float2half((float)(in[blockIdx.x * 2048 + j * 64 + tx + 32] & 1023));
    }
    __syncthreads();
    const __half2 *row = reinterpret_cast<const __half2 *>(tile[tx]);
    const __half2 pair = row[ty * 4 + (tx & 3)];
    out[blockIdx.x * 256 + tid] = __float_as_int(__low2float(pair) - 2.0f * __high2float(pair));
}
#ifdef __CUDACC__
void launch(const int *in, int *out) { rt2_03_half2_row_vector<<<2, dim3(32, 8)>>>(in, out, 0); }
#endif
