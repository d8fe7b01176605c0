// Launches from a recursive host function, the shape a function of the
// depth: 64x4 at depth 2, 32x8 at depth 1.
// launch: rt3_67_launch_recursive_host 2 64x4
// launch: rt3_67_launch_recursive_host 2 32x8 0 1024
__global__ void rt3_67_launch_recursive_host(const int *in, int *out, int p) {
    __shared__ int tile[8][32];
    const int tx = threadIdx.x, ty = threadIdx.y;
    const int tid = ty * blockDim.x + tx;
    tile[tid / 32][tid % 32] = in[blockIdx.x * 256 + tid] & 8191;
    __syncthreads();
    out[blockIdx.x * 256 + tid] = tile[ty][tx] + 2 * tile[tid % 8][tid / 8];
}
#ifdef __CUDACC__
static void go(const int *in, int *out, int depth) {
    if (depth == 0) return;
    rt3_67_launch_recursive_host<<<2, dim3(16 << depth, 16 >> depth)>>>(in, out, 0);
    go(in, out + 1024, depth - 1);
}
void launch(const int *in, int *out) { go(in, out, 2); }
#endif
