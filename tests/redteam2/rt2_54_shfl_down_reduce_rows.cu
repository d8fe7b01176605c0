// A row sum by warp shuffles after a transposed load; the warp's total is
// stored in its own slot and read back through a flat index.
// launch: rt2_54_shfl_down_reduce_rows 2 32x8
// expect: rewritten
__global__ void rt2_54_shfl_down_reduce_rows(const int *in, int *out, int p) {
    __shared__ int tile[32][32];
    __shared__ int sums[8][4];
    const int tx = threadIdx.x, ty = threadIdx.y, tid = ty * 32 + tx;
    for (int j = ty; j < 32; j += 8)
        tile[j][tx] = in[blockIdx.x * 1024 + j * 32 + tx] & 8191;
    __syncthreads();
    int v = tile[tx][ty] + tile[tx][ty + 8];
    for (int d = 16; d > 0; d >>= 1)
        v += __shfl_down_sync(0xffffffffu, v, d);
    if (tx < 4) sums[ty][tx] = v + tx;
    __syncthreads();
    const int *flat = &sums[0][0];
    out[blockIdx.x * 256 + tid] = flat[(tid * 5) & 31] + tile[ty][tx];
}
#ifdef __CUDACC__
void launch(const int *in, int *out) { rt2_54_shfl_down_reduce_rows<<<2, dim3(32, 8)>>>(in, out, 0); }
#endif
