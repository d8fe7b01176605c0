// A local table of row indices, written once and then changed through a
// pointer into it (int *slot = rows + 1; *slot += 12): rows[1] is ty + 20,
// past the tile's 16 rows for ty >= 12... so the reads take rows[k] % 16 on
// an [8][32] tile read as [16][16] by a flat row pointer.
// launch: rt5_59_row_table 2 32x8
__global__ void rt5_59_row_table(const int *in, int *out, int p) {
    __shared__ int tile[16][32];
    const int tx = threadIdx.x, ty = threadIdx.y, tid = ty * 32 + tx;
    tile[ty][tx] = in[(blockIdx.x * 512 + tid) & 4095] & 1023;
    tile[ty + 8][tx] = in[(blockIdx.x * 512 + 256 + tid) & 4095] & 1023;
    __syncthreads();
    int cols[4] = {tx, (tx + 1) & 31, (tx + 2) & 31, (tx + 3) & 31};
    int *slot = cols + 2;
    *slot += 16;
    int acc = 0;
    for (int k = 0; k < 4; ++k) acc = acc * 3 + tile[ty][cols[k]];
    out[blockIdx.x * 256 + tid] = acc;
}
#ifdef __CUDACC__
void launch(const int *in, int *out) { rt5_59_row_table<<<2, dim3(32, 8)>>>(in, out, 0); }
#endif
