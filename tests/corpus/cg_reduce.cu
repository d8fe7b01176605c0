// rapcc-corpus: shared-arrays=2
// Reductions with cooperative groups: thread_block / tiled_partition,
// cg::reduce over a 32-thread tile, a templated block-level sum through
// shared memory, and a grid-synchronised two-phase sum launched with
// cudaLaunchCooperativeKernel.
#include <cstdio>
#include <cstdlib>
#include <numeric>
#include <vector>
#include <cooperative_groups.h>
#include <cooperative_groups/reduce.h>
#include <helper_cuda.h>

namespace cg = cooperative_groups;

template <typename T, int BlockSize>
__device__ T block_sum(cg::thread_block block, T value, T *scratch)
{
    cg::thread_block_tile<32> tile = cg::tiled_partition<32>(block);
    value = cg::reduce(tile, value, cg::plus<T>());
    if (tile.thread_rank() == 0) scratch[tile.meta_group_rank()] = value;
    block.sync();
    if (tile.meta_group_rank() == 0) {
        value = (tile.thread_rank() < BlockSize / 32) ? scratch[tile.thread_rank()] : T(0);
        value = cg::reduce(tile, value, [](T a, T b) { return a + b; });
    }
    return value;
}

template <typename T, int BlockSize>
__global__ void sum_kernel(const T *in, T *block_sums, size_t n)
{
    __shared__ T warp_sums[BlockSize / 32];
    cg::thread_block block = cg::this_thread_block();
    T v = T(0);
    for (size_t i = blockIdx.x * BlockSize + threadIdx.x; i < n; i += (size_t)BlockSize * gridDim.x) v += in[i];
    v = block_sum<T, BlockSize>(block, v, warp_sums);
    if (block.thread_rank() == 0) block_sums[blockIdx.x] = v;
}

__global__ void grid_sum(const float *in, float *partial, float *result, size_t n)
{
    extern __shared__ float sdata[];
    cg::grid_group grid = cg::this_grid();
    cg::thread_block block = cg::this_thread_block();

    float v = 0.f;
    for (size_t i = grid.thread_rank(); i < n; i += grid.size()) v += in[i];
    sdata[block.thread_rank()] = v;
    cg::sync(block);
    for (unsigned s = block.size() / 2; s > 0; s >>= 1) {
        if (block.thread_rank() < s) sdata[block.thread_rank()] += sdata[block.thread_rank() + s];
        cg::sync(block);
    }
    if (block.thread_rank() == 0) partial[blockIdx.x] = sdata[0];
    grid.sync();
    if (grid.thread_rank() == 0) {
        float total = 0.f;
        for (unsigned b = 0; b < gridDim.x; b++) total += partial[b];
        *result = total;
    }
}

int main(int argc, char **argv)
{
    const size_t n = 1 << 24;
    std::vector<float> h(n);
    std::iota(h.begin(), h.begin() + 16, 0.f);
    for (size_t i = 16; i < n; i++) h[i] = 1.f;

    float *d_in, *d_partial, *d_result;
    checkCudaErrors(cudaMalloc(&d_in, n * sizeof(float)));
    checkCudaErrors(cudaMalloc(&d_partial, 1024 * sizeof(float)));
    checkCudaErrors(cudaMalloc(&d_result, sizeof(float)));
    checkCudaErrors(cudaMemcpy(d_in, h.data(), n * sizeof(float), cudaMemcpyHostToDevice));

    sum_kernel<float, 256><<<1024, 256>>>(d_in, d_partial, n);
    sum_kernel<float, 256><<<1, 256>>>(d_partial, d_result, 1024);
    getLastCudaError("sum_kernel");

    int dev = 0, numBlocksPerSm = 0, threads = 256;
    cudaDeviceProp prop;
    checkCudaErrors(cudaGetDeviceProperties(&prop, dev));
    checkCudaErrors(cudaOccupancyMaxActiveBlocksPerMultiprocessor(&numBlocksPerSm, grid_sum, threads,
                                                                  threads * sizeof(float)));
    if (!prop.cooperativeLaunch) {
        std::printf("cooperative launch not supported\n");
        return EXIT_WAIVED;
    }
    dim3 grid(prop.multiProcessorCount * numBlocksPerSm), block(threads);
    size_t nn = n;
    void *args[] = {&d_in, &d_partial, &d_result, &nn};
    checkCudaErrors(cudaLaunchCooperativeKernel((void *)grid_sum, grid, block, args, threads * sizeof(float)));

    float result = 0.f;
    checkCudaErrors(cudaMemcpy(&result, d_result, sizeof(float), cudaMemcpyDeviceToHost));
    double expect = std::accumulate(h.begin(), h.end(), 0.0);
    std::printf("sum = %f, expected %f\n", result, expect);

    checkCudaErrors(cudaFree(d_in));
    checkCudaErrors(cudaFree(d_partial));
    checkCudaErrors(cudaFree(d_result));
    return 0;
}
