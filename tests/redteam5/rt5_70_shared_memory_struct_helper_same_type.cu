// The samples' SharedMemory<T> in the kernel and again in a device helper
// (same T, so the same dynamic bytes under two names): the kernel writes
// through its pointer, the helper reads a permuted slot through its own.
// launch: rt5_70_two_names 2 32x8 0 0 smem=2048
template <class T>
struct SharedMemory {
    __device__ inline operator T *() {
        extern __shared__ int __smem[];
        return (T *)__smem;
    }
};
__device__ double peek(int i) {
    double *window = SharedMemory<double>();
    return window[(i * 37) & 255];
}
__global__ void rt5_70_two_names(const int *in, int *out, int p) {
    double *sdata = SharedMemory<double>();
    const int tid = threadIdx.y * 32 + threadIdx.x;
    sdata[tid] = (double)(in[blockIdx.x * 256 + tid] & 1023);
    __syncthreads();
    out[blockIdx.x * 256 + tid] = (int)peek(tid) * 3 + (int)sdata[(tid * 5) & 255];
}
#ifdef __CUDACC__
void launch(const int *in, int *out) { rt5_70_two_names<<<2, dim3(32, 8), 2048>>>(in, out, 0); }
#endif
