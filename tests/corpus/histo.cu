// rapcc-corpus: shared-arrays=3
// Saturating image histogram in the style of Parboil's histo: a prescan
// finds the value range, an intermediate pass packs each row's bin indices,
// and the main kernel keeps a block-private sub-histogram of 8-bit counters
// packed four to a word (dynamic shared memory) that overflow into global
// memory.
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <stdint.h>
#include <cuda_runtime.h>

#define PRESCAN_THREADS 512
#define PRESCAN_BLOCKS_X 64
#define BLOCK_X 14
#define BLOCK_Y 14
#define UINT8_MAXIMUM 255
#define HISTO_WIDTH 1024
#define HISTO_HEIGHT 1024
#define HISTO_LOG 10

__device__ __constant__ float dev_c_norm = 1.0f;

__global__ void histo_prescan_kernel(unsigned int *input, int size, unsigned int *minmax)
{
    __shared__ float Avg[PRESCAN_THREADS];
    __shared__ float StdDev[PRESCAN_THREADS];

    int stride = size / gridDim.x;
    int addr = blockIdx.x * stride + threadIdx.x;
    int end = blockIdx.x * stride + stride / 8;

    float avg = 0.0, stddev = 0.0;
    int num = 0;
    while (addr < end) {
        float temp = input[addr];
        avg += temp;
        stddev += temp * temp;
        addr += blockDim.x;
        num++;
    }
    Avg[threadIdx.x] = avg;
    StdDev[threadIdx.x] = stddev;
    __syncthreads();

    for (int stride2 = PRESCAN_THREADS / 2; stride2 > 0; stride2 >>= 1) {
        if (threadIdx.x < stride2) {
            Avg[threadIdx.x] += Avg[threadIdx.x + stride2];
            StdDev[threadIdx.x] += StdDev[threadIdx.x + stride2];
        }
        __syncthreads();
    }

    if (threadIdx.x == 0) {
        float avg2 = Avg[0] / (num * PRESCAN_THREADS);
        float var = StdDev[0] / (num * PRESCAN_THREADS) - avg2 * avg2;
        float sd = sqrtf(var) * dev_c_norm;
        atomicMin(minmax, (unsigned int)max(0.0f, avg2 - 10 * sd));
        atomicMax(minmax + 1, (unsigned int)(avg2 + 10 * sd));
    }
}

__device__ void calculateBin(const unsigned int bin, uchar4 *sm_mapping)
{
    unsigned char offset = bin % 4;
    uchar4 sm;
    sm.x = (offset == 0) ? 1 : 0;
    sm.y = (offset == 1) ? 1 : 0;
    sm.z = (offset == 2) ? 1 : 0;
    sm.w = (offset == 3) ? 1 : 0;
    sm_mapping->x = sm.x;
    sm_mapping->y = sm.y;
    sm_mapping->z = sm.z;
    sm_mapping->w = sm.w;
}

__global__ void histo_intermediates_kernel(uint2 *input, unsigned int height, unsigned int width,
                                           unsigned int input_pitch, uchar4 *sm_mappings)
{
    unsigned int line = UINT8_MAXIMUM / 2 + 1;
    unsigned int row = blockIdx.x;
    unsigned int column = threadIdx.x;
    uint2 *load_bin = input + row * input_pitch + column;
    uchar4 *store = sm_mappings + row * width + 2 * column;
    uint2 bin_value = *load_bin;
    calculateBin(bin_value.x, store);
    calculateBin(bin_value.y, store + 1);
    (void)line;
    (void)height;
}

