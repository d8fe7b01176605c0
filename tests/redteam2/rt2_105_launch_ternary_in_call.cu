// A ternary on the block's own field picks the other shape.
// launch: rt2_105_launch_ternary_in_call 2 64x4
__global__ void rt2_105_launch_ternary_in_call(const int *in, int *out, int p) {
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
    const dim3 b(32, 8);
    rt2_105_launch_ternary_in_call<<<2, b.y == 8 ? dim3(64, 4) : b>>>(in, out, 0);
}
#endif
