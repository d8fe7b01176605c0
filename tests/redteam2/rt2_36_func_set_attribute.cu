// cudaFuncSetAttribute raises the dynamic limit before a launch of a kernel
// whose static tile is read by columns.
// launch: rt2_36_func_set_attribute 2 32x8 0 0 smem=1024
// expect: rewritten
__global__ void rt2_36_func_set_attribute(const int *in, int *out, int p) {
    __shared__ int tile[32][32];
    extern __shared__ int extra[];
    const int tx = threadIdx.x, ty = threadIdx.y, tid = ty * 32 + tx;
    for (int j = ty; j < 32; j += 8)
        tile[j][tx] = in[blockIdx.x * 1024 + j * 32 + tx] & 8191;
    extra[tid] = tid * 3;
    __syncthreads();
    out[blockIdx.x * 256 + tid] = tile[tx][ty] + extra[(tid + 1) & 255];
}
#ifdef __CUDACC__
void launch(const int *in, int *out) {
    cudaFuncSetAttribute(rt2_36_func_set_attribute, cudaFuncAttributeMaxDynamicSharedMemorySize, 1024);
    rt2_36_func_set_attribute<<<2, dim3(32, 8), 1024>>>(in, out, 0);
}
#endif
