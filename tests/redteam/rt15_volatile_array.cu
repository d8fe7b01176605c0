// A volatile __shared__ array declared volatile, transposed read: the
// qualifier must survive the rewrite.
// launch: rt15_vol 2 32x8
// expect: rewritten
__global__ void rt15_vol(const int *in, int *out, int p) {
    volatile __shared__ int tile[32][32];
    const int tx = threadIdx.x, ty = threadIdx.y;
    for (int j = ty; j < 32; j += 8) tile[j][tx] = in[blockIdx.x * 1024 + j * 32 + tx];
    __syncthreads();
    int acc = 0;
    for (int j = ty; j < 32; j += 8) acc += tile[tx][j] * (j + 1);
    out[blockIdx.x * 256 + ty * 32 + tx] = acc;
}
#ifdef __CUDACC__
void launch(const int *in, int *out) { rt15_vol<<<2, dim3(32, 8)>>>(in, out, 0); }
#endif
