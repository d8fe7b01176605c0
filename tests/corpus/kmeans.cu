// rapcc-corpus: shared-arrays=3
// K-means clustering (Rodinia kmeans style) with legacy texture references
// for the feature arrays and the cluster centres in constant memory. The
// membership kernel also accumulates per-block change counts and partial
// centre sums in shared memory.
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <math.h>
#include <float.h>
#include <omp.h>
#include <cuda.h>

#define THREADS_PER_DIM 16
#define BLOCKS_PER_DIM 16
#define THREADS_PER_BLOCK THREADS_PER_DIM *THREADS_PER_DIM
#define ASSUMED_NR_CLUSTERS 32
#define SDATA(index) sdata[index]

texture<float, 1, cudaReadModeElementType> t_features;
texture<float, 1, cudaReadModeElementType> t_features_flipped;
texture<float, 1, cudaReadModeElementType> t_clusters;

__constant__ float c_clusters[ASSUMED_NR_CLUSTERS * 34];

__global__ void invert_mapping(float *input, float *output, int npoints, int nfeatures)
{
    int point_id = threadIdx.x + blockDim.x * blockIdx.x;
    int i;
    if (point_id < npoints) {
        for (i = 0; i < nfeatures; i++) output[point_id + npoints * i] = input[point_id * nfeatures + i];
    }
    return;
}

__global__ void kmeansPoint(float *features, int nfeatures, int npoints, int nclusters, int *membership,
                            float *clusters, float *block_clusters, int *block_deltas)
{
    const unsigned int block_id = gridDim.x * blockIdx.y + blockIdx.x;
    const unsigned int point_id = block_id * blockDim.x * blockDim.y + threadIdx.x;

    int index = -1;

    if (point_id < npoints) {
        int i, j;
        float min_dist = FLT_MAX;
        float dist;

        for (i = 0; i < nclusters; i++) {
            int cluster_base_index = i * nfeatures;
            float ans = 0.0;
            for (j = 0; j < nfeatures; j++) {
                int addr = point_id + j * npoints;
                float diff = (tex1Dfetch(t_features, addr) - c_clusters[cluster_base_index + j]);
                ans += diff * diff;
            }
            dist = ans;
            if (dist < min_dist) {
                min_dist = dist;
                index = i;
            }
        }
    }

#ifdef GPU_DELTA_REDUCTION
    __shared__ int deltas[THREADS_PER_BLOCK];
    if (threadIdx.x < THREADS_PER_BLOCK) deltas[threadIdx.x] = 0;
#else
    __shared__ int deltas[THREADS_PER_BLOCK];
    deltas[threadIdx.x] = 0;
#endif

    if (point_id < npoints) {
        if (membership[point_id] != index) deltas[threadIdx.x] = 1;
        membership[point_id] = index;
    }

    __syncthreads();

    unsigned int threadids_participating = THREADS_PER_BLOCK / 2;
    for (; threadids_participating > 1; threadids_participating /= 2) {
        if (threadIdx.x < threadids_participating) deltas[threadIdx.x] += deltas[threadIdx.x + threadids_participating];
        __syncthreads();
    }
    if (threadIdx.x < 1) deltas[threadIdx.x] += deltas[threadIdx.x + 1];
    __syncthreads();
    if (threadIdx.x == 0) block_deltas[blockIdx.y * gridDim.x + blockIdx.x] = deltas[0];

    // Partial centre sums for this block, one feature at a time.
    __shared__ float new_center_ids[THREADS_PER_BLOCK];
    __shared__ float new_centers[ASSUMED_NR_CLUSTERS];
    int center_id = threadIdx.x / nfeatures;
    int dim_id = threadIdx.x - nfeatures * center_id;
    new_center_ids[threadIdx.x] = index;
    __syncthreads();

    int new_base_index = (point_id - threadIdx.x) * nfeatures + dim_id;
    float accumulator = 0.f;
    if (threadIdx.x < nfeatures * nclusters) {
        for (int i = 0; i < (THREADS_PER_BLOCK); i++) {
            float val = tex1Dfetch(t_features_flipped, new_base_index + i * nfeatures);
            if (new_center_ids[i] == center_id) accumulator += val;
        }
        if (threadIdx.x < ASSUMED_NR_CLUSTERS) new_centers[threadIdx.x] = accumulator;
        block_clusters[(blockIdx.y * gridDim.x + blockIdx.x) * nclusters * nfeatures + threadIdx.x] = accumulator;
    }
}

static float *feature_flipped_d, *feature_d, *clusters_d, *block_new_centers;
static int *membership_new, *membership_d, *block_deltas_d;
static unsigned int num_threads_perdim = THREADS_PER_DIM;
static unsigned int num_blocks_perdim = BLOCKS_PER_DIM;
static unsigned int num_threads = THREADS_PER_BLOCK;
static unsigned int num_blocks = 0;

