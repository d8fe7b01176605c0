// rapcc-corpus: shared-arrays=1
// Gain computation of the streamcluster facility-location heuristic (Rodinia
// streamcluster style): each block caches the candidate centre's coordinates
// in dynamically sized shared memory, then every thread evaluates the cost
// change of reassigning its point.
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <assert.h>
#include <sys/time.h>
#include <cuda.h>

#define THREADS_PER_BLOCK 512
#define MAXBLOCKS 65536
#define CUDATIME

typedef struct {
    float weight;
    long assign;
    float cost;
} Point_Struct;

typedef struct {
    float weight;
    float *coord;
    long assign;
    float cost;
} Point;

typedef struct {
    long num;
    int dim;
    Point *p;
} Points;

__device__ float d_dist(int p1, int p2, int num, int dim, float *coord_d)
{
    float retval = 0.0;
    for (int i = 0; i < dim; i++) {
        float tmp = coord_d[(i * num) + p1] - coord_d[(i * num) + p2];
        retval += tmp * tmp;
    }
    return retval;
}

__global__ void kernel_compute_cost(int num, int dim, long x, Point_Struct *p, int K, int stride, float *coord_d,
                                    float *work_mem_d, int *center_table_d, bool *switch_membership_d)
{
    extern __shared__ float coord_s[];

    const int bid = blockIdx.x + gridDim.x * blockIdx.y;
    const int tid = blockDim.x * bid + threadIdx.x;

    if (threadIdx.x == 0)
        for (int i = 0; i < dim; i++) coord_s[i] = coord_d[i * num + x];
    __syncthreads();

    if (tid < num) {
        float *lower = &work_mem_d[tid * stride];

        float x_cost = 0.0;
        for (int i = 0; i < dim; i++) {
            float tmp = coord_d[(i * num) + tid] - coord_s[i];
            x_cost += tmp * tmp;
        }
        x_cost = x_cost * p[tid].weight;

        float current_cost = p[tid].cost;

        if (x_cost < current_cost) {
            switch_membership_d[tid] = 1;
            lower[K] += x_cost - current_cost;
        } else {
            int assign = p[tid].assign;
            lower[center_table_d[assign]] += current_cost - x_cost;
        }
    }
}

static float *coord_h, *work_mem_h, *coord_d, *work_mem_d;
static int *center_table_d;
static bool *switch_membership_d;
static Point_Struct *p, *p_h;
static int c;

double gettime()
{
    struct timeval t;
    gettimeofday(&t, NULL);
    return t.tv_sec + t.tv_usec * 1e-6;
}