__global__ void histo_main_kernel(uchar4 *sm_mappings, unsigned int num_elements, unsigned int sm_range_min,
                                  unsigned int sm_range_max, unsigned int histo_height, unsigned int histo_width,
                                  unsigned int *global_subhisto, unsigned int *global_histo,
                                  unsigned int *global_overflow)
{
    extern __shared__ unsigned int sub_histo[];
    const unsigned int blockDimx = blockDim.x;
    const unsigned int range = sm_range_max - sm_range_min + 1;
    const unsigned int local_scan_range = sm_range_max - sm_range_min + 1;
    const unsigned int local_scan_load = (local_scan_range + blockDimx - 1) / blockDimx;

    for (unsigned int i = 0; i < local_scan_load; i++) {
        unsigned int bin = i * blockDimx + threadIdx.x;
        if (bin < range) sub_histo[bin] = 0;
    }
    __syncthreads();

    unsigned int stride = blockDimx * gridDim.x;
    for (unsigned int i = blockIdx.x * blockDimx + threadIdx.x; i < num_elements; i += stride) {
        uchar4 sm = sm_mappings[i];
        unsigned int bin = (i % range);
        unsigned int packed = *reinterpret_cast<unsigned int *>(&sm);
        unsigned int old = atomicAdd(&sub_histo[bin], packed);
        if ((old & 0xFF000000u) == 0xFF000000u) atomicAdd(global_overflow + bin, 1u);
    }
    __syncthreads();

    for (unsigned int i = 0; i < local_scan_load; i++) {
        unsigned int bin = i * blockDimx + threadIdx.x;
        if (bin < range) {
            unsigned int v = sub_histo[bin];
            uchar4 counts = *reinterpret_cast<uchar4 *>(&v);
            unsigned int total = counts.x + counts.y + counts.z + counts.w;
            if (total) atomicAdd(global_subhisto + sm_range_min + bin, total);
        }
    }
    (void)histo_height;
    (void)histo_width;
    (void)global_histo;
}

__global__ void histo_final_kernel(unsigned int sm_range_min, unsigned int sm_range_max, unsigned int histo_height,
                                   unsigned int histo_width, unsigned int *global_subhisto, unsigned int *global_histo,
                                   unsigned int *global_overflow, unsigned int *final_histo)
{
    unsigned int start_offset = threadIdx.x + blockIdx.x * blockDim.x;
    const ushort4 zero_short = {0, 0, 0, 0};
    const uint4 zero_int = {0, 0, 0, 0};
    unsigned int size_low_histo = sm_range_min * BLOCK_X;
    unsigned int size_mid_histo = (sm_range_max - sm_range_min + 1) * BLOCK_X;

    for (unsigned int i = start_offset; i < size_low_histo / 4; i += gridDim.x * blockDim.x) {
        ushort4 global_histo_data = ((ushort4 *)global_histo)[i];
        ((ushort4 *)global_histo)[i] = zero_short;
        global_histo_data.x = min(global_histo_data.x, 255);
        global_histo_data.y = min(global_histo_data.y, 255);
        global_histo_data.z = min(global_histo_data.z, 255);
        global_histo_data.w = min(global_histo_data.w, 255);
        uchar4 result;
        result.x = global_histo_data.x;
        result.y = global_histo_data.y;
        result.z = global_histo_data.z;
        result.w = global_histo_data.w;
        ((uchar4 *)final_histo)[i] = result;
    }
    for (unsigned int i = (size_low_histo / 4) + start_offset; i < (size_low_histo + size_mid_histo) / 4;
         i += gridDim.x * blockDim.x) {
        uint4 global_histo_data = ((uint4 *)global_subhisto)[i];
        ((uint4 *)global_subhisto)[i] = zero_int;
        uint4 internal = ((uint4 *)global_overflow)[i];
        ((uint4 *)final_histo)[i] = make_uint4(min(global_histo_data.x + internal.x, 255u),
                                               min(global_histo_data.y + internal.y, 255u),
                                               min(global_histo_data.z + internal.z, 255u),
                                               min(global_histo_data.w + internal.w, 255u));
    }
}

