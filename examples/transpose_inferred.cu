// transpose_inferred: out-of-place transpose of an int matrix through a
// 16x16 shared tile, with __launch_bounds__(256) and no block_dim pragma or
// launch in this file: the host code that launches it lives elsewhere, as in
// most projects, so rapcc has to infer the block shape.
//
// Shared-memory pattern (block 16x16):
//   store: tile[ty][tx]: a warp writes two 16-word rows: conflict-free
//   load:  tile[tx][ty]: a warp reads two columns, lanes 16 words apart:
//          8-way conflict (the 'block' class, S = 16)
// What rapcc should find: a block shape inferred from __launch_bounds__(256)
// and the subscripts (threadIdx.x and threadIdx.y both index a 16-element
// dimension), with 16x16 among the plausible shapes, and the 8-way conflict
// on the column read. The rewrite must hold under every plausible shape;
// auto chooses a layout only if it is cheaper under all of them.

#define TILE 16

extern "C" __global__ void __launch_bounds__(256) transpose_inferred(int *out, const int *in, int rows, int cols)
{
    __shared__ int tile[TILE][TILE];

    int x = blockIdx.x * TILE + threadIdx.x;
    int y = blockIdx.y * TILE + threadIdx.y;
    tile[threadIdx.y][threadIdx.x] = in[(size_t)y * cols + x];
    __syncthreads();

    x = blockIdx.y * TILE + threadIdx.x;
    y = blockIdx.x * TILE + threadIdx.y;
    out[(size_t)y * rows + x] = tile[threadIdx.x][threadIdx.y];
}
