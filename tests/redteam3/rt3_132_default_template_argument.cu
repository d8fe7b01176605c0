// A kernel template with a defaulted skew (template <int S = 0>), launched
// as <> and as <16>.
// launch: rt3_132_default_template_argument<> 2 32x8
// launch: rt3_132_default_template_argument<16> 2 32x8 0 1024
template <int S = 0>
__global__ void rt3_132_default_template_argument(const int *in, int *out, int p) {
    __shared__ int tile[16][32];
    const int tx = threadIdx.x, ty = threadIdx.y, tid = ty * 32 + tx;
    tile[ty][tx] = in[blockIdx.x * 512 + tid] & 4095;
    tile[ty + 8][tx] = in[blockIdx.x * 512 + tid + 256] & 4095;
    __syncthreads();
    out[blockIdx.x * 256 + tid] = tile[tx % 16][ty] + 3 * tile[ty][tx + S];
}
#ifdef __CUDACC__
void launch(const int *in, int *out) {
    rt3_132_default_template_argument<><<<2, dim3(32, 8)>>>(in, out, 0);
    rt3_132_default_template_argument<16><<<2, dim3(32, 8)>>>(in, out + 1024, 0);
}
#endif
