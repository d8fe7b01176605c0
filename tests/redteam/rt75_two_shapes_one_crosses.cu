// The same kernel on an [8][32] tile launched 32x8 and 64x4: the second
// shape's tile[ty][tx] leaves the row, so the tile must be kept.
// launch: rt75_k 2 32x8
// launch: rt75_k 2 64x4 0 512
__global__ void rt75_k(const int *in, int *out, int p) {
    __shared__ int tile[8][32];
    const int tx = threadIdx.x, ty = threadIdx.y;
    const int tid = ty * blockDim.x + tx;
    tile[tid / 32][tid % 32] = in[blockIdx.x * 256 + tid];
    __syncthreads();
    int acc = tile[ty][tx] + 2 * tile[tx % 8][ty];
    out[blockIdx.x * 256 + tid] = acc;
}
#ifdef __CUDACC__
void launch(const int *in, int *out) {
    rt75_k<<<2, dim3(32, 8)>>>(in, out, 0);
    rt75_k<<<2, dim3(64, 4)>>>(in, out + 512, 0);
}
#endif
