// conv_rows: the row pass of a separable convolution (CUDA SDK
// convolutionSeparable): a 16x4 thread block stages 4 rows of 4 x 16 output
// pixels plus a 16-pixel apron on each side in shared memory, then each
// output pixel sums 17 taps along its row. Zero outside the image.
//
// Shared-memory pattern (a warp = two tile rows of 16 lanes):
//   s_data[ty][tx + i * 16 (+ j)]: rows are 96 words, a multiple of 32, so the
//   two rows of a warp use the same 16 banks: 2-way conflict on the stores and
//   on every tap's load.
// What rapcc should find: a 2-way conflict from the row stride (seed 004
// Table 5: conv-1). Padding by one word does not help (the two rows then
// overlap in 15 banks); a pitch of 96 + 16 words, or XOR-ing ty's low bit
// into bank bit 4, does.

#define KERNEL_RADIUS 8
#define ROWS_BLOCKDIM_X 16
#define ROWS_BLOCKDIM_Y 4
#define ROWS_RESULT_STEPS 4
#define ROWS_HALO_STEPS 1

extern "C" __global__ void conv_rows(float *d_dst, const float *d_src, const float *d_taps, int width)
{
#pragma rapcc block_dim(16, 4, 1)
    __shared__ float s_data[ROWS_BLOCKDIM_Y][(ROWS_RESULT_STEPS + 2 * ROWS_HALO_STEPS) * ROWS_BLOCKDIM_X];

    // x of this thread's first (left apron) pixel, and its row.
    int base_x = (blockIdx.x * ROWS_RESULT_STEPS - ROWS_HALO_STEPS) * ROWS_BLOCKDIM_X + threadIdx.x;
    int base_y = blockIdx.y * ROWS_BLOCKDIM_Y + threadIdx.y;
    const float *src = d_src + (size_t)base_y * width;
    float *dst = d_dst + (size_t)base_y * width;

    for (int i = 0; i < ROWS_RESULT_STEPS + 2 * ROWS_HALO_STEPS; i++) {
        int x = base_x + i * ROWS_BLOCKDIM_X;
        s_data[threadIdx.y][threadIdx.x + i * ROWS_BLOCKDIM_X] = (x >= 0 && x < width) ? src[x] : 0.0f;
    }
    __syncthreads();

    for (int i = ROWS_HALO_STEPS; i < ROWS_HALO_STEPS + ROWS_RESULT_STEPS; i++) {
        float sum = 0.0f;
        for (int j = -KERNEL_RADIUS; j <= KERNEL_RADIUS; j++)
            sum += d_taps[KERNEL_RADIUS - j] * s_data[threadIdx.y][threadIdx.x + i * ROWS_BLOCKDIM_X + j];
        dst[base_x + i * ROWS_BLOCKDIM_X] = sum;
    }
}
