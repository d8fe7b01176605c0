// An internal kernel launched with a dim3 a callee sets through a
// reference (widen(b) makes 32x8 into 64x4).
// launch: rt3_83_static_launch_out_param 2 64x4
static __global__ void rt3_83_static_launch_out_param(const int *in, int *out, int p) {
    __shared__ int tile[8][32];
    const int tx = threadIdx.x, ty = threadIdx.y;
    const int tid = ty * blockDim.x + tx;
    tile[tid / 32][tid % 32] = in[blockIdx.x * 256 + tid] & 8191;
    __syncthreads();
    out[blockIdx.x * 256 + tid] = tile[ty][tx] + 2 * tile[tid % 8][tid / 8];
}
#ifdef __CUDACC__
static void widen(dim3 &b) {
    b.x = 64;
    b.y = 4;
}
void launch(const int *in, int *out) {
    dim3 b(32, 8);
    widen(b);
    rt3_83_static_launch_out_param<<<2, b>>>(in, out, 0);
}
#endif
