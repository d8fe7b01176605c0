// Range-based for over a shared row and over the rows of the tile: the
// loops run over the declared extents, so a padded row adds a trip.
// launch: rt59_rangefor 2 32x8
__global__ void rt59_rangefor(const int *in, int *out, int p) {
    __shared__ int tile[32][32];
    const int tx = threadIdx.x, ty = threadIdx.y, tid = ty * 32 + tx;
    for (int j = ty; j < 32; j += 8) tile[j][tx] = in[blockIdx.x * 1024 + j * 32 + tx] & 1023;
    __syncthreads();
    int acc = tile[tx][ty];
    for (int v : tile[tx]) acc += v;
    int n = 0;
    for (const auto &row : tile) n += row[ty] & 1;
    out[blockIdx.x * 256 + tid] = acc * 64 + n;
}
#ifdef __CUDACC__
void launch(const int *in, int *out) { rt59_rangefor<<<2, dim3(32, 8)>>>(in, out, 0); }
#endif
