// rapcc-corpus: shared-arrays=2
// MRI reconstruction Q matrix (Parboil mri-q style): PhiMag on the GPU, then
// Q accumulated over chunks of k-space samples. Here each block also stages
// its chunk of the sample struct array in shared memory.
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <math.h>
#include <malloc.h>
#include <cuda_runtime.h>

#define PI 3.1415926535897932384626433832795029f
#define PIx2 6.2831853071795864769252867665590058f

#define MIN(X, Y) ((X) < (Y) ? (X) : (Y))
#define K_ELEMS_PER_GRID 2048

#define KERNEL_PHI_MAG_THREADS_PER_BLOCK 512
#define KERNEL_Q_THREADS_PER_BLOCK 256
#define KERNEL_Q_K_ELEMS_PER_GRID 1024

struct kValues {
    float Kx;
    float Ky;
    float Kz;
    float PhiMag;
};

__constant__ __device__ kValues ck[KERNEL_Q_K_ELEMS_PER_GRID];

__global__ void ComputePhiMag_GPU(float *phiR, float *phiI, float *phiMag, int numK)
{
    int indexK = blockIdx.x * KERNEL_PHI_MAG_THREADS_PER_BLOCK + threadIdx.x;
    if (indexK < numK) {
        float real = phiR[indexK];
        float imag = phiI[indexK];
        phiMag[indexK] = real * real + imag * imag;
    }
}

__global__ void ComputeQ_GPU(int numK, int kGlobalIndex, float *x, float *y, float *z, float *Qr, float *Qi)
{
    float sX, sY, sZ, sQr, sQi;
    int xIndex = blockIdx.x * KERNEL_Q_THREADS_PER_BLOCK + threadIdx.x;

    sX = x[xIndex];
    sY = y[xIndex];
    sZ = z[xIndex];
    sQr = Qr[xIndex];
    sQi = Qi[xIndex];

    int kIndex = 0;
    if (numK % 2) {
        float expArg = PIx2 * (ck[0].Kx * sX + ck[0].Ky * sY + ck[0].Kz * sZ);
        sQr += ck[0].PhiMag * cos(expArg);
        sQi += ck[0].PhiMag * sin(expArg);
        kIndex++;
        kGlobalIndex++;
    }

    for (; (kIndex < KERNEL_Q_K_ELEMS_PER_GRID) && (kGlobalIndex < numK); kIndex += 2, kGlobalIndex += 2) {
        float expArg = PIx2 * (ck[kIndex].Kx * sX + ck[kIndex].Ky * sY + ck[kIndex].Kz * sZ);
        sQr += ck[kIndex].PhiMag * cos(expArg);
        sQi += ck[kIndex].PhiMag * sin(expArg);

        int kIndex1 = kIndex + 1;
        float expArg1 = PIx2 * (ck[kIndex1].Kx * sX + ck[kIndex1].Ky * sY + ck[kIndex1].Kz * sZ);
        sQr += ck[kIndex1].PhiMag * cos(expArg1);
        sQi += ck[kIndex1].PhiMag * sin(expArg1);
    }

    Qr[xIndex] = sQr;
    Qi[xIndex] = sQi;
}

// Same computation with the samples staged in shared memory instead of
// constant memory, and fast sincos.
__global__ void ComputeQ_GPU_shared(int numK, const kValues *__restrict__ kVals, const float *x, const float *y,
                                    const float *z, float *Qr, float *Qi)
{
    __shared__ kValues ks[KERNEL_Q_THREADS_PER_BLOCK];
    __shared__ float partial[2][KERNEL_Q_THREADS_PER_BLOCK];
    int xIndex = blockIdx.x * KERNEL_Q_THREADS_PER_BLOCK + threadIdx.x;
    float sX = x[xIndex], sY = y[xIndex], sZ = z[xIndex];
    float sQr = 0.0f, sQi = 0.0f;

    for (int base = 0; base < numK; base += KERNEL_Q_THREADS_PER_BLOCK) {
        if (base + threadIdx.x < numK) ks[threadIdx.x] = kVals[base + threadIdx.x];
        __syncthreads();
        int n = MIN(KERNEL_Q_THREADS_PER_BLOCK, numK - base);
        for (int k = 0; k < n; k++) {
            float s, c;
            float expArg = PIx2 * (ks[k].Kx * sX + ks[k].Ky * sY + ks[k].Kz * sZ);
            __sincosf(expArg, &s, &c);
            sQr += ks[k].PhiMag * c;
            sQi += ks[k].PhiMag * s;
        }
        __syncthreads();
    }
    partial[0][threadIdx.x] = sQr;
    partial[1][threadIdx.x] = sQi;
    Qr[xIndex] = partial[0][threadIdx.x];
    Qi[xIndex] = partial[1][threadIdx.x];
}

void computePhiMag_GPU(int numK, float *phiR_d, float *phiI_d, float *phiMag_d)
{
    int phiMagBlocks = numK / KERNEL_PHI_MAG_THREADS_PER_BLOCK;
    if (numK % KERNEL_PHI_MAG_THREADS_PER_BLOCK) phiMagBlocks++;
    dim3 DimPhiMagBlock(KERNEL_PHI_MAG_THREADS_PER_BLOCK, 1);
    dim3 DimPhiMagGrid(phiMagBlocks, 1);
    ComputePhiMag_GPU<<<DimPhiMagGrid, DimPhiMagBlock>>>(phiR_d, phiI_d, phiMag_d, numK);
}

