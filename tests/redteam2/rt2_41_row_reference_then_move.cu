// A reference to a row, auto &row = tile[r], then r moves: the reference
// still names the row it was bound to.
// launch: rt2_41_row_reference_then_move 2 32x8
__global__ void rt2_41_row_reference_then_move(const int *in, int *out, int p) {
    __shared__ float tile[32][32];
    const int tx = threadIdx.x, ty = threadIdx.y, tid = ty * 32 + tx;
    for (int j = ty; j < 32; j += 8)
        tile[j][tx] = (float)(in[blockIdx.x * 1024 + j * 32 + tx] & 4095);
    __syncthreads();
    int r = tx;
    auto &row = tile[r];
    r = (r + 5) & 31;
    const float *prow = tile[r];
    r = (r + 7) & 31;
    out[blockIdx.x * 256 + tid] = __float_as_int(row[ty] + 2.0f * prow[ty] + 4.0f * tile[r][ty]);
}
#ifdef __CUDACC__
void launch(const int *in, int *out) { rt2_41_row_reference_then_move<<<2, dim3(32, 8)>>>(in, out, 0); }
#endif
