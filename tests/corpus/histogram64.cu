// rapcc-corpus: shared-arrays=2
// 64-bin byte histogram with per-thread sub-histograms kept in shared memory
// as bytes (each thread owns a column of the [64][THREADS] array), then
// merged by a second kernel. Written in the style of the CUDA samples.
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <assert.h>
#include <helper_cuda.h>
#include <helper_functions.h>

typedef unsigned int uint;
typedef unsigned char uchar;

#define HISTOGRAM64_BIN_COUNT 64
#define HISTOGRAM64_THREADBLOCK_SIZE 64
#define HISTOGRAM64_THREADBLOCK_MEMORY (HISTOGRAM64_THREADBLOCK_SIZE * HISTOGRAM64_BIN_COUNT)
#define MERGE_THREADBLOCK_SIZE 256
#define MAX_PARTIAL_HISTOGRAM64_COUNT 32768
#define SHARED_MEMORY_BANKS 16
#define UMUL(a, b) __umul24((a), (b))
#define UMAD(a, b, c) (UMUL((a), (b)) + (c))

// Spread the threads' columns so that neighbouring threads start in
// different banks.
inline __device__ int shiftThread(int tid)
{
    return (tid & ~15) | ((tid & 15) * 4 & 15) | ((tid & 15) >> 2);
}

inline __device__ void addByte(uchar *s_ThreadBase, uint data)
{
    s_ThreadBase[UMUL(data, HISTOGRAM64_THREADBLOCK_SIZE)]++;
}

inline __device__ void addWord(uchar *s_ThreadBase, uint data)
{
    addByte(s_ThreadBase, (data >> 2) & 0x3FU);
    addByte(s_ThreadBase, (data >> 10) & 0x3FU);
    addByte(s_ThreadBase, (data >> 18) & 0x3FU);
    addByte(s_ThreadBase, (data >> 26) & 0x3FU);
}

__global__ void histogram64Kernel(uint *d_PartialHistograms, const uint4 *d_Data, uint dataCount)
{
    const uint threadPos = shiftThread(threadIdx.x);
    __shared__ uchar s_Hist[HISTOGRAM64_THREADBLOCK_SIZE * HISTOGRAM64_BIN_COUNT];
    uchar *s_ThreadBase = s_Hist + threadPos;

    // Clear as 32-bit words.
#pragma unroll
    for (uint i = 0; i < (HISTOGRAM64_BIN_COUNT / 4); i++)
        ((uint *)s_Hist)[threadIdx.x + i * HISTOGRAM64_THREADBLOCK_SIZE] = 0;

    __syncthreads();

    for (uint pos = UMAD(blockIdx.x, blockDim.x, threadIdx.x); pos < dataCount; pos += UMUL(blockDim.x, gridDim.x)) {
        uint4 data = d_Data[pos];
        addWord(s_ThreadBase, data.x);
        addWord(s_ThreadBase, data.y);
        addWord(s_ThreadBase, data.z);
        addWord(s_ThreadBase, data.w);
    }

    __syncthreads();

    if (threadIdx.x < HISTOGRAM64_BIN_COUNT) {
        uchar *s_HistBase = s_Hist + UMUL(threadIdx.x, HISTOGRAM64_THREADBLOCK_SIZE);
        uint sum = 0;
        uint pos = 4 * (threadIdx.x & 15);
#pragma unroll
        for (uint i = 0; i < (HISTOGRAM64_THREADBLOCK_SIZE / 4); i++) {
            sum += s_HistBase[pos + 0] + s_HistBase[pos + 1] + s_HistBase[pos + 2] + s_HistBase[pos + 3];
            pos = (pos + 4) & (HISTOGRAM64_THREADBLOCK_SIZE - 1);
        }
        d_PartialHistograms[blockIdx.x * HISTOGRAM64_BIN_COUNT + threadIdx.x] = sum;
    }
}

// One block per bin: accumulate that bin over all partial histograms.
__global__ void mergeHistogram64Kernel(uint *d_Histogram, uint *d_PartialHistograms, uint histogramCount)
{
    __shared__ uint data[MERGE_THREADBLOCK_SIZE];

    uint sum = 0;
    for (uint i = threadIdx.x; i < histogramCount; i += MERGE_THREADBLOCK_SIZE)
        sum += d_PartialHistograms[blockIdx.x + i * HISTOGRAM64_BIN_COUNT];
    data[threadIdx.x] = sum;

    for (uint stride = MERGE_THREADBLOCK_SIZE / 2; stride > 0; stride >>= 1) {
        __syncthreads();
        if (threadIdx.x < stride) data[threadIdx.x] += data[threadIdx.x + stride];
    }

    if (threadIdx.x == 0) d_Histogram[blockIdx.x] = data[0];
}

