// Row index from __umul24 and min(), column from a bit trick (i >> 5) + i.
// launch: rt06_umul 2 32x8
__global__ void rt06_umul(const int *in, int *out, int p) {
    __shared__ int tile[32][33];
    const unsigned tx = threadIdx.x, ty = threadIdx.y;
    const unsigned tid = __umul24(ty, blockDim.x) + tx;
    for (unsigned i = tid; i < 32u * 32u; i += 256u) tile[i >> 5][i & 31u] = in[blockIdx.x * 1024 + i];
    __syncthreads();
    int acc = 0;
    for (unsigned j = 0; j < 4; ++j) {
        unsigned i = tid * 4 + j;
        unsigned skew = (i >> 5) + i;
        acc += tile[min(i >> 5, 31u)][skew & 31u];
        acc += tile[tx][(ty * 4 + j)];
    }
    out[blockIdx.x * 256 + tid] = acc;
}
#ifdef __CUDACC__
void launch(const int *in, int *out) { rt06_umul<<<2, dim3(32, 8)>>>(in, out, 0); }
#endif
