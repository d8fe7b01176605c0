// A constexpr function that returns the block (128x2).
// launch: rt94_k 2 128x2
__global__ void rt94_k(const int *in, int *out, int p) {
    __shared__ int tile[8][32];
    const int tx = threadIdx.x, ty = threadIdx.y;
    const int tid = ty * blockDim.x + tx;
    tile[tid / 32][tid % 32] = in[blockIdx.x * 256 + tid] & 8191;
    __syncthreads();
    int acc = tile[ty][tx] + 2 * tile[tx % 8][ty];
    out[blockIdx.x * 256 + tid] = acc;
}
#ifdef __CUDACC__
constexpr dim3 block_for(int width) { return dim3(width, 256 / width); }
void launch(const int *in, int *out) { constexpr dim3 b = block_for(128); rt94_k<<<2, b>>>(in, out, 0); }
#endif
