// cudaLaunchCooperativeKernel, the grid-sync launch, with a 64x4 block.
// launch: rt3_48_launch_cooperative 2 64x4
__global__ void rt3_48_launch_cooperative(const int *in, int *out, int p) {
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
    void *args[] = {&in, &out, &p};
    cudaLaunchCooperativeKernel((void *)rt3_48_launch_cooperative, dim3(2), dim3(64, 4), args);
}
#endif
