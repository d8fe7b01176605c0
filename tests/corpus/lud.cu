// rapcc-corpus: shared-arrays=6
// Blocked LU decomposition (Rodinia lud style): a diagonal-block kernel, a
// perimeter kernel that updates the row and column strips, and an internal
// kernel that applies the rank-BLOCK_SIZE update to the remaining matrix.
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <assert.h>
#include <math.h>
#include <cuda.h>

#ifdef RD_WG_SIZE_0_0
#define BLOCK_SIZE RD_WG_SIZE_0_0
#else
#define BLOCK_SIZE 16
#endif

#define AA(i, j) a[(i) * size + (j)]
#define GET_RAND_FP ((float)rand() / ((float)(RAND_MAX) + (float)(1)))

__global__ void lud_diagonal(float *m, int matrix_dim, int offset)
{
    int i, j;
    __shared__ float shadow[BLOCK_SIZE][BLOCK_SIZE];

    int array_offset = offset * matrix_dim + offset;
    for (i = 0; i < BLOCK_SIZE; i++) {
        shadow[i][threadIdx.x] = m[array_offset + threadIdx.x];
        array_offset += matrix_dim;
    }
    __syncthreads();
    for (i = 0; i < BLOCK_SIZE - 1; i++) {
        if (threadIdx.x > i) {
            for (j = 0; j < i; j++) shadow[threadIdx.x][i] -= shadow[threadIdx.x][j] * shadow[j][i];
            shadow[threadIdx.x][i] /= shadow[i][i];
        }
        __syncthreads();
        if (threadIdx.x > i) {
            for (j = 0; j < i + 1; j++) shadow[i + 1][threadIdx.x] -= shadow[i + 1][j] * shadow[j][threadIdx.x];
        }
        __syncthreads();
    }

    array_offset = (offset + 1) * matrix_dim + offset;
    for (i = 1; i < BLOCK_SIZE; i++) {
        m[array_offset + threadIdx.x] = shadow[i][threadIdx.x];
        array_offset += matrix_dim;
    }
}

__global__ void lud_perimeter(float *m, int matrix_dim, int offset)
{
    __shared__ float dia[BLOCK_SIZE][BLOCK_SIZE];
    __shared__ float peri_row[BLOCK_SIZE][BLOCK_SIZE];
    __shared__ float peri_col[BLOCK_SIZE][BLOCK_SIZE];

    int i, j, array_offset;
    int idx;

    if (threadIdx.x < BLOCK_SIZE) {
        idx = threadIdx.x;
        array_offset = offset * matrix_dim + offset;
        for (i = 0; i < BLOCK_SIZE / 2; i++) {
            dia[i][idx] = m[array_offset + idx];
            array_offset += matrix_dim;
        }
        array_offset = offset * matrix_dim + offset;
        for (i = 0; i < BLOCK_SIZE; i++) {
            peri_row[i][idx] = m[array_offset + (blockIdx.x + 1) * BLOCK_SIZE + idx];
            array_offset += matrix_dim;
        }
    } else {
        idx = threadIdx.x - BLOCK_SIZE;
        array_offset = (offset + BLOCK_SIZE / 2) * matrix_dim + offset;
        for (i = BLOCK_SIZE / 2; i < BLOCK_SIZE; i++) {
            dia[i][idx] = m[array_offset + idx];
            array_offset += matrix_dim;
        }
        array_offset = (offset + (blockIdx.x + 1) * BLOCK_SIZE) * matrix_dim + offset;
        for (i = 0; i < BLOCK_SIZE; i++) {
            peri_col[i][idx] = m[array_offset + idx];
            array_offset += matrix_dim;
        }
    }
    __syncthreads();

    if (threadIdx.x < BLOCK_SIZE) {
        idx = threadIdx.x;
        for (i = 1; i < BLOCK_SIZE; i++) {
            for (j = 0; j < i; j++) peri_row[i][idx] -= dia[i][j] * peri_row[j][idx];
        }
    } else {
        idx = threadIdx.x - BLOCK_SIZE;
        for (i = 0; i < BLOCK_SIZE; i++) {
            for (j = 0; j < i; j++) peri_col[idx][i] -= peri_col[idx][j] * dia[j][i];
            peri_col[idx][i] /= dia[i][i];
        }
    }
    __syncthreads();

    if (threadIdx.x < BLOCK_SIZE) {
        idx = threadIdx.x;
        array_offset = (offset + 1) * matrix_dim + offset;
        for (i = 1; i < BLOCK_SIZE; i++) {
            m[array_offset + (blockIdx.x + 1) * BLOCK_SIZE + idx] = peri_row[i][idx];
            array_offset += matrix_dim;
        }
    } else {
        idx = threadIdx.x - BLOCK_SIZE;
        array_offset = (offset + (blockIdx.x + 1) * BLOCK_SIZE) * matrix_dim + offset;
        for (i = 0; i < BLOCK_SIZE; i++) {
            m[array_offset + idx] = peri_col[i][idx];
            array_offset += matrix_dim;
        }
    }
}