extern "C" void allocateMemory(int npoints, int nfeatures, int nclusters, float **features)
{
    num_blocks = npoints / num_threads;
    if (npoints % num_threads > 0) num_blocks++;
    num_blocks_perdim = sqrt((double)num_blocks);
    while (num_blocks_perdim * num_blocks_perdim < num_blocks) num_blocks_perdim++;
    num_blocks = num_blocks_perdim * num_blocks_perdim;

    membership_new = (int *)malloc(npoints * sizeof(int));
    for (int i = 0; i < npoints; i++) membership_new[i] = -1;

    cudaMalloc((void **)&feature_flipped_d, npoints * nfeatures * sizeof(float));
    cudaMemcpy(feature_flipped_d, features[0], npoints * nfeatures * sizeof(float), cudaMemcpyHostToDevice);
    cudaMalloc((void **)&feature_d, npoints * nfeatures * sizeof(float));

    invert_mapping<<<num_blocks, num_threads>>>(feature_flipped_d, feature_d, npoints, nfeatures);

    cudaMalloc((void **)&membership_d, npoints * sizeof(int));
    cudaMalloc((void **)&clusters_d, nclusters * nfeatures * sizeof(float));
    cudaMalloc((void **)&block_deltas_d, num_blocks_perdim * num_blocks_perdim * sizeof(int));
    cudaMalloc((void **)&block_new_centers, num_blocks_perdim * num_blocks_perdim * nclusters * nfeatures * sizeof(float));
}

extern "C" int kmeansCuda(float **feature, int nfeatures, int npoints, int nclusters, int *membership,
                          float **clusters, int *new_centers_len, float **new_centers)
{
    int delta = 0;
    cudaSetDevice(1);
    cudaMemcpy(membership_d, membership_new, npoints * sizeof(int), cudaMemcpyHostToDevice);
    cudaMemcpy(clusters_d, clusters[0], nclusters * nfeatures * sizeof(float), cudaMemcpyHostToDevice);

    cudaChannelFormatDesc chDesc0 = cudaCreateChannelDesc<float>();
    t_features.filterMode = cudaFilterModePoint;
    t_features.normalized = false;
    t_features.channelDesc = chDesc0;
    if (cudaBindTexture(NULL, &t_features, feature_d, &chDesc0, npoints * nfeatures * sizeof(float)) != CUDA_SUCCESS)
        printf("Couldn't bind features array to texture!\n");

    cudaChannelFormatDesc chDesc1 = cudaCreateChannelDesc<float>();
    t_features_flipped.filterMode = cudaFilterModePoint;
    t_features_flipped.normalized = false;
    t_features_flipped.channelDesc = chDesc1;
    if (cudaBindTexture(NULL, &t_features_flipped, feature_flipped_d, &chDesc1, npoints * nfeatures * sizeof(float)) !=
        CUDA_SUCCESS)
        printf("Couldn't bind features_flipped array to texture!\n");

    cudaBindTexture(NULL, t_clusters, clusters_d, nclusters * nfeatures * sizeof(float));
    cudaMemcpyToSymbol("c_clusters", clusters[0], nclusters * nfeatures * sizeof(float), 0, cudaMemcpyHostToDevice);

    dim3 grid(num_blocks_perdim, num_blocks_perdim);
    dim3 threads(num_threads_perdim * num_threads_perdim);
    kmeansPoint<<<grid, threads>>>(feature_d, nfeatures, npoints, nclusters, membership_d, clusters_d,
                                   block_new_centers, block_deltas_d);
    cudaThreadSynchronize();

    cudaMemcpy(membership_new, membership_d, npoints * sizeof(int), cudaMemcpyDeviceToHost);
    for (int i = 0; i < npoints; i++) {
        int cluster_id = membership_new[i];
        new_centers_len[cluster_id]++;
        if (membership_new[i] != membership[i]) {
            delta++;
            membership[i] = membership_new[i];
        }
        for (int j = 0; j < nfeatures; j++) new_centers[cluster_id][j] += feature[i][j];
    }
    cudaUnbindTexture(t_features);
    cudaUnbindTexture(t_features_flipped);
    cudaUnbindTexture(t_clusters);
    return delta;
}

int main(int argc, char **argv)
{
    int npoints = 65536, nfeatures = 34, nclusters = 5;
    float **features = (float **)malloc(npoints * sizeof(float *));
    features[0] = (float *)malloc(npoints * nfeatures * sizeof(float));
    for (int i = 1; i < npoints; i++) features[i] = features[i - 1] + nfeatures;
    for (int i = 0; i < npoints * nfeatures; i++) features[0][i] = rand() / (float)RAND_MAX;

    float **clusters = (float **)malloc(nclusters * sizeof(float *));
    clusters[0] = (float *)malloc(nclusters * nfeatures * sizeof(float));
    for (int i = 1; i < nclusters; i++) clusters[i] = clusters[i - 1] + nfeatures;
    float **new_centers = (float **)malloc(nclusters * sizeof(float *));
    new_centers[0] = (float *)calloc(nclusters * nfeatures, sizeof(float));
    for (int i = 1; i < nclusters; i++) new_centers[i] = new_centers[i - 1] + nfeatures;
    int *new_centers_len = (int *)calloc(nclusters, sizeof(int));
    int *membership = (int *)malloc(npoints * sizeof(int));
    for (int i = 0; i < npoints; i++) membership[i] = -1;

    allocateMemory(npoints, nfeatures, nclusters, features);
    int delta = kmeansCuda(features, nfeatures, npoints, nclusters, membership, clusters, new_centers_len, new_centers);
    printf("delta = %d\n", delta);
    return 0;
}
