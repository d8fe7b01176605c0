// Harris's reduction #1 (interleaved addressing, divergent branch on
// tid % (2 * s)) and #2 (strided index: index = 2 * s * tid, bank conflicts)
// side by side over the same 256 values.
// launch: rt4_26_reduce12 2 256x1 0 0 smem=1024
__global__ void rt4_26_reduce12(const int *in, int *out, int p) {
    extern __shared__ int sdata[];
    __shared__ int sdata2[256];
    const unsigned int tid = threadIdx.x;
    const unsigned int i = blockIdx.x * blockDim.x + threadIdx.x;
    sdata[tid] = in[i & 4095] & 1023;
    sdata2[tid] = sdata[tid];
    __syncthreads();
    for (unsigned int s = 1; s < blockDim.x; s *= 2) {
        if (tid % (2 * s) == 0) sdata[tid] += sdata[tid + s];
        __syncthreads();
    }
    for (unsigned int s = 1; s < blockDim.x; s *= 2) {
        const unsigned int index = 2 * s * tid;
        if (index < blockDim.x) sdata2[index] += sdata2[index + s];
        __syncthreads();
    }
    if (tid == 0) {
        out[blockIdx.x] = sdata[0];
        out[16 + blockIdx.x] = sdata2[0];
    }
}
#ifdef __CUDACC__
void launch(const int *in, int *out) {
    const int threads = 256;
    rt4_26_reduce12<<<2, threads, threads * sizeof(int)>>>(in, out, 0);
}
#endif
