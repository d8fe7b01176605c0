// The `if (threadIdx.x >= 32) return;` sits in a device helper: it ends the
// helper, not the thread, and the kernel's own read afterwards has tx < 64.
// launch: rt2_127_return_in_helper 2 64x4
__device__ void load_rows(float (*tile)[32], const int *g) {
    if (threadIdx.x >= 32) return;
    for (int j = threadIdx.y; j < 8; j += 4)
        tile[j][threadIdx.x] = (float)(g[j * 32 + threadIdx.x] & 4095);
}
__global__ void rt2_127_return_in_helper(const int *in, int *out, int p) {
    __shared__ float tile[8][32];
    load_rows(tile, in + blockIdx.x * 256);
    __syncthreads();
    const int tx = threadIdx.x, ty = threadIdx.y;
    out[blockIdx.x * 256 + ty * 64 + tx] = __float_as_int(tile[ty][tx] + tile[tx & 7][ty]);
}
#ifdef __CUDACC__
void launch(const int *in, int *out) { rt2_127_return_in_helper<<<2, dim3(64, 4)>>>(in, out, 0); }
#endif
