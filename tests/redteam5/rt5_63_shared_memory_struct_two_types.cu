// The CUDA samples' SharedMemory<T> idiom used twice in one kernel: a double
// view reduces, then an int view of the same dynamic bytes reads them back
// as words (the low and high halves of the doubles).
// launch: rt5_63_two_views 2 32x8 0 0 smem=2048
template <class T>
struct SharedMemory {
    __device__ inline operator T *() {
        extern __shared__ int __smem[];
        return (T *)__smem;
    }
};
__global__ void rt5_63_two_views(const int *in, int *out, int p) {
    double *sdata = SharedMemory<double>();
    const int tid = threadIdx.y * 32 + threadIdx.x;
    sdata[tid] = (double)(in[blockIdx.x * 256 + tid] & 1023) + 0.25 * (double)(tid & 3);
    __syncthreads();
    for (int s = 128; s > 0; s >>= 1) {
        if (tid < s) sdata[tid] += sdata[tid + s];
        __syncthreads();
    }
    int *words = SharedMemory<int>();
    out[blockIdx.x * 256 + tid] = words[(tid * 7) & 511] ^ words[1];
}
#ifdef __CUDACC__
void launch(const int *in, int *out) { rt5_63_two_views<<<2, dim3(32, 8), 2048>>>(in, out, 0); }
#endif
