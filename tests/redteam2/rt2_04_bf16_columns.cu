// A bfloat16 tile written by rows and read by columns with a 64x4 block.
// launch: rt2_04_bf16_columns 2 64x4
// expect: rewritten
#ifdef __CUDACC__
#include <cuda_bf16.h>
#endif
__global__ void rt2_04_bf16_columns(const int *in, int *out, int p) {
    __shared__ __nv_bfloat16 tile[64][64];
    const int tx = threadIdx.x, ty = threadIdx.y;
    for (int j = ty; j < 64; j += 4)
        tile[j][tx] = __float2bfloat16((float)(in[(blockIdx.x * 4096 + j * 64 + tx) & 4095] & 255));
    __syncthreads();
    float acc = 0.0f;
    for (int j = ty; j < 64; j += 4)
        acc += __bfloat162float(tile[tx][j]) * (float)(j + 1);
    out[blockIdx.x * 256 + ty * 64 + tx] = __float_as_int(acc);
}
#ifdef __CUDACC__
void launch(const int *in, int *out) { rt2_04_bf16_columns<<<2, dim3(64, 4)>>>(in, out, 0); }
#endif
