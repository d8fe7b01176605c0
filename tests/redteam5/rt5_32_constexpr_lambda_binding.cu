// A C++17 constexpr lambda swaps an int2, and structured bindings take its
// fields as the subscripts: auto [r, c] = swap_rc(make_int2(ty + 8k, tx)) reads
// tile[tx][ty + 8k], a column.
// launch: rt5_32_lambda_bind 2 32x8
// Kept by rapcc for a true reason: the lambda returns an int2 built by a
// braced list, and the bindings' values are not followed through it
// (rapcc-unproved: [0, 1023]).
__global__ void rt5_32_lambda_bind(const int *in, int *out, int p) {
    __shared__ int tile[32][32];
    constexpr auto swap_rc = [](int2 v) constexpr { return int2{v.y, v.x}; };
    const int tx = threadIdx.x, ty = threadIdx.y;
#pragma unroll
    for (int k = 0; k < 4; ++k) tile[ty + 8 * k][tx] = in[(blockIdx.x * 1024 + (ty + 8 * k) * 32 + tx) & 4095] & 1023;
    __syncthreads();
    int acc = 0;
#pragma unroll
    for (int k = 0; k < 4; ++k) {
        const auto [r, c] = swap_rc(make_int2(ty + 8 * k, tx));
        acc = acc * 5 + tile[r][c];
    }
    out[blockIdx.x * 256 + ty * 32 + tx] = acc;
}
#ifdef __CUDACC__
void launch(const int *in, int *out) { rt5_32_lambda_bind<<<2, dim3(32, 8)>>>(in, out, 0); }
#endif
