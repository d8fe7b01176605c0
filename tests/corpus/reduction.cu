// rapcc-corpus: shared-arrays=5
// Parallel sum reduction in the style of the CUDA samples: a family of
// templated kernels that use dynamically sized shared memory through a
// SharedMemory<T> helper, a warp-synchronous tail over a volatile pointer,
// and a host driver that dispatches on the block size.
#include <stdio.h>
#include <stdlib.h>
#include <algorithm>
#include <cuda_runtime.h>

#define MAX_BLOCK_DIM_SIZE 65535

// extern __shared__ arrays of different types must not share a name, so the
// helper hands out a pointer of the right type per instantiation.
template <class T>
struct SharedMemory {
    __device__ inline operator T *()
    {
        extern __shared__ int __smem[];
        return (T *)__smem;
    }

    __device__ inline operator const T *() const
    {
        extern __shared__ int __smem[];
        return (T *)__smem;
    }
};

template <>
struct SharedMemory<double> {
    __device__ inline operator double *()
    {
        extern __shared__ double __smem_d[];
        return (double *)__smem_d;
    }

    __device__ inline operator const double *() const
    {
        extern __shared__ double __smem_d[];
        return (double *)__smem_d;
    }
};

bool isPow2(unsigned int x) { return ((x & (x - 1)) == 0); }

unsigned int nextPow2(unsigned int x)
{
    --x;
    x |= x >> 1;
    x |= x >> 2;
    x |= x >> 4;
    x |= x >> 8;
    x |= x >> 16;
    return ++x;
}

// Interleaved addressing with a divergent modulo test.
template <class T>
__global__ void reduce0(T *g_idata, T *g_odata, unsigned int n)
{
    T *sdata = SharedMemory<T>();

    unsigned int tid = threadIdx.x;
    unsigned int i = blockIdx.x * blockDim.x + threadIdx.x;
    sdata[tid] = (i < n) ? g_idata[i] : 0;
    __syncthreads();

    for (unsigned int s = 1; s < blockDim.x; s *= 2) {
        if ((tid % (2 * s)) == 0) {
            sdata[tid] += sdata[tid + s];
        }
        __syncthreads();
    }

    if (tid == 0) g_odata[blockIdx.x] = sdata[0];
}

// Strided index: no divergence, but a bank conflict that doubles per step.
template <class T>
__global__ void reduce1(T *g_idata, T *g_odata, unsigned int n)
{
    T *sdata = SharedMemory<T>();

    unsigned int tid = threadIdx.x;
    unsigned int i = blockIdx.x * blockDim.x + threadIdx.x;
    sdata[tid] = (i < n) ? g_idata[i] : 0;
    __syncthreads();

    for (unsigned int s = 1; s < blockDim.x; s *= 2) {
        int index = 2 * s * tid;
        if (index < blockDim.x) {
            sdata[index] += sdata[index + s];
        }
        __syncthreads();
    }

    if (tid == 0) g_odata[blockIdx.x] = sdata[0];
}

// Sequential addressing.
template <class T>
__global__ void reduce2(T *g_idata, T *g_odata, unsigned int n)
{
    T *sdata = SharedMemory<T>();

    unsigned int tid = threadIdx.x;
    unsigned int i = blockIdx.x * blockDim.x + threadIdx.x;
    sdata[tid] = (i < n) ? g_idata[i] : 0;
    __syncthreads();

    for (unsigned int s = blockDim.x / 2; s > 0; s >>= 1) {
        if (tid < s) {
            sdata[tid] += sdata[tid + s];
        }
        __syncthreads();
    }

    if (tid == 0) g_odata[blockIdx.x] = sdata[0];
}

