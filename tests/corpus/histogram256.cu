// rapcc-corpus: shared-arrays=2
// 256-bin histogram with one sub-histogram per warp in shared memory,
// updated with shared-memory atomics, then merged per bin.
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <cuda_runtime.h>

typedef unsigned int uint;
typedef unsigned char uchar;

#define HISTOGRAM256_BIN_COUNT 256
#define LOG2_WARP_SIZE 5U
#define WARP_SIZE (1U << LOG2_WARP_SIZE)
#define WARP_COUNT 6
#define HISTOGRAM256_THREADBLOCK_SIZE (WARP_COUNT * WARP_SIZE)
#define HISTOGRAM256_THREADBLOCK_MEMORY (WARP_COUNT * HISTOGRAM256_BIN_COUNT)
#define PARTIAL_HISTOGRAM256_COUNT 240
#define MERGE_THREADBLOCK_SIZE 256
#define TAG_MASK 0xFFFFFFFFU

#define cudaCheck(call)                                                                     \
    do {                                                                                    \
        cudaError_t err__ = (call);                                                         \
        if (err__ != cudaSuccess) {                                                         \
            fprintf(stderr, "%s:%d: %s\n", __FILE__, __LINE__, cudaGetErrorString(err__)); \
            exit(EXIT_FAILURE);                                                             \
        }                                                                                   \
    } while (0)

inline __device__ void addByte(uint *s_WarpHist, uint data, uint threadTag)
{
    atomicAdd(s_WarpHist + data, 1);
}

inline __device__ void addWord(uint *s_WarpHist, uint data, uint tag)
{
    addByte(s_WarpHist, (data >> 0) & 0xFFU, tag);
    addByte(s_WarpHist, (data >> 8) & 0xFFU, tag);
    addByte(s_WarpHist, (data >> 16) & 0xFFU, tag);
    addByte(s_WarpHist, (data >> 24) & 0xFFU, tag);
}

__global__ void histogram256Kernel(uint *d_PartialHistograms, uint *d_Data, uint dataCount)
{
    __shared__ uint s_Hist[HISTOGRAM256_THREADBLOCK_MEMORY];
    uint *s_WarpHist = s_Hist + (threadIdx.x >> LOG2_WARP_SIZE) * HISTOGRAM256_BIN_COUNT;

#pragma unroll
    for (uint i = 0; i < (HISTOGRAM256_THREADBLOCK_MEMORY / HISTOGRAM256_THREADBLOCK_SIZE); i++)
        s_Hist[threadIdx.x + i * HISTOGRAM256_THREADBLOCK_SIZE] = 0;

    const uint tag = threadIdx.x << (32 - LOG2_WARP_SIZE);
    __syncthreads();

    for (uint pos = blockIdx.x * blockDim.x + threadIdx.x; pos < dataCount; pos += blockDim.x * gridDim.x) {
        uint data = d_Data[pos];
        addWord(s_WarpHist, data, tag);
    }

    __syncthreads();

    for (uint bin = threadIdx.x; bin < HISTOGRAM256_BIN_COUNT; bin += HISTOGRAM256_THREADBLOCK_SIZE) {
        uint sum = 0;
        for (uint i = 0; i < WARP_COUNT; i++) sum += s_Hist[bin + i * HISTOGRAM256_BIN_COUNT] & TAG_MASK;
        d_PartialHistograms[blockIdx.x * HISTOGRAM256_BIN_COUNT + bin] = sum;
    }
}

__global__ void mergeHistogram256Kernel(uint *d_Histogram, uint *d_PartialHistograms, uint histogramCount)
{
    uint sum = 0;
    for (uint i = threadIdx.x; i < histogramCount; i += MERGE_THREADBLOCK_SIZE)
        sum += d_PartialHistograms[blockIdx.x + i * HISTOGRAM256_BIN_COUNT];

    __shared__ uint data[MERGE_THREADBLOCK_SIZE];
    data[threadIdx.x] = sum;

    for (uint stride = MERGE_THREADBLOCK_SIZE / 2; stride > 0; stride >>= 1) {
        __syncthreads();
        if (threadIdx.x < stride) data[threadIdx.x] += data[threadIdx.x + stride];
    }

    if (threadIdx.x == 0) d_Histogram[blockIdx.x] = data[0];
}

int main(void)
{
    const uint byteCount = 64 * 1048576;
    uchar *h_Data = (uchar *)malloc(byteCount);
    uint h_HistogramCPU[HISTOGRAM256_BIN_COUNT], h_HistogramGPU[HISTOGRAM256_BIN_COUNT];
    for (uint i = 0; i < byteCount; i++) h_Data[i] = (uchar)(rand() & 0xFF);
    memset(h_HistogramCPU, 0, sizeof(h_HistogramCPU));
    for (uint i = 0; i < byteCount; i++) h_HistogramCPU[h_Data[i]]++;

    uint *d_Data, *d_Histogram, *d_PartialHistograms;
    cudaCheck(cudaMalloc((void **)&d_Data, byteCount));
    cudaCheck(cudaMalloc((void **)&d_Histogram, HISTOGRAM256_BIN_COUNT * sizeof(uint)));
    cudaCheck(cudaMalloc((void **)&d_PartialHistograms, PARTIAL_HISTOGRAM256_COUNT * HISTOGRAM256_BIN_COUNT * sizeof(uint)));
    cudaCheck(cudaMemcpy(d_Data, h_Data, byteCount, cudaMemcpyHostToDevice));

    histogram256Kernel<<<PARTIAL_HISTOGRAM256_COUNT, HISTOGRAM256_THREADBLOCK_SIZE>>>(d_PartialHistograms, d_Data,
                                                                                     byteCount / sizeof(uint));
    cudaCheck(cudaGetLastError());
    mergeHistogram256Kernel<<<HISTOGRAM256_BIN_COUNT, MERGE_THREADBLOCK_SIZE>>>(d_Histogram, d_PartialHistograms,
                                                                               PARTIAL_HISTOGRAM256_COUNT);
    cudaCheck(cudaGetLastError());
    cudaCheck(cudaMemcpy(h_HistogramGPU, d_Histogram, sizeof(h_HistogramGPU), cudaMemcpyDeviceToHost));

    int mismatches = 0;
    for (uint i = 0; i < HISTOGRAM256_BIN_COUNT; i++) mismatches += h_HistogramGPU[i] != h_HistogramCPU[i];
    printf("%d mismatching bins\n", mismatches);

    cudaFree(d_PartialHistograms);
    cudaFree(d_Histogram);
    cudaFree(d_Data);
    free(h_Data);
    return mismatches ? 1 : 0;
}
