// A traits struct specialized per architecture generation (selected by a
// constant __CUDA_ARCH__ sets): Arch<kGen>::skew is 0 on sm_80+, 16 elsewhere.
// launch: rt3_91_cuda_arch_template_specialization 2 32x8
#if defined(__CUDA_ARCH__) && __CUDA_ARCH__ >= 800
constexpr int kGen = 8;
#else
constexpr int kGen = 7;
#endif
template <int G>
struct Arch {
    static constexpr int skew = 16;
};
template <>
struct Arch<8> {
    static constexpr int skew = 0;
};
__global__ void rt3_91_cuda_arch_template_specialization(const int *in, int *out, int p) {
    __shared__ int tile[16][32];
    const int tx = threadIdx.x, ty = threadIdx.y, tid = ty * 32 + tx;
    tile[ty][tx] = in[blockIdx.x * 512 + tid] & 4095;
    tile[ty + 8][tx] = in[blockIdx.x * 512 + tid + 256] & 4095;
    __syncthreads();
    out[blockIdx.x * 256 + tid] = tile[tx % 16][ty] + 3 * tile[ty][tx + Arch<kGen>::skew];
}
#ifdef __CUDACC__
void launch(const int *in, int *out) { rt3_91_cuda_arch_template_specialization<<<2, dim3(32, 8)>>>(in, out, 0); }
#endif
