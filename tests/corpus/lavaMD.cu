// rapcc-corpus: shared-arrays=3
// Particle interactions within and between neighbouring boxes (Rodinia
// lavaMD style). The home box's particles and each neighbour's particles and
// charges are staged in shared arrays of structs.
#include <stdio.h>
#include <stdlib.h>
#include <stdbool.h>
#include <string.h>
#include <math.h>
#include <sys/time.h>
#include <cuda.h>

#define fp double
#define NUMBER_PAR_PER_BOX 100
#define NUMBER_THREADS 128
#define DOT(A, B) ((A.x) * (B.x) + (A.y) * (B.y) + (A.z) * (B.z))

typedef struct {
    fp x, y, z;
} THREE_VECTOR;

typedef struct {
    fp v, x, y, z;
} FOUR_VECTOR;

typedef struct nei_str {
    int x, y, z;
    int number;
    long offset;
} nei_str;

typedef struct box_str {
    int x, y, z;
    int number;
    long offset;
    int nn;
    nei_str nei[26];
} box_str;

typedef struct par_str {
    fp alpha;
} par_str;

typedef struct dim_str {
    int cur_arg;
    int arch_arg;
    int cores_arg;
    int boxes1d_arg;
    long number_boxes;
    long box_mem;
    long space_elem;
    long space_mem;
    long space_mem2;
} dim_str;

__global__ void kernel_gpu_cuda(par_str d_par_gpu, dim_str d_dim_gpu, box_str *d_box_gpu, FOUR_VECTOR *d_rv_gpu,
                                fp *d_qv_gpu, FOUR_VECTOR *d_fv_gpu)
{
    int bx = blockIdx.x;
    int tx = threadIdx.x;
    int wtx = tx;

    if (bx < d_dim_gpu.number_boxes) {
        fp a2 = 2.0 * d_par_gpu.alpha * d_par_gpu.alpha;

        int first_i;
        FOUR_VECTOR *rA;
        FOUR_VECTOR *fA;
        __shared__ FOUR_VECTOR rA_shared[NUMBER_PAR_PER_BOX];

        int pointer;
        int k = 0;
        int first_j;
        FOUR_VECTOR *rB;
        fp *qB;
        int j = 0;
        __shared__ FOUR_VECTOR rB_shared[NUMBER_PAR_PER_BOX];
        __shared__ double qB_shared[NUMBER_PAR_PER_BOX];

        fp r2, u2, vij, fs, fxij, fyij, fzij;
        THREE_VECTOR d;

        first_i = d_box_gpu[bx].offset;
        rA = &d_rv_gpu[first_i];
        fA = &d_fv_gpu[first_i];

        while (wtx < NUMBER_PAR_PER_BOX) {
            rA_shared[wtx] = rA[wtx];
            wtx = wtx + NUMBER_THREADS;
        }
        wtx = tx;
        __syncthreads();

        for (k = 0; k < (1 + d_box_gpu[bx].nn); k++) {
            if (k == 0) {
                pointer = bx;
            } else {
                pointer = d_box_gpu[bx].nei[k - 1].number;
            }

            first_j = d_box_gpu[pointer].offset;
            rB = &d_rv_gpu[first_j];
            qB = &d_qv_gpu[first_j];

            while (wtx < NUMBER_PAR_PER_BOX) {
                rB_shared[wtx] = rB[wtx];
                qB_shared[wtx] = qB[wtx];
                wtx = wtx + NUMBER_THREADS;
            }
            wtx = tx;
            __syncthreads();

            while (wtx < NUMBER_PAR_PER_BOX) {
                for (j = 0; j < NUMBER_PAR_PER_BOX; j++) {
                    r2 = (fp)rA_shared[wtx].v + (fp)rB_shared[j].v - DOT(rA_shared[wtx], rB_shared[j]);
                    u2 = a2 * r2;
                    vij = exp(-u2);
                    fs = 2 * vij;

                    d.x = (fp)rA_shared[wtx].x - (fp)rB_shared[j].x;
                    fxij = fs * d.x;
                    d.y = (fp)rA_shared[wtx].y - (fp)rB_shared[j].y;
                    fyij = fs * d.y;
                    d.z = (fp)rA_shared[wtx].z - (fp)rB_shared[j].z;
                    fzij = fs * d.z;

                    fA[wtx].v += (double)((fp)qB_shared[j] * vij);
                    fA[wtx].x += (double)((fp)qB_shared[j] * fxij);
                    fA[wtx].y += (double)((fp)qB_shared[j] * fyij);
                    fA[wtx].z += (double)((fp)qB_shared[j] * fzij);
                }
                wtx = wtx + NUMBER_THREADS;
            }
            wtx = tx;
            __syncthreads();
        }
    }
}

long long get_time()
{
    struct timeval tv;
    gettimeofday(&tv, NULL);
    return (tv.tv_sec * 1000000) + tv.tv_usec;
}

