// A __half tile transposed by a 32x8 block: 2-byte elements, so a padding is
// a whole number of halves and a column read crosses 16 rows per bank word.
// launch: rt2_01_half_transpose 2 32x8
// expect: rewritten
#ifdef __CUDACC__
#include <cuda_fp16.h>
#endif
__global__ void rt2_01_half_transpose(const int *in, int *out, int p) {
    __shared__ __half tile[32][32];
    const int tx = threadIdx.x, ty = threadIdx.y;
    for (int j = ty; j < 32; j += 8)
        tile[j][tx] = __float2half((float)(in[blockIdx.x * 1024 + j * 32 + tx] & 1023));
    __syncthreads();
    for (int j = ty; j < 32; j += 8)
        out[blockIdx.x * 1024 + j * 32 + tx] = __float_as_int(__half2float(tile[tx][j]));
}
#ifdef __CUDACC__
void launch(const int *in, int *out) { rt2_01_half_transpose<<<2, dim3(32, 8)>>>(in, out, 0); }
#endif
