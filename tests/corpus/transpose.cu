// rapcc-corpus: shared-arrays=4
// Matrix transpose in the style of the CUDA samples: a naive kernel, a
// coalesced kernel staging a tile in shared memory, the padded variant that
// avoids bank conflicts, and a diagonal block-ordering variant.
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <cuda_runtime.h>

#define TILE_DIM 32
#define BLOCK_ROWS 8
#define NUM_REPS 20

// Simple copy kernel used as the bandwidth reference.
__global__ void copy(float *odata, const float *idata, int width, int height)
{
    int xIndex = blockIdx.x * TILE_DIM + threadIdx.x;
    int yIndex = blockIdx.y * TILE_DIM + threadIdx.y;
    int index = xIndex + width * yIndex;

    for (int i = 0; i < TILE_DIM; i += BLOCK_ROWS) {
        odata[index + i * width] = idata[index + i * width];
    }
}

// Copy through shared memory: the same traffic pattern as the transposes.
__global__ void copySharedMem(float *odata, const float *idata, int width, int height)
{
    __shared__ float tile[TILE_DIM][TILE_DIM];

    int xIndex = blockIdx.x * TILE_DIM + threadIdx.x;
    int yIndex = blockIdx.y * TILE_DIM + threadIdx.y;
    int index = xIndex + width * yIndex;

    for (int i = 0; i < TILE_DIM; i += BLOCK_ROWS) {
        if (xIndex < width && yIndex + i < height)
            tile[threadIdx.y + i][threadIdx.x] = idata[index + i * width];
    }
    __syncthreads();
    for (int i = 0; i < TILE_DIM; i += BLOCK_ROWS) {
        if (xIndex < width && yIndex + i < height)
            odata[index + i * width] = tile[threadIdx.y + i][threadIdx.x];
    }
}

__global__ void transposeNaive(float *odata, const float *idata, int width, int height)
{
    int xIndex = blockIdx.x * TILE_DIM + threadIdx.x;
    int yIndex = blockIdx.y * TILE_DIM + threadIdx.y;
    int index_in = xIndex + width * yIndex;
    int index_out = yIndex + height * xIndex;

    for (int i = 0; i < TILE_DIM; i += BLOCK_ROWS) {
        odata[index_out + i] = idata[index_in + i * width];
    }
}

// Coalesced reads and writes, but column reads of the tile hit one bank.
__global__ void transposeCoalesced(float *odata, const float *idata, int width, int height)
{
    __shared__ float tile[TILE_DIM][TILE_DIM];

    int xIndex = blockIdx.x * TILE_DIM + threadIdx.x;
    int yIndex = blockIdx.y * TILE_DIM + threadIdx.y;
    int index_in = xIndex + yIndex * width;

    xIndex = blockIdx.y * TILE_DIM + threadIdx.x;
    yIndex = blockIdx.x * TILE_DIM + threadIdx.y;
    int index_out = xIndex + yIndex * height;

    for (int i = 0; i < TILE_DIM; i += BLOCK_ROWS) {
        tile[threadIdx.y + i][threadIdx.x] = idata[index_in + i * width];
    }

    __syncthreads();

    for (int i = 0; i < TILE_DIM; i += BLOCK_ROWS) {
        odata[index_out + i * height] = tile[threadIdx.x][threadIdx.y + i];
    }
}

// One column of padding shifts each row by a bank.
__global__ void transposeNoBankConflicts(float *odata, const float *idata, int width, int height)
{
    __shared__ float tile[TILE_DIM][TILE_DIM + 1];

    int xIndex = blockIdx.x * TILE_DIM + threadIdx.x;
    int yIndex = blockIdx.y * TILE_DIM + threadIdx.y;
    int index_in = xIndex + yIndex * width;

    xIndex = blockIdx.y * TILE_DIM + threadIdx.x;
    yIndex = blockIdx.x * TILE_DIM + threadIdx.y;
    int index_out = xIndex + yIndex * height;

    for (int i = 0; i < TILE_DIM; i += BLOCK_ROWS)
        tile[threadIdx.y + i][threadIdx.x] = idata[index_in + i * width];

    __syncthreads();

    for (int i = 0; i < TILE_DIM; i += BLOCK_ROWS)
        odata[index_out + i * height] = tile[threadIdx.x][threadIdx.y + i];
}

