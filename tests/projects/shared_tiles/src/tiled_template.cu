// A template kernel: column sums of T x T tiles, read down the columns of a
// shared tile (a T-way bank conflict rapcc pads away as [T][T + 1]).
#include "shared_tiles.h"

template <int T>
__global__ void tiled_column_sums(float *out, const float *in, int n) {
    __shared__ float tile[T][T];
    int col = blockIdx.x * T + threadIdx.x;
    for (int r = 0; r < T; ++r)
        tile[r][threadIdx.x] = in[(blockIdx.y * T + r) * n + col];
    __syncthreads();
    float sum = 0.0f;
    for (int r = 0; r < T; ++r)
        sum += tile[threadIdx.x][r];
    out[blockIdx.y * n + blockIdx.x * T + threadIdx.x] = sum;
}

void launch_tiled_sums(float *out, const float *in, int n) {
    dim3 grid(n / 16, n / 16);
    tiled_column_sums<16><<<grid, 16>>>(out, in, n);
}
