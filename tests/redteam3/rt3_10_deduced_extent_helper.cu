// A helper template that deduces the tile's extents from a reference to the
// array (template <int H, int W> f(const int (&t)[H][W])) and loops to W: a
// layout that widens the declared row changes W, so the loop and the
// result change with it.
// launch: rt3_10_deduced_extent_helper 2 32x8
template <int H, int W>
__device__ int row_hash(const int (&t)[H][W], int r) {
    int h = W;
    for (int c = 0; c < W; ++c) h = h * 3 + t[r][c];
    return h;
}
__global__ void rt3_10_deduced_extent_helper(const int *in, int *out, int p) {
    __shared__ int tile[32][32];
    const int tx = threadIdx.x, ty = threadIdx.y;
    for (int j = ty; j < 32; j += 8) tile[j][tx] = in[blockIdx.x * 1024 + j * 32 + tx] & 4095;
    __syncthreads();
    for (int j = ty; j < 32; j += 8)
        out[blockIdx.x * 1024 + j * 32 + tx] = tile[tx][j] + row_hash(tile, (tx + j) % 32);
}
#ifdef __CUDACC__
void launch(const int *in, int *out) { rt3_10_deduced_extent_helper<<<2, dim3(32, 8)>>>(in, out, 0); }
#endif
