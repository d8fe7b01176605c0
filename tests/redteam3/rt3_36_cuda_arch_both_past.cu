// __CUDA_ARCH__ chooses the offset of a read: 0 on sm_80 and up, 16
// elsewhere; the offset goes through a constexpr, so the subscript's text
// is the same in both paths.
// launch: rt3_36_cuda_arch_both_past 2 32x8
#if defined(__CUDA_ARCH__) && __CUDA_ARCH__ >= 800
constexpr int kSkew = 0;
#else
constexpr int kSkew = 16;
#endif
__global__ void rt3_36_cuda_arch_both_past(const int *in, int *out, int p) {
    __shared__ int tile[16][32];
    const int tx = threadIdx.x, ty = threadIdx.y, tid = ty * 32 + tx;
    tile[ty][tx] = in[blockIdx.x * 512 + tid] & 4095;
    tile[ty + 8][tx] = in[blockIdx.x * 512 + tid + 256] & 4095;
    __syncthreads();
    out[blockIdx.x * 256 + tid] = tile[tx % 16][ty] + 3 * tile[ty][tx + kSkew];
}
#ifdef __CUDACC__
void launch(const int *in, int *out) { rt3_36_cuda_arch_both_past<<<2, dim3(32, 8)>>>(in, out, 0); }
#endif
