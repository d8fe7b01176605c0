/* rapcc 0.1.0: shared-memory layouts rewritten to remove bank conflicts.
 *   'gamma' in 'rt4_02_layernorm': rap (rap rows of 32, |p| = 32, seed 1); only where blockDim is 256x1x1, as written elsewhere
 *   'beta' in 'rt4_02_layernorm': rap (rap rows of 32, |p| = 32, seed 1); only where blockDim is 256x1x1, as written elsewhere
 * Reproduce: rapcc /tmp/redteam_gpu/run/rt4_02_layernorm_two_pass/rt4_02_layernorm_two_pass.cu --strategy rap --seed 1
 */

__device__ __forceinline__ bool __rapcc_gamma_fbcb43aa_on(void) { return ((blockDim.x | (blockDim.y << 11u) | (blockDim.z << 22u)) == 4196608u); }
__device__ __forceinline__ unsigned int __rapcc_gamma_fbcb43aa_map(unsigned int i0) { return (i0 & ~31u) | ((i0 + (((((i0 >> 5u) & 31u) ^ 13u) * 29u + 11u) & 31u)) & 31u); }
__device__ __forceinline__ unsigned int __rapcc_gamma_fbcb43aa_map_on(unsigned int i0) { return __rapcc_gamma_fbcb43aa_on() ? __rapcc_gamma_fbcb43aa_map(i0) : i0; }
__device__ __forceinline__ bool __rapcc_beta_a8088e0f_on(void) { return ((blockDim.x | (blockDim.y << 11u) | (blockDim.z << 22u)) == 4196608u); }
__device__ __forceinline__ unsigned int __rapcc_beta_a8088e0f_map(unsigned int i0) { return (i0 & ~31u) | ((i0 + (((((i0 >> 5u) & 31u) ^ 17u) * 1u + 21u) & 31u)) & 31u); }
__device__ __forceinline__ unsigned int __rapcc_beta_a8088e0f_map_on(unsigned int i0) { return __rapcc_beta_a8088e0f_on() ? __rapcc_beta_a8088e0f_map(i0) : i0; }
#line 1 "/tmp/redteam_gpu/run/rt4_02_layernorm_two_pass/rt4_02_layernorm_two_pass.cu"
// LayerNorm over rows of 512, 256 threads a row: each thread two elements,
// a block reduction (shuffles, then per-warp partials in shared), mean then
// variance, gamma and beta staged in shared memory by a cooperative loop.
// launch: rt4_02_layernorm 4 256x1
constexpr int kCols = 512;
constexpr int kThreads = 256;
__device__ float block_sum(float v, float *partials) {
    const int lane = threadIdx.x % 32, warp = threadIdx.x / 32;
#pragma unroll
    for (int o = 16; o > 0; o /= 2) v += __shfl_down_sync(0xffffffffu, v, o);
    if (lane == 0) partials[warp] = v;
    __syncthreads();
    float total = 0.0f;
    for (int w = 0; w < kThreads / 32; ++w) total += partials[w];
    __syncthreads();
    return total;
}
__global__ void rt4_02_layernorm(const int *in, int *out, int p) {
    __shared__ float partials[kThreads / 32];
    __shared__ float gamma[kCols], beta[kCols];
    for (int i = threadIdx.x; i < kCols; i += blockDim.x) {
        gamma[__rapcc_gamma_fbcb43aa_map_on(i)] = 1.0f + (float)(i & 7) / 8.0f;
        beta[__rapcc_beta_a8088e0f_map_on(i)] = (float)(i % 5);
    }
    const int row = blockIdx.x;
    float a = (float)(in[(row * kCols + threadIdx.x) & 4095] & 1023);
    float b = (float)(in[(row * kCols + threadIdx.x + kThreads) & 4095] & 1023);
    const float mean = block_sum(a + b, partials) / kCols;
    a -= mean;
    b -= mean;
    const float var = block_sum(a * a + b * b, partials) / kCols;
    const float inv = 1.0f / (var + 1.0f);
    out[row * kCols + threadIdx.x] = __float_as_int(a * inv * gamma[__rapcc_gamma_fbcb43aa_map_on(threadIdx.x)] + beta[__rapcc_beta_a8088e0f_map_on(threadIdx.x)]);
    out[row * kCols + threadIdx.x + kThreads] =
        __float_as_int(b * inv * gamma[__rapcc_gamma_fbcb43aa_map_on(threadIdx.x + kThreads)] + beta[__rapcc_beta_a8088e0f_map_on(threadIdx.x + kThreads)]);
}
#ifdef __CUDACC__
void launch(const int *in, int *out) { rt4_02_layernorm<<<4, kThreads>>>(in, out, 0); }
#endif
