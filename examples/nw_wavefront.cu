// nw_wavefront: Needleman-Wunsch scoring of one 16x16 tile per block along
// anti-diagonals (Rodinia nw, one tile with its north row and west column
// given), 16 threads per block.
//
// Shared-memory pattern (16 lanes, lane tx on anti-diagonal m):
//   temp[m - tx + 1][tx + 1] and its three neighbours: the row pitch is 17
//   words, so lanes are 17 - 1 = 16 words apart: 8-way conflict
//   ref[m - tx][tx]: pitch 16, lanes 15 words apart: conflict-free
//   ref[ty][tx], temp[0][tx + 1] loads: rows: conflict-free
// What rapcc should find: an 8-way conflict on every 'temp' access of both
// sweeps (seed 004 Table 5: NW-1, NW-2), none on 'ref'. Padding 'temp' to
// 18 words per row (lanes 17 apart) makes it conflict-free; note that
// padding 'ref' by one word would create conflicts.

#define BLOCK_SIZE 16

__device__ int maximum3(int a, int b, int c)
{
    int k = a > b ? a : b;
    return k > c ? k : c;
}

extern "C" __global__ void nw_wavefront(int *d_score, const int *d_ref, const int *d_north,
                                        const int *d_west, int penalty)
{
#pragma rapcc block_dim(16, 1, 1)
    __shared__ int temp[BLOCK_SIZE + 1][BLOCK_SIZE + 1];
    __shared__ int ref[BLOCK_SIZE][BLOCK_SIZE];

    int tx = threadIdx.x;
    int b = blockIdx.x;
    const int *r = d_ref + b * BLOCK_SIZE * BLOCK_SIZE;
    for (int ty = 0; ty < BLOCK_SIZE; ty++)
        ref[ty][tx] = r[ty * BLOCK_SIZE + tx];
    if (tx == 0)
        temp[0][0] = d_north[b * (BLOCK_SIZE + 1)];
    temp[0][tx + 1] = d_north[b * (BLOCK_SIZE + 1) + tx + 1];
    temp[tx + 1][0] = d_west[b * BLOCK_SIZE + tx];
    __syncthreads();

    // Upper-left triangle: anti-diagonals 0 .. BLOCK_SIZE - 1.
    for (int m = 0; m < BLOCK_SIZE; m++) {
        if (tx <= m) {
            int x = tx + 1;
            int y = m - tx + 1;
            temp[y][x] = maximum3(temp[y - 1][x - 1] + ref[y - 1][x - 1],
                                  temp[y][x - 1] - penalty,
                                  temp[y - 1][x] - penalty);
        }
        __syncthreads();
    }

    // Lower-right triangle.
    for (int m = BLOCK_SIZE - 2; m >= 0; m--) {
        if (tx <= m) {
            int x = tx + BLOCK_SIZE - m;
            int y = BLOCK_SIZE - tx;
            temp[y][x] = maximum3(temp[y - 1][x - 1] + ref[y - 1][x - 1],
                                  temp[y][x - 1] - penalty,
                                  temp[y - 1][x] - penalty);
        }
        __syncthreads();
    }

    int *score = d_score + b * BLOCK_SIZE * BLOCK_SIZE;
    for (int ty = 0; ty < BLOCK_SIZE; ty++)
        score[ty * BLOCK_SIZE + tx] = temp[ty + 1][tx + 1];
}
