// A file-scope macro whose value __CUDA_ARCH__ decides (RT3_89_SKEW is 0 on sm_80
// and up, 16 elsewhere), used in a subscript.
// launch: rt3_89_cuda_arch_macro_offset 2 32x8
#if defined(__CUDA_ARCH__) && __CUDA_ARCH__ >= 800
#define RT3_89_SKEW 0
#else
#define RT3_89_SKEW 16
#endif
__global__ void rt3_89_cuda_arch_macro_offset(const int *in, int *out, int p) {
    __shared__ int tile[16][32];
    const int tx = threadIdx.x, ty = threadIdx.y, tid = ty * 32 + tx;
    tile[ty][tx] = in[blockIdx.x * 512 + tid] & 4095;
    tile[ty + 8][tx] = in[blockIdx.x * 512 + tid + 256] & 4095;
    __syncthreads();
    out[blockIdx.x * 256 + tid] = tile[tx % 16][ty] + 3 * tile[ty][tx + RT3_89_SKEW];
}
#ifdef __CUDACC__
void launch(const int *in, int *out) { rt3_89_cuda_arch_macro_offset<<<2, dim3(32, 8)>>>(in, out, 0); }
#endif
