// dim3 b = 256 (256x1x1), then b.x /= 4 and b.y = 4.
// launch: rt2_120_launch_scalar_then_field 2 64x4
__global__ void rt2_120_launch_scalar_then_field(const int *in, int *out, int p) {
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
    dim3 b = 256;
    b.x /= 4;
    b.y = 4;
    rt2_120_launch_scalar_then_field<<<2, b>>>(in, out, 0);
}
#endif
