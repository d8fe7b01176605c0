/* rapcc 0.1.0: shared-memory layouts rewritten to remove bank conflicts.
 *   's_data' in 'fwt_stage': xor (xor Swizzle<2,3,5> on 1024 elements)
 * Reproduce: rapcc tests/golden/fwt8.cu --strategy auto --seed 1 -o OUTPUT
 */

__device__ __forceinline__ unsigned int __rapcc_s_data_057f527e_map(unsigned int i0) { return i0 ^ (((i0 >> 5u) & 3u) << 3u); }
#line 1 "tests/golden/fwt8.cu"
// Seed 004 §3.2.4: one FWT stage with stride 8, pos = threadIdx.x.
#define STRIDE 8
extern "C" __global__ void fwt_stage(float *d) {
  #pragma rapcc block_dim(256)
  __shared__ float s_data[1024];
  float *g = d + blockIdx.x * 1024;
  for (int p = threadIdx.x; p < 1024; p += 256) s_data[__rapcc_s_data_057f527e_map(p)] = g[p];
  __syncthreads();
  int pos = threadIdx.x;
  int lo = pos & (STRIDE - 1);
  int i0 = ((pos - lo) << 2) + lo;
  float D0 = s_data[__rapcc_s_data_057f527e_map(i0)];
  float D1 = s_data[__rapcc_s_data_057f527e_map(i0 + STRIDE)];
  __syncthreads();
  s_data[__rapcc_s_data_057f527e_map(i0)] = D0 + D1;
  s_data[__rapcc_s_data_057f527e_map(i0 + STRIDE)] = D0 - D1;
  __syncthreads();
  for (int p = threadIdx.x; p < 1024; p += 256) g[p] = s_data[__rapcc_s_data_057f527e_map(p)];
}
/* rapcc: the layouts above were proved for these macro values; another build's -D values need another run */
#if (defined(STRIDE) && (STRIDE) != 8)
#error "rapcc: rewritten for STRIDE=8; rerun rapcc with this build's -D flags"
#endif
