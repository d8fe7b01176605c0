// Structured bindings of an int2 (auto [r, c] = make_int2(tid / 32 * 2, tid % 32))
// index a tile declared [16][16]: c runs to 31, past the 16-wide rows (each
// thread's (r, c) is element tid of the tile, read as flat memory).
// launch: rt5_33_bind_wide 2 32x8
__global__ void rt5_33_bind_wide(const int *in, int *out, int p) {
    __shared__ int tile[16][16];
    const int tid = threadIdx.y * 32 + threadIdx.x;
    const auto [r, c] = make_int2(tid / 32 * 2, tid % 32);
    tile[r][c] = in[blockIdx.x * 256 + tid] & 1023;
    __syncthreads();
    out[blockIdx.x * 256 + tid] = tile[c % 16][r / 2 + 8 * (c / 16)] * 3 + tile[r][31 - c];
}
#ifdef __CUDACC__
void launch(const int *in, int *out) { rt5_33_bind_wide<<<2, dim3(32, 8)>>>(in, out, 0); }
#endif
