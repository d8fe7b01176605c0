// The SDK transpose, file-local (static), launched here only: rapcc sees
// every launch, so padding the tile to [32][33] is possible. A legal control.
// launch: rt4_50_static_transpose 2 32x8
// expect: rewritten
#define TILE_DIM 32
#define BLOCK_ROWS 8
static __global__ void rt4_50_static_transpose(const int *in, int *out, int p) {
    __shared__ float tile[TILE_DIM][TILE_DIM];
    const int x = threadIdx.x, y = threadIdx.y;
    for (int j = 0; j < TILE_DIM; j += BLOCK_ROWS)
        tile[y + j][x] = (float)(in[blockIdx.x * 1024 + (y + j) * TILE_DIM + x] & 4095);
    __syncthreads();
    for (int j = 0; j < TILE_DIM; j += BLOCK_ROWS)
        out[blockIdx.x * 1024 + (y + j) * TILE_DIM + x] = __float_as_int(tile[x][y + j]);
}
#ifdef __CUDACC__
void launch(const int *in, int *out) { rt4_50_static_transpose<<<2, dim3(TILE_DIM, BLOCK_ROWS)>>>(in, out, 0); }
#endif