// First add during the global load.
template <class T>
__global__ void reduce3(T *g_idata, T *g_odata, unsigned int n)
{
    T *sdata = SharedMemory<T>();

    unsigned int tid = threadIdx.x;
    unsigned int i = blockIdx.x * (blockDim.x * 2) + threadIdx.x;

    T mySum = (i < n) ? g_idata[i] : 0;
    if (i + blockDim.x < n) mySum += g_idata[i + blockDim.x];
    sdata[tid] = mySum;
    __syncthreads();

    for (unsigned int s = blockDim.x / 2; s > 0; s >>= 1) {
        if (tid < s) {
            sdata[tid] = mySum = mySum + sdata[tid + s];
        }
        __syncthreads();
    }

    if (tid == 0) g_odata[blockIdx.x] = mySum;
}

// The last warp runs without barriers, through a volatile pointer.
template <class T, unsigned int blockSize>
__device__ void warpReduce(volatile T *sdata, unsigned int tid)
{
    if (blockSize >= 64) sdata[tid] += sdata[tid + 32];
    if (blockSize >= 32) sdata[tid] += sdata[tid + 16];
    if (blockSize >= 16) sdata[tid] += sdata[tid + 8];
    if (blockSize >= 8) sdata[tid] += sdata[tid + 4];
    if (blockSize >= 4) sdata[tid] += sdata[tid + 2];
    if (blockSize >= 2) sdata[tid] += sdata[tid + 1];
}

template <class T, unsigned int blockSize>
__global__ void reduce4(T *g_idata, T *g_odata, unsigned int n)
{
    T *sdata = SharedMemory<T>();

    unsigned int tid = threadIdx.x;
    unsigned int i = blockIdx.x * (blockDim.x * 2) + threadIdx.x;

    T mySum = (i < n) ? g_idata[i] : 0;
    if (i + blockSize < n) mySum += g_idata[i + blockSize];
    sdata[tid] = mySum;
    __syncthreads();

    for (unsigned int s = blockDim.x / 2; s > 32; s >>= 1) {
        if (tid < s) sdata[tid] = mySum = mySum + sdata[tid + s];
        __syncthreads();
    }

    if (tid < 32) warpReduce<T, blockSize>(sdata, tid);
    if (tid == 0) g_odata[blockIdx.x] = sdata[0];
}

// Completely unrolled for a compile-time block size.
template <class T, unsigned int blockSize>
__global__ void reduce5(T *g_idata, T *g_odata, unsigned int n)
{
    T *sdata = SharedMemory<T>();

    unsigned int tid = threadIdx.x;
    unsigned int i = blockIdx.x * (blockSize * 2) + threadIdx.x;

    T mySum = (i < n) ? g_idata[i] : 0;
    if (i + blockSize < n) mySum += g_idata[i + blockSize];
    sdata[tid] = mySum;
    __syncthreads();

    if ((blockSize >= 512) && (tid < 256)) sdata[tid] = mySum = mySum + sdata[tid + 256];
    __syncthreads();
    if ((blockSize >= 256) && (tid < 128)) sdata[tid] = mySum = mySum + sdata[tid + 128];
    __syncthreads();
    if ((blockSize >= 128) && (tid < 64)) sdata[tid] = mySum = mySum + sdata[tid + 64];
    __syncthreads();

    if (tid < 32) {
        volatile T *smem = sdata;
        if (blockSize >= 64) smem[tid] = mySum = mySum + smem[tid + 32];
        if (blockSize >= 32) smem[tid] = mySum = mySum + smem[tid + 16];
        if (blockSize >= 16) smem[tid] = mySum = mySum + smem[tid + 8];
        if (blockSize >= 8) smem[tid] = mySum = mySum + smem[tid + 4];
        if (blockSize >= 4) smem[tid] = mySum = mySum + smem[tid + 2];
        if (blockSize >= 2) smem[tid] = mySum = mySum + smem[tid + 1];
    }

    if (tid == 0) g_odata[blockIdx.x] = sdata[0];
}

