// One file-scope __shared__ tile used by two kernels: one reads columns
// (legal alone), the other walks it flat across rows.
// launch: rt2_43_cols 2 32x8
// launch: rt2_43_flat 2 32x8 0 1024
__shared__ float g_tile[32][32];
__global__ void rt2_43_cols(const int *in, int *out, int p) {
    const int tx = threadIdx.x, ty = threadIdx.y;
    for (int j = ty; j < 32; j += 8)
        g_tile[j][tx] = (float)(in[blockIdx.x * 1024 + j * 32 + tx] & 4095);
    __syncthreads();
    out[blockIdx.x * 256 + ty * 32 + tx] = __float_as_int(g_tile[tx][ty]);
}
__global__ void rt2_43_flat(const int *in, int *out, int p) {
    const int tx = threadIdx.x, ty = threadIdx.y, tid = ty * 32 + tx;
    for (int j = ty; j < 32; j += 8)
        g_tile[j][tx] = (float)(in[blockIdx.x * 1024 + j * 32 + tx] & 4095);
    __syncthreads();
    out[blockIdx.x * 256 + tid] = __float_as_int(g_tile[0][(tid * 7) & 1023]);
}
#ifdef __CUDACC__
void launch(const int *in, int *out) {
    rt2_43_cols<<<2, dim3(32, 8)>>>(in, out, 0);
    rt2_43_flat<<<2, dim3(32, 8)>>>(in, out + 1024, 0);
}
#endif
