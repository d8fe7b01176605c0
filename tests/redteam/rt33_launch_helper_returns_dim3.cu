// The block from a helper that returns a dim3 chosen by the problem size.
// launch: rt33_k 2 128x2
__global__ void rt33_k(const int *in, int *out, int p) {
    __shared__ int tile[8][32];
    const int tx = threadIdx.x, ty = threadIdx.y;
    const int tid = ty * blockDim.x + tx;
    tile[tid / 32][tid % 32] = in[blockIdx.x * 256 + tid] & 8191;
    __syncthreads();
    int acc = tile[ty][tx] + 2 * tile[tx % 8][ty];
    out[blockIdx.x * 256 + tid] = acc;
}
#ifdef __CUDACC__
static dim3 pick_block(int n) { return n > 1000 ? dim3(128, 2) : dim3(32, 8); }
void launch(const int *in, int *out, int n) { rt33_k<<<2, pick_block(n)>>>(in, out, 0); }
#endif