__global__ void lud_internal(float *m, int matrix_dim, int offset)
{
    __shared__ float peri_row[BLOCK_SIZE][BLOCK_SIZE];
    __shared__ float peri_col[BLOCK_SIZE][BLOCK_SIZE];

    int i;
    float sum;

    int global_row_id = offset + (blockIdx.y + 1) * BLOCK_SIZE;
    int global_col_id = offset + (blockIdx.x + 1) * BLOCK_SIZE;

    peri_row[threadIdx.y][threadIdx.x] = m[(offset + threadIdx.y) * matrix_dim + global_col_id + threadIdx.x];
    peri_col[threadIdx.y][threadIdx.x] = m[(global_row_id + threadIdx.y) * matrix_dim + offset + threadIdx.x];

    __syncthreads();

    sum = 0;
    for (i = 0; i < BLOCK_SIZE; i++) sum += peri_col[threadIdx.y][i] * peri_row[i][threadIdx.x];
    m[(global_row_id + threadIdx.y) * matrix_dim + global_col_id + threadIdx.x] -= sum;
}

void lud_cuda(float *m, int matrix_dim)
{
    int i = 0;
    dim3 dimBlock(BLOCK_SIZE, BLOCK_SIZE);
    for (i = 0; i < matrix_dim - BLOCK_SIZE; i += BLOCK_SIZE) {
        lud_diagonal<<<1, BLOCK_SIZE>>>(m, matrix_dim, i);
        lud_perimeter<<<(matrix_dim - i) / BLOCK_SIZE - 1, BLOCK_SIZE * 2>>>(m, matrix_dim, i);
        dim3 dimGrid((matrix_dim - i) / BLOCK_SIZE - 1, (matrix_dim - i) / BLOCK_SIZE - 1);
        lud_internal<<<dimGrid, dimBlock>>>(m, matrix_dim, i);
    }
    lud_diagonal<<<1, BLOCK_SIZE>>>(m, matrix_dim, i);
}

static void create_matrix(float *a, int size)
{
    const float lamda = -0.001;
    float coe[2 * size - 1];
    float coe_i = 0.0;
    for (int i = 0; i < size; i++) {
        coe_i = 10 * exp(lamda * i);
        int j = size - 1 + i;
        coe[j] = coe_i;
        j = size - 1 - i;
        coe[j] = coe_i;
    }
    for (int i = 0; i < size; i++)
        for (int j = 0; j < size; j++) AA(i, j) = coe[size - 1 - i + j];
}

int main(int argc, char *argv[])
{
    int matrix_dim = 2048;
    if (argc > 1) matrix_dim = atoi(argv[1]);
    float *m = (float *)malloc(sizeof(float) * matrix_dim * matrix_dim);
    create_matrix(m, matrix_dim);

    float *d_m;
    cudaMalloc((void **)&d_m, matrix_dim * matrix_dim * sizeof(float));
    cudaMemcpy(d_m, m, matrix_dim * matrix_dim * sizeof(float), cudaMemcpyHostToDevice);
    lud_cuda(d_m, matrix_dim);
    cudaMemcpy(m, d_m, matrix_dim * matrix_dim * sizeof(float), cudaMemcpyDeviceToHost);
    printf("m[0] = %f, GET_RAND_FP = %f\n", m[0], GET_RAND_FP);
    cudaFree(d_m);
    free(m);
    return EXIT_SUCCESS;
}
