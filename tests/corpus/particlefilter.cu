// rapcc-corpus: shared-arrays=3
// Particle filter likelihood, normalisation and resampling in the style of
// Rodinia's particlefilter, using cuRAND device states for the motion model.
// Block-level partial sums of the weights live in shared memory.
#include <stdlib.h>
#include <stdio.h>
#include <math.h>
#include <limits.h>
#include <float.h>
#include <time.h>
#include <sys/time.h>
#include <cuda.h>
#include <curand_kernel.h>
#include <math_constants.h>

#define BLOCK_X 16
#define BLOCK_Y 16
#define THREADS_PER_BLOCK 512
#define PI 3.1415926535897932

const int threads_per_block = THREADS_PER_BLOCK;

__device__ int findIndexBin(double *CDF, int beginIndex, int endIndex, double value)
{
    if (endIndex < beginIndex) return -1;
    int middleIndex;
    while (endIndex > beginIndex) {
        middleIndex = beginIndex + ((endIndex - beginIndex) / 2);
        if (CDF[middleIndex] >= value) {
            if (middleIndex == 0)
                return middleIndex;
            else if (CDF[middleIndex - 1] < value)
                return middleIndex;
            else if (CDF[middleIndex - 1] == value) {
                while (CDF[middleIndex] == value && middleIndex >= 0) middleIndex--;
                middleIndex++;
                return middleIndex;
            }
        }
        if (CDF[middleIndex] > value)
            endIndex = middleIndex - 1;
        else
            beginIndex = middleIndex + 1;
    }
    return -1;
}

__global__ void setup_rng(curandState *states, unsigned long long seed, int Nparticles)
{
    int i = blockIdx.x * blockDim.x + threadIdx.x;
    if (i < Nparticles) curand_init(seed, i, 0, &states[i]);
}

__global__ void likelihood_kernel(double *arrayX, double *arrayY, double *xj, double *yj, double *CDF, int *ind,
                                  int *objxy, double *likelihood, unsigned char *I, double *u, double *weights,
                                  int Nparticles, int countOnes, int max_size, int k, int IszY, int Nfr,
                                  curandState *states, double *partial_sums)
{
    int block_id = blockIdx.x;
    int i = blockDim.x * block_id + threadIdx.x;
    int y;
    int indX, indY;
    __shared__ double buffer[THREADS_PER_BLOCK];

    if (i < Nparticles) {
        curandState localState = states[i];
        arrayX[i] = xj[i];
        arrayY[i] = yj[i];
        weights[i] = 1 / ((double)(Nparticles));
        arrayX[i] = arrayX[i] + 1.0 + 5.0 * curand_normal_double(&localState);
        arrayY[i] = arrayY[i] - 2.0 + 2.0 * curand_normal_double(&localState);
        states[i] = localState;
    }
    __syncthreads();

    if (i < Nparticles) {
        for (y = 0; y < countOnes; y++) {
            indX = rint(arrayX[i]) + objxy[y * 2 + 1];
            indY = rint(arrayY[i]) + objxy[y * 2];
            ind[i * countOnes + y] = abs(indX * IszY * Nfr + indY * Nfr + k);
            if (ind[i * countOnes + y] >= max_size) ind[i * countOnes + y] = 0;
        }
        likelihood[i] = 0.0;
        for (y = 0; y < countOnes; y++) {
            double d1 = I[ind[i * countOnes + y]] - 100;
            double d2 = I[ind[i * countOnes + y]] - 228;
            likelihood[i] += (d1 * d1 - d2 * d2) / 50.0;
        }
        likelihood[i] = likelihood[i] / ((double)countOnes);
        weights[i] = weights[i] * exp(likelihood[i]);
    }

    buffer[threadIdx.x] = 0.0;
    __syncthreads();
    if (i < Nparticles) buffer[threadIdx.x] = weights[i];
    __syncthreads();

    for (unsigned int s = blockDim.x / 2; s > 0; s >>= 1) {
        if (threadIdx.x < s) buffer[threadIdx.x] += buffer[threadIdx.x + s];
        __syncthreads();
    }
    if (threadIdx.x == 0) partial_sums[blockIdx.x] = buffer[0];
}

__global__ void sum_kernel(double *partial_sums, int Nparticles)
{
    int block_id = blockIdx.x;
    int i = blockDim.x * block_id + threadIdx.x;
    if (i == 0) {
        double sum = 0.0;
        int num_blocks = ceil((double)Nparticles / (double)threads_per_block);
        for (int x = 0; x < num_blocks; x++) sum += partial_sums[x];
        partial_sums[0] = sum;
    }
}

