// dim3 block(BLOCK_X, BLOCK_Y) from #defines and a 64-wide tile of 16 rows
// (int), read down its columns in a strided loop: tile[c][r] with c from the
// lane (rows 64 ints apart, a 32-way conflict). A legal control.
// launch: rt4_41_define_dim3 2 64x4
// expect: rewritten
#define BLOCK_X 64
#define BLOCK_Y 4
#define TR 16
__global__ void rt4_41_define_dim3(const int *in, int *out, int p) {
    __shared__ int tile[TR][BLOCK_X];
    const int tx = threadIdx.x, ty = threadIdx.y;
    for (int r = ty; r < TR; r += BLOCK_Y) tile[r][tx] = in[(blockIdx.x * 1024 + r * BLOCK_X + tx) & 4095];
    __syncthreads();
    int acc = 0;
    for (int r = ty; r < BLOCK_X; r += BLOCK_Y) acc += tile[tx & (TR - 1)][r] * (r + 1);
    out[blockIdx.x * 256 + ty * BLOCK_X + tx] = acc;
}
#ifdef __CUDACC__
void launch(const int *in, int *out) {
    dim3 block(BLOCK_X, BLOCK_Y);
    dim3 grid(2);
    rt4_41_define_dim3<<<grid, block>>>(in, out, 0);
}
#endif
