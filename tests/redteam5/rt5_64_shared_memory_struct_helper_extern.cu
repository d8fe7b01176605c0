// SharedMemory<double> in the kernel, and a device helper that declares its
// own `extern __shared__ double window[]` (the same dynamic bytes under
// another name) and reads slot i of it.
// launch: rt5_64_helper_window 2 32x8 0 0 smem=2048
template <class T>
struct SharedMemory {
    __device__ inline operator T *() {
        extern __shared__ int __smem[];
        return (T *)__smem;
    }
};
__device__ double peek(int i) {
    extern __shared__ double window[];
    return window[i];
}
__global__ void rt5_64_helper_window(const int *in, int *out, int p) {
    double *sdata = SharedMemory<double>();
    const int tid = threadIdx.y * 32 + threadIdx.x;
    sdata[tid] = (double)(in[blockIdx.x * 256 + tid] & 1023);
    __syncthreads();
    for (int s = 128; s > 32; s >>= 1) {
        if (tid < s) sdata[tid] += sdata[tid + s];
        __syncthreads();
    }
    out[blockIdx.x * 256 + tid] = (int)peek((tid * 9) & 255) * 3 + (int)sdata[tid & 31];
}
#ifdef __CUDACC__
void launch(const int *in, int *out) { rt5_64_helper_window<<<2, dim3(32, 8), 2048>>>(in, out, 0); }
#endif
