// Reduced from HeCBench's rng-wallace (wallace_kernel.h, CRLF line ends): a
// strided read of a 1-D shared pool whose rewrite needs an index helper.
// The test feeds this file to rapcc with CRLF line ends.
__global__ void wallace_like(float *out, const float *in)
{
  __shared__ float pool[1024];
  unsigned seed = threadIdx.x;
  for (int i = 0; i < 4; i++)
    pool[threadIdx.x + 256 * i] = in[threadIdx.x + 256 * i];
  __syncthreads();
  out[threadIdx.x] = pool[(seed << 3)] + pool[(seed << 3) + 1];
}

void launch(float *out, const float *in)
{
  wallace_like<<<1, 128>>>(out, in);
}
