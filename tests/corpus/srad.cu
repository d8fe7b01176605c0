// rapcc-corpus: shared-arrays=10
// Speckle-reducing anisotropic diffusion (Rodinia srad style). Two kernels
// per iteration; each loads its tile and the four neighbouring tiles' edge
// rows and columns into separate shared arrays.
#include <stdlib.h>
#include <stdio.h>
#include <string.h>
#include <math.h>
#include <cuda.h>

#define BLOCK_SIZE 16
#define STR_SIZE 256
#define GPU

__global__ void srad_cuda_1(float *E_C, float *W_C, float *N_C, float *S_C, float *J_cuda, float *C_cuda, int cols,
                            int rows, float q0sqr)
{
    int bx = blockIdx.x;
    int by = blockIdx.y;
    int tx = threadIdx.x;
    int ty = threadIdx.y;

    int index = cols * BLOCK_SIZE * by + BLOCK_SIZE * bx + cols * ty + tx;
    int index_n = cols * BLOCK_SIZE * by + BLOCK_SIZE * bx + tx - cols;
    int index_s = cols * BLOCK_SIZE * by + BLOCK_SIZE * bx + cols * BLOCK_SIZE + tx;
    int index_w = cols * BLOCK_SIZE * by + BLOCK_SIZE * bx + cols * ty - 1;
    int index_e = cols * BLOCK_SIZE * by + BLOCK_SIZE * bx + cols * ty + BLOCK_SIZE;

    float n, w, e, s, jc, g2, l, num, den, qsqr, c;

    __shared__ float temp[BLOCK_SIZE][BLOCK_SIZE];
    __shared__ float temp_result[BLOCK_SIZE][BLOCK_SIZE];
    __shared__ float north[BLOCK_SIZE][BLOCK_SIZE];
    __shared__ float south[BLOCK_SIZE][BLOCK_SIZE];
    __shared__ float east[BLOCK_SIZE][BLOCK_SIZE];
    __shared__ float west[BLOCK_SIZE][BLOCK_SIZE];

    north[ty][tx] = J_cuda[index_n];
    south[ty][tx] = J_cuda[index_s];
    if (by == 0) {
        north[ty][tx] = J_cuda[BLOCK_SIZE * bx + tx];
    } else if (by == gridDim.y - 1) {
        south[ty][tx] = J_cuda[cols * BLOCK_SIZE * (gridDim.y - 1) + BLOCK_SIZE * bx + cols * (BLOCK_SIZE - 1) + tx];
    }
    __syncthreads();

    west[ty][tx] = J_cuda[index_w];
    east[ty][tx] = J_cuda[index_e];
    if (bx == 0) {
        west[ty][tx] = J_cuda[cols * BLOCK_SIZE * by + cols * ty];
    } else if (bx == gridDim.x - 1) {
        east[ty][tx] = J_cuda[cols * BLOCK_SIZE * by + BLOCK_SIZE * (gridDim.x - 1) + cols * ty + BLOCK_SIZE - 1];
    }
    __syncthreads();

    temp[ty][tx] = J_cuda[index];
    __syncthreads();

    jc = temp[ty][tx];

    if (ty == 0 && tx == 0) {
        n = north[ty][tx] - jc;
        s = temp[ty + 1][tx] - jc;
        w = west[ty][tx] - jc;
        e = temp[ty][tx + 1] - jc;
    } else if (ty == 0 && tx == BLOCK_SIZE - 1) {
        n = north[ty][tx] - jc;
        s = temp[ty + 1][tx] - jc;
        w = temp[ty][tx - 1] - jc;
        e = east[ty][tx] - jc;
    } else if (ty == BLOCK_SIZE - 1 && tx == BLOCK_SIZE - 1) {
        n = temp[ty - 1][tx] - jc;
        s = south[ty][tx] - jc;
        w = temp[ty][tx - 1] - jc;
        e = east[ty][tx] - jc;
    } else if (ty == BLOCK_SIZE - 1 && tx == 0) {
        n = temp[ty - 1][tx] - jc;
        s = south[ty][tx] - jc;
        w = west[ty][tx] - jc;
        e = temp[ty][tx + 1] - jc;
    } else if (ty == 0) {
        n = north[ty][tx] - jc;
        s = temp[ty + 1][tx] - jc;
        w = temp[ty][tx - 1] - jc;
        e = temp[ty][tx + 1] - jc;
    } else if (tx == BLOCK_SIZE - 1) {
        n = temp[ty - 1][tx] - jc;
        s = temp[ty + 1][tx] - jc;
        w = temp[ty][tx - 1] - jc;
        e = east[ty][tx] - jc;
    } else if (ty == BLOCK_SIZE - 1) {
        n = temp[ty - 1][tx] - jc;
        s = south[ty][tx] - jc;
        w = temp[ty][tx - 1] - jc;
        e = temp[ty][tx + 1] - jc;
    } else if (tx == 0) {
        n = temp[ty - 1][tx] - jc;
        s = temp[ty + 1][tx] - jc;
        w = west[ty][tx] - jc;
        e = temp[ty][tx + 1] - jc;
    } else {
        n = temp[ty - 1][tx] - jc;
        s = temp[ty + 1][tx] - jc;
        w = temp[ty][tx - 1] - jc;
        e = temp[ty][tx + 1] - jc;
    }

    g2 = (n * n + s * s + w * w + e * e) / (jc * jc);
    l = (n + s + w + e) / jc;
    num = (0.5 * g2) - ((1.0 / 16.0) * (l * l));
    den = 1 + (.25 * l);
    qsqr = num / (den * den);

    den = (qsqr - q0sqr) / (q0sqr * (1 + q0sqr));
    c = 1.0 / (1.0 + den);

    if (c < 0) {
        temp_result[ty][tx] = 0;
    } else if (c > 1) {
        temp_result[ty][tx] = 1;
    } else {
        temp_result[ty][tx] = c;
    }
    __syncthreads();

    C_cuda[index] = temp_result[ty][tx];
    E_C[index] = e;
    W_C[index] = w;
    S_C[index] = s;
    N_C[index] = n;
}

