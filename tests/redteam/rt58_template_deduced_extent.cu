// A helper template deduces the tile's extents from an array reference,
// template <int R, int C> sum(int (&a)[R][C]), and loops to C: a padded
// row would make it read the padding.
// launch: rt58_deduce 2 32x8
template <int R, int C>
__device__ int row_total(const int (&a)[R][C], int r) {
    int s = 0;
    for (int c = 0; c < C; ++c) s += a[r][c] * (c + 1);
    return s + R;
}
__global__ void rt58_deduce(const int *in, int *out, int p) {
    __shared__ int tile[32][32];
    const int tx = threadIdx.x, ty = threadIdx.y, tid = ty * 32 + tx;
    for (int j = ty; j < 32; j += 8) tile[j][tx] = in[blockIdx.x * 1024 + j * 32 + tx] & 1023;
    __syncthreads();
    int acc = tile[tx][ty] + row_total(tile, tx);
    out[blockIdx.x * 256 + tid] = acc;
}
#ifdef __CUDACC__
void launch(const int *in, int *out) { rt58_deduce<<<2, dim3(32, 8)>>>(in, out, 0); }
#endif
