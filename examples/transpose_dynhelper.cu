// transpose_dynhelper: a 32x32 tile transpose whose tile is the launch's
// dynamic shared memory, reached through a SharedMemory<T>-style helper as
// the CUDA samples' reductions do (the helper hides the one `extern
// __shared__` declaration a template may not repeat with another type).
//
// Shared-memory pattern:
//   store: tile[(ty + i) * 32 + tx] -> a warp writes one row: conflict-free
//   load:  tile[tx * 32 + ty + i]   -> a warp reads one column: 32-way
// What rapcc should find: the pointer 'tile' is the kernel's dynamic shared
// memory; padding cannot grow a host-sized allocation, an XOR swizzle inside
// each 32x32 group can (and stays inside whatever the launch allocated).

#define TILE_DIM 32
#define BLOCK_ROWS 8

template <class T> struct DynamicShared {
    __device__ inline operator T *() {
        extern __shared__ unsigned char dynamic_shared_bytes[];
        return reinterpret_cast<T *>(dynamic_shared_bytes);
    }
};

extern "C" __global__ void __launch_bounds__(256) transpose_dynhelper(float *out, const float *in, int n)
{
    float *tile = DynamicShared<float>();

    int x = blockIdx.x * TILE_DIM + threadIdx.x;
    int y = blockIdx.y * TILE_DIM + threadIdx.y;
    for (int i = 0; i < TILE_DIM; i += BLOCK_ROWS)
        tile[(threadIdx.y + i) * TILE_DIM + threadIdx.x] = in[(size_t)(y + i) * n + x];

    __syncthreads();

    x = blockIdx.y * TILE_DIM + threadIdx.x;
    y = blockIdx.x * TILE_DIM + threadIdx.y;
    for (int i = 0; i < TILE_DIM; i += BLOCK_ROWS)
        out[(size_t)(y + i) * n + x] = tile[threadIdx.x * TILE_DIM + threadIdx.y + i];
}
