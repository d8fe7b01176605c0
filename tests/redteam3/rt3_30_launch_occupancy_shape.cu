// The block size from cudaOccupancyMaxPotentialBlockSize, a 1-D launch of
// whatever it returns (256 on the host check): tile[ty][tx] is then
// tile[0][tx] for tx up to 255, a walk across all eight rows.
// launch: rt3_30_launch_occupancy_shape 2 256x1
__global__ void rt3_30_launch_occupancy_shape(const int *in, int *out, int p) {
    __shared__ int tile[8][32];
    const int tx = threadIdx.x, ty = threadIdx.y;
    const int tid = ty * blockDim.x + tx;
    tile[tid / 32][tid % 32] = in[blockIdx.x * 256 + tid] & 8191;
    __syncthreads();
    out[blockIdx.x * 256 + tid] = tile[ty][tx] + 2 * tile[tid % 8][tid / 8];
}
#ifdef __CUDACC__
void launch(const int *in, int *out) {
    int min_grid = 0, block = 0;
    cudaOccupancyMaxPotentialBlockSize(&min_grid, &block, rt3_30_launch_occupancy_shape, 0, 256);
    rt3_30_launch_occupancy_shape<<<2, block>>>(in, out, 0);
}
#endif
