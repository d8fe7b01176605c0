// #pragma unroll with a bound computed from constexprs (TILE / ROWS), the
// CUDA samples' transpose with its loops fully unrolled.
// launch: rt3_23_pragma_unroll_computed_legal 2 32x8
// expect: rewritten
constexpr int TILE = 32, ROWS = 8;
static __global__ void rt3_23_pragma_unroll_computed_legal(const int *in, int *out, int p) {
    __shared__ float tile[TILE][TILE];
    const int tx = threadIdx.x, ty = threadIdx.y;
#pragma unroll TILE / ROWS
    for (int k = 0; k < TILE / ROWS; ++k)
        tile[ty + k * ROWS][tx] = (float)(in[blockIdx.x * 1024 + (ty + k * ROWS) * TILE + tx] & 4095);
    __syncthreads();
#pragma unroll(TILE / ROWS)
    for (int k = 0; k < TILE / ROWS; ++k)
        out[blockIdx.x * 1024 + (ty + k * ROWS) * TILE + tx] = __float_as_int(tile[tx][ty + k * ROWS]);
}
#ifdef __CUDACC__
void launch(const int *in, int *out) { rt3_23_pragma_unroll_computed_legal<<<2, dim3(32, 8)>>>(in, out, 0); }
#endif
