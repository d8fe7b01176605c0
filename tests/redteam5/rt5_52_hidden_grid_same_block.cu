// A kernel launched <<<1, 32x8>>> by a chevron and with a grid of 2 (same
// block) through cudaLaunchCooperativeKernel: the column tx + 8 * blockIdx.x
// runs past the 32-wide rows in the second launch's second block.
// launch: rt5_52_grid 1 32x8
// launch: rt5_52_grid 2 32x8 0 512
__global__ void rt5_52_grid(const int *in, int *out, int p) {
    __shared__ int tile[16][32];
    const int tx = threadIdx.x, ty = threadIdx.y, tid = ty * 32 + tx;
    tile[ty][tx] = in[(blockIdx.x * 512 + tid) & 4095] & 1023;
    tile[ty + 8][tx] = in[(blockIdx.x * 512 + 256 + tid) & 4095] & 1023;
    __syncthreads();
    out[blockIdx.x * 256 + tid] = tile[tx % 16][ty * 4] * 3 + tile[ty][tx + 8 * blockIdx.x];
}
#ifdef __CUDACC__
void launch(const int *in, int *out) {
    rt5_52_grid<<<1, dim3(32, 8)>>>(in, out, 0);
    int *second = out + 512;
    int p = 0;
    void *args[] = {&in, &second, &p};
    cudaLaunchCooperativeKernel((const void *)rt5_52_grid, dim3(2), dim3(32, 8), args, 0, 0);
}
#endif
