// A lambda that returns a reference into the tile (auto at = [&](r, c) ->
// int & { return tile[r][c]; }), used for the load and the transposed read.
// launch: rt3_40_lambda_accessor_legal 2 32x8
static __global__ void rt3_40_lambda_accessor_legal(const int *in, int *out, int p) {
    __shared__ int tile[32][32];
    auto at = [&](int r, int c) -> int & { return tile[r][c]; };
    const int tx = threadIdx.x, ty = threadIdx.y;
    for (int j = ty; j < 32; j += 8) at(j, tx) = in[blockIdx.x * 1024 + j * 32 + tx] & 4095;
    __syncthreads();
    for (int j = ty; j < 32; j += 8) out[blockIdx.x * 1024 + j * 32 + tx] = at(tx, j);
}
#ifdef __CUDACC__
void launch(const int *in, int *out) { rt3_40_lambda_accessor_legal<<<2, dim3(32, 8)>>>(in, out, 0); }
#endif
