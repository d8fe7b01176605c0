// The samples' reduce kernel shape: SharedMemory<T>, the dynamic size from
// the samples' own expression ((threads <= 32) ? 2 * threads * sizeof(T) :
// threads * sizeof(T)), a tree down to 64 and then the last warp through a
// volatile pointer (with __syncwarp between the steps, as CUDA 9 requires).
// launch: rt5_72_reduce_samples 2 32x8 0 0 smem=1024
template <class T>
struct SharedMemory {
    __device__ inline operator T *() {
        extern __shared__ int __smem[];
        return (T *)__smem;
    }
};
__global__ void rt5_72_reduce_samples(const int *in, int *out, int p) {
    float *sdata = SharedMemory<float>();
    const unsigned int tid = threadIdx.y * blockDim.x + threadIdx.x;
    sdata[tid] = (float)(in[blockIdx.x * 256 + tid] & 1023);
    __syncthreads();
    for (unsigned int s = 128; s > 32; s >>= 1) {
        if (tid < s) sdata[tid] += sdata[tid + s];
        __syncthreads();
    }
    volatile float *vs = sdata;
    for (unsigned int s = 32; s > 0; s >>= 1) {
        const float v = tid < s ? vs[tid + s] : 0.0f;
        __syncwarp();
        if (tid < s) vs[tid] += v;
        __syncwarp();
    }
    out[blockIdx.x * 256 + tid] = __float_as_int(sdata[0]) + (int)sdata[(tid * 3) & 63];
}
#ifdef __CUDACC__
void launch(const int *in, int *out) {
    const int threads = 256;
    const int smemSize = (threads <= 32) ? 2 * threads * sizeof(float) : threads * sizeof(float);
    rt5_72_reduce_samples<<<2, dim3(32, 8), smemSize>>>(in, out, 0);
}
#endif
