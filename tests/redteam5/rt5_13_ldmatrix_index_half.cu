// ldmatrix.x4-shaped addressing in plain C++ over a __half tile: lane l of
// warp w supplies row (l & 15) + 16 * (w & 1) and column 8 * (l >> 4) +
// 16 * ((w >> 1) & 1), then reads 8 consecutive halves (64-byte rows: the
// 16 rows of a half-warp share four banks).
// launch: rt5_13_ldmatrix 2 32x8
// expect: rewritten
#ifdef __CUDACC__
#include <cuda_fp16.h>
#endif
static __global__ void rt5_13_ldmatrix(const int *in, int *out, int p) {
    __shared__ __half sA[32][32];
    const int tx = threadIdx.x, ty = threadIdx.y, tid = ty * 32 + tx;
#pragma unroll
    for (int k = 0; k < 4; ++k)
        sA[ty + 8 * k][tx] = __float2half((float)(in[(blockIdx.x * 1024 + (ty + 8 * k) * 32 + tx) & 4095] & 255));
    __syncthreads();
    const int lane = tid % 32, warp = tid / 32;
    const int row = (lane & 15) + 16 * (warp & 1);
    const int col = 8 * (lane >> 4) + 16 * ((warp >> 1) & 1);
    float acc = 0.0f;
#pragma unroll
    for (int j = 0; j < 8; ++j) acc += __half2float(sA[row][col + j]) * (float)(j + 1);
    out[blockIdx.x * 256 + tid] = __float_as_int(acc);
}
#ifdef __CUDACC__
void launch(const int *in, int *out) { rt5_13_ldmatrix<<<2, dim3(32, 8)>>>(in, out, 0); }
#endif
