// ldmatrix-shaped addressing where the warp's column offset 16 * (w & 3)
// runs the 8-element reads up to column 63 of a 32-wide __half tile.
// launch: rt5_49_ldmatrix_wide 2 32x8
#ifdef __CUDACC__
#include <cuda_fp16.h>
#endif
__global__ void rt5_49_ldmatrix_wide(const int *in, int *out, int p) {
    __shared__ __half sA[32][32];
    const int tx = threadIdx.x, ty = threadIdx.y, tid = ty * 32 + tx;
#pragma unroll
    for (int k = 0; k < 4; ++k)
        sA[ty + 8 * k][tx] = __float2half((float)(in[(blockIdx.x * 1024 + (ty + 8 * k) * 32 + tx) & 4095] & 255));
    __syncthreads();
    const int lane = tid % 32, warp = tid / 32;
    const int row = lane & 15;
    const int col = 8 * (lane >> 4) + 16 * (warp & 3);
    float acc = 0.0f;
#pragma unroll
    for (int j = 0; j < 8; ++j) acc += __half2float(sA[row][col + j]) * (float)(j + 1);
    out[blockIdx.x * 256 + tid] = __float_as_int(acc);
}
#ifdef __CUDACC__
void launch(const int *in, int *out) { rt5_49_ldmatrix_wide<<<2, dim3(32, 8)>>>(in, out, 0); }
#endif
