// 2-D convolution: a 5x5 filter in shared memory (loaded by the first 25
// threads as filt[tid / 5][tid % 5]) and a 20x20 input tile whose halo the
// threads load in two passes of the block over the tile (tile[i][j] for
// i = ty, ty + 16; j = tx, tx + 16).
// launch: rt4_15_conv2d 2 16x16
#define K 5
#define HALF 2
#define TS 16
#define IS (TS + K - 1)
__global__ void rt4_15_conv2d(const int *in, int *out, int p) {
    __shared__ float filt[K][K];
    __shared__ float tile[IS][IS];
    const int tx = threadIdx.x, ty = threadIdx.y, tid = ty * TS + tx;
    if (tid < K * K) filt[tid / K][tid % K] = (float)((tid * 7) % 11) - 5.0f;
    for (int i = ty; i < IS; i += TS)
        for (int j = tx; j < IS; j += TS) tile[i][j] = (float)(in[(blockIdx.x * 400 + i * IS + j) & 4095] & 255);
    __syncthreads();
    float acc = 0.0f;
#pragma unroll
    for (int u = 0; u < K; ++u)
#pragma unroll
        for (int v = 0; v < K; ++v) acc += filt[u][v] * tile[ty + u][tx + v];
    out[blockIdx.x * 256 + tid] = __float_as_int(acc);
}
#ifdef __CUDACC__
void launch(const int *in, int *out) { rt4_15_conv2d<<<2, dim3(TS, TS)>>>(in, out, 0); }
#endif
