// Pointer to a row type: float (*rows)[33] = tile; then rows += k walks
// whole rows, and rows[i][j] reads past the declared rows' end on purpose.
// launch: rt10_rowsptr 2 32x8
__global__ void rt10_rowsptr(const int *in, int *out, int p) {
    __shared__ float tile[32][33];
    const int tx = threadIdx.x, ty = threadIdx.y, tid = ty * 32 + tx;
    for (int i = tid; i < 32 * 33; i += 256) tile[i / 33][i % 33] = (float)(in[blockIdx.x * 1056 + i] & 1023);
    __syncthreads();
    float (*rows)[33] = tile;
    rows += ty;
    float acc = rows[0][tx] + rows[4][tx + 1];
    float (*half)[33] = tile + 16;
    acc += half[tx % 16][ty] * 3.f;
    out[blockIdx.x * 256 + tid] = __float_as_int(acc);
}
#ifdef __CUDACC__
void launch(const int *in, int *out) { rt10_rowsptr<<<2, dim3(32, 8)>>>(in, out, 0); }
#endif
