// A std::function taking the block as a dim3, called with dim3(32, 8) and
// with a braced {64, 4} that converts to dim3.
// launch: rt3_44_std_function_dim3_param 2 32x8
// launch: rt3_44_std_function_dim3_param 2 64x4 0 1024
__global__ void rt3_44_std_function_dim3_param(const int *in, int *out, int p) {
    __shared__ int tile[8][32];
    const int tx = threadIdx.x, ty = threadIdx.y;
    const int tid = ty * blockDim.x + tx;
    tile[tid / 32][tid % 32] = in[blockIdx.x * 256 + tid] & 8191;
    __syncthreads();
    out[blockIdx.x * 256 + tid] = tile[ty][tx] + 2 * tile[tid % 8][tid / 8];
}
#ifdef __CUDACC__
#include <functional>
void launch(const int *in, int *out) {
    std::function<void(dim3, int *)> go = [in](dim3 b, int *dst) { rt3_44_std_function_dim3_param<<<2, b>>>(in, dst, 0); };
    go(dim3(32, 8), out);
    go({64, 4}, out + 1024);
}
#endif
