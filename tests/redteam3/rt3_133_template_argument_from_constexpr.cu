// Template arguments spelled as constexpr variables and a constexpr
// function call (k<kNone>, k<skew_for(2)>): 0 and 16.
// launch: rt3_133_template_argument_from_constexpr<0> 2 32x8
// launch: rt3_133_template_argument_from_constexpr<16> 2 32x8 0 1024
constexpr int kNone = 0;
constexpr int skew_for(int n) { return 8 * n; }
template <int S>
__global__ void rt3_133_template_argument_from_constexpr(const int *in, int *out, int p) {
    __shared__ int tile[16][32];
    const int tx = threadIdx.x, ty = threadIdx.y, tid = ty * 32 + tx;
    tile[ty][tx] = in[blockIdx.x * 512 + tid] & 4095;
    tile[ty + 8][tx] = in[blockIdx.x * 512 + tid + 256] & 4095;
    __syncthreads();
    out[blockIdx.x * 256 + tid] = tile[tx % 16][ty] + 3 * tile[ty][tx + S];
}
#ifdef __CUDACC__
void launch(const int *in, int *out) {
    rt3_133_template_argument_from_constexpr<kNone><<<2, dim3(32, 8)>>>(in, out, 0);
    rt3_133_template_argument_from_constexpr<skew_for(2)><<<2, dim3(32, 8)>>>(in, out + 1024, 0);
}
#endif