__global__ void srad_cuda_2(float *E_C, float *W_C, float *N_C, float *S_C, float *J_cuda, float *C_cuda, int cols,
                            int rows, float lambda, float q0sqr)
{
    int bx = blockIdx.x;
    int by = blockIdx.y;
    int tx = threadIdx.x;
    int ty = threadIdx.y;

    int index = cols * BLOCK_SIZE * by + BLOCK_SIZE * bx + cols * ty + tx;
    int index_s = cols * BLOCK_SIZE * by + BLOCK_SIZE * bx + cols * BLOCK_SIZE + tx;
    int index_e = cols * BLOCK_SIZE * by + BLOCK_SIZE * bx + cols * ty + BLOCK_SIZE;
    float cc, cn, cs, ce, cw, d_sum;

    __shared__ float south_c[BLOCK_SIZE][BLOCK_SIZE];
    __shared__ float east_c[BLOCK_SIZE][BLOCK_SIZE];
    __shared__ float c_cuda_temp[BLOCK_SIZE][BLOCK_SIZE];
    __shared__ float c_cuda_result[BLOCK_SIZE][BLOCK_SIZE];

    south_c[ty][tx] = C_cuda[index_s];
    if (by == gridDim.y - 1) {
        south_c[ty][tx] = C_cuda[cols * BLOCK_SIZE * (gridDim.y - 1) + BLOCK_SIZE * bx + cols * (BLOCK_SIZE - 1) + tx];
    }
    __syncthreads();

    east_c[ty][tx] = C_cuda[index_e];
    if (bx == gridDim.x - 1) {
        east_c[ty][tx] = C_cuda[cols * BLOCK_SIZE * by + BLOCK_SIZE * (gridDim.x - 1) + cols * ty + BLOCK_SIZE - 1];
    }
    __syncthreads();

    c_cuda_temp[ty][tx] = C_cuda[index];
    __syncthreads();

    cc = c_cuda_temp[ty][tx];

    if (ty == BLOCK_SIZE - 1 && tx == BLOCK_SIZE - 1) {
        cn = cc;
        cs = south_c[ty][tx];
        cw = cc;
        ce = east_c[ty][tx];
    } else if (tx == BLOCK_SIZE - 1) {
        cn = cc;
        cs = c_cuda_temp[ty + 1][tx];
        cw = cc;
        ce = east_c[ty][tx];
    } else if (ty == BLOCK_SIZE - 1) {
        cn = cc;
        cs = south_c[ty][tx];
        cw = cc;
        ce = c_cuda_temp[ty][tx + 1];
    } else {
        cn = cc;
        cs = c_cuda_temp[ty + 1][tx];
        cw = cc;
        ce = c_cuda_temp[ty][tx + 1];
    }

    d_sum = cn * N_C[index] + cs * S_C[index] + cw * W_C[index] + ce * E_C[index];
    c_cuda_result[ty][tx] = J_cuda[index] + 0.25 * lambda * d_sum;
    __syncthreads();

    J_cuda[index] = c_cuda_result[ty][tx];
}

