// NVIDIA's transpose blog post, TILE_DIM 32 and BLOCK_ROWS 8 with
// #pragma unroll, the padded-by-rapcc candidate as written before padding.
// launch: rt2_94_unroll_block_rows 2 32x8
// expect: rewritten
#define TILE_DIM 32
#define BLOCK_ROWS 8
__global__ void rt2_94_unroll_block_rows(const int *in, int *out, int p) {
    __shared__ float tile[TILE_DIM][TILE_DIM];
    const int x = threadIdx.x, y = threadIdx.y;
    const float *src = reinterpret_cast<const float *>(in) + blockIdx.x * TILE_DIM * TILE_DIM;
#pragma unroll
    for (int j = 0; j < TILE_DIM; j += BLOCK_ROWS)
        tile[y + j][x] = src[(y + j) * TILE_DIM + x];
    __syncthreads();
#pragma unroll
    for (int j = 0; j < TILE_DIM; j += BLOCK_ROWS)
        out[blockIdx.x * TILE_DIM * TILE_DIM + (y + j) * TILE_DIM + x] = __float_as_int(tile[x][y + j]) & 0x7fffffff;
}
#ifdef __CUDACC__
void launch(const int *in, int *out) { rt2_94_unroll_block_rows<<<2, dim3(TILE_DIM, BLOCK_ROWS)>>>(in, out, 0); }
#endif