int main(int argc, char *argv[])
{
    par_str par_cpu;
    dim_str dim_cpu;
    box_str *box_cpu;
    FOUR_VECTOR *rv_cpu;
    fp *qv_cpu;
    FOUR_VECTOR *fv_cpu;
    int nh;

    dim_cpu.boxes1d_arg = 1;
    for (dim_cpu.cur_arg = 1; dim_cpu.cur_arg < argc; dim_cpu.cur_arg++) {
        if (strcmp(argv[dim_cpu.cur_arg], "-boxes1d") == 0 && argc > dim_cpu.cur_arg + 1)
            dim_cpu.boxes1d_arg = atoi(argv[++dim_cpu.cur_arg]);
    }
    par_cpu.alpha = 0.5;

    dim_cpu.number_boxes = dim_cpu.boxes1d_arg * dim_cpu.boxes1d_arg * dim_cpu.boxes1d_arg;
    dim_cpu.space_elem = dim_cpu.number_boxes * NUMBER_PAR_PER_BOX;
    dim_cpu.space_mem = dim_cpu.space_elem * sizeof(FOUR_VECTOR);
    dim_cpu.space_mem2 = dim_cpu.space_elem * sizeof(fp);
    dim_cpu.box_mem = dim_cpu.number_boxes * sizeof(box_str);

    box_cpu = (box_str *)malloc(dim_cpu.box_mem);
    nh = 0;
    for (int i = 0; i < dim_cpu.boxes1d_arg; i++)
        for (int j = 0; j < dim_cpu.boxes1d_arg; j++)
            for (int k = 0; k < dim_cpu.boxes1d_arg; k++) {
                box_cpu[nh].x = k;
                box_cpu[nh].y = j;
                box_cpu[nh].z = i;
                box_cpu[nh].number = nh;
                box_cpu[nh].offset = nh * NUMBER_PAR_PER_BOX;
                box_cpu[nh].nn = 0;
                nh = nh + 1;
            }

    srand(2);
    rv_cpu = (FOUR_VECTOR *)malloc(dim_cpu.space_mem);
    qv_cpu = (fp *)malloc(dim_cpu.space_mem2);
    fv_cpu = (FOUR_VECTOR *)malloc(dim_cpu.space_mem);
    for (int i = 0; i < dim_cpu.space_elem; i = i + 1) {
        rv_cpu[i].v = (rand() % 10 + 1) / 10.0;
        rv_cpu[i].x = (rand() % 10 + 1) / 10.0;
        rv_cpu[i].y = (rand() % 10 + 1) / 10.0;
        rv_cpu[i].z = (rand() % 10 + 1) / 10.0;
        qv_cpu[i] = (rand() % 10 + 1) / 10.0;
        fv_cpu[i].v = fv_cpu[i].x = fv_cpu[i].y = fv_cpu[i].z = 0;
    }

    box_str *d_box_gpu;
    FOUR_VECTOR *d_rv_gpu, *d_fv_gpu;
    fp *d_qv_gpu;
    cudaMalloc((void **)&d_box_gpu, dim_cpu.box_mem);
    cudaMalloc((void **)&d_rv_gpu, dim_cpu.space_mem);
    cudaMalloc((void **)&d_qv_gpu, dim_cpu.space_mem2);
    cudaMalloc((void **)&d_fv_gpu, dim_cpu.space_mem);
    cudaMemcpy(d_box_gpu, box_cpu, dim_cpu.box_mem, cudaMemcpyHostToDevice);
    cudaMemcpy(d_rv_gpu, rv_cpu, dim_cpu.space_mem, cudaMemcpyHostToDevice);
    cudaMemcpy(d_qv_gpu, qv_cpu, dim_cpu.space_mem2, cudaMemcpyHostToDevice);
    cudaMemcpy(d_fv_gpu, fv_cpu, dim_cpu.space_mem, cudaMemcpyHostToDevice);

    dim3 threads(NUMBER_THREADS);
    dim3 blocks(dim_cpu.number_boxes);
    long long t0 = get_time();
    kernel_gpu_cuda<<<blocks, threads>>>(par_cpu, dim_cpu, d_box_gpu, d_rv_gpu, d_qv_gpu, d_fv_gpu);
    cudaDeviceSynchronize();
    printf("kernel: %lld us\n", get_time() - t0);
    cudaMemcpy(fv_cpu, d_fv_gpu, dim_cpu.space_mem, cudaMemcpyDeviceToHost);

    cudaFree(d_rv_gpu);
    cudaFree(d_qv_gpu);
    cudaFree(d_fv_gpu);
    cudaFree(d_box_gpu);
    free(rv_cpu);
    free(qv_cpu);
    free(fv_cpu);
    free(box_cpu);
    return 0;
}
