// 24 rows of 32 (a row count that is no power of two), read by columns.
// launch: rt2_148_odd_rows_24 2 32x8
// expect: rewritten
__global__ void rt2_148_odd_rows_24(const int *in, int *out, int p) {
    __shared__ int tile[24][32];
    const int tx = threadIdx.x, ty = threadIdx.y, tid = ty * 32 + tx;
    for (int j = ty; j < 24; j += 8)
        tile[j][tx] = in[blockIdx.x * 768 + j * 32 + tx] & 8191;
    __syncthreads();
    int acc = 0;
    for (int j = ty; j < 32; j += 8)
        acc += tile[tx % 24][j] * (j + 1) + tile[(tx * 7) % 24][j];
    out[blockIdx.x * 256 + tid] = acc;
}
#ifdef __CUDACC__
void launch(const int *in, int *out) { rt2_148_odd_rows_24<<<2, dim3(32, 8)>>>(in, out, 0); }
#endif
