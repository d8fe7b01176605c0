// rapcc-corpus: shared-arrays=1
// 7-point 3-D Jacobi stencil in the style of Parboil's stencil: each block
// sweeps along z, keeping the current xy-plane in shared memory (with a
// one-element halo) and the planes above and below in registers.
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <cuda_runtime.h>

#define Index3D(_nx, _ny, _i, _j, _k) ((_i) + _nx * ((_j) + _ny * (_k)))
#define tx 32
#define ty 4
#define TILE_X (tx + 2)
#define TILE_Y (ty + 2)

__global__ void block2D_hybrid_coarsen_x(float c0, float c1, float *A0, float *Anext, int nx, int ny, int nz)
{
    // Thread coarsening along x: each thread computes two points.
    const int i = blockIdx.x * blockDim.x * 2 + threadIdx.x;
    const int i2 = blockIdx.x * blockDim.x * 2 + threadIdx.x + blockDim.x;
    const int j = blockIdx.y * blockDim.y + threadIdx.y;
    const int sh_id = threadIdx.x + threadIdx.y * blockDim.x * 2;
    const int sh_id2 = threadIdx.x + blockDim.x + threadIdx.y * blockDim.x * 2;

    extern __shared__ float sh_A0[];
    sh_A0[sh_id] = 0.0f;
    sh_A0[sh_id2] = 0.0f;
    __syncthreads();

    const bool w_region = i > 0 && j > 0 && (i < nx - 1) && (j < ny - 1);
    const bool w_region2 = j > 0 && (i2 < nx - 1) && (j < ny - 1);
    const bool x_l_bound = (threadIdx.x == 0);
    const bool x_h_bound = ((threadIdx.x + blockDim.x) == (blockDim.x * 2 - 1));
    const bool y_l_bound = (threadIdx.y == 0);
    const bool y_h_bound = (threadIdx.y == (blockDim.y - 1));

    float bottom = 0.0f, bottom2 = 0.0f, top = 0.0f, top2 = 0.0f;

    if ((i < nx) && (j < ny)) {
        bottom = A0[Index3D(nx, ny, i, j, 0)];
        sh_A0[sh_id] = A0[Index3D(nx, ny, i, j, 1)];
    }
    if ((i2 < nx) && (j < ny)) {
        bottom2 = A0[Index3D(nx, ny, i2, j, 0)];
        sh_A0[sh_id2] = A0[Index3D(nx, ny, i2, j, 1)];
    }
    __syncthreads();

    for (int k = 1; k < nz - 1; k++) {
        float a_left_right, a_up, a_down;
        if ((i < nx) && (j < ny)) top = A0[Index3D(nx, ny, i, j, k + 1)];
        if ((i2 < nx) && (j < ny)) top2 = A0[Index3D(nx, ny, i2, j, k + 1)];
        __syncthreads();

        if (w_region) {
            a_up = y_h_bound ? A0[Index3D(nx, ny, i, j + 1, k)] : sh_A0[sh_id + 2 * blockDim.x];
            a_down = y_l_bound ? A0[Index3D(nx, ny, i, j - 1, k)] : sh_A0[sh_id - 2 * blockDim.x];
            a_left_right = x_l_bound ? A0[Index3D(nx, ny, i - 1, j, k)] : sh_A0[sh_id - 1];

            Anext[Index3D(nx, ny, i, j, k)] =
                (top + bottom + a_up + a_down + sh_A0[sh_id + 1] + a_left_right) * c1 - sh_A0[sh_id] * c0;
        }

        if (w_region2) {
            a_up = y_h_bound ? A0[Index3D(nx, ny, i2, j + 1, k)] : sh_A0[sh_id2 + 2 * blockDim.x];
            a_down = y_l_bound ? A0[Index3D(nx, ny, i2, j - 1, k)] : sh_A0[sh_id2 - 2 * blockDim.x];
            a_left_right = x_h_bound ? A0[Index3D(nx, ny, i2 + 1, j, k)] : sh_A0[sh_id2 + 1];

            Anext[Index3D(nx, ny, i2, j, k)] =
                (top2 + bottom2 + a_up + a_down + a_left_right + sh_A0[sh_id2 - 1]) * c1 - sh_A0[sh_id2] * c0;
        }

        __syncthreads();
        bottom = sh_A0[sh_id];
        sh_A0[sh_id] = top;
        bottom2 = sh_A0[sh_id2];
        sh_A0[sh_id2] = top2;
        __syncthreads();
    }
}

static int read_data(float *A0, int nx, int ny, int nz, FILE *fp)
{
    int s = 0;
    for (int i = 0; i < nz; i++)
        for (int j = 0; j < ny; j++)
            for (int k = 0; k < nx; k++) {
                fread(A0 + s, sizeof(float), 1, fp);
                s++;
            }
    return 0;
}

int main(int argc, char **argv)
{
    int nx = 128, ny = 128, nz = 32, iteration = 100;
    float c0 = 1.0f / 6.0f, c1 = 1.0f / 6.0f / 6.0f;
    if (argc > 4) {
        nx = atoi(argv[1]);
        ny = atoi(argv[2]);
        nz = atoi(argv[3]);
        iteration = atoi(argv[4]);
    }

    int size = nx * ny * nz;
    float *h_A0 = (float *)malloc(sizeof(float) * size);
    float *h_Anext = (float *)malloc(sizeof(float) * size);
    FILE *fp = fopen(argc > 5 ? argv[5] : "input.bin", "rb");
    if (fp) {
        read_data(h_A0, nx, ny, nz, fp);
        fclose(fp);
    } else {
        memset(h_A0, 0, sizeof(float) * size);
    }

    float *d_A0, *d_Anext;
    cudaMalloc((void **)&d_A0, size * sizeof(float));
    cudaMalloc((void **)&d_Anext, size * sizeof(float));
    cudaMemset(d_Anext, 0, size * sizeof(float));
    cudaMemcpy(d_A0, h_A0, size * sizeof(float), cudaMemcpyHostToDevice);
    cudaMemcpy(d_Anext, d_A0, size * sizeof(float), cudaMemcpyDeviceToDevice);

    dim3 block(tx, ty, 1);
    dim3 grid((nx + tx * 2 - 1) / (tx * 2), (ny + ty - 1) / ty, 1);
    int sh_size = tx * 2 * ty * sizeof(float);

    for (int t = 0; t < iteration; t++) {
        block2D_hybrid_coarsen_x<<<grid, block, sh_size>>>(c0, c1, d_A0, d_Anext, nx, ny, nz);
        float *d_temp = d_A0;
        d_A0 = d_Anext;
        d_Anext = d_temp;
    }
    cudaDeviceSynchronize();

    cudaMemcpy(h_Anext, d_A0, size * sizeof(float), cudaMemcpyDeviceToHost);
    printf("A[center] = %f\n", h_Anext[Index3D(nx, ny, nx / 2, ny / 2, nz / 2)]);
    cudaFree(d_A0);
    cudaFree(d_Anext);
    free(h_A0);
    free(h_Anext);
    return 0;
}