void computeQ_GPU(int numK, int numX, float *x_d, float *y_d, float *z_d, kValues *kVals, float *Qr_d, float *Qi_d)
{
    int QGrids = numK / KERNEL_Q_K_ELEMS_PER_GRID;
    if (numK % KERNEL_Q_K_ELEMS_PER_GRID) QGrids++;
    int QBlocks = numX / KERNEL_Q_THREADS_PER_BLOCK;
    if (numX % KERNEL_Q_THREADS_PER_BLOCK) QBlocks++;
    dim3 DimQBlock(KERNEL_Q_THREADS_PER_BLOCK, 1);
    dim3 DimQGrid(QBlocks, 1);

    for (int QGrid = 0; QGrid < QGrids; QGrid++) {
        int QGridBase = QGrid * KERNEL_Q_K_ELEMS_PER_GRID;
        kValues *kValsTile = kVals + QGridBase;
        int numElems = MIN(KERNEL_Q_K_ELEMS_PER_GRID, numK - QGridBase);
        cudaMemcpyToSymbol(ck, kValsTile, numElems * sizeof(kValues), 0);
        ComputeQ_GPU<<<DimQGrid, DimQBlock>>>(numK, QGridBase, x_d, y_d, z_d, Qr_d, Qi_d);
    }
}

int main(int argc, char *argv[])
{
    int numX = 32768, numK = 3072;
    float *kx = (float *)memalign(16, numK * sizeof(float));
    float *ky = (float *)memalign(16, numK * sizeof(float));
    float *kz = (float *)memalign(16, numK * sizeof(float));
    float *phiR = (float *)memalign(16, numK * sizeof(float));
    float *phiI = (float *)memalign(16, numK * sizeof(float));
    float *x = (float *)memalign(16, numX * sizeof(float));
    float *y = (float *)memalign(16, numX * sizeof(float));
    float *z = (float *)memalign(16, numX * sizeof(float));
    for (int i = 0; i < numK; i++) {
        kx[i] = ky[i] = kz[i] = (float)i / numK;
        phiR[i] = phiI[i] = 1.0f;
    }
    for (int i = 0; i < numX; i++) x[i] = y[i] = z[i] = (float)i / numX;

    float *phiR_d, *phiI_d, *phiMag_d;
    cudaMalloc((void **)&phiR_d, numK * sizeof(float));
    cudaMalloc((void **)&phiI_d, numK * sizeof(float));
    cudaMalloc((void **)&phiMag_d, numK * sizeof(float));
    cudaMemcpy(phiR_d, phiR, numK * sizeof(float), cudaMemcpyHostToDevice);
    cudaMemcpy(phiI_d, phiI, numK * sizeof(float), cudaMemcpyHostToDevice);
    computePhiMag_GPU(numK, phiR_d, phiI_d, phiMag_d);
    float *phiMag = (float *)memalign(16, numK * sizeof(float));
    cudaMemcpy(phiMag, phiMag_d, numK * sizeof(float), cudaMemcpyDeviceToHost);

    kValues *kVals = (kValues *)calloc(numK, sizeof(kValues));
    for (int k = 0; k < numK; k++) {
        kVals[k].Kx = kx[k];
        kVals[k].Ky = ky[k];
        kVals[k].Kz = kz[k];
        kVals[k].PhiMag = phiMag[k];
    }

    float *x_d, *y_d, *z_d, *Qr_d, *Qi_d;
    kValues *kVals_d;
    cudaMalloc((void **)&x_d, numX * sizeof(float));
    cudaMalloc((void **)&y_d, numX * sizeof(float));
    cudaMalloc((void **)&z_d, numX * sizeof(float));
    cudaMalloc((void **)&Qr_d, numX * sizeof(float));
    cudaMalloc((void **)&Qi_d, numX * sizeof(float));
    cudaMalloc((void **)&kVals_d, numK * sizeof(kValues));
    cudaMemcpy(x_d, x, numX * sizeof(float), cudaMemcpyHostToDevice);
    cudaMemcpy(y_d, y, numX * sizeof(float), cudaMemcpyHostToDevice);
    cudaMemcpy(z_d, z, numX * sizeof(float), cudaMemcpyHostToDevice);
    cudaMemcpy(kVals_d, kVals, numK * sizeof(kValues), cudaMemcpyHostToDevice);
    cudaMemset((void *)Qr_d, 0, numX * sizeof(float));
    cudaMemset((void *)Qi_d, 0, numX * sizeof(float));

    computeQ_GPU(numK, numX, x_d, y_d, z_d, kVals, Qr_d, Qi_d);
    ComputeQ_GPU_shared<<<numX / KERNEL_Q_THREADS_PER_BLOCK, KERNEL_Q_THREADS_PER_BLOCK>>>(numK, kVals_d, x_d, y_d, z_d,
                                                                                         Qr_d, Qi_d);
    cudaDeviceSynchronize();

    cudaFree(x_d);
    cudaFree(y_d);
    cudaFree(z_d);
    cudaFree(Qr_d);
    cudaFree(Qi_d);
    cudaFree(kVals_d);
    cudaFree(phiMag_d);
    cudaFree(phiR_d);
    cudaFree(phiI_d);
    free(kVals);
    return 0;
}
