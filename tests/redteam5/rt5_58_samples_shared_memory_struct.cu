// The CUDA samples' SharedMemory<T> idiom: a struct whose conversion
// operator declares `extern __shared__ int __smem[]` and returns it cast to
// T *; a double reduction tree runs over it, so the int array's bytes are
// read as doubles.
// launch: rt5_58_reduce_double 2 32x8 0 0 smem=2048
template <class T>
struct SharedMemory {
    __device__ inline operator T *() {
        extern __shared__ int __smem[];
        return (T *)__smem;
    }
};
__global__ void rt5_58_reduce_double(const int *in, int *out, int p) {
    double *sdata = SharedMemory<double>();
    const int tid = threadIdx.y * 32 + threadIdx.x;
    sdata[tid] = (double)(in[blockIdx.x * 256 + tid] & 1023);
    __syncthreads();
    for (int s = 128; s > 0; s >>= 1) {
        if (tid < s) sdata[tid] += sdata[tid + s];
        __syncthreads();
    }
    out[blockIdx.x * 256 + tid] = (int)sdata[0] + (int)sdata[(tid * 5) & 255];
}
#ifdef __CUDACC__
void launch(const int *in, int *out) { rt5_58_reduce_double<<<2, dim3(32, 8), 256 * sizeof(double)>>>(in, out, 0); }
#endif
