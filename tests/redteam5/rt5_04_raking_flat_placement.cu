// CUB's own placement into a padded raking grid: a flat pointer
// `&grid[0][0] + tid + tid / SEGMENT_LENGTH` skips the pad column by hand,
// and the rake reads the grid as rows. The flat walk assumes the declared row
// stride (SEGMENT_LENGTH + 1); a layout change breaks the placement.
// launch: rt5_04_raking_flat 2 32x8
#define SEGMENT_LENGTH 8
#define RAKING_THREADS 32
__global__ void rt5_04_raking_flat(const int *in, int *out, int p) {
    __shared__ int raking_grid[RAKING_THREADS][SEGMENT_LENGTH + 1];
    const int tid = threadIdx.y * 32 + threadIdx.x;
    const int v = in[blockIdx.x * 256 + tid] & 1023;
    int *placement = &raking_grid[0][0] + tid + tid / SEGMENT_LENGTH;
    *placement = v;
    __syncthreads();
    if (tid < RAKING_THREADS) {
        int sum = 0;
        for (int i = 0; i < SEGMENT_LENGTH; ++i) sum = sum * 3 + raking_grid[tid][i];
        raking_grid[tid][SEGMENT_LENGTH] = sum & 0xFFFFF;
    }
    __syncthreads();
    out[blockIdx.x * 256 + tid] = raking_grid[tid % 32][SEGMENT_LENGTH] + v;
}
#ifdef __CUDACC__
void launch(const int *in, int *out) { rt5_04_raking_flat<<<2, dim3(32, 8)>>>(in, out, 0); }
#endif
