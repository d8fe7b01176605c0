// A device helper declares its own extern __shared__ array and fills it;
// the kernel reads the same bytes through its own extern array, transposed.
// Both names are the one dynamic window.
// launch: rt2_164_extern_in_helper_aliases 2 32x8 0 0 smem=4096
__device__ void stage(const int *g) {
    extern __shared__ float staging[];
    for (int j = threadIdx.y; j < 32; j += 8)
        staging[j * 32 + threadIdx.x] = (float)(g[j * 32 + threadIdx.x] & 4095);
}
__global__ void rt2_164_extern_in_helper_aliases(const int *in, int *out, int p) {
    extern __shared__ float buf[];
    const int tx = threadIdx.x, ty = threadIdx.y, tid = ty * 32 + tx;
    stage(in + blockIdx.x * 1024);
    __syncthreads();
    float acc = 0.0f;
    for (int j = ty; j < 32; j += 8)
        acc += buf[tx * 32 + j] * (float)(j + 1);
    out[blockIdx.x * 256 + tid] = __float_as_int(acc);
}
#ifdef __CUDACC__
void launch(const int *in, int *out) { rt2_164_extern_in_helper_aliases<<<2, dim3(32, 8), 4096>>>(in, out, 0); }
#endif
