// __launch_bounds__(256, 2) and a launch through cudaLaunchKernel with a
// `void *args[]` array: the shape is 32x8, given as dim3 values to the API.
// launch: rt5_29_api_launch 2 32x8
// expect: rewritten
__global__ void __launch_bounds__(256, 2) rt5_29_api_launch(const int *in, int *out, int p) {
    __shared__ int tile[32][32];
    const int tx = threadIdx.x, ty = threadIdx.y;
#pragma unroll
    for (int k = 0; k < 4; ++k) tile[ty + 8 * k][tx] = in[(blockIdx.x * 1024 + (ty + 8 * k) * 32 + tx) & 4095] & 1023;
    __syncthreads();
    int acc = 0;
#pragma unroll
    for (int k = 0; k < 4; ++k) acc = acc * 5 + tile[tx][ty + 8 * k];
    out[blockIdx.x * 256 + ty * 32 + tx] = acc + p;
}
#ifdef __CUDACC__
void launch(const int *in, int *out) {
    int p = 0;
    void *args[] = {(void *)&in, (void *)&out, (void *)&p};
    const dim3 grid(2), block(32, 8);
    cudaLaunchKernel((const void *)rt5_29_api_launch, grid, block, args, 0, nullptr);
}
#endif