// Many elements per thread with a grid-stride loop.
template <class T, unsigned int blockSize, bool nIsPow2>
__global__ void reduce6(T *g_idata, T *g_odata, unsigned int n)
{
    T *sdata = SharedMemory<T>();

    unsigned int tid = threadIdx.x;
    unsigned int i = blockIdx.x * blockSize * 2 + threadIdx.x;
    unsigned int gridSize = blockSize * 2 * gridDim.x;

    T mySum = 0;
    while (i < n) {
        mySum += g_idata[i];
        if (nIsPow2 || i + blockSize < n) mySum += g_idata[i + blockSize];
        i += gridSize;
    }
    sdata[tid] = mySum;
    __syncthreads();

#pragma unroll
    for (unsigned int s = blockSize / 2; s > 32; s >>= 1) {
        if (tid < s) sdata[tid] = mySum = mySum + sdata[tid + s];
        __syncthreads();
    }

    if (tid < 32) {
        if (blockSize >= 64) mySum += sdata[tid + 32];
        for (int offset = warpSize / 2; offset > 0; offset /= 2)
            mySum += __shfl_down_sync(0xffffffff, mySum, offset);
    }

    if (tid == 0) g_odata[blockIdx.x] = mySum;
}

// A fixed-size variant with a statically sized array, for comparison.
__global__ void reduceStatic256(const float *g_idata, float *g_odata, unsigned int n)
{
    __shared__ float partial[256];
    unsigned int tid = threadIdx.x;
    unsigned int i = blockIdx.x * 256 + tid;
    partial[tid] = (i < n) ? g_idata[i] : 0.0f;
    __syncthreads();
    for (unsigned int s = 128; s > 0; s >>= 1) {
        if (tid < s) partial[tid] += partial[tid + s];
        __syncthreads();
    }
    if (tid == 0) g_odata[blockIdx.x] = partial[0];
}

template <class T>
void reduce(int size, int threads, int blocks, int whichKernel, T *d_idata, T *d_odata)
{
    dim3 dimBlock(threads, 1, 1);
    dim3 dimGrid(blocks, 1, 1);
    int smemSize = (threads <= 32) ? 2 * threads * sizeof(T) : threads * sizeof(T);

    switch (whichKernel) {
    case 0:
        reduce0<T><<<dimGrid, dimBlock, smemSize>>>(d_idata, d_odata, size);
        break;
    case 1:
        reduce1<T><<<dimGrid, dimBlock, smemSize>>>(d_idata, d_odata, size);
        break;
    case 2:
        reduce2<T><<<dimGrid, dimBlock, smemSize>>>(d_idata, d_odata, size);
        break;
    case 3:
        reduce3<T><<<dimGrid, dimBlock, smemSize>>>(d_idata, d_odata, size);
        break;
    case 4:
        switch (threads) {
        case 512: reduce4<T, 512><<<dimGrid, dimBlock, smemSize>>>(d_idata, d_odata, size); break;
        case 256: reduce4<T, 256><<<dimGrid, dimBlock, smemSize>>>(d_idata, d_odata, size); break;
        case 128: reduce4<T, 128><<<dimGrid, dimBlock, smemSize>>>(d_idata, d_odata, size); break;
        case 64: reduce4<T, 64><<<dimGrid, dimBlock, smemSize>>>(d_idata, d_odata, size); break;
        }
        break;
    case 5:
        switch (threads) {
        case 512: reduce5<T, 512><<<dimGrid, dimBlock, smemSize>>>(d_idata, d_odata, size); break;
        case 256: reduce5<T, 256><<<dimGrid, dimBlock, smemSize>>>(d_idata, d_odata, size); break;
        case 128: reduce5<T, 128><<<dimGrid, dimBlock, smemSize>>>(d_idata, d_odata, size); break;
        case 64: reduce5<T, 64><<<dimGrid, dimBlock, smemSize>>>(d_idata, d_odata, size); break;
        }
        break;
    default:
        if (isPow2(size)) {
            switch (threads) {
            case 512: reduce6<T, 512, true><<<dimGrid, dimBlock, smemSize>>>(d_idata, d_odata, size); break;
            case 256: reduce6<T, 256, true><<<dimGrid, dimBlock, smemSize>>>(d_idata, d_odata, size); break;
            case 128: reduce6<T, 128, true><<<dimGrid, dimBlock, smemSize>>>(d_idata, d_odata, size); break;
            }
        } else {
            switch (threads) {
            case 512: reduce6<T, 512, false><<<dimGrid, dimBlock, smemSize>>>(d_idata, d_odata, size); break;
            case 256: reduce6<T, 256, false><<<dimGrid, dimBlock, smemSize>>>(d_idata, d_odata, size); break;
            case 128: reduce6<T, 128, false><<<dimGrid, dimBlock, smemSize>>>(d_idata, d_odata, size); break;
            }
        }
        break;
    }
}

