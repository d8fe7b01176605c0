// One helper given each kernel's own tile: at 32x8 get(tile, ty, tx) is in
// its row, at 64x4 it runs past it.
// launch: rt2_134_narrow 2 32x8
// launch: rt2_134_wide 2 64x4 0 1024
__device__ int get(const int (*t)[32], int r, int c) { return t[r][c]; }
__global__ void rt2_134_narrow(const int *in, int *out, int p) {
    __shared__ int a[8][32];
    const int tx = threadIdx.x, ty = threadIdx.y, tid = ty * 32 + tx;
    a[tid / 32][tid % 32] = in[blockIdx.x * 256 + tid] & 8191;
    __syncthreads();
    out[blockIdx.x * 256 + tid] = get(a, ty, tx) + 2 * get(a, tx % 8, ty);
}
__global__ void rt2_134_wide(const int *in, int *out, int p) {
    __shared__ int b[8][32];
    const int tx = threadIdx.x, ty = threadIdx.y, tid = ty * 64 + tx;
    b[tid / 32][tid % 32] = in[blockIdx.x * 256 + tid] & 8191;
    __syncthreads();
    out[blockIdx.x * 256 + tid] = get(b, ty, tx) + 2 * get(b, tx % 8, ty);
}
#ifdef __CUDACC__
void launch(const int *in, int *out) {
    rt2_134_narrow<<<2, dim3(32, 8)>>>(in, out, 0);
    rt2_134_wide<<<2, dim3(64, 4)>>>(in, out + 1024, 0);
}
#endif
