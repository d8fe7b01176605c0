// Arithmetic shift of a negative int: (tx - 16) >> 2 is -4..3, so the column is 0..7: legal.
// launch: rt110_k 2 32x4
// expect: rewritten
__global__ void rt110_k(const int *in, int *out, int p) {
    __shared__ int tile[8][32];
    const int tx = threadIdx.x, ty = threadIdx.y, tid = ty * 32 + tx;
    tile[ty][tx] = in[blockIdx.x * 256 + tid];
    tile[ty + 4][tx] = in[blockIdx.x * 256 + tid + 128];
    __syncthreads();
    const int r = 2 + ty;
    int acc = tile[tx % 8][ty] + 3 * tile[r][((tx - 16) >> 2) + 4];
    out[blockIdx.x * 128 + tid] = acc;
}
#ifdef __CUDACC__
void launch(const int *in, int *out) { rt110_k<<<2, dim3(32, 4)>>>(in, out, 0); }
#endif
