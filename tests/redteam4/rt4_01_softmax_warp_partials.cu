// Row softmax, one block per row of 256: a warp-shuffle max and sum, the
// warps' partials in a small shared array, lane 0 of warp 0 finishing them.
// exp is a polynomial helper (the host oracle has no libm).
// launch: rt4_01_softmax 4 128x1
#define THREADS 128
#define COLS 256
__device__ __forceinline__ float poly_exp(float x) {
    x = max(x, -8.0f);
    const float t = 1.0f + x / 16.0f;
    float r = t * t;
    r = r * r;
    r = r * r;
    return r * r;
}
__device__ float warp_max(float v) {
    for (int o = 16; o > 0; o >>= 1) v = max(v, __shfl_xor_sync(0xffffffffu, v, o));
    return v;
}
__device__ float warp_sum(float v) {
    for (int o = 16; o > 0; o >>= 1) v += __shfl_xor_sync(0xffffffffu, v, o);
    return v;
}
__global__ void rt4_01_softmax(const int *in, int *out, int p) {
    __shared__ float partial[THREADS / 32];
    __shared__ float row_stat;
    const int tid = threadIdx.x, lane = tid & 31, warp = tid >> 5;
    float x[COLS / THREADS];
    float m = -1e30f;
#pragma unroll
    for (int i = 0; i < COLS / THREADS; ++i) {
        x[i] = (float)(in[(blockIdx.x * COLS + tid + i * THREADS) & 4095] & 255) / 32.0f;
        m = max(m, x[i]);
    }
    m = warp_max(m);
    if (lane == 0) partial[warp] = m;
    __syncthreads();
    if (tid == 0) {
        float r = partial[0];
        for (int w = 1; w < THREADS / 32; ++w) r = max(r, partial[w]);
        row_stat = r;
    }
    __syncthreads();
    m = row_stat;
    float s = 0.0f;
#pragma unroll
    for (int i = 0; i < COLS / THREADS; ++i) {
        x[i] = poly_exp(x[i] - m);
        s += x[i];
    }
    s = warp_sum(s);
    __syncthreads();
    if (lane == 0) partial[warp] = s;
    __syncthreads();
    if (tid == 0) {
        float r = 0.0f;
        for (int w = 0; w < THREADS / 32; ++w) r += partial[w];
        row_stat = r;
    }
    __syncthreads();
    const float inv = 1.0f / row_stat;
#pragma unroll
    for (int i = 0; i < COLS / THREADS; ++i) out[blockIdx.x * COLS + tid + i * THREADS] = __float_as_int(x[i] * inv);
}
#ifdef __CUDACC__
void launch(const int *in, int *out) { rt4_01_softmax<<<4, THREADS>>>(in, out, 0); }
#endif
