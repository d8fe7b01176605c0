// A row pointer float *row = &tile[ty][0] walked past its own row
// (row[tx + 32] is the next row's element) and a column pointer
// &tile[0][tx] stepped by the row pitch (col[r * 32]): flat cursors over a
// 2-D tile.
// launch: rt4_36_row_pointer 2 32x8
__global__ void rt4_36_row_pointer(const int *in, int *out, int p) {
    __shared__ float tile[9][32];
    const int tx = threadIdx.x, ty = threadIdx.y;
    float *row = &tile[ty][0];
    row[tx] = (float)(in[(blockIdx.x * 256 + ty * 32 + tx) & 4095] & 255);
    if (ty == 7) row[tx + 32] = (float)tx;
    __syncthreads();
    const float *col = &tile[0][tx];
    float acc = row[tx + 32] + row[(tx + 1) & 31];
    for (int r = 0; r < 9; ++r) acc += col[r * 32] * (float)(r + 1);
    out[blockIdx.x * 256 + ty * 32 + tx] = __float_as_int(acc);
}
#ifdef __CUDACC__
void launch(const int *in, int *out) { rt4_36_row_pointer<<<2, dim3(32, 8)>>>(in, out, 0); }
#endif
