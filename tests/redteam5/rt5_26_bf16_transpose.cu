// A __nv_bfloat16 tile transposed: two elements per bank, 64-byte rows.
// launch: rt5_26_bf16 2 32x8
// expect: rewritten
#ifdef __CUDACC__
#include <cuda_bf16.h>
#endif
static __global__ void rt5_26_bf16(const int *in, int *out, int p) {
    __shared__ __nv_bfloat16 tile[32][32];
    const int tx = threadIdx.x, ty = threadIdx.y;
#pragma unroll
    for (int k = 0; k < 4; ++k)
        tile[ty + 8 * k][tx] = __float2bfloat16((float)(in[(blockIdx.x * 1024 + (ty + 8 * k) * 32 + tx) & 4095] & 127));
    __syncthreads();
    float acc = 0.0f;
#pragma unroll
    for (int k = 0; k < 4; ++k) acc = acc * 4.0f + __bfloat162float(tile[tx][ty + 8 * k]);
    out[blockIdx.x * 256 + ty * 32 + tx] = __float_as_int(acc);
}
#ifdef __CUDACC__
void launch(const int *in, int *out) { rt5_26_bf16<<<2, dim3(32, 8)>>>(in, out, 0); }
#endif