void random_matrix(float *I, int rows, int cols)
{
    srand(7);
    for (int i = 0; i < rows; i++)
        for (int j = 0; j < cols; j++) I[i * cols + j] = rand() / (float)RAND_MAX;
}

void usage(int argc, char **argv)
{
    fprintf(stderr, "Usage: %s <rows> <cols> <y1> <y2> <x1> <x2> <lamda> <no. of iter>\n", argv[0]);
    exit(1);
}

int main(int argc, char *argv[])
{
    int rows, cols, size_I, size_R, niter = 10, iter;
    float *I, *J, lambda, q0sqr, sum, sum2, tmp, meanROI, varROI;
    float *J_cuda, *C_cuda, *E_C, *W_C, *N_C, *S_C;
    unsigned int r1, r2, c1, c2;

    if (argc == 9) {
        rows = atoi(argv[1]);
        cols = atoi(argv[2]);
        if ((rows % 16 != 0) || (cols % 16 != 0)) {
            fprintf(stderr, "rows and cols must be multiples of 16\n");
            exit(1);
        }
        r1 = atoi(argv[3]);
        r2 = atoi(argv[4]);
        c1 = atoi(argv[5]);
        c2 = atoi(argv[6]);
        lambda = atof(argv[7]);
        niter = atoi(argv[8]);
    } else {
        usage(argc, argv);
    }

    size_I = cols * rows;
    size_R = (r2 - r1 + 1) * (c2 - c1 + 1);
    I = (float *)malloc(size_I * sizeof(float));
    J = (float *)malloc(size_I * sizeof(float));

    cudaMalloc((void **)&J_cuda, sizeof(float) * size_I);
    cudaMalloc((void **)&C_cuda, sizeof(float) * size_I);
    cudaMalloc((void **)&E_C, sizeof(float) * size_I);
    cudaMalloc((void **)&W_C, sizeof(float) * size_I);
    cudaMalloc((void **)&S_C, sizeof(float) * size_I);
    cudaMalloc((void **)&N_C, sizeof(float) * size_I);

    random_matrix(I, rows, cols);
    for (int k = 0; k < size_I; k++) J[k] = (float)exp(I[k]);

    for (iter = 0; iter < niter; iter++) {
        sum = 0;
        sum2 = 0;
        for (int i = r1; i <= r2; i++)
            for (int j = c1; j <= c2; j++) {
                tmp = J[i * cols + j];
                sum += tmp;
                sum2 += tmp * tmp;
            }
        meanROI = sum / size_R;
        varROI = (sum2 / size_R) - meanROI * meanROI;
        q0sqr = varROI / (meanROI * meanROI);

        int block_x = cols / BLOCK_SIZE;
        int block_y = rows / BLOCK_SIZE;
        dim3 dimBlock(BLOCK_SIZE, BLOCK_SIZE);
        dim3 dimGrid(block_x, block_y);

        cudaMemcpy(J_cuda, J, sizeof(float) * size_I, cudaMemcpyHostToDevice);
        srad_cuda_1<<<dimGrid, dimBlock>>>(E_C, W_C, N_C, S_C, J_cuda, C_cuda, cols, rows, q0sqr);
        srad_cuda_2<<<dimGrid, dimBlock>>>(E_C, W_C, N_C, S_C, J_cuda, C_cuda, cols, rows, lambda, q0sqr);
        cudaMemcpy(J, J_cuda, sizeof(float) * size_I, cudaMemcpyDeviceToHost);
    }
    cudaThreadSynchronize();
    printf("Computation Done\n");

    free(I);
    free(J);
    cudaFree(C_cuda);
    cudaFree(J_cuda);
    cudaFree(E_C);
    cudaFree(W_C);
    cudaFree(N_C);
    cudaFree(S_C);
    return 0;
}
