// One kernel launched with two shapes (32x8 and 16x16) on a [16][32] tile:
// tile[ty][tx] stays in range for both, legal.
// launch: rt74_k 2 32x8
// launch: rt74_k 2 16x16 0 512
// expect: rewritten
__global__ void rt74_k(const int *in, int *out, int p) {
    __shared__ int tile[16][32];
    const int tx = threadIdx.x, ty = threadIdx.y;
    const int tid = ty * blockDim.x + tx;
    for (int i = tid; i < 512; i += 256) tile[i / 32][i % 32] = in[blockIdx.x * 512 + i];
    __syncthreads();
    int acc = tile[ty][tx] + 2 * tile[tx % 16][ty];
    out[blockIdx.x * 256 + tid] = acc;
}
#ifdef __CUDACC__
void launch(const int *in, int *out) {
    rt74_k<<<2, dim3(32, 8)>>>(in, out, 0);
    rt74_k<<<2, dim3(16, 16)>>>(in, out + 512, 0);
}
#endif
