// Dynamic shared memory carved by hand with alignment (a byte buffer,
// alignas(16), a float 2-D view and an int view after it), the way
// templated libraries size one allocation for several stages.
// launch: rt3_18_extern_alignas_carve 2 32x8 0 0 smem=5120
__global__ void rt3_18_extern_alignas_carve(const int *in, int *out, int p) {
    extern __shared__ __align__(16) unsigned char smem[];
    float (*a)[32] = reinterpret_cast<float (*)[32]>(smem);
    int *b = reinterpret_cast<int *>(smem + 32 * 32 * sizeof(float));
    const int tx = threadIdx.x, ty = threadIdx.y, tid = ty * 32 + tx;
    for (int j = ty; j < 32; j += 8) a[j][tx] = (float)(in[blockIdx.x * 1024 + j * 32 + tx] & 4095);
    b[tid] = in[blockIdx.x * 256 + tid + 2048] & 255;
    __syncthreads();
    for (int j = ty; j < 32; j += 8)
        out[blockIdx.x * 1024 + j * 32 + tx] = __float_as_int(a[tx][j]) + b[(tid + j) % 256];
}
#ifdef __CUDACC__
void launch(const int *in, int *out) {
    rt3_18_extern_alignas_carve<<<2, dim3(32, 8), 32 * 32 * sizeof(float) + 256 * sizeof(int)>>>(in, out, 0);
}
#endif