float pgain(long x, Points *points, float z, long int *numcenters, int kmax, bool *is_center, int *center_table,
            bool *switch_membership, bool isCoordChanged, double *serial_t, double *cpu_to_gpu_t,
            double *gpu_to_cpu_t, double *alloc_t, double *kernel_t, double *free_t)
{
    cudaError_t error;
    int stride = *numcenters + 1;
    int K = *numcenters;
    int num = points->num;
    int dim = points->dim;
    int nThread = num;

    work_mem_h = (float *)malloc(stride * (nThread + 1) * sizeof(float));
    if (c == 0) {
        coord_h = (float *)malloc(num * dim * sizeof(float));
        p_h = (Point_Struct *)malloc(num * sizeof(Point_Struct));
    }
    if (isCoordChanged || c == 0) {
        for (int i = 0; i < dim; i++)
            for (int j = 0; j < num; j++) coord_h[(num * i) + j] = points->p[j].coord[i];
    }
    for (int i = 0; i < num; i++) {
        p_h[i].weight = ((points->p)[i]).weight;
        p_h[i].assign = ((points->p)[i]).assign;
        p_h[i].cost = ((points->p)[i]).cost;
    }
    int count = 0;
    for (int i = 0; i < num; i++)
        if (is_center[i]) center_table[i] = count++;

    if (c == 0) {
        cudaMalloc(&coord_d, num * dim * sizeof(float));
        cudaMalloc(&center_table_d, num * sizeof(int));
        cudaMalloc(&switch_membership_d, num * sizeof(bool));
        cudaMalloc(&p, num * sizeof(Point_Struct));
    }
    cudaMalloc(&work_mem_d, stride * (nThread + 1) * sizeof(float));

    if (isCoordChanged || c == 0) cudaMemcpy(coord_d, coord_h, num * dim * sizeof(float), cudaMemcpyHostToDevice);
    cudaMemcpy(center_table_d, center_table, num * sizeof(int), cudaMemcpyHostToDevice);
    cudaMemcpy(p, p_h, num * sizeof(Point_Struct), cudaMemcpyHostToDevice);
    cudaMemset((void *)switch_membership_d, 0, num * sizeof(bool));
    cudaMemset((void *)work_mem_d, 0, stride * (nThread + 1) * sizeof(float));

    int num_blocks = (int)((float)(num + THREADS_PER_BLOCK - 1) / (float)THREADS_PER_BLOCK);
    int num_blocks_y = (int)((float)(num_blocks + MAXBLOCKS - 1) / (float)MAXBLOCKS);
    int num_blocks_x = (int)((float)(num_blocks + num_blocks_y - 1) / (float)num_blocks_y);
    dim3 grid_size(num_blocks_x, num_blocks_y, 1);

    double t0 = gettime();
    kernel_compute_cost<<<grid_size, THREADS_PER_BLOCK, sizeof(float) * dim>>>(
        num, dim, x, p, K, stride, coord_d, work_mem_d, center_table_d, switch_membership_d);
    cudaThreadSynchronize();
    *kernel_t += gettime() - t0;

    error = cudaGetLastError();
    if (error != cudaSuccess) {
        printf("kernel error: %s\n", cudaGetErrorString(error));
        exit(EXIT_FAILURE);
    }

    cudaMemcpy(work_mem_h, work_mem_d, stride * (nThread + 1) * sizeof(float), cudaMemcpyDeviceToHost);
    cudaMemcpy(switch_membership, switch_membership_d, num * sizeof(bool), cudaMemcpyDeviceToHost);

    int number_of_centers_to_close = 0;
    float gl_cost_of_opening_x = z;
    float *gl_lower = &work_mem_h[stride * nThread];
    for (int i = 0; i < num; i++) {
        if (is_center[i]) {
            float low = z;
            for (int j = 0; j < num; j++) low += work_mem_h[j * stride + center_table[i]];
            gl_lower[center_table[i]] = low;
            if (low > 0) {
                ++number_of_centers_to_close;
                gl_cost_of_opening_x -= low;
            }
        }
        gl_cost_of_opening_x += work_mem_h[i * stride + K];
    }

    cudaFree(work_mem_d);
    free(work_mem_h);
    c++;
    return -gl_cost_of_opening_x;
}

int main(int argc, char **argv)
{
    Points points;
    points.num = 16384;
    points.dim = 32;
    points.p = (Point *)malloc(points.num * sizeof(Point));
    float *block = (float *)malloc(points.num * points.dim * sizeof(float));
    for (int i = 0; i < points.num; i++) {
        points.p[i].coord = &block[i * points.dim];
        points.p[i].weight = 1.0;
        points.p[i].assign = 0;
        points.p[i].cost = 1.0;
        for (int j = 0; j < points.dim; j++) points.p[i].coord[j] = lrand48() / (float)2147483647;
    }
    long numcenters = 1;
    bool *is_center = (bool *)calloc(points.num, sizeof(bool));
    int *center_table = (int *)malloc(points.num * sizeof(int));
    bool *switch_membership = (bool *)malloc(points.num * sizeof(bool));
    is_center[0] = true;
    double t[6] = {0};
    float gain = pgain(5, &points, 1000.0f, &numcenters, 20, is_center, center_table, switch_membership, true, &t[0],
                       &t[1], &t[2], &t[3], &t[4], &t[5]);
    printf("gain %f, kernel %f s\n", gain, t[4]);
    return 0;
}
