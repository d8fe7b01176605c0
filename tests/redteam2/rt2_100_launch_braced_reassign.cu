// A 32x8 dim3 reassigned from a braced list before the launch.
// launch: rt2_100_launch_braced_reassign 2 64x4
__global__ void rt2_100_launch_braced_reassign(const int *in, int *out, int p) {
    __shared__ int tile[8][32];
    const int tx = threadIdx.x, ty = threadIdx.y;
    const int tid = ty * blockDim.x + tx;
    tile[tid / 32][tid % 32] = in[blockIdx.x * 256 + tid] & 8191;
    __syncthreads();
    int acc = tile[ty][tx] + 2 * tile[tx % 8][ty];
    out[blockIdx.x * 256 + tid] = acc;
}
#ifdef __CUDACC__
void launch(const int *in, int *out) {
    dim3 b(32, 8);
    b = {64, 4};
    rt2_100_launch_braced_reassign<<<2, b>>>(in, out, 0);
}
#endif
