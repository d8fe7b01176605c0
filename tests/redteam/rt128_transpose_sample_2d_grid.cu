// The transpose sample's coalesced kernel: TILE_DIM/BLOCK_ROWS macros,
// blockIdx.x and blockIdx.y in the global index (the grid here is 2x1),
// tile[threadIdx.y + j][threadIdx.x] and its transpose; legal.
// launch: rt128_tr 2 32x8
// expect: rewritten
#define TILE_DIM 32
#define BLOCK_ROWS 8
__global__ void rt128_tr(const int *in, int *out, int p) {
    __shared__ float tile[TILE_DIM][TILE_DIM];
    int x = blockIdx.x * TILE_DIM + threadIdx.x;
    int y = blockIdx.y * TILE_DIM + threadIdx.y;
    const int width = gridDim.x * TILE_DIM;
    for (int j = 0; j < TILE_DIM; j += BLOCK_ROWS)
        tile[threadIdx.y + j][threadIdx.x] = (float)(in[(y + j) * width + x] & 1023);
    __syncthreads();
    x = blockIdx.y * TILE_DIM + threadIdx.x;
    y = blockIdx.x * TILE_DIM + threadIdx.y;
    for (int j = 0; j < TILE_DIM; j += BLOCK_ROWS)
        out[(y + j) * TILE_DIM + x] = (int)tile[threadIdx.x][threadIdx.y + j];
}
#ifdef __CUDACC__
void launch(const int *in, int *out) {
    dim3 grid(2, 1), threads(TILE_DIM, BLOCK_ROWS);
    rt128_tr<<<grid, threads>>>(in, out, 0);
}
#endif
