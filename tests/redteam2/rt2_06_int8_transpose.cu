// An int8_t tile transposed: 1-byte elements, four to a bank word.
// launch: rt2_06_int8_transpose 2 32x8
// expect: rewritten
#include <stdint.h>
__global__ void rt2_06_int8_transpose(const int *in, int *out, int p) {
    __shared__ int8_t tile[32][32];
    const int tx = threadIdx.x, ty = threadIdx.y;
    for (int j = ty; j < 32; j += 8)
        tile[j][tx] = (int8_t)(in[blockIdx.x * 1024 + j * 32 + tx] >> 5);
    __syncthreads();
    for (int j = ty; j < 32; j += 8)
        out[blockIdx.x * 1024 + j * 32 + tx] = tile[tx][j] * 3 + tile[j][tx];
}
#ifdef __CUDACC__
void launch(const int *in, int *out) { rt2_06_int8_transpose<<<2, dim3(32, 8)>>>(in, out, 0); }
#endif
