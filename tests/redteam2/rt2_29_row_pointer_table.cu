// Pointers to rows kept in a local array, float *rows[4], one read running
// past its row into the next.
// launch: rt2_29_row_pointer_table 2 32x8
__global__ void rt2_29_row_pointer_table(const int *in, int *out, int p) {
    __shared__ float tile[32][32];
    const int tx = threadIdx.x, ty = threadIdx.y, tid = ty * 32 + tx;
    for (int j = ty; j < 32; j += 8)
        tile[j][tx] = (float)(in[blockIdx.x * 1024 + j * 32 + tx] & 4095);
    __syncthreads();
    float *rows[4];
    for (int i = 0; i < 4; ++i) rows[i] = tile[i * 7 + ty];  // row 28 at most: [28][47] stays in the tile
    float acc = rows[tx & 3][ty] + rows[(tx >> 2) & 3][tx + 16];
    out[blockIdx.x * 256 + tid] = __float_as_int(acc);
}
#ifdef __CUDACC__
void launch(const int *in, int *out) { rt2_29_row_pointer_table<<<2, dim3(32, 8)>>>(in, out, 0); }
#endif
