// Extents from a variable template (kRows<1024> = 32) and a static
// constexpr member, the transposed read in range.
// launch: rt3_53_variable_template_extent_legal 2 32x8
// expect: rewritten
template <int N>
constexpr int kRows = N / 32;
struct Cfg {
    static constexpr int kCols = 32;
};
static __global__ void rt3_53_variable_template_extent_legal(const int *in, int *out, int p) {
    __shared__ int tile[kRows<1024>][Cfg::kCols];
    const int tx = threadIdx.x, ty = threadIdx.y;
    for (int j = ty; j < kRows<1024>; j += 8) tile[j][tx] = in[blockIdx.x * 1024 + j * 32 + tx] & 4095;
    __syncthreads();
    for (int j = ty; j < kRows<1024>; j += 8) out[blockIdx.x * 1024 + j * 32 + tx] = tile[tx][j];
}
#ifdef __CUDACC__
void launch(const int *in, int *out) { rt3_53_variable_template_extent_legal<<<2, dim3(32, 8)>>>(in, out, 0); }
#endif
