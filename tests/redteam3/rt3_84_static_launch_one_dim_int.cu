// An internal kernel launched 1-D with an int block (64 * 4 threads):
// threadIdx.y is 0 and tile[0][tx] walks all eight rows.
// launch: rt3_84_static_launch_one_dim_int 2 256x1
static __global__ void rt3_84_static_launch_one_dim_int(const int *in, int *out, int p) {
    __shared__ int tile[8][32];
    const int tx = threadIdx.x, ty = threadIdx.y;
    const int tid = ty * blockDim.x + tx;
    tile[tid / 32][tid % 32] = in[blockIdx.x * 256 + tid] & 8191;
    __syncthreads();
    out[blockIdx.x * 256 + tid] = tile[ty][tx] + 2 * tile[tid % 8][tid / 8];
}
#ifdef __CUDACC__
void launch(const int *in, int *out) {
    const int threads = 64 * 4;
    rt3_84_static_launch_one_dim_int<<<2, threads>>>(in, out, 0);
}
#endif
