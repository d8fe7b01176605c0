// cudaLaunchKernel with the arguments in a void* array: the only launch of
// the kernel, 64x4, is a runtime API call, not a chevron.
// launch: rt3_45_cuda_launch_kernel_args 2 64x4
__global__ void rt3_45_cuda_launch_kernel_args(const int *in, int *out, int p) {
    __shared__ int tile[8][32];
    const int tx = threadIdx.x, ty = threadIdx.y;
    const int tid = ty * blockDim.x + tx;
    tile[tid / 32][tid % 32] = in[blockIdx.x * 256 + tid] & 8191;
    __syncthreads();
    out[blockIdx.x * 256 + tid] = tile[ty][tx] + 2 * tile[tid % 8][tid / 8];
}
#ifdef __CUDACC__
void launch(const int *in, int *out) {
    int p = 0;
    void *args[] = {(void *)&in, (void *)&out, (void *)&p};
    cudaLaunchKernel((const void *)rt3_45_cuda_launch_kernel_args, dim3(2), dim3(64, 4), args, 0, 0);
}
#endif
