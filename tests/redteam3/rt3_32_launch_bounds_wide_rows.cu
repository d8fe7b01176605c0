// __launch_bounds__(256) narrows the block to 256 threads, not to a shape:
// launched 64x4 (the run-time choice here), tile[ty][tx] leaves the row.
// launch: rt3_32_launch_bounds_wide_rows 2 64x4
__global__ void __launch_bounds__(256) rt3_32_launch_bounds_wide_rows(const int *in, int *out, int p) {
    __shared__ int tile[8][32];
    const int tx = threadIdx.x, ty = threadIdx.y;
    const int tid = ty * blockDim.x + tx;
    tile[tid / 32][tid % 32] = in[blockIdx.x * 256 + tid] & 8191;
    __syncthreads();
    out[blockIdx.x * 256 + tid] = tile[ty][tx] + 2 * tile[tid % 8][tid / 8];
}
#ifdef __CUDACC__
void launch(const int *in, int *out, dim3 block) { rt3_32_launch_bounds_wide_rows<<<2, block>>>(in, out, 0); }
#endif