int main(int argc, char *argv[])
{
    int numIterations = argc > 1 ? atoi(argv[1]) : 1;
    unsigned int img_width = 996, img_height = 1040;
    unsigned int histo_width = HISTO_WIDTH, histo_height = HISTO_HEIGHT;
    unsigned int *img = (unsigned int *)malloc(img_width * img_height * sizeof(unsigned int));
    unsigned char *histo = (unsigned char *)calloc(histo_width * histo_height, sizeof(unsigned char));
    for (unsigned int i = 0; i < img_width * img_height; i++) img[i] = rand() % (histo_width * histo_height);

    int even_width = ((img_width + 1) / 2) * 2;
    unsigned int *input, *ranges, *global_subhisto, *global_histo, *global_overflow, *final_histo;
    uchar4 *sm_mappings;
    cudaMalloc((void **)&input, even_width * img_height * sizeof(unsigned int));
    cudaMalloc((void **)&ranges, 2 * sizeof(unsigned int));
    cudaMalloc((void **)&sm_mappings, img_width * img_height * sizeof(uchar4));
    cudaMalloc((void **)&global_subhisto, img_width * histo_height * sizeof(unsigned int));
    cudaMalloc((void **)&global_histo, img_width * histo_height * sizeof(unsigned short));
    cudaMalloc((void **)&global_overflow, img_width * histo_height * sizeof(unsigned int));
    cudaMalloc((void **)&final_histo, img_width * histo_height * sizeof(unsigned char));
    cudaMemset(final_histo, 0, img_width * histo_height * sizeof(unsigned char));
    for (unsigned int y = 0; y < img_height; y++)
        cudaMemcpy(&(((unsigned int *)input)[y * even_width]), &img[y * img_width], img_width * sizeof(unsigned int),
                   cudaMemcpyHostToDevice);

    for (int iter = 0; iter < numIterations; iter++) {
        unsigned int ranges_h[2] = {UINT32_MAX, 0};
        cudaMemcpy(ranges, ranges_h, 2 * sizeof(unsigned int), cudaMemcpyHostToDevice);
        histo_prescan_kernel<<<dim3(PRESCAN_BLOCKS_X), dim3(PRESCAN_THREADS)>>>((unsigned int *)input,
                                                                               img_height * img_width, ranges);
        cudaMemcpy(ranges_h, ranges, 2 * sizeof(unsigned int), cudaMemcpyDeviceToHost);
        cudaMemset(global_subhisto, 0, img_width * histo_height * sizeof(unsigned int));

        histo_intermediates_kernel<<<dim3((img_height + UINT8_MAXIMUM - 1) / UINT8_MAXIMUM, UINT8_MAXIMUM),
                                     dim3((img_width + 1) / 2)>>>((uint2 *)(input), (unsigned int)img_height,
                                                                  (unsigned int)img_width, (img_width + 1) / 2,
                                                                  sm_mappings);
        histo_main_kernel<<<dim3(BLOCK_X, ranges_h[1] - ranges_h[0] + 1), dim3(UINT8_MAXIMUM + 1),
                            (ranges_h[1] - ranges_h[0] + 1) * sizeof(unsigned int)>>>(
            (uchar4 *)(sm_mappings), img_height * img_width, ranges_h[0], ranges_h[1], histo_height, histo_width,
            (unsigned int *)(global_subhisto), (unsigned int *)(global_histo), (unsigned int *)(global_overflow));
        histo_final_kernel<<<dim3(BLOCK_X * 3), dim3(512)>>>(ranges_h[0], ranges_h[1], histo_height, histo_width,
                                                             (unsigned int *)(global_subhisto),
                                                             (unsigned int *)(global_histo),
                                                             (unsigned int *)(global_overflow),
                                                             (unsigned int *)(final_histo));
    }
    cudaMemcpy(histo, final_histo, histo_height * histo_width * sizeof(unsigned char), cudaMemcpyDeviceToHost);

    cudaFree(input);
    cudaFree(ranges);
    cudaFree(sm_mappings);
    cudaFree(global_subhisto);
    cudaFree(global_histo);
    cudaFree(global_overflow);
    cudaFree(final_histo);
    free(img);
    free(histo);
    return 0;
}
