__device__ void stage(float *d, int i) { d[i] = d[i] * 2.0f; }
__device__ void other(float *d, int i) { d[i] += 1.0f; }
__device__ void (*stage_ptr)(float *, int) = stage;
__host__ __device__ void both(float *d, int i) { d[i] = 1.0f; }
__device__ void elsewhere(float *d, int i);
__device__ void addr(float *d, int i) { float *q = &d[i]; *q = 0.0f; }
__global__ void k(float *out) {
    __shared__ float taken[256];
    __shared__ float first[256];
    __shared__ float second[256];
    __shared__ float escapes[256];
    __shared__ float external[256];
    __shared__ float hosted[256];
    taken[threadIdx.x * 8 % 256] = 0.0f;
    first[threadIdx.x * 8 % 256] = 0.0f;
    second[threadIdx.x * 8 % 256] = 0.0f;
    escapes[threadIdx.x * 8 % 256] = 0.0f;
    external[threadIdx.x * 8 % 256] = 0.0f;
    hosted[threadIdx.x * 8 % 256] = 0.0f;
    __syncthreads();
    stage(taken, threadIdx.x * 8 % 256);
    other(first, threadIdx.x * 8 % 256);
    other(second, threadIdx.x * 8 % 256);
    addr(escapes, threadIdx.x * 8 % 256);
    elsewhere(external, threadIdx.x);
    both(hosted, threadIdx.x);
    out[threadIdx.x] = taken[threadIdx.x] + first[threadIdx.x] + second[threadIdx.x] + escapes[threadIdx.x];
}
int main() { float *o; k<<<1, 32>>>(o); }
