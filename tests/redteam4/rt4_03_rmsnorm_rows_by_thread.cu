// RMSNorm of 32 rows of 32 staged in a tile; each thread of a 32x8 block
// owns one row (tx) and walks it: tile[tx][j] is a 32-way bank conflict a
// layout change removes. A legal control.
// launch: rt4_03_rmsnorm 2 32x8
// expect: rewritten
#define N 32
__global__ void rt4_03_rmsnorm(const int *in, int *out, int p) {
    __shared__ float tile[N][N];
    __shared__ float inv_rms[N];
    const int tx = threadIdx.x, ty = threadIdx.y;
#pragma unroll
    for (int r = ty; r < N; r += 8) tile[r][tx] = (float)(in[blockIdx.x * 1024 + r * N + tx] & 255);
    __syncthreads();
    if (ty == 0) {
        float ss = 0.0f;
        for (int j = 0; j < N; ++j) ss += tile[tx][j] * tile[tx][j];
        inv_rms[tx] = 1.0f / (ss / N + 1.0f);
    }
    __syncthreads();
#pragma unroll
    for (int r = ty; r < N; r += 8)
        out[blockIdx.x * 1024 + r * N + tx] = __float_as_int(tile[r][tx] * inv_rms[r]);
}
#ifdef __CUDACC__
void launch(const int *in, int *out) { rt4_03_rmsnorm<<<2, dim3(N, 8)>>>(in, out, 0); }
#endif
