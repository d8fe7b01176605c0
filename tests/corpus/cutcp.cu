// rapcc-corpus: shared-arrays=2
// Cutoff Coulombic potential on a lattice (Parboil cutcp style): atoms are
// sorted into spatial bins of BIN_DEPTH float4 slots; each block walks a
// neighbourhood of bins from constant memory, staging a batch of bins in
// shared memory as float4, then accumulates the potential of 8 lattice points
// per thread.
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <math.h>
#include <cuda_runtime.h>

#define SHIFTED
#define CUTOFF 12.f
#define BIN_LENGTH 4.f
#define BIN_INVLEN (1.f / BIN_LENGTH)
#define BIN_DEPTH 8
#define BIN_SIZE 32
#define BIN_SHIFT 5
#define BIN_CACHE_MAXLEN 32
#define REGION_SIZE 512
#define SUB_REGION_SIZE 128
#define NBRLIST_DIM 11
#define NBRLIST_MAXLEN (NBRLIST_DIM * NBRLIST_DIM * NBRLIST_DIM)

typedef struct Lattice_t {
    int nx, ny, nz;
    float xlo, ylo, zlo, h;
    float *lattice;
} Lattice;

typedef struct Atom_t {
    float x, y, z, q;
} Atom;

__constant__ int NbrListLen;
__constant__ int3 NbrList[NBRLIST_MAXLEN];

__global__ void cuda_cutoff_potential_lattice6overlap(int binDim_x, int binDim_y, float4 *binZeroAddr, float h,
                                                       float cutoff2, float inv_cutoff2, float *regionZeroAddr,
                                                       int zRegionIndex)
{
    __shared__ float AtomBinCache[BIN_CACHE_MAXLEN * BIN_DEPTH * 4];
    __shared__ int myBinIndex[4];
    __shared__ float *mySubRegionAddr;

    const int xRegionIndex = blockIdx.x;
    const int yRegionIndex = blockIdx.y;

    mySubRegionAddr = regionZeroAddr + ((zRegionIndex * gridDim.y + yRegionIndex) * gridDim.x + xRegionIndex) * REGION_SIZE;

    const int tid = (threadIdx.z * blockDim.y + threadIdx.y) * blockDim.x + threadIdx.x;
    const float x0 = (8 * xRegionIndex + threadIdx.x) * h;
    const float y0 = (8 * yRegionIndex + threadIdx.y) * h;
    const float z0 = (8 * zRegionIndex + threadIdx.z) * h;

    float energy0 = 0.f, energy1 = 0.f, energy2 = 0.f, energy3 = 0.f;

    if (tid == 0) {
        myBinIndex[0] = (int)floorf((8 * xRegionIndex + 4) * h * BIN_INVLEN);
        myBinIndex[1] = (int)floorf((8 * yRegionIndex + 4) * h * BIN_INVLEN);
        myBinIndex[2] = (int)floorf((8 * zRegionIndex + 4) * h * BIN_INVLEN);
    }
    __syncthreads();

    int totalbins = 0;
    for (int nbrid = 0; nbrid < NbrListLen; nbrid += BIN_CACHE_MAXLEN) {
        int numbins = min(NbrListLen - nbrid, BIN_CACHE_MAXLEN);
        if (tid < numbins * BIN_DEPTH) {
            int bin = tid / BIN_DEPTH;
            int slot = tid % BIN_DEPTH;
            int3 d = NbrList[nbrid + bin];
            int ib = myBinIndex[0] + d.x;
            int jb = myBinIndex[1] + d.y;
            int kb = myBinIndex[2] + d.z;
            float4 *src = binZeroAddr + ((kb * binDim_y + jb) * binDim_x + ib) * BIN_DEPTH;
            float4 *cache = reinterpret_cast<float4 *>(AtomBinCache);
            cache[tid] = src[slot];
        }
        __syncthreads();

        for (int bincnt = 0; bincnt < numbins; bincnt++) {
            for (int i = 0; i < BIN_DEPTH; i++) {
                float aq = AtomBinCache[(bincnt * BIN_DEPTH + i) * 4 + 3];
                if (0.f == aq) break;
                float dx = AtomBinCache[(bincnt * BIN_DEPTH + i) * 4 + 0] - x0;
                float dz = AtomBinCache[(bincnt * BIN_DEPTH + i) * 4 + 2] - z0;
                float dxdz2 = dx * dx + dz * dz;
                if (dxdz2 >= cutoff2) continue;
                float dy = AtomBinCache[(bincnt * BIN_DEPTH + i) * 4 + 1] - y0;

#define ACCUM(E, DY)                                 \
    {                                                \
        float r2 = dxdz2 + (DY) * (DY);              \
        if (r2 < cutoff2) {                          \
            float s = (1.f - r2 * inv_cutoff2);      \
            E += aq * rsqrtf(r2) * s * s;            \
        }                                            \
    }
                ACCUM(energy0, dy);
                ACCUM(energy1, dy - 2 * h);
                ACCUM(energy2, dy - 4 * h);
                ACCUM(energy3, dy - 6 * h);
#undef ACCUM
            }
        }
        totalbins += numbins;
        __syncthreads();
    }

    float *myRegionAddr = mySubRegionAddr + threadIdx.z * (64) + threadIdx.y * (8) + threadIdx.x;
    myRegionAddr[0] += energy0;
    myRegionAddr[16] += energy1;
    myRegionAddr[32] += energy2;
    myRegionAddr[48] += energy3;
}

