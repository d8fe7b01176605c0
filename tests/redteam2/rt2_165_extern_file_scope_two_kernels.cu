// One file-scope extern __shared__ array and a kernel-local one in another
// kernel: each kernel's dynamic window is its own, the names differ. The
// first kernel writes rows and reads columns through the file-scope name,
// the second walks flat.
// launch: rt2_165_cols 2 32x8 0 0 smem=4096
// launch: rt2_165_flat 2 32x8 0 1024 smem=4096
extern __shared__ float g_dyn[];
__global__ void rt2_165_cols(const int *in, int *out, int p) {
    const int tx = threadIdx.x, ty = threadIdx.y, tid = ty * 32 + tx;
    for (int j = ty; j < 32; j += 8)
        g_dyn[j * 32 + tx] = (float)(in[blockIdx.x * 1024 + j * 32 + tx] & 4095);
    __syncthreads();
    out[blockIdx.x * 256 + tid] = __float_as_int(g_dyn[tx * 32 + ty]);
}
__global__ void rt2_165_flat(const int *in, int *out, int p) {
    extern __shared__ int local_dyn[];
    const int tx = threadIdx.x, ty = threadIdx.y, tid = ty * 32 + tx;
    for (int j = ty; j < 32; j += 8)
        g_dyn[j * 32 + tx] = (float)(in[blockIdx.x * 1024 + j * 32 + tx] & 4095);
    __syncthreads();
    out[blockIdx.x * 256 + tid] = local_dyn[tx * 32 + ty] >> 4;
}
#ifdef __CUDACC__
void launch(const int *in, int *out) {
    rt2_165_cols<<<2, dim3(32, 8), 4096>>>(in, out, 0);
    rt2_165_flat<<<2, dim3(32, 8), 4096>>>(in, out + 1024, 0);
}
#endif
