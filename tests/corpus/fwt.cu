// rapcc-corpus: shared-arrays=1
// Fast Walsh-Hadamard transform: radix-4 butterflies over global memory for
// the large strides, then the small strides of each 2^log2N segment inside
// dynamically sized shared memory. Dyadic convolution via FWT on the host.
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <math.h>
#include <cuda_runtime.h>

#define ELEMENTARY_LOG2SIZE 11

__global__ void fwtBatch1Kernel(float *d_Output, float *d_Input, int log2N)
{
    const int N = 1 << log2N;
    const int base = blockIdx.x << log2N;

    extern __shared__ float s_data[];
    float *d_Src = d_Input + base;
    float *d_Dst = d_Output + base;

    for (int pos = threadIdx.x; pos < N; pos += blockDim.x) s_data[pos] = d_Src[pos];

    // Radix-4 stages.
    int stride = N;
    for (; stride >= 4; stride >>= 2) {
        __syncthreads();
        for (int pos = threadIdx.x; pos < N / 4; pos += blockDim.x) {
            int lo = pos & (stride / 4 - 1);
            int i0 = ((pos - lo) << 2) + lo;
            int i1 = i0 + stride / 4;
            int i2 = i1 + stride / 4;
            int i3 = i2 + stride / 4;

            float D0 = s_data[i0];
            float D1 = s_data[i1];
            float D2 = s_data[i2];
            float D3 = s_data[i3];

            float T;
            T = D0; D0 = D0 + D2; D2 = T - D2;
            T = D1; D1 = D1 + D3; D3 = T - D3;
            T = D0; s_data[i0] = D0 + D1; s_data[i1] = T - D1;
            T = D2; s_data[i2] = D2 + D3; s_data[i3] = T - D3;
        }
    }

    // A final radix-2 stage when log2N is odd.
    if (log2N & 1) {
        __syncthreads();
        for (int pos = threadIdx.x; pos < N / 2; pos += blockDim.x) {
            int i0 = pos << 1;
            int i1 = i0 + 1;
            float D0 = s_data[i0];
            float D1 = s_data[i1];
            s_data[i0] = D0 + D1;
            s_data[i1] = D0 - D1;
        }
    }

    __syncthreads();
    for (int pos = threadIdx.x; pos < N; pos += blockDim.x) d_Dst[pos] = s_data[pos];
}

// One radix-4 stage over global memory, for strides above the shared size.
__global__ void fwtBatch2Kernel(float *d_Output, float *d_Input, int stride)
{
    const int pos = blockIdx.x * blockDim.x + threadIdx.x;
    const int N = blockDim.x * gridDim.x * 4;

    float *d_Src = d_Input + blockIdx.y * N;
    float *d_Dst = d_Output + blockIdx.y * N;

    int lo = pos & (stride - 1);
    int i0 = ((pos - lo) << 2) + lo;
    int i1 = i0 + stride;
    int i2 = i1 + stride;
    int i3 = i2 + stride;

    float D0 = d_Src[i0];
    float D1 = d_Src[i1];
    float D2 = d_Src[i2];
    float D3 = d_Src[i3];

    float T;
    T = D0; D0 = D0 + D2; D2 = T - D2;
    T = D1; D1 = D1 + D3; D3 = T - D3;
    T = D0; d_Dst[i0] = D0 + D1; d_Dst[i1] = T - D1;
    T = D2; d_Dst[i2] = D2 + D3; d_Dst[i3] = T - D3;
}

static void fwtBatchGPU(float *d_Data, int M, int log2N)
{
    const int THREAD_N = 256;
    int N = 1 << log2N;
    dim3 grid((1 << log2N) / (4 * THREAD_N), M, 1);

    for (; log2N > ELEMENTARY_LOG2SIZE; log2N -= 2, N >>= 2, M <<= 2) {
        fwtBatch2Kernel<<<grid, THREAD_N>>>(d_Data, d_Data, N / 4);
    }
    fwtBatch1Kernel<<<M, N / 4, N * sizeof(float)>>>(d_Data, d_Data, log2N);
}

__global__ void modulateKernel(float *d_A, float *d_B, int N)
{
    int tid = blockIdx.x * blockDim.x + threadIdx.x;
    int numThreads = blockDim.x * gridDim.x;
    float rcpN = 1.0f / (float)N;
    for (int pos = tid; pos < N; pos += numThreads) d_A[pos] *= d_B[pos] * rcpN;
}

static void fwtCPU(float *h_Output, const float *h_Input, int log2N)
{
    const int N = 1 << log2N;
    memcpy(h_Output, h_Input, N * sizeof(float));
    for (int stride = N / 2; stride >= 1; stride >>= 1)
        for (int base = 0; base < N; base += 2 * stride)
            for (int j = 0; j < stride; j++) {
                int i0 = base + j, i1 = base + j + stride;
                float T1 = h_Output[i0], T2 = h_Output[i1];
                h_Output[i0] = T1 + T2;
                h_Output[i1] = T1 - T2;
            }
}

int main(int argc, char *argv[])
{
    const int log2Data = 23;
    const int dataN = 1 << log2Data;
    const int DATA_SIZE = dataN * sizeof(float);

    float *h_Data = (float *)malloc(DATA_SIZE);
    float *h_Result = (float *)malloc(DATA_SIZE);
    float *h_Ref = (float *)malloc(DATA_SIZE);
    srand(2007);
    for (int i = 0; i < dataN; i++) h_Data[i] = (float)rand() / (float)RAND_MAX;

    float *d_Data, *d_Kernel;
    cudaMalloc((void **)&d_Data, DATA_SIZE);
    cudaMalloc((void **)&d_Kernel, DATA_SIZE);
    cudaMemcpy(d_Data, h_Data, DATA_SIZE, cudaMemcpyHostToDevice);
    cudaMemcpy(d_Kernel, h_Data, DATA_SIZE, cudaMemcpyHostToDevice);

    fwtBatchGPU(d_Data, 1, log2Data);
    fwtBatchGPU(d_Kernel, 1, log2Data);
    modulateKernel<<<128, 256>>>(d_Data, d_Kernel, dataN);
    fwtBatchGPU(d_Data, 1, log2Data);
    cudaMemcpy(h_Result, d_Data, DATA_SIZE, cudaMemcpyDeviceToHost);

    fwtCPU(h_Ref, h_Data, 10);
    double sum_delta2 = 0, sum_ref2 = 0;
    for (int i = 0; i < 1024; i++) {
        double delta = h_Result[i] - h_Ref[i];
        sum_delta2 += delta * delta;
        sum_ref2 += h_Ref[i] * h_Ref[i];
    }
    printf("L2 norm: %E\n", sqrt(sum_delta2 / sum_ref2));

    cudaFree(d_Kernel);
    cudaFree(d_Data);
    free(h_Ref);
    free(h_Result);
    free(h_Data);
    return 0;
}
