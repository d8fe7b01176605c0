// A 1-D launch of 256 from a constexpr int: tile[ty][tx] with ty == 0 reads row 0 past its end.
// launch: rt96_k 2 256x1
__global__ void rt96_k(const int *in, int *out, int p) {
    __shared__ int tile[8][32];
    const int tx = threadIdx.x, ty = threadIdx.y;
    const int tid = ty * blockDim.x + tx;
    tile[tid / 32][tid % 32] = in[blockIdx.x * 256 + tid] & 8191;
    __syncthreads();
    int acc = tile[ty][tx] + 2 * tile[tx % 8][ty];
    out[blockIdx.x * 256 + tid] = acc;
}
#ifdef __CUDACC__
constexpr int kThreads = 256;
void launch(const int *in, int *out) { rt96_k<<<2, kThreads>>>(in, out, 0); }
#endif
