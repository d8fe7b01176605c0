// A long long tile transposed with auto-typed indices: 256-byte rows, a
// column read is a 16-way conflict on 8-byte elements.
// launch: rt5_23_ll_tile 2 32x8
// expect: rewritten
static __global__ void __launch_bounds__(256, 2) rt5_23_ll_tile(const int *in, int *out, int p) {
    __shared__ long long tile[32][32];
    const auto tx = threadIdx.x, ty = threadIdx.y;
    for (auto k = 0u; k < 4u; ++k)
        tile[ty + 8 * k][tx] = (long long)in[(blockIdx.x * 1024 + (ty + 8 * k) * 32 + tx) & 4095] * 1000003LL;
    __syncthreads();
    long long acc = 0;
    for (auto k = 0u; k < 4u; ++k) acc ^= tile[tx][ty + 8 * k] >> k;
    out[blockIdx.x * 256 + ty * 32 + tx] = (int)(acc ^ (acc >> 32));
}
#ifdef __CUDACC__
void launch(const int *in, int *out) { rt5_23_ll_tile<<<2, dim3(32, 8)>>>(in, out, 0); }
#endif
