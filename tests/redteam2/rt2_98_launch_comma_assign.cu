// Fields rewritten in one comma expression: b.x = b.x * 2, b.y = b.y / 2.
// launch: rt2_98_launch_comma_assign 2 64x4
__global__ void rt2_98_launch_comma_assign(const int *in, int *out, int p) {
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
    b.x = b.x * 2, b.y = b.y / 2;
    rt2_98_launch_comma_assign<<<2, b>>>(in, out, 0);
}
#endif
