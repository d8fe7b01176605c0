// A variadic launcher that forwards the kernel's arguments.
// launch: rt2_77_launch_variadic_forward 2 64x4
__global__ void rt2_77_launch_variadic_forward(const int *in, int *out, int p) {
    __shared__ int tile[8][32];
    const int tx = threadIdx.x, ty = threadIdx.y;
    const int tid = ty * blockDim.x + tx;
    tile[tid / 32][tid % 32] = in[blockIdx.x * 256 + tid] & 8191;
    __syncthreads();
    int acc = tile[ty][tx] + 2 * tile[tx % 8][ty];
    out[blockIdx.x * 256 + tid] = acc;
}
#ifdef __CUDACC__
#include <utility>
template <typename... Params, typename... Args>
void go(void (*k)(Params...), dim3 grid, dim3 block, Args &&...args) { k<<<grid, block>>>(std::forward<Args>(args)...); }
void launch(const int *in, int *out) { go(rt2_77_launch_variadic_forward, dim3(2), dim3(64, 4), in, out, 0); }
#endif
