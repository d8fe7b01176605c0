#define N 256
__global__ void k(float *out, int off) {
    __shared__ float s[N * 2];
    float *p = s + 32;
    float *q = &s[N];
    p[threadIdx.x * 32 % 224] = 1.0f;
    __syncthreads();
    out[threadIdx.x] = p[threadIdx.x] + q[0];
}
int main() { float *o; k<<<1, 256>>>(o, 3); }
