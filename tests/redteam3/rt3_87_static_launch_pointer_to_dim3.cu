// An internal kernel launched with *pb after pb->x = 64 and pb->y = 4.
// launch: rt3_87_static_launch_pointer_to_dim3 2 64x4
static __global__ void rt3_87_static_launch_pointer_to_dim3(const int *in, int *out, int p) {
    __shared__ int tile[8][32];
    const int tx = threadIdx.x, ty = threadIdx.y;
    const int tid = ty * blockDim.x + tx;
    tile[tid / 32][tid % 32] = in[blockIdx.x * 256 + tid] & 8191;
    __syncthreads();
    out[blockIdx.x * 256 + tid] = tile[ty][tx] + 2 * tile[tid % 8][tid / 8];
}
#ifdef __CUDACC__
void launch(const int *in, int *out) {
    dim3 b(32, 8);
    dim3 *pb = &b;
    pb->x = 64;
    pb->y = 4;
    rt3_87_static_launch_pointer_to_dim3<<<2, *pb>>>(in, out, 0);
}
#endif
