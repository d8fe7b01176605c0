// Where do the extra shared-memory wavefronts of a conflict-free 16x16
// transpose come from? Nsight Compute reads about 1.12 wavefronts per shared
// load on an H200 for every layout rapcc's model calls conflict-free
// (benchmarks/results/suite-h200-2026-11-23g, transpose_16x16). Four kernels,
// one XOR-swizzled 16x16 tile each, differing only in what surrounds the
// shared accesses:
//   with_global    reads its tile from global memory, writes it back (the suite case)
//   no_global      fills the tile from registers; one global store, never taken
//   loads_only     global loads before the tile, no global stores after
//   wide_32x8      the same swizzle on a 32x8 block, with global traffic (the
//                  suite's transpose_32x8 measures within 5%)
#include <cstdio>
#include <cuda_runtime.h>

#define T 16
__device__ __forceinline__ int sw(int r, int c) { return r * T + (c ^ (r & (T - 1))); }

extern "C" __global__ void with_global(float *out, const float *in, int n) {
    __shared__ float tile[T * T];
    int x = blockIdx.x * T + threadIdx.x, y = blockIdx.y * T + threadIdx.y;
    tile[sw(threadIdx.y, threadIdx.x)] = in[y * n + x];
    __syncthreads();
    x = blockIdx.y * T + threadIdx.x; y = blockIdx.x * T + threadIdx.y;
    out[y * n + x] = tile[sw(threadIdx.x, threadIdx.y)];
}

extern "C" __global__ void no_global(float *out, const float *in, int n) {
    __shared__ float tile[T * T];
    tile[sw(threadIdx.y, threadIdx.x)] = (float)(threadIdx.y * 31 + threadIdx.x + blockIdx.x);
    __syncthreads();
    float v = tile[sw(threadIdx.x, threadIdx.y)];
    if (v == -1.0f) out[0] = v;  // never true: keeps the load
}

extern "C" __global__ void loads_only(float *out, const float *in, int n) {
    __shared__ float tile[T * T];
    int x = blockIdx.x * T + threadIdx.x, y = blockIdx.y * T + threadIdx.y;
    tile[sw(threadIdx.y, threadIdx.x)] = in[y * n + x];
    __syncthreads();
    float v = tile[sw(threadIdx.x, threadIdx.y)];
    if (v == -1.0f) out[0] = v;
}

#define W 32
__device__ __forceinline__ int sw32(int r, int c) { return r * W + (c ^ (r & (W - 1))); }

extern "C" __global__ void wide_32x8(float *out, const float *in, int n) {
    __shared__ float tile[W * W];
    int x = blockIdx.x * W + threadIdx.x, y = blockIdx.y * W + threadIdx.y;
    for (int j = 0; j < W; j += 8) tile[sw32(threadIdx.y + j, threadIdx.x)] = in[(y + j) * n + x];
    __syncthreads();
    x = blockIdx.y * W + threadIdx.x; y = blockIdx.x * W + threadIdx.y;
    for (int j = 0; j < W; j += 8) out[(y + j) * n + x] = tile[sw32(threadIdx.x, threadIdx.y + j)];
}

int main() {
    const int n = 2048;
    float *in, *out;
    cudaMalloc(&in, sizeof(float) * n * n);
    cudaMalloc(&out, sizeof(float) * n * n);
    cudaMemset(in, 0, sizeof(float) * n * n);
    dim3 g16(n / T, n / T), b16(T, T), g32(n / W, n / W), b32(W, 8);
    with_global<<<g16, b16>>>(out, in, n);
    no_global<<<g16, b16>>>(out, in, n);
    loads_only<<<g16, b16>>>(out, in, n);
    wide_32x8<<<g32, b32>>>(out, in, n);
    cudaError_t e = cudaDeviceSynchronize();
    printf("%s\n", cudaGetErrorString(e));
    return e != cudaSuccess;
}
