__device__ float consume(float *p) { return p[0] + p[1]; }
__device__ float *keep;
__global__ void k(float *out) {
    __shared__ float passed[256];
    __shared__ float stored[256];
    __shared__ float moved[256];
    __shared__ float offset_alias[256];
    float *a = passed + 1;
    float *b = stored;
    float *c = moved;
    float *d = &offset_alias[threadIdx.x];
    passed[threadIdx.x * 8 % 256] = 1.0f;
    stored[threadIdx.x * 8 % 256] = 1.0f;
    moved[threadIdx.x * 8 % 256] = 1.0f;
    offset_alias[threadIdx.x * 8 % 256] = 1.0f;
    __syncthreads();
    keep = b;
    c = c + 1;
    out[threadIdx.x] = consume(a) + c[0] + d[0] + b[threadIdx.x];
}
int main() { float *o; k<<<1, 32>>>(o); }
