// auto everywhere and [[maybe_unused]]: unsigned indices from threadIdx,
// an unused warp id, a transposed read of an int tile.
// launch: rt5_34_auto_idx 2 32x8
// expect: rewritten
__global__ void rt5_34_auto_idx(const int *in, int *out, int p) {
    __shared__ int tile[32][32];
    const auto lane = threadIdx.x % 32u;
    [[maybe_unused]] const auto warp = threadIdx.y;
    const auto row0 = threadIdx.y;
    for (auto k = 0u; k < 4u; ++k) {
        const auto r = row0 + 8u * k;
        tile[r][lane] = in[(blockIdx.x * 1024u + r * 32u + lane) & 4095u] & 1023;
    }
    __syncthreads();
    auto acc = 0;
    for (auto k = 0u; k < 4u; ++k) acc = acc * 5 + tile[lane][row0 + 8u * k];
    out[blockIdx.x * 256 + row0 * 32 + lane] = acc;
}
#ifdef __CUDACC__
void launch(const int *in, int *out) { rt5_34_auto_idx<<<2, dim3(32, 8)>>>(in, out, 0); }
#endif
