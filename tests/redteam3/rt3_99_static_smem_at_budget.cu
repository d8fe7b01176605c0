// A static tile beside a dynamic buffer that fills the rest of the 48 KB a
// launch may use without opting in: (48 << 10) - 32 * 32 * sizeof(float)
// bytes. A tile that grows leaves no room, and the launch fails on the GPU.
// launch: rt3_99_static_smem_at_budget 2 32x8 0 0 smem=45056
static __global__ void rt3_99_static_smem_at_budget(const int *in, int *out, int p) {
    __shared__ float tile[32][32];
    extern __shared__ int scratch[];
    const int tx = threadIdx.x, ty = threadIdx.y, tid = ty * 32 + tx;
    for (int j = ty; j < 32; j += 8) tile[j][tx] = (float)(in[blockIdx.x * 1024 + j * 32 + tx] & 4095);
    scratch[tid] = tid;
    __syncthreads();
    for (int j = ty; j < 32; j += 8)
        out[blockIdx.x * 1024 + j * 32 + tx] = __float_as_int(tile[tx][j]) + scratch[(tid + j) % 256];
}
#ifdef __CUDACC__
void launch(const int *in, int *out) {
    const size_t dyn = (48 << 10) - 32 * 32 * sizeof(float);
    rt3_99_static_smem_at_budget<<<2, dim3(32, 8), dyn>>>(in, out, 0);
}
#endif
