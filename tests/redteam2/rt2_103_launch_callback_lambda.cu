// A generic lambda that hands a block to a callback that launches.
// launch: rt2_103_launch_callback_lambda 2 64x4
__global__ void rt2_103_launch_callback_lambda(const int *in, int *out, int p) {
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
    auto with = [](dim3 b, auto f) { f(b); };
    with(dim3(64, 4), [&](dim3 b) { rt2_103_launch_callback_lambda<<<2, b>>>(in, out, 0); });
}
#endif
