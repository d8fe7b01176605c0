// A short tile transposed: 64-byte rows, so a column read puts two rows on
// every bank (16-way).
// launch: rt5_22_short_tile 2 32x8
// expect: rewritten
static __global__ void rt5_22_short_tile(const int *in, int *out, int p) {
    __shared__ short tile[32][32];
    const int tx = threadIdx.x, ty = threadIdx.y;
#pragma unroll
    for (int k = 0; k < 4; ++k) tile[ty + 8 * k][tx] = (short)(in[(blockIdx.x * 1024 + (ty + 8 * k) * 32 + tx) & 4095] - 1234567);
    __syncthreads();
    int acc = 0;
#pragma unroll
    for (int k = 0; k < 4; ++k) acc = acc * 7 + tile[tx][ty + 8 * k];
    out[blockIdx.x * 256 + ty * 32 + tx] = acc;
}
#ifdef __CUDACC__
void launch(const int *in, int *out) { rt5_22_short_tile<<<2, dim3(32, 8)>>>(in, out, 0); }
#endif
