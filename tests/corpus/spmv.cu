// rapcc-corpus: shared-arrays=3
// Sparse matrix-vector products in the style of Parboil's spmv: a JDS
// kernel that reads the vector through a texture object, and a CSR
// "vector" kernel in which a warp handles a row, reducing the partial sums
// through a volatile shared array.
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <vector>
#include <algorithm>
#include <cuda_runtime.h>

#define WARP_SIZE 32
#define THREADS_PER_BLOCK 256
#define WARPS_PER_BLOCK (THREADS_PER_BLOCK / WARP_SIZE)

__constant__ int jds_ptr_int[5000];
__constant__ int sh_zcnt_int[5000];

__global__ void spmv_jds_texture(float *dst_vector, const float *d_data, const int *d_index, const int *d_perm,
                                 cudaTextureObject_t x_vec, const int dim, const int *d_nzcnt)
{
    int ix = blockIdx.x * blockDim.x + threadIdx.x;
    if (ix < dim) {
        float sum = 0.0f;
        int bound = sh_zcnt_int[ix / 32];
        for (int k = 0; k < bound; k++) {
            int j = jds_ptr_int[k] + ix;
            int in = d_index[j];
            float d = d_data[j];
            float t = tex1Dfetch<float>(x_vec, in);
            sum += d * t;
        }
        dst_vector[d_perm[ix]] = sum;
    }
}

__global__ void spmv_csr_vector_kernel(const int num_rows, const int *ptr, const int *indices, const float *data,
                                       const float *x, float *y)
{
    __shared__ volatile float vals[THREADS_PER_BLOCK];
    __shared__ volatile int ptrs[WARPS_PER_BLOCK][2];

    const int thread_id = THREADS_PER_BLOCK * blockIdx.x + threadIdx.x;
    const int thread_lane = threadIdx.x & (WARP_SIZE - 1);
    const int warp_id = thread_id / WARP_SIZE;
    const int warp_lane = threadIdx.x / WARP_SIZE;
    const int num_warps = WARPS_PER_BLOCK * gridDim.x;

    for (int row = warp_id; row < num_rows; row += num_warps) {
        if (thread_lane < 2) ptrs[warp_lane][thread_lane] = ptr[row + thread_lane];
        const int row_start = ptrs[warp_lane][0];
        const int row_end = ptrs[warp_lane][1];

        float sum = 0;
        for (int jj = row_start + thread_lane; jj < row_end; jj += WARP_SIZE) sum += data[jj] * __ldg(&x[indices[jj]]);

        vals[threadIdx.x] = sum;
        if (thread_lane < 16) vals[threadIdx.x] = sum = sum + vals[threadIdx.x + 16];
        if (thread_lane < 8) vals[threadIdx.x] = sum = sum + vals[threadIdx.x + 8];
        if (thread_lane < 4) vals[threadIdx.x] = sum = sum + vals[threadIdx.x + 4];
        if (thread_lane < 2) vals[threadIdx.x] = sum = sum + vals[threadIdx.x + 2];
        if (thread_lane < 1) vals[threadIdx.x] = sum = sum + vals[threadIdx.x + 1];

        if (thread_lane == 0) y[row] = vals[threadIdx.x];
    }
}

// Scalar CSR with the row bounds cached per block.
__global__ void spmv_csr_scalar_cached(const int num_rows, const int *ptr, const int *indices, const float *data,
                                       const float *x, float *y)
{
    __shared__ int row_ptr[THREADS_PER_BLOCK + 1];
    int row = blockIdx.x * blockDim.x + threadIdx.x;
    if (row <= num_rows) row_ptr[threadIdx.x] = ptr[row];
    if (threadIdx.x == 0 && row + blockDim.x <= num_rows) row_ptr[blockDim.x] = ptr[row + blockDim.x];
    __syncthreads();
    if (row < num_rows) {
        float dot = 0;
        for (int jj = row_ptr[threadIdx.x]; jj < row_ptr[threadIdx.x + 1]; jj++) dot += data[jj] * x[indices[jj]];
        y[row] += dot;
    }
}

