// A constexpr device function whose body __CUDA_ARCH__ picks (0 on sm_80
// and up, 16 elsewhere), its result a column offset.
// launch: rt3_90_cuda_arch_constexpr_function 2 32x8
__host__ __device__ constexpr int skew() {
#if defined(__CUDA_ARCH__) && __CUDA_ARCH__ >= 800
    return 0;
#else
    return 16;
#endif
}
__global__ void rt3_90_cuda_arch_constexpr_function(const int *in, int *out, int p) {
    __shared__ int tile[16][32];
    const int tx = threadIdx.x, ty = threadIdx.y, tid = ty * 32 + tx;
    tile[ty][tx] = in[blockIdx.x * 512 + tid] & 4095;
    tile[ty + 8][tx] = in[blockIdx.x * 512 + tid + 256] & 4095;
    __syncthreads();
    out[blockIdx.x * 256 + tid] = tile[tx % 16][ty] + 3 * tile[ty][tx + skew()];
}
#ifdef __CUDACC__
void launch(const int *in, int *out) { rt3_90_cuda_arch_constexpr_function<<<2, dim3(32, 8)>>>(in, out, 0); }
#endif
