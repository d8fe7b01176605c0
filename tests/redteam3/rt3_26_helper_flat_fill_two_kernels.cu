// One device helper that fills a tile through a plain int pointer in flat
// order, shared by two kernels: one hands it the [8][32] tile's first
// element and then reads the tile transposed by subscripts.
// launch: rt3_26_kernel_a 2 32x8
// launch: rt3_26_kernel_b 2 32x8 0 1024
__device__ void fill_flat(int *t, const int *src, int tid, int n) {
    for (int i = tid; i < n; i += 256) t[i] = src[i] & 4095;
}
__global__ void rt3_26_kernel_a(const int *in, int *out, int p) {
    __shared__ int tile[8][32];
    const int tx = threadIdx.x, ty = threadIdx.y, tid = ty * 32 + tx;
    fill_flat(&tile[0][0], in + blockIdx.x * 256, tid, 256);
    __syncthreads();
    out[blockIdx.x * 256 + tid] = tile[tx % 8][ty * 4 + tx / 8];
}
__global__ void rt3_26_kernel_b(const int *in, int *out, int p) {
    __shared__ int buf[512];
    const int tid = threadIdx.y * 32 + threadIdx.x;
    fill_flat(buf, in + blockIdx.x * 512, tid, 512);
    __syncthreads();
    out[blockIdx.x * 256 + tid] = buf[(tid * 2) % 512] + buf[511 - tid];
}
#ifdef __CUDACC__
void launch(const int *in, int *out) {
    rt3_26_kernel_a<<<2, dim3(32, 8)>>>(in, out, 0);
    rt3_26_kernel_b<<<2, dim3(32, 8)>>>(in, out + 1024, 0);
}
#endif
