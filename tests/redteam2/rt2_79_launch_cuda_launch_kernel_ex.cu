// cudaLaunchKernelEx with a cudaLaunchConfig_t whose block is set field by field.
// launch: rt2_79_launch_cuda_launch_kernel_ex 2 64x4
__global__ void rt2_79_launch_cuda_launch_kernel_ex(const int *in, int *out, int p) {
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
    cudaLaunchConfig_t cfg = {};
    cfg.gridDim = dim3(2);
    cfg.blockDim = dim3(32, 8);
    cfg.blockDim.x *= 2;
    cfg.blockDim.y = 4;
    cfg.dynamicSmemBytes = 0;
    cudaLaunchKernelEx(&cfg, rt2_79_launch_cuda_launch_kernel_ex, in, out, 0);
}
#endif
