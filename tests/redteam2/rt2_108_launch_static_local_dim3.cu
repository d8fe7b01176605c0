// A function-local static dim3, widened after each launch: the second
// call launches 64x4.
// launch: rt2_108_launch_static_local_dim3 2 32x8
// launch: rt2_108_launch_static_local_dim3 2 64x4 0 1024
__global__ void rt2_108_launch_static_local_dim3(const int *in, int *out, int p) {
    __shared__ int tile[8][32];
    const int tx = threadIdx.x, ty = threadIdx.y;
    const int tid = ty * blockDim.x + tx;
    tile[tid / 32][tid % 32] = in[blockIdx.x * 256 + tid] & 8191;
    __syncthreads();
    int acc = tile[ty][tx] + 2 * tile[tx % 8][ty];
    out[blockIdx.x * 256 + tid] = acc;
}
#ifdef __CUDACC__
void launch_once(const int *in, int *out) {
    static dim3 b(32, 8);
    rt2_108_launch_static_local_dim3<<<2, b>>>(in, out, 0);
    b.x *= 2;
    b.y /= 2;
}
void launch(const int *in, int *out) {
    launch_once(in, out);
    launch_once(in, out + 1024);
}
#endif
