// A file-scope constant chosen by a compiler macro: the skew is 0 where
// __GNUC__ is below 7 (clang, parsing, says 4), and 16 where the host
// compiler is GCC 7 or later (nvcc says the host compiler's version).
// launch: rt3_111_gnuc_version_offset 2 32x8
#if __GNUC__ < 7
constexpr int kSkew = 0;
#else
constexpr int kSkew = 16;
#endif
__global__ void rt3_111_gnuc_version_offset(const int *in, int *out, int p) {
    __shared__ int tile[16][32];
    const int tx = threadIdx.x, ty = threadIdx.y, tid = ty * 32 + tx;
    tile[ty][tx] = in[blockIdx.x * 512 + tid] & 4095;
    tile[ty + 8][tx] = in[blockIdx.x * 512 + tid + 256] & 4095;
    __syncthreads();
    out[blockIdx.x * 256 + tid] = tile[tx % 16][ty] + 3 * tile[ty][tx + kSkew];
}
#ifdef __CUDACC__
void launch(const int *in, int *out) { rt3_111_gnuc_version_offset<<<2, dim3(32, 8)>>>(in, out, 0); }
#endif
