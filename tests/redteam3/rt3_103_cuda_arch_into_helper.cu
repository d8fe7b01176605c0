// An #if on __CUDA_ARCH__ in the kernel picks an offset that it hands to a
// device helper owning the shared tile; neither the helper nor its tile is
// spelled under the #if.
// launch: rt3_103_cuda_arch_into_helper 2 32x8
__device__ int stage(const int *g, int skew) {
    __shared__ int tile[16][32];
    const int tx = threadIdx.x, ty = threadIdx.y, tid = ty * 32 + tx;
    tile[ty][tx] = g[tid] & 4095;
    tile[ty + 8][tx] = g[tid + 256] & 4095;
    __syncthreads();
    return tile[tx % 16][ty] + 3 * tile[ty][tx + skew];
}
__global__ void rt3_103_cuda_arch_into_helper(const int *in, int *out, int p) {
    int skew = 16;
#if defined(__CUDA_ARCH__) && __CUDA_ARCH__ >= 800
    skew = 0;
#endif
    out[blockIdx.x * 256 + threadIdx.y * 32 + threadIdx.x] = stage(in + blockIdx.x * 512, skew);
}
#ifdef __CUDACC__
void launch(const int *in, int *out) { rt3_103_cuda_arch_into_helper<<<2, dim3(32, 8)>>>(in, out, 0); }
#endif