struct CooEntry {
    int row, col;
    float val;
    bool operator<(const CooEntry &o) const { return row < o.row || (row == o.row && col < o.col); }
};

int main(int argc, char **argv)
{
    const int n = 1 << 16, nnz_per_row = 9;
    std::vector<CooEntry> coo;
    coo.reserve(n * nnz_per_row);
    for (int r = 0; r < n; r++)
        for (int k = 0; k < nnz_per_row; k++) {
            CooEntry e = {r, (r + k * 37) % n, 1.0f / (k + 1)};
            coo.push_back(e);
        }
    std::sort(coo.begin(), coo.end());

    std::vector<int> h_ptr(n + 1, 0), h_idx(coo.size());
    std::vector<float> h_val(coo.size()), h_x(n, 1.0f), h_y(n, 0.0f);
    for (size_t i = 0; i < coo.size(); i++) {
        h_ptr[coo[i].row + 1]++;
        h_idx[i] = coo[i].col;
        h_val[i] = coo[i].val;
    }
    for (int r = 0; r < n; r++) h_ptr[r + 1] += h_ptr[r];

    int *d_ptr, *d_idx;
    float *d_val, *d_x, *d_y;
    cudaMalloc(&d_ptr, h_ptr.size() * sizeof(int));
    cudaMalloc(&d_idx, h_idx.size() * sizeof(int));
    cudaMalloc(&d_val, h_val.size() * sizeof(float));
    cudaMalloc(&d_x, n * sizeof(float));
    cudaMalloc(&d_y, n * sizeof(float));
    cudaMemcpy(d_ptr, h_ptr.data(), h_ptr.size() * sizeof(int), cudaMemcpyHostToDevice);
    cudaMemcpy(d_idx, h_idx.data(), h_idx.size() * sizeof(int), cudaMemcpyHostToDevice);
    cudaMemcpy(d_val, h_val.data(), h_val.size() * sizeof(float), cudaMemcpyHostToDevice);
    cudaMemcpy(d_x, h_x.data(), n * sizeof(float), cudaMemcpyHostToDevice);
    cudaMemset(d_y, 0, n * sizeof(float));

    cudaResourceDesc resDesc;
    memset(&resDesc, 0, sizeof(resDesc));
    resDesc.resType = cudaResourceTypeLinear;
    resDesc.res.linear.devPtr = d_x;
    resDesc.res.linear.desc.f = cudaChannelFormatKindFloat;
    resDesc.res.linear.desc.x = 32;
    resDesc.res.linear.sizeInBytes = n * sizeof(float);
    cudaTextureDesc texDesc;
    memset(&texDesc, 0, sizeof(texDesc));
    texDesc.readMode = cudaReadModeElementType;
    cudaTextureObject_t tex = 0;
    cudaCreateTextureObject(&tex, &resDesc, &texDesc, NULL);

    int blocks = std::min(4096, (n * WARP_SIZE + THREADS_PER_BLOCK - 1) / THREADS_PER_BLOCK);
    spmv_csr_vector_kernel<<<blocks, THREADS_PER_BLOCK>>>(n, d_ptr, d_idx, d_val, d_x, d_y);
    spmv_csr_scalar_cached<<<(n + THREADS_PER_BLOCK - 1) / THREADS_PER_BLOCK, THREADS_PER_BLOCK>>>(n, d_ptr, d_idx,
                                                                                                 d_val, d_x, d_y);
    spmv_jds_texture<<<(n + 127) / 128, 128>>>(d_y, d_val, d_idx, d_ptr, tex, n, d_ptr);
    cudaMemcpy(h_y.data(), d_y, n * sizeof(float), cudaMemcpyDeviceToHost);
    printf("y[0] = %f\n", h_y[0]);

    cudaDestroyTextureObject(tex);
    cudaFree(d_ptr);
    cudaFree(d_idx);
    cudaFree(d_val);
    cudaFree(d_x);
    cudaFree(d_y);
    return 0;
}
