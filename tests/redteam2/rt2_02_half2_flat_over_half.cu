// half2 loads over a __half tile through reinterpret_cast: thread t reads
// the pair (2t, 2t+1) of the flattened tile, which walks across rows.
// launch: rt2_02_half2_flat_over_half 2 32x8
#ifdef __CUDACC__
#include <cuda_fp16.h>
#endif
__global__ void rt2_02_half2_flat_over_half(const int *in, int *out, int p) {
    __shared__ __half tile[16][32];
    const int tx = threadIdx.x, ty = threadIdx.y, tid = ty * 32 + tx;
    for (int j = ty; j < 16; j += 8)
        tile[j][tx] = __float2half((float)(in[blockIdx.x * 512 + j * 32 + tx] & 2047));
    __syncthreads();
    const __half2 pair = reinterpret_cast<const __half2 *>(&tile[0][0])[tid];
    const float v = __low2float(pair) + 3.0f * __high2float(pair) + __half2float(tile[tx % 16][ty]);
    out[blockIdx.x * 256 + tid] = __float_as_int(v);
}
#ifdef __CUDACC__
void launch(const int *in, int *out) { rt2_02_half2_flat_over_half<<<2, dim3(32, 8)>>>(in, out, 0); }
#endif