int gpu_compute_cutoff_potential_lattice6overlap(Lattice *lattice, float cutoff, Atom *atoms, int natoms)
{
    int nx = lattice->nx, ny = lattice->ny, nz = lattice->nz;
    float xlo = lattice->xlo, ylo = lattice->ylo, zlo = lattice->zlo, h = lattice->h;
    int xRegionDim = (nx + 7) >> 3, yRegionDim = (ny + 7) >> 3, zRegionDim = (nz + 7) >> 3;
    int binDim_x = (int)ceil(xRegionDim * 8 * h * BIN_INVLEN) + 2 * 3;
    int binDim_y = (int)ceil(yRegionDim * 8 * h * BIN_INVLEN) + 2 * 3;
    int binDim_z = (int)ceil(zRegionDim * 8 * h * BIN_INVLEN) + 2 * 3;
    int nbins = binDim_x * binDim_y * binDim_z;

    float4 *binBaseAddr = (float4 *)calloc(nbins * BIN_DEPTH, sizeof(float4));
    int *bincntBaseAddr = (int *)calloc(nbins, sizeof(int));
    for (int n = 0; n < natoms; n++) {
        if (0 == atoms[n].q) continue;
        int i = (int)floorf((atoms[n].x - xlo) * BIN_INVLEN) + 3;
        int j = (int)floorf((atoms[n].y - ylo) * BIN_INVLEN) + 3;
        int k = (int)floorf((atoms[n].z - zlo) * BIN_INVLEN) + 3;
        int index = (k * binDim_y + j) * binDim_x + i;
        if (bincntBaseAddr[index] < BIN_DEPTH) {
            float4 *p = binBaseAddr + index * BIN_DEPTH + bincntBaseAddr[index]++;
            *p = make_float4(atoms[n].x - xlo, atoms[n].y - ylo, atoms[n].z - zlo, atoms[n].q);
        }
    }

    int3 nbrlist[NBRLIST_MAXLEN];
    int nbrlistlen = 0;
    float r = (cutoff * BIN_INVLEN) + 1;
    for (int k = -3; k <= 3; k++)
        for (int j = -3; j <= 3; j++)
            for (int i = -3; i <= 3; i++)
                if (i * i + j * j + k * k < r * r) nbrlist[nbrlistlen++] = make_int3(i, j, k);
    cudaMemcpyToSymbol(NbrListLen, &nbrlistlen, sizeof(int), 0);
    cudaMemcpyToSymbol(NbrList, nbrlist, nbrlistlen * sizeof(int3), 0);

    float4 *binBaseCuda;
    float *regionZeroCuda;
    int lnx = 8 * xRegionDim, lny = 8 * yRegionDim, lnz = 8 * zRegionDim;
    int lnall = lnx * lny * lnz;
    cudaMalloc((void **)&regionZeroCuda, lnall * sizeof(float));
    cudaMemset(regionZeroCuda, 0, lnall * sizeof(float));
    cudaMalloc((void **)&binBaseCuda, nbins * BIN_DEPTH * sizeof(float4));
    cudaMemcpy(binBaseCuda, binBaseAddr, nbins * BIN_DEPTH * sizeof(float4), cudaMemcpyHostToDevice);
    float4 *binZeroCuda = binBaseCuda + ((3 * binDim_y + 3) * binDim_x + 3) * BIN_DEPTH;

    dim3 gridDim(xRegionDim, yRegionDim, 1);
    dim3 blockDim(8, 2, 8);
    float cutoff2 = cutoff * cutoff, inv_cutoff2 = 1.f / cutoff2;
    for (int zRegionIndex = 0; zRegionIndex < zRegionDim; zRegionIndex++) {
        cuda_cutoff_potential_lattice6overlap<<<gridDim, blockDim, 0>>>(
            binDim_x, binDim_y, binZeroCuda, h, cutoff2, inv_cutoff2, regionZeroCuda, zRegionIndex);
    }
    cudaDeviceSynchronize();
    cudaError_t err = cudaGetLastError();
    if (cudaSuccess != err) {
        printf("CUDA error: %s\n", cudaGetErrorString(err));
        return -1;
    }

    cudaFree(regionZeroCuda);
    cudaFree(binBaseCuda);
    free(binBaseAddr);
    free(bincntBaseAddr);
    return 0;
}

int main(int argc, char *argv[])
{
    Lattice lattice = {64, 64, 64, 0.f, 0.f, 0.f, 0.5f, NULL};
    int natoms = 4096;
    Atom *atoms = (Atom *)malloc(natoms * sizeof(Atom));
    for (int i = 0; i < natoms; i++) {
        atoms[i].x = 32.f * rand() / (float)RAND_MAX;
        atoms[i].y = 32.f * rand() / (float)RAND_MAX;
        atoms[i].z = 32.f * rand() / (float)RAND_MAX;
        atoms[i].q = (i & 1) ? 1.f : -1.f;
    }
    int rc = gpu_compute_cutoff_potential_lattice6overlap(&lattice, CUTOFF, atoms, natoms);
    free(atoms);
    return rc ? EXIT_FAILURE : EXIT_SUCCESS;
}
