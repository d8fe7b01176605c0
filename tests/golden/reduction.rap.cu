/* rapcc 0.1.0: shared-memory layouts rewritten to remove bank conflicts.
 *   'sdata' in 'reduce1': pad (pad 1 after every 32 elements (256 -> 263))
 * Reproduce: rapcc tests/golden/reduction.cu --strategy auto --seed 1 -o OUTPUT
 */

__device__ __forceinline__ unsigned int __rapcc_sdata_d1a2270d_map(unsigned int i0) { return i0 + (i0 >> 5u); }
#line 1 "tests/golden/reduction.cu"
// Seed 004 §3.2.3: interleaved-addressing reduction, sdata[2*s*tid] += sdata[2*s*tid + s].
extern "C" __global__ void __launch_bounds__(256) reduce1(const int *g_idata, int *g_odata, unsigned n) {
  __shared__ int sdata[256 + 7];
  unsigned tid = threadIdx.x, i = blockIdx.x * blockDim.x + threadIdx.x;
  sdata[__rapcc_sdata_d1a2270d_map(tid)] = (i < n) ? g_idata[i] : 0;
  __syncthreads();
  for (unsigned s = 1; s < blockDim.x; s *= 2) {
    unsigned index = 2 * s * tid;
    if (index < blockDim.x) sdata[__rapcc_sdata_d1a2270d_map(index)] += sdata[__rapcc_sdata_d1a2270d_map(index + s)];
    __syncthreads();
  }
  if (tid == 0) g_odata[blockIdx.x] = sdata[__rapcc_sdata_d1a2270d_map(0)];
}

// The launch rapcc reads: every block has 256 threads, the shape the range proof holds under,
// and no dynamic shared memory, so padding may grow the kernel's static arrays.
void reduce(const int *in, int *out, unsigned n) { reduce1<<<(n + 255) / 256, 256>>>(in, out, n); }
