// Seed 004 §3.2.4: one FWT stage with stride 8, pos = threadIdx.x.
#define STRIDE 8
extern "C" __global__ void fwt_stage(float *d) {
  #pragma rapcc block_dim(256)
  __shared__ float s_data[1024];
  float *g = d + blockIdx.x * 1024;
  for (int p = threadIdx.x; p < 1024; p += 256) s_data[p] = g[p];
  __syncthreads();
  int pos = threadIdx.x;
  int lo = pos & (STRIDE - 1);
  int i0 = ((pos - lo) << 2) + lo;
  float D0 = s_data[i0];
  float D1 = s_data[i0 + STRIDE];
  __syncthreads();
  s_data[i0] = D0 + D1;
  s_data[i0 + STRIDE] = D0 - D1;
  __syncthreads();
  for (int p = threadIdx.x; p < 1024; p += 256) g[p] = s_data[p];
}
