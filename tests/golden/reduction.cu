// Seed 004 §3.2.3: interleaved-addressing reduction, sdata[2*s*tid] += sdata[2*s*tid + s].
extern "C" __global__ void __launch_bounds__(256) reduce1(const int *g_idata, int *g_odata, unsigned n) {
  __shared__ int sdata[256];
  unsigned tid = threadIdx.x, i = blockIdx.x * blockDim.x + threadIdx.x;
  sdata[tid] = (i < n) ? g_idata[i] : 0;
  __syncthreads();
  for (unsigned s = 1; s < blockDim.x; s *= 2) {
    unsigned index = 2 * s * tid;
    if (index < blockDim.x) sdata[index] += sdata[index + s];
    __syncthreads();
  }
  if (tid == 0) g_odata[blockIdx.x] = sdata[0];
}

// The launch rapcc reads: every block has 256 threads, the shape the range proof holds under,
// and no dynamic shared memory, so padding may grow the kernel's static arrays.
void reduce(const int *in, int *out, unsigned n) { reduce1<<<(n + 255) / 256, 256>>>(in, out, n); }
