// conv_cols: the column pass of a separable convolution (CUDA SDK
// convolutionSeparable, here without the SDK's +1 padding): a 16x8 thread
// block stages a 16-pixel-wide strip of 4 x 8 output rows plus an 8-row
// apron above and below, stored transposed (s_data[column][row]), then each
// output pixel sums 17 taps down its column. Zero outside the image.
//
// Shared-memory pattern (a warp = 16 columns x 2 rows):
//   s_data[tx][ty + i * 8 (+ j)]: lanes along tx are 48 words apart, and
//   48 * tx mod 32 takes only the values 0 and 16: 8-way conflict on the
//   stores and on every tap's load.
// What rapcc should find: an 8-way conflict (seed 004 Table 5: conv-2).
// Padding the rows to 49 words leaves one 2-way pair; 50 words is
// conflict-free; an XOR swizzle of tx into the column also fixes it.

#define KERNEL_RADIUS 8
#define COLS_BLOCKDIM_X 16
#define COLS_BLOCKDIM_Y 8
#define COLS_RESULT_STEPS 4
#define COLS_HALO_STEPS 1

extern "C" __global__ void conv_cols(float *d_dst, const float *d_src, const float *d_taps, int width, int height)
{
#pragma rapcc block_dim(16, 8, 1)
    __shared__ float s_data[COLS_BLOCKDIM_X][(COLS_RESULT_STEPS + 2 * COLS_HALO_STEPS) * COLS_BLOCKDIM_Y];

    // The column of this thread, and the row of its first (upper apron) pixel.
    int base_x = blockIdx.x * COLS_BLOCKDIM_X + threadIdx.x;
    int base_y = (blockIdx.y * COLS_RESULT_STEPS - COLS_HALO_STEPS) * COLS_BLOCKDIM_Y + threadIdx.y;

    for (int i = 0; i < COLS_RESULT_STEPS + 2 * COLS_HALO_STEPS; i++) {
        int y = base_y + i * COLS_BLOCKDIM_Y;
        s_data[threadIdx.x][threadIdx.y + i * COLS_BLOCKDIM_Y] =
            (y >= 0 && y < height) ? d_src[(size_t)y * width + base_x] : 0.0f;
    }
    __syncthreads();

    for (int i = COLS_HALO_STEPS; i < COLS_HALO_STEPS + COLS_RESULT_STEPS; i++) {
        float sum = 0.0f;
        for (int j = -KERNEL_RADIUS; j <= KERNEL_RADIUS; j++)
            sum += d_taps[KERNEL_RADIUS - j] * s_data[threadIdx.x][threadIdx.y + i * COLS_BLOCKDIM_Y + j];
        d_dst[(size_t)(base_y + i * COLS_BLOCKDIM_Y) * width + base_x] = sum;
    }
}
