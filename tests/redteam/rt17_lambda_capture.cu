// A generic lambda capturing the tile by reference, called with a column
// that walks into the next row.
// launch: rt17_lambda 2 32x8
__global__ void rt17_lambda(const int *in, int *out, int p) {
    __shared__ int tile[32][32];
    const int tx = threadIdx.x, ty = threadIdx.y, tid = ty * 32 + tx;
    for (int j = ty; j < 32; j += 8) tile[j][tx] = in[blockIdx.x * 1024 + j * 32 + tx] & 4095;
    __syncthreads();
    auto at = [&](auto r, auto c) { return tile[r][c]; };
    int acc = at(tx, ty) + at(ty, tx + 32) * 3;
    out[blockIdx.x * 256 + tid] = acc;
}
#ifdef __CUDACC__
void launch(const int *in, int *out) { rt17_lambda<<<2, dim3(32, 8)>>>(in, out, 0); }
#endif
