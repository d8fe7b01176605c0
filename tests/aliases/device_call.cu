__device__ void fwt_stage(float *d, int pos, int stride) {
    float a = d[pos];
    float b = d[pos + stride];
    d[pos] = a + b;
    d[pos + stride] = a - b;
}
__device__ void Comparator(unsigned &keyA, unsigned &keyB, unsigned dir) {
    unsigned t;
    if ((keyA > keyB) == dir) { t = keyA; keyA = keyB; keyB = t; }
}
__global__ void fwt(float *out, unsigned *keys) {
    __shared__ float s_data[1024];
    __shared__ unsigned s_key[512];
    for (int i = threadIdx.x; i < 1024; i += 256) s_data[i] = out[i];
    s_key[threadIdx.x] = keys[threadIdx.x];
    s_key[threadIdx.x + 256] = keys[threadIdx.x + 256];
    __syncthreads();
    for (int stride = 1; stride < 512; stride <<= 1) {
        int pos = (threadIdx.x / stride) * stride * 2 + threadIdx.x % stride;
        fwt_stage(s_data, pos * 2 % 1024 / 2, stride);
        __syncthreads();
    }
    Comparator(s_key[threadIdx.x * 2], s_key[threadIdx.x * 2 + 1], 1);
    __syncthreads();
    keys[threadIdx.x] = s_key[threadIdx.x];
    for (int i = threadIdx.x; i < 1024; i += 256) out[i] = s_data[i];
}
int main() { float *o; unsigned *k; fwt<<<1, 256>>>(o, k); }
