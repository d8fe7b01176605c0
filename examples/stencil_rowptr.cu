// stencil_rowptr: 3x3 Gaussian blur of a float image, clamped at the edges.
// A 32x8 block stages a (8+2) x (128+2) tile and each thread computes four
// neighbouring outputs of one row (register blocking along x), reading the
// tile through row pointers `const float *row = tile[ty + k]`, as
// hand-written stencils often do.
//
// Shared-memory pattern:
//   fill: tile[r][c] with r, c from a flat loop over the tile: linear
//   read: row[4 * tx + j + d] with row = tile[ty + k]: lanes are 4 words
//         apart: 4-way conflict on all 36 reads per thread
// What rapcc should find: the row pointer 'row = tile[ty + k]' is followed
// (its offset reads the loop variable k, which the loop body never writes,
// so within the alias's scope -- one trip -- it names one row). The 4-way
// conflict is a lane stride of 4 inside a 130-word row: padding the row does
// not change it, so auto keeps the layout; pad, xor and rap rewrite both
// the direct and the aliased subscripts when asked.

#define OUT_W 128
#define OUT_H 8
#define TILE_W (OUT_W + 2)
#define TILE_H (OUT_H + 2)

extern "C" __global__ void stencil_rowptr(float *out, const float *in, int width, int height)
{
#pragma rapcc block_dim(32, 8, 1)
    __shared__ float tile[TILE_H][TILE_W];

    int x0 = blockIdx.x * OUT_W;
    int y0 = blockIdx.y * OUT_H;
    int tid = threadIdx.y * 32 + threadIdx.x;
    for (int p = tid; p < TILE_H * TILE_W; p += 256) {
        int r = p / TILE_W;
        int c = p % TILE_W;
        int gy = min(max(y0 + r - 1, 0), height - 1);
        int gx = min(max(x0 + c - 1, 0), width - 1);
        tile[r][c] = in[(size_t)gy * width + gx];
    }
    __syncthreads();

    const float w[3] = {0.25f, 0.5f, 0.25f};
    float acc[4] = {0.0f, 0.0f, 0.0f, 0.0f};
    for (int k = 0; k < 3; k++) {
        const float *row = tile[threadIdx.y + k];
        for (int j = 0; j < 4; j++)
            for (int d = 0; d < 3; d++)
                acc[j] += w[k] * w[d] * row[4 * threadIdx.x + j + d];
    }

    float *dst = out + (size_t)(y0 + threadIdx.y) * width + x0 + 4 * threadIdx.x;
    for (int j = 0; j < 4; j++)
        dst[j] = acc[j];
}
