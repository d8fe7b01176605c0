// A butterfly partner read down a column: tile[tx ^ 1][ty], in range, with
// a 32-way conflict a padding removes.
// launch: rt2_18_xor_butterfly_transpose 2 32x8
// expect: rewritten
__global__ void rt2_18_xor_butterfly_transpose(const int *in, int *out, int p) {
    __shared__ float tile[32][32];
    const int tx = threadIdx.x, ty = threadIdx.y;
    for (int j = ty; j < 32; j += 8)
        tile[j][tx] = (float)(in[blockIdx.x * 1024 + j * 32 + tx] & 4095);
    __syncthreads();
    for (int j = ty; j < 32; j += 8) {
        float acc = 0.0f;
        for (int k = 1; k < 32; k <<= 1)
            acc += tile[tx ^ k][j] * (float)k;
        out[blockIdx.x * 1024 + j * 32 + tx] = __float_as_int(acc);
    }
}
#ifdef __CUDACC__
void launch(const int *in, int *out) { rt2_18_xor_butterfly_transpose<<<2, dim3(32, 8)>>>(in, out, 0); }
#endif
