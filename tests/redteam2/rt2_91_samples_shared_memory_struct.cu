// The CUDA samples' SharedMemory<T> idiom: a struct whose conversion to T*
// returns the extern buffer, then a tree reduction over it.
// launch: rt2_91_samples_shared_memory_struct<float> 2 256x1 0 0 smem=1024
template <class T>
struct SharedMemory {
    __device__ inline operator T *() {
        extern __shared__ int __smem[];
        return (T *)__smem;
    }
};
template <class T>
__global__ void rt2_91_samples_shared_memory_struct(const int *in, int *out, int p) {
    T *sdata = SharedMemory<T>();
    const unsigned tid = threadIdx.x;
    sdata[tid] = (T)(in[blockIdx.x * 256 + tid] & 4095);
    __syncthreads();
    const T mine = sdata[(tid * 33) & 255];
    __syncthreads();
    for (unsigned s = blockDim.x / 2; s > 0; s >>= 1) {
        if (tid < s) sdata[tid] += sdata[tid + s];
        __syncthreads();
    }
    out[blockIdx.x * 256 + tid] = __float_as_int((float)(sdata[0] + mine));
}
#ifdef __CUDACC__
void launch(const int *in, int *out) { rt2_91_samples_shared_memory_struct<float><<<2, 256, 256 * sizeof(float)>>>(in, out, 0); }
#endif
