// Read-only and streaming loads (__ldg, __ldcs) feeding a transposed tile,
// in range: the cache hints touch global memory only.
// launch: rt3_22_ldg_ldcs_transpose_legal 2 32x8
// expect: rewritten
static __global__ void rt3_22_ldg_ldcs_transpose_legal(const int *__restrict__ in, int *out, int p) {
    __shared__ int tile[32][33 - 1];
    const int tx = threadIdx.x, ty = threadIdx.y;
    for (int j = ty; j < 32; j += 8) {
        const int g = blockIdx.x * 1024 + j * 32 + tx;
        tile[j][tx] = (j & 1) ? __ldg(&in[g]) & 4095 : __ldcs(&in[g]) & 4095;
    }
    __syncthreads();
    for (int j = ty; j < 32; j += 8) out[blockIdx.x * 1024 + j * 32 + tx] = tile[tx][j];
}
#ifdef __CUDACC__
void launch(const int *in, int *out) { rt3_22_ldg_ldcs_transpose_legal<<<2, dim3(32, 8)>>>(in, out, 0); }
#endif
