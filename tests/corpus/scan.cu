// rapcc-corpus: shared-arrays=4
// Work-efficient exclusive prefix sum (up-sweep / down-sweep) on one block of
// 2*blockDim elements, with the classic CONFLICT_FREE_OFFSET padding, plus a
// warp-shuffle inclusive scan and the uniform-add pass for large arrays.
#include <stdio.h>
#include <stdlib.h>
#include <math.h>
#include <cuda_runtime.h>

#define NUM_BANKS 32
#define LOG_NUM_BANKS 5
#ifdef ZERO_BANK_CONFLICTS
#define CONFLICT_FREE_OFFSET(n) (((n) >> LOG_NUM_BANKS) + ((n) >> (2 * LOG_NUM_BANKS)))
#else
#define CONFLICT_FREE_OFFSET(n) ((n) >> LOG_NUM_BANKS)
#endif

#define SCAN_BLOCK 512
#define ELEMENTS_PER_BLOCK (2 * SCAN_BLOCK)

// Exclusive scan of ELEMENTS_PER_BLOCK elements; writes the block total.
__global__ void prescan(float *g_odata, const float *g_idata, float *g_sums, int n)
{
    extern __shared__ float temp[];

    int thid = threadIdx.x;
    int blockOffset = blockIdx.x * ELEMENTS_PER_BLOCK;
    int offset = 1;

    int ai = thid;
    int bi = thid + (ELEMENTS_PER_BLOCK / 2);
    int bankOffsetA = CONFLICT_FREE_OFFSET(ai);
    int bankOffsetB = CONFLICT_FREE_OFFSET(bi);
    temp[ai + bankOffsetA] = (blockOffset + ai < n) ? g_idata[blockOffset + ai] : 0.0f;
    temp[bi + bankOffsetB] = (blockOffset + bi < n) ? g_idata[blockOffset + bi] : 0.0f;

    for (int d = ELEMENTS_PER_BLOCK >> 1; d > 0; d >>= 1) {
        __syncthreads();
        if (thid < d) {
            int ai2 = offset * (2 * thid + 1) - 1;
            int bi2 = offset * (2 * thid + 2) - 1;
            ai2 += CONFLICT_FREE_OFFSET(ai2);
            bi2 += CONFLICT_FREE_OFFSET(bi2);
            temp[bi2] += temp[ai2];
        }
        offset *= 2;
    }

    if (thid == 0) {
        int last = ELEMENTS_PER_BLOCK - 1 + CONFLICT_FREE_OFFSET(ELEMENTS_PER_BLOCK - 1);
        if (g_sums) g_sums[blockIdx.x] = temp[last];
        temp[last] = 0;
    }

    for (int d = 1; d < ELEMENTS_PER_BLOCK; d *= 2) {
        offset >>= 1;
        __syncthreads();
        if (thid < d) {
            int ai2 = offset * (2 * thid + 1) - 1;
            int bi2 = offset * (2 * thid + 2) - 1;
            ai2 += CONFLICT_FREE_OFFSET(ai2);
            bi2 += CONFLICT_FREE_OFFSET(bi2);
            float t = temp[ai2];
            temp[ai2] = temp[bi2];
            temp[bi2] += t;
        }
    }
    __syncthreads();

    if (blockOffset + ai < n) g_odata[blockOffset + ai] = temp[ai + bankOffsetA];
    if (blockOffset + bi < n) g_odata[blockOffset + bi] = temp[bi + bankOffsetB];
}

// Naive double-buffered Hillis-Steele scan, kept for comparison.
__global__ void scanNaive(float *g_odata, const float *g_idata, int n)
{
    __shared__ float buf[2][SCAN_BLOCK];
    int thid = threadIdx.x;
    int pout = 0, pin = 1;

    buf[pout][thid] = (thid > 0 && thid < n) ? g_idata[thid - 1] : 0;
    __syncthreads();

    for (int offset = 1; offset < n; offset *= 2) {
        pout = 1 - pout;
        pin = 1 - pout;
        if (thid >= offset)
            buf[pout][thid] = buf[pin][thid] + buf[pin][thid - offset];
        else
            buf[pout][thid] = buf[pin][thid];
        __syncthreads();
    }
    if (thid < n) g_odata[thid] = buf[pout][thid];
}

