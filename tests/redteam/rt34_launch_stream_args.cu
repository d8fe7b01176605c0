// A legal control: block from #defines, a stream argument; 32x8 keeps tile[ty][tx] in its row.
// launch: rt34_k 2 32x8
// expect: rewritten
__global__ void rt34_k(const int *in, int *out, int p) {
    __shared__ int tile[8][32];
    const int tx = threadIdx.x, ty = threadIdx.y;
    const int tid = ty * blockDim.x + tx;
    tile[tid / 32][tid % 32] = in[blockIdx.x * 256 + tid] & 8191;
    __syncthreads();
    int acc = tile[ty][tx] + 2 * tile[tx % 8][ty];
    out[blockIdx.x * 256 + tid] = acc;
}
#ifdef __CUDACC__
#define BLOCK_X 32
#define BLOCK_Y (256 / BLOCK_X)
void launch(const int *in, int *out, cudaStream_t s) {
    rt34_k<<<dim3(2), dim3(BLOCK_X, BLOCK_Y), 0, s>>>(in, out, 0);
}
#endif
