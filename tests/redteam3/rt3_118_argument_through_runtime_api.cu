// An internal kernel launched 32x8 twice: by chevrons with p = 0 and by
// cudaLaunchKernel with p = 16 in its argument array (tile[ty][tx + p]
// then runs half a row on).
// launch: rt3_118_argument_through_runtime_api 2 32x8
// launch: rt3_118_argument_through_runtime_api 2 32x8 16 1024
static __global__ void rt3_118_argument_through_runtime_api(const int *in, int *out, int p) {
    __shared__ int tile[16][32];
    const int tx = threadIdx.x, ty = threadIdx.y, tid = ty * 32 + tx;
    tile[ty][tx] = in[blockIdx.x * 512 + tid] & 4095;
    tile[ty + 8][tx] = in[blockIdx.x * 512 + tid + 256] & 4095;
    __syncthreads();
    out[blockIdx.x * 256 + tid] = tile[tx % 16][ty] + 3 * tile[ty][tx + p];
}
#ifdef __CUDACC__
void launch(const int *in, int *out) {
    rt3_118_argument_through_runtime_api<<<2, dim3(32, 8)>>>(in, out, 0);
    int *out2 = out + 1024;
    int p = 16;
    void *args[] = {(void *)&in, (void *)&out2, (void *)&p};
    cudaLaunchKernel((const void *)rt3_118_argument_through_runtime_api, dim3(2), dim3(32, 8), args, 0, 0);
}
#endif