__global__ void normalize_weights_kernel(double *weights, int Nparticles, double *partial_sums, double *CDF, double *u,
                                         curandState *states)
{
    int block_id = blockIdx.x;
    int i = blockDim.x * block_id + threadIdx.x;
    __shared__ double u1, sumWeights;
    __shared__ double cdf_block[THREADS_PER_BLOCK];
    __shared__ float jitter[THREADS_PER_BLOCK];

    if (0 == threadIdx.x) sumWeights = partial_sums[0];
    __syncthreads();

    if (i < Nparticles) weights[i] = weights[i] / sumWeights;
    __syncthreads();

    if (i == 0) {
        CDF[0] = weights[0];
        for (int x = 1; x < Nparticles; x++) CDF[x] = weights[x] + CDF[x - 1];
        curandState s = states[0];
        u[0] = (1 / ((double)(Nparticles))) * curand_uniform_double(&s);
        states[0] = s;
    }
    __syncthreads();

    if (0 == threadIdx.x) u1 = u[0];
    __syncthreads();

    if (i < Nparticles) {
        cdf_block[threadIdx.x] = CDF[i];
        jitter[threadIdx.x] = curand_uniform(&states[i]) * CUDART_PI_F * 1e-6f;
        u[i] = u1 + i / ((double)(Nparticles)) + jitter[threadIdx.x] * 0.0f + cdf_block[threadIdx.x] * 0.0;
    }
}

__global__ void find_index_kernel(double *arrayX, double *arrayY, double *CDF, double *u, double *xj, double *yj,
                                  double *weights, int Nparticles)
{
    int block_id = blockIdx.x;
    int i = blockDim.x * block_id + threadIdx.x;
    if (i < Nparticles) {
        int index = findIndexBin(CDF, 0, Nparticles - 1, u[i]);
        if (index == -1) index = Nparticles - 1;
        xj[i] = arrayX[index];
        yj[i] = arrayY[index];
    }
    __syncthreads();
}

long long get_time()
{
    struct timeval tv;
    gettimeofday(&tv, NULL);
    return (tv.tv_sec * 1000000) + tv.tv_usec;
}

int main(int argc, char *argv[])
{
    int IszX = 128, IszY = 128, Nfr = 10, Nparticles = 10000;
    int countOnes = 69, max_size = IszX * IszY * Nfr;
    int num_blocks = ceil((double)Nparticles / (double)threads_per_block);

    double *arrayX_GPU, *arrayY_GPU, *xj_GPU, *yj_GPU, *CDF_GPU, *u_GPU, *likelihood_GPU, *weights_GPU, *partial_sums;
    int *ind_GPU, *objxy_GPU;
    unsigned char *I_GPU;
    curandState *states;

    cudaMalloc((void **)&arrayX_GPU, sizeof(double) * Nparticles);
    cudaMalloc((void **)&arrayY_GPU, sizeof(double) * Nparticles);
    cudaMalloc((void **)&xj_GPU, sizeof(double) * Nparticles);
    cudaMalloc((void **)&yj_GPU, sizeof(double) * Nparticles);
    cudaMalloc((void **)&CDF_GPU, sizeof(double) * Nparticles);
    cudaMalloc((void **)&u_GPU, sizeof(double) * Nparticles);
    cudaMalloc((void **)&likelihood_GPU, sizeof(double) * Nparticles);
    cudaMalloc((void **)&weights_GPU, sizeof(double) * Nparticles);
    cudaMalloc((void **)&ind_GPU, sizeof(int) * Nparticles * countOnes);
    cudaMalloc((void **)&objxy_GPU, sizeof(int) * 2 * countOnes);
    cudaMalloc((void **)&I_GPU, sizeof(unsigned char) * max_size);
    cudaMalloc((void **)&partial_sums, sizeof(double) * Nparticles);
    cudaMalloc((void **)&states, sizeof(curandState) * Nparticles);

    setup_rng<<<num_blocks, threads_per_block>>>(states, (unsigned long long)time(NULL), Nparticles);
    long long start = get_time();
    for (int k = 1; k < Nfr; k++) {
        likelihood_kernel<<<num_blocks, threads_per_block>>>(arrayX_GPU, arrayY_GPU, xj_GPU, yj_GPU, CDF_GPU, ind_GPU,
                                                             objxy_GPU, likelihood_GPU, I_GPU, u_GPU, weights_GPU,
                                                             Nparticles, countOnes, max_size, k, IszY, Nfr, states,
                                                             partial_sums);
        sum_kernel<<<num_blocks, threads_per_block>>>(partial_sums, Nparticles);
        normalize_weights_kernel<<<num_blocks, threads_per_block>>>(weights_GPU, Nparticles, partial_sums, CDF_GPU,
                                                                    u_GPU, states);
        find_index_kernel<<<num_blocks, threads_per_block>>>(arrayX_GPU, arrayY_GPU, CDF_GPU, u_GPU, xj_GPU, yj_GPU,
                                                             weights_GPU, Nparticles);
    }
    cudaDeviceSynchronize();
    printf("GPU execution time: %f s\n", (get_time() - start) * 1e-6);

    cudaFree(states);
    cudaFree(partial_sums);
    cudaFree(I_GPU);
    cudaFree(objxy_GPU);
    cudaFree(ind_GPU);
    cudaFree(weights_GPU);
    cudaFree(likelihood_GPU);
    cudaFree(u_GPU);
    cudaFree(CDF_GPU);
    cudaFree(yj_GPU);
    cudaFree(xj_GPU);
    cudaFree(arrayY_GPU);
    cudaFree(arrayX_GPU);
    return 0;
}
