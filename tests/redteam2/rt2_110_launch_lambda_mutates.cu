// A lambda that captures the block by reference and widens it.
// launch: rt2_110_launch_lambda_mutates 2 64x4
__global__ void rt2_110_launch_lambda_mutates(const int *in, int *out, int p) {
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
    auto widen = [&] { b.x = 64; b.y = 4; };
    widen();
    rt2_110_launch_lambda_mutates<<<2, b>>>(in, out, 0);
}
#endif
