// rapcc-corpus: shared-arrays=1
// Register-tiled SGEMM in the style of Parboil's sgemm: each thread keeps a
// row of TILE_N results in registers, a TILE_TB_HEIGHT x TILE_N slice of B is
// staged in shared memory, and A is streamed column-major with an
// index macro.
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <iostream>
#include <vector>
#include <fstream>
#include <cuda_runtime.h>

#define CHECK_ERROR(errorMessage)                                                                         \
    {                                                                                                     \
        cudaError_t err = cudaGetLastError();                                                            \
        if (cudaSuccess != err) {                                                                         \
            fprintf(stderr, "Cuda error: %s in file '%s' in line %i : %s.\n", errorMessage, __FILE__, __LINE__, \
                    cudaGetErrorString(err));                                                             \
            exit(EXIT_FAILURE);                                                                           \
        }                                                                                                 \
    }

// Parameters of tile sizes
#define TILE_N 16
#define TILE_TB_HEIGHT 8
#define TILE_M (TILE_N * TILE_TB_HEIGHT)

__global__ void mysgemmNT(const float *A, int lda, const float *B, int ldb, float *C, int ldc, int k, float alpha,
                          float beta)
{
    float c[TILE_N];
    for (int i = 0; i < TILE_N; i++) c[i] = 0.0f;
    int mid = threadIdx.y * blockDim.x + threadIdx.x;
    int m = blockIdx.x * TILE_M + mid;
    int n = blockIdx.y * TILE_N + threadIdx.x;
    __shared__ float b_s[TILE_TB_HEIGHT][TILE_N];
    for (int i = 0; i < k; i += TILE_TB_HEIGHT) {
        float a;
        b_s[threadIdx.y][threadIdx.x] = B[n + (i + threadIdx.y) * ldb];
        __syncthreads();
        for (int j = 0; j < TILE_TB_HEIGHT; j++) {
            a = A[m + (i + j) * lda];
            for (int kk = 0; kk < TILE_N; kk++) c[kk] += a * b_s[j][kk];
        }
        __syncthreads();
    }
    int t = ldc * blockIdx.y * TILE_N + m;
    for (int i = 0; i < TILE_N; i++) {
        C[t + i * ldc] = C[t + i * ldc] * beta + alpha * c[i];
    }
}

void regtileSgemm(char transa, char transb, int m, int n, int k, float alpha, const float *A, int lda, const float *B,
                  int ldb, float beta, float *C, int ldc)
{
    if ((transa != 'N') && (transa != 'n')) {
        std::cerr << "unsupported value of 'transa' in regtileSgemm()" << std::endl;
        return;
    }
    if ((transb != 'T') && (transb != 't')) {
        std::cerr << "unsupported value of 'transb' in regtileSgemm()" << std::endl;
        return;
    }
    if ((m % TILE_M) || (n % TILE_N)) {
        std::cerr << "unsupported size of matrix. m should be multiple of " << TILE_M << "; n should be multiple of "
                  << TILE_N << std::endl;
    }

    dim3 grid(m / TILE_M, n / TILE_N), threads(TILE_N, TILE_TB_HEIGHT);
    mysgemmNT<<<grid, threads>>>(A, lda, B, ldb, C, ldc, k, alpha, beta);
    CHECK_ERROR("mySgemm");
}

bool readColMajorMatrixFile(const char *fn, int &nr_row, int &nr_col, std::vector<float> &v)
{
    std::cerr << "Opening file:" << fn << std::endl;
    std::fstream f(fn, std::fstream::in);
    if (!f.good()) return false;
    f >> nr_row;
    f >> nr_col;
    float data;
    std::cerr << "Matrix dimension: " << nr_row << "x" << nr_col << std::endl;
    while (f.good()) {
        f >> data;
        v.push_back(data);
    }
    v.pop_back();
    return true;
}

bool writeColMajorMatrixFile(const char *fn, int nr_row, int nr_col, std::vector<float> &v)
{
    std::cerr << "Opening file:" << fn << " for write." << std::endl;
    std::fstream f(fn, std::fstream::out);
    if (!f.good()) return false;
    f << nr_row << " " << nr_col << " ";
    for (int i = 0; i < v.size(); ++i) f << v[i] << ' ';
    f << "\n";
    return true;
}

int main(int argc, char *argv[])
{
    int matArow, matAcol, matBrow, matBcol;
    std::vector<float> matA, matBT;
    if (argc < 4) {
        fprintf(stderr, "Expecting three input filenames\n");
        exit(-1);
    }
    readColMajorMatrixFile(argv[1], matArow, matAcol, matA);
    readColMajorMatrixFile(argv[2], matBcol, matBrow, matBT);

    int A_sz = matArow * matAcol * sizeof(float);
    int B_sz = matBrow * matBcol * sizeof(float);
    int C_sz = matArow * matBcol * sizeof(float);
    std::vector<float> matC(matArow * matBcol);

    float *dA, *dB, *dC;
    cudaMalloc((void **)&dA, A_sz);
    cudaMalloc((void **)&dB, B_sz);
    cudaMalloc((void **)&dC, C_sz);
    cudaMemcpy(dA, &matA.front(), A_sz, cudaMemcpyHostToDevice);
    cudaMemcpy(dB, &matBT.front(), B_sz, cudaMemcpyHostToDevice);

    regtileSgemm('N', 'T', matArow, matBcol, matAcol, 1.0f, dA, matArow, dB, matBcol, 0.0f, dC, matArow);

    cudaMemcpy(&matC.front(), dC, C_sz, cudaMemcpyDeviceToHost);
    writeColMajorMatrixFile(argv[3], matArow, matBcol, matC);

    cudaFree(dA);
    cudaFree(dB);
    cudaFree(dC);
    return 0;
}
