// Asynchronous copies into shared memory (LDGSTS), as the CUDA samples'
// globalToShmemAsyncCopy issues them: one element per lane, or 16 bytes.
namespace demo {
struct pipe_t {};
__device__ void memcpy_async(void *dst, const void *src, unsigned long size, pipe_t &)
{
    for (unsigned long i = 0; i < size; ++i)
        static_cast<char *>(dst)[i] = static_cast<const char *>(src)[i];
}
}

extern "C" __global__ void __launch_bounds__(1024) by_element(float *out, const float *in)
{
#pragma rapcc block_dim(32, 32)
    __shared__ float tile[32][32];
    demo::pipe_t pipe;
    demo::memcpy_async(&tile[threadIdx.x][threadIdx.y], &in[threadIdx.y * 32 + threadIdx.x], sizeof(float), pipe);
    __syncthreads();
    out[threadIdx.y * 32 + threadIdx.x] = tile[threadIdx.y][threadIdx.x];
}

extern "C" __global__ void by_vector(float *out, const float *in)
{
#pragma rapcc block_dim(8, 32)
    __shared__ float wide[32][32];
    demo::pipe_t pipe;
    demo::memcpy_async(&wide[threadIdx.y][4 * threadIdx.x], &in[threadIdx.y * 32 + 4 * threadIdx.x], 16, pipe);
    __syncthreads();
    out[threadIdx.y * 32 + threadIdx.x] = wide[threadIdx.x][threadIdx.y];
}
