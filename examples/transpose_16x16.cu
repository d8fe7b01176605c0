// transpose_16x16: out-of-place transpose through a 16x16 shared tile with
// 16x16 threads (seed 004 sections 3.2.1 and 3.2.2).
//
// Shared-memory pattern (a warp holds two rows of the block, ty and ty + 1):
//   load:  tile[ty][tx]  -> words 0..31 of the tile: linear, conflict-free
//   store: tile[tx][ty]  -> words 0, 16, 32, ..., 240, 1, 17, ..., 241:
//                           stride 16, 8-way bank conflict
// What rapcc should find: an 8-way conflict on the transposed read of
// 'tile'; padding the row to 17 words, XOR of the row bits and RAP fix it.

#define TILE_SIZE 16

extern "C" __global__ void transpose_16x16(float *out, const float *in, int rows, int cols)
{
#pragma rapcc block_dim(16, 16, 1)
    __shared__ float tile[TILE_SIZE][TILE_SIZE];

    int i = blockIdx.x * blockDim.x + threadIdx.x;
    int j = blockIdx.y * blockDim.y + threadIdx.y;
    tile[threadIdx.y][threadIdx.x] = in[j * cols + i];

    __syncthreads();

    i = blockIdx.y * blockDim.y + threadIdx.x;
    j = blockIdx.x * blockDim.x + threadIdx.y;
    out[j * rows + i] = tile[threadIdx.x][threadIdx.y];
}