template <class T>
T reduceCPU(const T *data, int size)
{
    T sum = data[0];
    T c = (T)0.0;
    for (int i = 1; i < size; i++) {
        T y = data[i] - c;
        T t = sum + y;
        c = (t - sum) - y;
        sum = t;
    }
    return sum;
}

void getNumBlocksAndThreads(int whichKernel, int n, int maxBlocks, int maxThreads, int &blocks, int &threads)
{
    if (whichKernel < 3) {
        threads = (n < maxThreads) ? nextPow2(n) : maxThreads;
        blocks = (n + threads - 1) / threads;
    } else {
        threads = (n < maxThreads * 2) ? nextPow2((n + 1) / 2) : maxThreads;
        blocks = (n + (threads * 2 - 1)) / (threads * 2);
    }
    if (whichKernel == 6) blocks = std::min(maxBlocks, blocks);
}

int main(int argc, char **argv)
{
    int size = 1 << 24;
    int maxThreads = 256, maxBlocks = 64, whichKernel = 6;
    if (argc > 1) whichKernel = atoi(argv[1]);

    unsigned int bytes = size * sizeof(float);
    float *h_idata = (float *)malloc(bytes);
    for (int i = 0; i < size; i++) h_idata[i] = (rand() & 0xFF) / (float)RAND_MAX;

    int numBlocks = 0, numThreads = 0;
    getNumBlocksAndThreads(whichKernel, size, maxBlocks, maxThreads, numBlocks, numThreads);
    if (numBlocks > MAX_BLOCK_DIM_SIZE) numBlocks = MAX_BLOCK_DIM_SIZE;

    float *h_odata = (float *)malloc(numBlocks * sizeof(float));
    float *d_idata = NULL, *d_odata = NULL;
    cudaMalloc((void **)&d_idata, bytes);
    cudaMalloc((void **)&d_odata, numBlocks * sizeof(float));
    cudaMemcpy(d_idata, h_idata, bytes, cudaMemcpyHostToDevice);

    reduce<float>(size, numThreads, numBlocks, whichKernel, d_idata, d_odata);
    reduceStatic256<<<(size + 255) / 256, 256>>>(d_idata, d_odata, size);
    cudaDeviceSynchronize();

    cudaMemcpy(h_odata, d_odata, numBlocks * sizeof(float), cudaMemcpyDeviceToHost);
    float gpu_result = 0;
    for (int i = 0; i < numBlocks; i++) gpu_result += h_odata[i];
    float cpu_result = reduceCPU<float>(h_idata, size);
    printf("GPU result = %f, CPU result = %f\n", gpu_result, cpu_result);

    double *d_dd = NULL;
    cudaMalloc((void **)&d_dd, 2 * numBlocks * sizeof(double));
    reduce<double>(numBlocks, numThreads, 1, 3, d_dd, d_dd + numBlocks);

    cudaFree(d_idata);
    cudaFree(d_odata);
    cudaFree(d_dd);
    free(h_idata);
    free(h_odata);
    return (fabs(gpu_result - cpu_result) < 1e-3 * size) ? EXIT_SUCCESS : EXIT_FAILURE;
}
