// A variadic launcher called through std::apply on a tuple of arguments:
// go(kernel, grid, block, args...) launches kernel<<<grid, block>>>(args...),
// with block dim3(64, 4): the read tile[ty][tx] runs past the 32-wide rows.
// launch: rt5_40_apply 2 64x4
__global__ void rt5_40_apply(const int *in, int *out, int p) {
    __shared__ int tile[8][32];
    const int tx = threadIdx.x, ty = threadIdx.y, tid = ty * blockDim.x + tx;
    tile[tid / 32][tid % 32] = in[blockIdx.x * 256 + tid] & 1023;
    __syncthreads();
    out[blockIdx.x * 256 + tid] = tile[tid & 7][tid >> 3] + 9 * tile[ty][tx] + p;
}
#ifdef __CUDACC__
#include <tuple>
template <typename Kernel, typename... Args>
void go(Kernel kernel, dim3 grid, dim3 block, Args... args) {
    kernel<<<grid, block>>>(args...);
}
void run(const int *in, int *out) {
    const auto args = std::make_tuple(in, out, 0);
    std::apply([](auto... a) { go(rt5_40_apply, dim3(2), dim3(64, 4), a...); }, args);
}
#endif
