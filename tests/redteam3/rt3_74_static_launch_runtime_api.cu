// An internal kernel whose one launch is cudaLaunchKernel with a 64x4 block
// (no chevrons).
// launch: rt3_74_static_launch_runtime_api 2 64x4
static __global__ void rt3_74_static_launch_runtime_api(const int *in, int *out, int p) {
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
    cudaLaunchKernel((const void *)rt3_74_static_launch_runtime_api, dim3(2), dim3(64, 4), args, 0, 0);
}
#endif
