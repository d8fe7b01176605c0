// Uses rapcc cannot see through: every array here must stay untouched.
#define AT(a, i, j) a[i][j]
__device__ float sum(const float *p, int n) { float s = 0.0f; for (int i = 0; i < n; ++i) s += p[i]; return s; }
__device__ void bump(float &x) { float *q = &x; *q += 1.0f; }
extern "C" __global__ void escapes(float *out) {
  #pragma rapcc block_dim(32, 8)
  __shared__ float passed[32][32];
  __shared__ float macro_body[32][32];
  __shared__ float sized[32][32];
  __shared__ float4 vec[256];
  __shared__ float ref[32][32];
  __shared__ float asm_used[32];
  int tx = threadIdx.x, ty = threadIdx.y;
  passed[ty][tx] = 1.0f;
  macro_body[ty][tx] = 2.0f;
  sized[ty][tx] = 3.0f;
  ref[ty][tx] = 4.0f;
  asm_used[tx] = 5.0f;
  vec[tx] = make_float4(1.0f, 2.0f, 3.0f, 4.0f);
  __syncthreads();
  float a = sum(passed[tx], 32);
  float b = AT(macro_body, tx, ty);
  float c = sizeof(sized) + sized[tx][ty];
  float d = reinterpret_cast<float *>(&vec[0])[tx];
  bump(ref[tx][ty]);
  unsigned long long addr;
  asm volatile("cvta.to.shared.u64 %0, %1;" : "=l"(addr) : "l"(asm_used));
  out[ty * 32 + tx] = a + b + c + d + ref[tx][ty] + addr;
}
