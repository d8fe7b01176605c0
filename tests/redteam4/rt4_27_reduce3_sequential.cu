// Harris's reduction #3 (sequential addressing) with #4's first add during
// the global load: each thread sums two elements, then s = blockDim.x / 2
// halving, a shared array sized by a template parameter.
// launch: rt4_27_reduce34<128> 4 128x1
template <unsigned int blockSize>
__global__ void rt4_27_reduce34(const int *in, int *out, int p) {
    __shared__ int sdata[blockSize];
    const unsigned int tid = threadIdx.x;
    const unsigned int i = blockIdx.x * (blockDim.x * 2) + threadIdx.x;
    sdata[tid] = (in[i & 4095] & 1023) + (in[(i + blockDim.x) & 4095] & 1023);
    __syncthreads();
    for (unsigned int s = blockDim.x / 2; s > 0; s >>= 1) {
        if (tid < s) sdata[tid] += sdata[tid + s];
        __syncthreads();
    }
    if (tid == 0) out[blockIdx.x] = sdata[0];
}
#ifdef __CUDACC__
void launch(const int *in, int *out) { rt4_27_reduce34<128><<<4, 128>>>(in, out, 0); }
#endif
