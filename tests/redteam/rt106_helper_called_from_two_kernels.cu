// A __device__ helper that takes a row pointer, called from two kernels on
// their own tiles: one launched 32x8 (in range), one launched 64x4, where
// the helper's column tx leaves the row.
// launch: rt106_a 2 32x8
// launch: rt106_b 2 64x4 0 512
__device__ int pick(const int *row, int c) { return row[c]; }
__global__ void rt106_a(const int *in, int *out, int p) {
    __shared__ int ta[8][32];
    const int tx = threadIdx.x, ty = threadIdx.y, tid = ty * blockDim.x + tx;
    ta[tid / 32][tid % 32] = in[blockIdx.x * 256 + tid];
    __syncthreads();
    out[blockIdx.x * 256 + tid] = pick(ta[ty], tx) + ta[tx % 8][ty];
}
__global__ void rt106_b(const int *in, int *out, int p) {
    __shared__ int tb[8][32];
    const int tx = threadIdx.x, ty = threadIdx.y, tid = ty * blockDim.x + tx;
    tb[tid / 32][tid % 32] = in[blockIdx.x * 256 + tid];
    __syncthreads();
    out[blockIdx.x * 256 + tid] = pick(tb[ty], tx) + tb[tx % 8][ty];
}
#ifdef __CUDACC__
void launch(const int *in, int *out) {
    rt106_a<<<2, dim3(32, 8)>>>(in, out, 0);
    rt106_b<<<2, dim3(64, 4)>>>(in, out + 512, 0);
}
#endif
