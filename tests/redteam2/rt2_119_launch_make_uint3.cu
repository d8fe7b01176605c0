// A dim3 built from make_uint3.
// launch: rt2_119_launch_make_uint3 2 64x4
__global__ void rt2_119_launch_make_uint3(const int *in, int *out, int p) {
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
    const dim3 b(make_uint3(64, 4, 1));
    rt2_119_launch_make_uint3<<<2, b>>>(in, out, 0);
}
#endif