// Diagonal reordering of the blocks to spread the partition camping.
__global__ void transposeDiagonal(float *odata, const float *idata, int width, int height)
{
    __shared__ float tile[TILE_DIM][TILE_DIM + 1];

    int blockIdx_x, blockIdx_y;
    if (width == height) {
        blockIdx_y = blockIdx.x;
        blockIdx_x = (blockIdx.x + blockIdx.y) % gridDim.x;
    } else {
        int bid = blockIdx.x + gridDim.x * blockIdx.y;
        blockIdx_y = bid % gridDim.y;
        blockIdx_x = ((bid / gridDim.y) + blockIdx_y) % gridDim.x;
    }

    int xIndex = blockIdx_x * TILE_DIM + threadIdx.x;
    int yIndex = blockIdx_y * TILE_DIM + threadIdx.y;
    int index_in = xIndex + yIndex * width;

    xIndex = blockIdx_y * TILE_DIM + threadIdx.x;
    yIndex = blockIdx_x * TILE_DIM + threadIdx.y;
    int index_out = xIndex + yIndex * height;

    for (int i = 0; i < TILE_DIM; i += BLOCK_ROWS)
        tile[threadIdx.y + i][threadIdx.x] = idata[index_in + i * width];

    __syncthreads();

    for (int i = 0; i < TILE_DIM; i += BLOCK_ROWS)
        odata[index_out + i * height] = tile[threadIdx.x][threadIdx.y + i];
}

static void computeTransposeGold(float *gold, const float *idata, int size_x, int size_y)
{
    for (int y = 0; y < size_y; ++y)
        for (int x = 0; x < size_x; ++x)
            gold[(x * size_y) + y] = idata[(y * size_x) + x];
}

static bool compareData(const float *a, const float *b, int n)
{
    for (int i = 0; i < n; i++)
        if (a[i] != b[i]) return false;
    return true;
}

int main(int argc, char **argv)
{
    int size_x = 2048, size_y = 2048;
    if (argc > 2) {
        size_x = atoi(argv[1]);
        size_y = atoi(argv[2]);
    }
    if (size_x % TILE_DIM != 0 || size_y % TILE_DIM != 0) {
        fprintf(stderr, "Matrix size must be a multiple of %d\n", TILE_DIM);
        return EXIT_FAILURE;
    }

    dim3 grid(size_x / TILE_DIM, size_y / TILE_DIM), threads(TILE_DIM, BLOCK_ROWS);
    const int mem_size = sizeof(float) * size_x * size_y;

    float *h_idata = (float *)malloc(mem_size);
    float *h_odata = (float *)malloc(mem_size);
    float *gold = (float *)malloc(mem_size);
    float *d_idata, *d_odata;
    cudaMalloc((void **)&d_idata, mem_size);
    cudaMalloc((void **)&d_odata, mem_size);

    for (int i = 0; i < size_x * size_y; ++i) h_idata[i] = (float)i;
    cudaMemcpy(d_idata, h_idata, mem_size, cudaMemcpyHostToDevice);
    computeTransposeGold(gold, h_idata, size_x, size_y);

    typedef void (*kernel_t)(float *, const float *, int, int);
    kernel_t kernels[] = {copy, copySharedMem, transposeNaive, transposeCoalesced,
                          transposeNoBankConflicts, transposeDiagonal};
    const char *names[] = {"copy", "shared memory copy", "naive", "coalesced",
                           "no bank conflicts", "diagonal"};

    cudaEvent_t start, stop;
    cudaEventCreate(&start);
    cudaEventCreate(&stop);

    for (int k = 0; k < 6; k++) {
        kernel_t kernel = kernels[k];
        cudaMemset(d_odata, 0, mem_size);
        kernel<<<grid, threads>>>(d_odata, d_idata, size_x, size_y);
        cudaEventRecord(start, 0);
        for (int i = 0; i < NUM_REPS; i++)
            kernel<<<grid, threads>>>(d_odata, d_idata, size_x, size_y);
        cudaEventRecord(stop, 0);
        cudaEventSynchronize(stop);
        float ms;
        cudaEventElapsedTime(&ms, start, stop);
        cudaMemcpy(h_odata, d_odata, mem_size, cudaMemcpyDeviceToHost);
        bool ok = k < 2 ? compareData(h_idata, h_odata, size_x * size_y)
                        : compareData(gold, h_odata, size_x * size_y);
        printf("%-20s %8.2f GB/s  %s\n", names[k],
               2.0 * mem_size * NUM_REPS / (ms * 1e6), ok ? "PASSED" : "FAILED");
    }

    cudaEventDestroy(start);
    cudaEventDestroy(stop);
    cudaFree(d_idata);
    cudaFree(d_odata);
    free(h_idata);
    free(h_odata);
    free(gold);
    return 0;
}
