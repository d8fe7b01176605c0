// rapcc-corpus: shared-arrays=3
// Tensor-core GEMM with the WMMA API: each warp computes a 16x16 tile of C;
// A and B tiles for the whole block are staged (with a skew to avoid bank
// conflicts) in shared memory, and the accumulator is stored to a shared
// staging area before the epilogue scales it into global memory.
#include <cstdio>
#include <cstdlib>
#include <vector>
#include <mma.h>
#include <cuda_fp16.h>

using namespace nvcuda;

#define WMMA_M 16
#define WMMA_N 16
#define WMMA_K 16
#define WARPS_X 2
#define WARPS_Y 2
#define BLOCK_M (WMMA_M * WARPS_Y)
#define BLOCK_N (WMMA_N * WARPS_X)
#define BLOCK_K 32
#define SKEW_HALF 8

__global__ void wmma_gemm(const half *A, const half *B, float *C, int M, int N, int K, float alpha, float beta)
{
    __shared__ half As[BLOCK_M][BLOCK_K + SKEW_HALF];
    __shared__ half Bs[BLOCK_K][BLOCK_N + SKEW_HALF];
    __shared__ float Cs[WARPS_Y * WARPS_X][WMMA_M * WMMA_N];

    const int warpId = threadIdx.x / 32;
    const int warpRow = warpId / WARPS_X;
    const int warpCol = warpId % WARPS_X;
    const int blockRow = blockIdx.y * BLOCK_M;
    const int blockCol = blockIdx.x * BLOCK_N;

    wmma::fragment<wmma::matrix_a, WMMA_M, WMMA_N, WMMA_K, half, wmma::row_major> a_frag;
    wmma::fragment<wmma::matrix_b, WMMA_M, WMMA_N, WMMA_K, half, wmma::row_major> b_frag;
    wmma::fragment<wmma::accumulator, WMMA_M, WMMA_N, WMMA_K, float> acc_frag;
    wmma::fill_fragment(acc_frag, 0.0f);

    for (int k0 = 0; k0 < K; k0 += BLOCK_K) {
        for (int i = threadIdx.x; i < BLOCK_M * BLOCK_K; i += blockDim.x) {
            int r = i / BLOCK_K, c = i % BLOCK_K;
            As[r][c] = A[(size_t)(blockRow + r) * K + k0 + c];
        }
        for (int i = threadIdx.x; i < BLOCK_K * BLOCK_N; i += blockDim.x) {
            int r = i / BLOCK_N, c = i % BLOCK_N;
            Bs[r][c] = B[(size_t)(k0 + r) * N + blockCol + c];
        }
        __syncthreads();

#pragma unroll
        for (int kk = 0; kk < BLOCK_K; kk += WMMA_K) {
            wmma::load_matrix_sync(a_frag, &As[warpRow * WMMA_M][kk], BLOCK_K + SKEW_HALF);
            wmma::load_matrix_sync(b_frag, &Bs[kk][warpCol * WMMA_N], BLOCK_N + SKEW_HALF);
            wmma::mma_sync(acc_frag, a_frag, b_frag, acc_frag);
        }
        __syncthreads();
    }

    float *cs = Cs[warpId];
    wmma::store_matrix_sync(cs, acc_frag, WMMA_N, wmma::mem_row_major);
    __syncwarp();

    const int lane = threadIdx.x % 32;
    for (int i = lane; i < WMMA_M * WMMA_N; i += 32) {
        int r = blockRow + warpRow * WMMA_M + i / WMMA_N;
        int c = blockCol + warpCol * WMMA_N + i % WMMA_N;
        if (r < M && c < N) C[(size_t)r * N + c] = alpha * cs[i] + beta * C[(size_t)r * N + c];
    }
}

int main()
{
    const int M = 1024, N = 1024, K = 1024;
    std::vector<half> hA((size_t)M * K), hB((size_t)K * N);
    for (auto &v : hA) v = __float2half(0.5f);
    for (auto &v : hB) v = __float2half(0.25f);
    half *dA, *dB;
    float *dC;
    cudaMalloc(&dA, hA.size() * sizeof(half));
    cudaMalloc(&dB, hB.size() * sizeof(half));
    cudaMalloc(&dC, (size_t)M * N * sizeof(float));
    cudaMemcpy(dA, hA.data(), hA.size() * sizeof(half), cudaMemcpyHostToDevice);
    cudaMemcpy(dB, hB.data(), hB.size() * sizeof(half), cudaMemcpyHostToDevice);
    cudaMemset(dC, 0, (size_t)M * N * sizeof(float));

    dim3 grid(N / BLOCK_N, M / BLOCK_M), block(32 * WARPS_X * WARPS_Y);
    wmma_gemm<<<grid, block>>>(dA, dB, dC, M, N, K, 1.0f, 0.0f);
    cudaError_t err = cudaDeviceSynchronize();
    if (err != cudaSuccess) {
        std::fprintf(stderr, "error: %s\n", cudaGetErrorString(err));
        return 1;
    }
    std::vector<float> hC((size_t)M * N);
    cudaMemcpy(hC.data(), dC, hC.size() * sizeof(float), cudaMemcpyDeviceToHost);
    std::printf("C[0] = %f (expect %f)\n", hC[0], 0.5f * 0.25f * K);
    cudaFree(dA);
    cudaFree(dB);
    cudaFree(dC);
    return 0;
}
