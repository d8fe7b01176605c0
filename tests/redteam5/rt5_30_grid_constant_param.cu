// A `const __grid_constant__` kernel parameter (the scale p, read in the
// kernel by address-free use) beside a transposed 32x32 tile.
// launch: rt5_30_grid_const 2 32x8 3
// expect: rewritten
__global__ void rt5_30_grid_const(const int *in, int *out, const __grid_constant__ int p) {
    __shared__ int tile[32][32];
    const int tx = threadIdx.x, ty = threadIdx.y;
#pragma unroll
    for (int k = 0; k < 4; ++k) tile[ty + 8 * k][tx] = in[(blockIdx.x * 1024 + (ty + 8 * k) * 32 + tx) & 4095] & 1023;
    __syncthreads();
    int acc = 0;
#pragma unroll
    for (int k = 0; k < 4; ++k) acc = acc * p + tile[tx][ty + 8 * k];
    out[blockIdx.x * 256 + ty * 32 + tx] = acc;
}
#ifdef __CUDACC__
void launch(const int *in, int *out) { rt5_30_grid_const<<<2, dim3(32, 8)>>>(in, out, 3); }
#endif
