// A device helper that owns a shared tile, called by two kernels: one
// launched 32x8 (in range), one 64x4 (tile[ty][tx] leaves the row).
// launch: rt2_122_narrow 2 32x8
// launch: rt2_122_wide 2 64x4 0 1024
__device__ int stage_and_read(const int *g) {
    __shared__ int tile[8][32];
    const int tx = threadIdx.x, ty = threadIdx.y, tid = ty * blockDim.x + tx;
    tile[tid / 32][tid % 32] = g[tid] & 8191;
    __syncthreads();
    return tile[ty][tx] + 2 * tile[tx % 8][ty];
}
__global__ void rt2_122_narrow(const int *in, int *out, int p) {
    out[blockIdx.x * 256 + threadIdx.y * 32 + threadIdx.x] = stage_and_read(in + blockIdx.x * 256);
}
__global__ void rt2_122_wide(const int *in, int *out, int p) {
    out[blockIdx.x * 256 + threadIdx.y * 64 + threadIdx.x] = stage_and_read(in + blockIdx.x * 256);
}
#ifdef __CUDACC__
void launch(const int *in, int *out) {
    rt2_122_narrow<<<2, dim3(32, 8)>>>(in, out, 0);
    rt2_122_wide<<<2, dim3(64, 4)>>>(in, out + 1024, 0);
}
#endif
