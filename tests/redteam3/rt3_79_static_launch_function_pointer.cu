// An internal kernel launched through a function pointer variable
// (auto *f = kernel; f<<<2, dim3(64, 4)>>>).
// launch: rt3_79_static_launch_function_pointer 2 64x4
static __global__ void rt3_79_static_launch_function_pointer(const int *in, int *out, int p) {
    __shared__ int tile[8][32];
    const int tx = threadIdx.x, ty = threadIdx.y;
    const int tid = ty * blockDim.x + tx;
    tile[tid / 32][tid % 32] = in[blockIdx.x * 256 + tid] & 8191;
    __syncthreads();
    out[blockIdx.x * 256 + tid] = tile[ty][tx] + 2 * tile[tid % 8][tid / 8];
}
#ifdef __CUDACC__
void launch(const int *in, int *out) {
    auto *f = rt3_79_static_launch_function_pointer;
    f<<<2, dim3(64, 4)>>>(in, out, 0);
}
#endif
