// A variadic launch macro, LAUNCH(kernel, bx, by, ...): 64x4.
// launch: rt90_k 2 64x4
__global__ void rt90_k(const int *in, int *out, int p) {
    __shared__ int tile[8][32];
    const int tx = threadIdx.x, ty = threadIdx.y;
    const int tid = ty * blockDim.x + tx;
    tile[tid / 32][tid % 32] = in[blockIdx.x * 256 + tid] & 8191;
    __syncthreads();
    int acc = tile[ty][tx] + 2 * tile[tx % 8][ty];
    out[blockIdx.x * 256 + tid] = acc;
}
#ifdef __CUDACC__
#define LAUNCH(kernel, bx, by, ...) kernel<<<2, dim3((bx), (by))>>>(__VA_ARGS__)
void launch(const int *in, int *out) { LAUNCH(rt90_k, 64, 4, in, out, 0); }
#endif
