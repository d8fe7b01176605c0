// A variadic host function template that launches any kernel it is given.
// launch: rt29_k 2 64x4
__global__ void rt29_k(const int *in, int *out, int p) {
    __shared__ int tile[8][32];
    const int tx = threadIdx.x, ty = threadIdx.y;
    const int tid = ty * blockDim.x + tx;
    tile[tid / 32][tid % 32] = in[blockIdx.x * 256 + tid] & 8191;
    __syncthreads();
    int acc = tile[ty][tx] + 2 * tile[tx % 8][ty];
    out[blockIdx.x * 256 + tid] = acc;
}
#ifdef __CUDACC__
template <typename Kernel, typename... Args>
void launch_on(Kernel k, dim3 grid, dim3 block, Args... args) { k<<<grid, block>>>(args...); }
void launch(const int *in, int *out) { launch_on(rt29_k, dim3(2), dim3(64, 4), in, out, 0); }
#endif
