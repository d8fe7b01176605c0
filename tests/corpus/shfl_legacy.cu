// rapcc-corpus: shared-arrays=3
// Pre-CUDA-9 warp programming: shuffles and votes without masks (__shfl_up,
// __shfl_xor, __ballot, __any), warp-synchronous code on volatile shared
// memory, and stream compaction with per-warp counts in shared memory.
#include <stdio.h>
#include <stdlib.h>
#include <cuda_runtime.h>

#define WARP_SZ 32
#define BLOCK 128
#define NWARPS (BLOCK / WARP_SZ)
#define LANE (threadIdx.x & (WARP_SZ - 1))
#define WARP (threadIdx.x / WARP_SZ)

__device__ __inline__ int warp_inclusive_scan(int v)
{
#pragma unroll
    for (int d = 1; d < WARP_SZ; d <<= 1) {
        int t = __shfl_up(v, d);
        if (LANE >= d) v += t;
    }
    return v;
}

__device__ __inline__ float warp_allreduce_max(float v)
{
    for (int m = WARP_SZ / 2; m > 0; m >>= 1) v = fmaxf(v, __shfl_xor(v, m));
    return v;
}

// Keep elements above a threshold, preserving order within the block.
__global__ void compact(const float *in, float *out, int *out_count, int n, float threshold)
{
    __shared__ int warp_totals[NWARPS];
    __shared__ int block_base;

    int i = blockIdx.x * BLOCK + threadIdx.x;
    bool keep = (i < n) && in[i] > threshold;
    unsigned int ballot = __ballot(keep);
    int warp_prefix = __popc(ballot & ((1u << LANE) - 1));
    if (LANE == 0) warp_totals[WARP] = __popc(ballot);
    __syncthreads();

    if (threadIdx.x == 0) {
        int total = 0;
        for (int w = 0; w < NWARPS; w++) {
            int c = warp_totals[w];
            warp_totals[w] = total;
            total += c;
        }
        block_base = atomicAdd(out_count, total);
    }
    __syncthreads();

    if (keep) out[block_base + warp_totals[WARP] + warp_prefix] = in[i];
}

// Classic warp-synchronous max-reduction on volatile shared memory.
__global__ void block_max(const float *in, float *out, int n)
{
    __shared__ volatile float sm[BLOCK];
    __shared__ int any_nan[NWARPS];
    int i = blockIdx.x * BLOCK + threadIdx.x;
    float v = (i < n) ? in[i] : -3.4e38f;
    int nan_here = __any(v != v);
    if (LANE == 0) any_nan[WARP] = nan_here;
    sm[threadIdx.x] = v;
    __syncthreads();
    if (threadIdx.x < 64) sm[threadIdx.x] = v = fmaxf(v, sm[threadIdx.x + 64]);
    __syncthreads();
    if (threadIdx.x < 32) {
        sm[threadIdx.x] = v = fmaxf(v, sm[threadIdx.x + 32]);
        sm[threadIdx.x] = v = fmaxf(v, sm[threadIdx.x + 16]);
        sm[threadIdx.x] = v = fmaxf(v, sm[threadIdx.x + 8]);
        sm[threadIdx.x] = v = fmaxf(v, sm[threadIdx.x + 4]);
        sm[threadIdx.x] = v = fmaxf(v, sm[threadIdx.x + 2]);
        sm[threadIdx.x] = v = fmaxf(v, sm[threadIdx.x + 1]);
    }
    if (threadIdx.x == 0) out[blockIdx.x] = any_nan[0] ? sm[0] : warp_allreduce_max(sm[0]);
    (void)warp_inclusive_scan;
}

int main(void)
{
    const int n = 1 << 20;
    float *h = (float *)malloc(n * sizeof(float));
    for (int i = 0; i < n; i++) h[i] = (float)rand() / (float)RAND_MAX;
    float *d_in, *d_out, *d_max;
    int *d_count, count = 0;
    cudaMalloc((void **)&d_in, n * sizeof(float));
    cudaMalloc((void **)&d_out, n * sizeof(float));
    cudaMalloc((void **)&d_max, (n / BLOCK) * sizeof(float));
    cudaMalloc((void **)&d_count, sizeof(int));
    cudaMemcpy(d_in, h, n * sizeof(float), cudaMemcpyHostToDevice);
    cudaMemset(d_count, 0, sizeof(int));

    compact<<<n / BLOCK, BLOCK>>>(d_in, d_out, d_count, n, 0.5f);
    block_max<<<n / BLOCK, BLOCK>>>(d_in, d_max, n);
    cudaMemcpy(&count, d_count, sizeof(int), cudaMemcpyDeviceToHost);
    printf("kept %d of %d\n", count, n);

    cudaFree(d_in);
    cudaFree(d_out);
    cudaFree(d_max);
    cudaFree(d_count);
    free(h);
    return 0;
}
