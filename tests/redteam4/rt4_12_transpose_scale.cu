// Transpose and scale in one kernel (the SDK's coalesced transpose with a
// per-column scale staged in shared memory): tile[32][32] read by columns.
// A legal control.
// launch: rt4_12_transpose_scale 2 32x8
// expect: rewritten
const int TILE_DIM = 32;
const int BLOCK_ROWS = 8;
__global__ void rt4_12_transpose_scale(const int *in, int *out, int p) {
    __shared__ float tile[TILE_DIM][TILE_DIM];
    __shared__ float colscale[TILE_DIM];
    const int x = threadIdx.x, y = threadIdx.y;
    if (y == 0) colscale[x] = 1.0f + (float)x / 32.0f;
    for (int j = 0; j < TILE_DIM; j += BLOCK_ROWS)
        tile[y + j][x] = (float)(in[blockIdx.x * 1024 + (y + j) * TILE_DIM + x] & 4095);
    __syncthreads();
    for (int j = 0; j < TILE_DIM; j += BLOCK_ROWS)
        out[blockIdx.x * 1024 + (y + j) * TILE_DIM + x] = __float_as_int(tile[x][y + j] * colscale[y + j]);
}
#ifdef __CUDACC__
void launch(const int *in, int *out) {
    dim3 dimGrid(2, 1, 1), dimBlock(TILE_DIM, BLOCK_ROWS, 1);
    rt4_12_transpose_scale<<<dimGrid, dimBlock>>>(in, out, 0);
}
#endif
