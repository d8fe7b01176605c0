// SharedMemory<T> as in the CUDA samples: the pointer is the kernel's dynamic shared memory.
template <class T> struct SharedMemory {
    __device__ inline operator T *() {
        extern __shared__ int __smem[];
        return (T *)__smem;
    }
    __device__ inline operator const T *() const {
        extern __shared__ int __smem[];
        return (T *)__smem;
    }
};

extern "C" __global__ void column_read(const float *in, float *out)
{
#pragma rapcc block_dim(32, 32, 1)
    float *tile = SharedMemory<float>();
    const int tx = threadIdx.x, ty = threadIdx.y;
    tile[ty * 32 + tx] = in[(blockIdx.x * 32 + ty) * 32 + tx];
    __syncthreads();
    float *row = tile + 32 * ty;  // a pointer carved from it is an alias
    out[(blockIdx.x * 32 + ty) * 32 + tx] = tile[tx * 32 + ty] + row[tx];
}

template <class T>
__global__ void reduce_t(const T *in, T *out)
{
#pragma rapcc block_dim(256, 1, 1)
    T *sdata = SharedMemory<T>();
    unsigned int tid = threadIdx.x;
    sdata[tid] = in[blockIdx.x * 256 + tid];
    __syncthreads();
    for (unsigned int s = 1; s < 256; s *= 2) {
        if (tid % (2 * s) == 0) sdata[tid] += sdata[tid + s];
        __syncthreads();
    }
    if (tid == 0) out[blockIdx.x] = sdata[0];
}

template __global__ void reduce_t<float>(const float *, float *);
