// __sad and __mul24 in subscripts that stay in range: |tx - 16| <= 16 < 32
// and 4 * (ty & 3) + j < 16.
// launch: rt2_13_sad_mul24_legal 2 32x8
__global__ void rt2_13_sad_mul24_legal(const int *in, int *out, int p) {
    __shared__ int tile[32][32];
    const int tx = threadIdx.x, ty = threadIdx.y, tid = ty * 32 + tx;
    for (int j = ty; j < 32; j += 8)
        tile[j][tx] = in[blockIdx.x * 1024 + j * 32 + tx] & 8191;
    __syncthreads();
    int acc = 0;
    for (int j = 0; j < 4; ++j)
        acc += tile[tx][__mul24(ty & 3, 4) + j] * (j + 1);
    acc += tile[__sad(tx, 16, 0u)][ty];
    out[blockIdx.x * 256 + tid] = acc;
}
#ifdef __CUDACC__
void launch(const int *in, int *out) { rt2_13_sad_mul24_legal<<<2, dim3(32, 8)>>>(in, out, 0); }
#endif