static uint *d_PartialHistograms;

static uint iDivUp(uint a, uint b) { return (a % b != 0) ? (a / b + 1) : (a / b); }

static uint iSnapDown(uint a, uint b) { return a - a % b; }

void initHistogram64(void)
{
    checkCudaErrors(cudaMalloc((void **)&d_PartialHistograms,
                               MAX_PARTIAL_HISTOGRAM64_COUNT * HISTOGRAM64_BIN_COUNT * sizeof(uint)));
}

void closeHistogram64(void) { checkCudaErrors(cudaFree(d_PartialHistograms)); }

void histogram64(uint *d_Histogram, void *d_Data, uint byteCount)
{
    const uint histogramCount = iDivUp(byteCount, HISTOGRAM64_THREADBLOCK_SIZE * iSnapDown(255, sizeof(uint4)));
    assert(byteCount % sizeof(uint4) == 0);
    assert(histogramCount <= MAX_PARTIAL_HISTOGRAM64_COUNT);

    histogram64Kernel<<<histogramCount, HISTOGRAM64_THREADBLOCK_SIZE>>>(
        d_PartialHistograms, (uint4 *)d_Data, byteCount / sizeof(uint4));
    getLastCudaError("histogram64Kernel() execution failed\n");

    mergeHistogram64Kernel<<<HISTOGRAM64_BIN_COUNT, MERGE_THREADBLOCK_SIZE>>>(d_Histogram, d_PartialHistograms,
                                                                             histogramCount);
    getLastCudaError("mergeHistogram64() execution failed\n");
}

void histogram64CPU(uint *h_Histogram, void *h_Data, uint byteCount)
{
    memset(h_Histogram, 0, HISTOGRAM64_BIN_COUNT * sizeof(uint));
    for (uint i = 0; i < byteCount; i++) h_Histogram[((uchar *)h_Data)[i] >> 2]++;
}

int main(int argc, char **argv)
{
    const uint byteCount = 64 * 1048576;
    StopWatchInterface *hTimer = NULL;
    int dev = findCudaDevice(argc, (const char **)argv);
    (void)dev;
    sdkCreateTimer(&hTimer);

    uchar *h_Data = (uchar *)malloc(byteCount);
    uint *h_HistogramCPU = (uint *)malloc(HISTOGRAM64_BIN_COUNT * sizeof(uint));
    uint *h_HistogramGPU = (uint *)malloc(HISTOGRAM64_BIN_COUNT * sizeof(uint));
    srand(2009);
    for (uint i = 0; i < byteCount; i++) h_Data[i] = rand() % 256;

    uchar *d_Data;
    uint *d_Histogram;
    checkCudaErrors(cudaMalloc((void **)&d_Data, byteCount));
    checkCudaErrors(cudaMalloc((void **)&d_Histogram, HISTOGRAM64_BIN_COUNT * sizeof(uint)));
    checkCudaErrors(cudaMemcpy(d_Data, h_Data, byteCount, cudaMemcpyHostToDevice));

    initHistogram64();
    checkCudaErrors(cudaDeviceSynchronize());
    sdkResetTimer(&hTimer);
    sdkStartTimer(&hTimer);
    histogram64(d_Histogram, d_Data, byteCount);
    checkCudaErrors(cudaDeviceSynchronize());
    sdkStopTimer(&hTimer);
    double dAvgSecs = 1.0e-3 * (double)sdkGetTimerValue(&hTimer);
    printf("histogram64() time: %.5f sec, %.4f MB/sec\n", dAvgSecs, ((double)byteCount * 1.0e-6) / dAvgSecs);

    checkCudaErrors(cudaMemcpy(h_HistogramGPU, d_Histogram, HISTOGRAM64_BIN_COUNT * sizeof(uint), cudaMemcpyDeviceToHost));
    histogram64CPU(h_HistogramCPU, h_Data, byteCount);
    int PassFailFlag = 1;
    for (uint i = 0; i < HISTOGRAM64_BIN_COUNT; i++)
        if (h_HistogramGPU[i] != h_HistogramCPU[i]) PassFailFlag = 0;
    printf(PassFailFlag ? " ...64-bin histograms match\n\n" : " ***64-bin histograms do not match!!!***\n\n");

    closeHistogram64();
    sdkDeleteTimer(&hTimer);
    checkCudaErrors(cudaFree(d_Histogram));
    checkCudaErrors(cudaFree(d_Data));
    free(h_HistogramGPU);
    free(h_HistogramCPU);
    free(h_Data);
    return PassFailFlag ? EXIT_SUCCESS : EXIT_FAILURE;
}
