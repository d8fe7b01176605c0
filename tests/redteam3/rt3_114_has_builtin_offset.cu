// A constant chosen by __has_builtin(__builtin_assume), which clang has and
// nvcc's front end (and GCC) do not: the skew is 0 under clang, 16 elsewhere.
// launch: rt3_114_has_builtin_offset 2 32x8
#if defined(__has_builtin)
#if __has_builtin(__builtin_assume)
#define RT3_114_HAVE_ASSUME 1
constexpr int kSkew = 0;
#endif
#endif
#ifndef RT3_114_HAVE_ASSUME
constexpr int kSkew = 16;
#endif
__global__ void rt3_114_has_builtin_offset(const int *in, int *out, int p) {
    __shared__ int tile[16][32];
    const int tx = threadIdx.x, ty = threadIdx.y, tid = ty * 32 + tx;
    tile[ty][tx] = in[blockIdx.x * 512 + tid] & 4095;
    tile[ty + 8][tx] = in[blockIdx.x * 512 + tid + 256] & 4095;
    __syncthreads();
    out[blockIdx.x * 256 + tid] = tile[tx % 16][ty] + 3 * tile[ty][tx + kSkew];
}
#ifdef __CUDACC__
void launch(const int *in, int *out) { rt3_114_has_builtin_offset<<<2, dim3(32, 8)>>>(in, out, 0); }
#endif