// Inclusive scan: shuffles within a warp, warp totals through shared memory.
__global__ void scanWarpShuffle(int *data, int *partial_sums, int n)
{
    __shared__ int warp_sums[SCAN_BLOCK / 32];
    __shared__ int block_total;

    int id = blockIdx.x * blockDim.x + threadIdx.x;
    int lane = threadIdx.x % warpSize;
    int warp_id = threadIdx.x / warpSize;
    int value = (id < n) ? data[id] : 0;

#pragma unroll
    for (int i = 1; i <= 32; i *= 2) {
        int n_val = __shfl_up_sync(0xffffffff, value, i, 32);
        if (lane >= i) value += n_val;
    }

    if (threadIdx.x % warpSize == warpSize - 1) warp_sums[warp_id] = value;
    __syncthreads();

    if (warp_id == 0 && lane < (blockDim.x / warpSize)) {
        int warp_sum = warp_sums[lane];
        int mask = (1 << (blockDim.x / warpSize)) - 1;
        for (int i = 1; i <= (blockDim.x / warpSize); i *= 2) {
            int n_val = __shfl_up_sync(mask, warp_sum, i, (blockDim.x / warpSize));
            if (lane >= i) warp_sum += n_val;
        }
        warp_sums[lane] = warp_sum;
        if (lane == (blockDim.x / warpSize) - 1) block_total = warp_sum;
    }
    __syncthreads();

    if (warp_id > 0) value += warp_sums[warp_id - 1];
    if (id < n) data[id] = value;
    if (threadIdx.x == 0 && partial_sums != NULL) partial_sums[blockIdx.x] = block_total;
}

__global__ void uniformAdd(float *g_data, const float *uniforms, int n)
{
    __shared__ float uni[1];
    if (threadIdx.x == 0) uni[0] = uniforms[blockIdx.x];
    __syncthreads();

    unsigned int address = blockIdx.x * ELEMENTS_PER_BLOCK + threadIdx.x;
    if (address < n) g_data[address] += uni[0];
    if (address + blockDim.x < n) g_data[address + blockDim.x] += uni[0];
}

static void scanGold(float *ref, const float *in, int n)
{
    ref[0] = 0;
    for (int i = 1; i < n; i++) ref[i] = ref[i - 1] + in[i - 1];
}

int main(int argc, char **argv)
{
    const int n = ELEMENTS_PER_BLOCK * ELEMENTS_PER_BLOCK;
    const int blocks = n / ELEMENTS_PER_BLOCK;
    size_t bytes = n * sizeof(float);
    float *h_in = (float *)malloc(bytes), *h_out = (float *)malloc(bytes), *h_ref = (float *)malloc(bytes);
    for (int i = 0; i < n; i++) h_in[i] = (float)(rand() & 15);
    scanGold(h_ref, h_in, n);

    float *d_in, *d_out, *d_sums, *d_sums_scanned;
    cudaMalloc((void **)&d_in, bytes);
    cudaMalloc((void **)&d_out, bytes);
    cudaMalloc((void **)&d_sums, blocks * sizeof(float));
    cudaMalloc((void **)&d_sums_scanned, blocks * sizeof(float));
    cudaMemcpy(d_in, h_in, bytes, cudaMemcpyHostToDevice);

    size_t smem = (ELEMENTS_PER_BLOCK + CONFLICT_FREE_OFFSET(ELEMENTS_PER_BLOCK - 1)) * sizeof(float);
    prescan<<<blocks, SCAN_BLOCK, smem>>>(d_out, d_in, d_sums, n);
    prescan<<<1, SCAN_BLOCK, smem>>>(d_sums_scanned, d_sums, NULL, blocks);
    uniformAdd<<<blocks, SCAN_BLOCK>>>(d_out, d_sums_scanned, n);
    scanNaive<<<1, SCAN_BLOCK>>>(d_out, d_in, SCAN_BLOCK);

    int *d_int;
    cudaMalloc((void **)&d_int, n * sizeof(int));
    scanWarpShuffle<<<n / SCAN_BLOCK, SCAN_BLOCK>>>(d_int, NULL, n);
    cudaDeviceSynchronize();

    cudaMemcpy(h_out, d_out, bytes, cudaMemcpyDeviceToHost);
    double maxErr = 0;
    for (int i = SCAN_BLOCK; i < n; i++) maxErr = fmax(maxErr, fabs(h_out[i] - h_ref[i]));
    printf("max error %g\n", maxErr);

    cudaFree(d_int);
    cudaFree(d_in);
    cudaFree(d_out);
    cudaFree(d_sums);
    cudaFree(d_sums_scanned);
    free(h_in);
    free(h_out);
    free(h_ref);
    return 0;
}
