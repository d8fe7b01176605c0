// fp16 quantize and transpose in one pass: a __half tile written by rows and
// read by columns (a 16-way conflict at 64-byte rows), scaled on the way
// out. A legal control.
// launch: rt4_08_half_transpose 2 32x8
// expect: rewritten
#ifdef __CUDACC__
#include <cuda_fp16.h>
#endif
#define TILE 32
#define ROWS 8
__global__ void rt4_08_half_transpose(const int *in, int *out, int p) {
    __shared__ __half t[TILE][TILE];
    const int tx = threadIdx.x, ty = threadIdx.y;
#pragma unroll
    for (int j = 0; j < TILE; j += ROWS)
        t[ty + j][tx] = __float2half((float)(in[blockIdx.x * 1024 + (ty + j) * TILE + tx] & 2047) / 8.0f);
    __syncthreads();
#pragma unroll
    for (int j = 0; j < TILE; j += ROWS)
        out[blockIdx.x * 1024 + (ty + j) * TILE + tx] = __float_as_int(__half2float(t[tx][ty + j]) * 0.5f);
}
#ifdef __CUDACC__
void launch(const int *in, int *out) { rt4_08_half_transpose<<<2, dim3(TILE, ROWS)>>>(in, out, 0); }
#endif
