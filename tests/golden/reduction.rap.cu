/* rapcc 0.1.0: shared-memory layouts rewritten to remove bank conflicts.
 *   'sdata' in 'reduce1': bvxor (bvxor k1=0 k2=5 mask=7 on 8 bits (seed 004 §4.2, §5.1)); only where blockDim is 256x1x1, as written elsewhere
 * Reproduce: rapcc tests/golden/reduction.cu --strategy auto --seed 1 -o OUTPUT
 */

__device__ __forceinline__ unsigned int __rapcc_sdata_2d573bac_on(void) { unsigned int __rapcc_m; asm("neg.s32 %0, %1;" : "=r"(__rapcc_m) : "r"((unsigned int)(((blockDim.x | (blockDim.y << 11u) | (blockDim.z << 22u)) == 4196608u)))); return __rapcc_m; }
__device__ __forceinline__ unsigned int __rapcc_sdata_2d573bac_map(unsigned int i0) { return (i0 ^ (i0 >> 5u)); }
__device__ __forceinline__ unsigned int __rapcc_sdata_2d573bac_map_on(unsigned int i0) { return (__rapcc_sdata_2d573bac_map(i0) & __rapcc_sdata_2d573bac_on()) | (i0 & ~__rapcc_sdata_2d573bac_on()); }
#line 1 "tests/golden/reduction.cu"
// Seed 004 §3.2.3: interleaved-addressing reduction, sdata[2*s*tid] += sdata[2*s*tid + s].
extern "C" __global__ void __launch_bounds__(256) reduce1(const int *g_idata, int *g_odata, unsigned n) {
  __shared__ int sdata[256];
  unsigned tid = threadIdx.x, i = blockIdx.x * blockDim.x + threadIdx.x;
  sdata[__rapcc_sdata_2d573bac_map_on(tid)] = (i < n) ? g_idata[i] : 0;
  __syncthreads();
  for (unsigned s = 1; s < blockDim.x; s *= 2) {
    unsigned index = 2 * s * tid;
    if (index < blockDim.x) sdata[__rapcc_sdata_2d573bac_map_on(index)] += sdata[__rapcc_sdata_2d573bac_map_on(index + s)];
    __syncthreads();
  }
  if (tid == 0) g_odata[blockIdx.x] = sdata[__rapcc_sdata_2d573bac_map_on(0)];
}

// The launch rapcc reads: every block has 256 threads, the shape the range proof holds under,
// and no dynamic shared memory, so padding may grow the kernel's static arrays.
void reduce(const int *in, int *out, unsigned n) { reduce1<<<(n + 255) / 256, 256>>>(in, out, n); }
