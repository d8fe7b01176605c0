// Launches kept in a std::map of lambdas keyed by name, the block passed
// as an argument at the call.
// launch: rt2_60_launch_map_of_lambdas 2 64x4
__global__ void rt2_60_launch_map_of_lambdas(const int *in, int *out, int p) {
    __shared__ int tile[8][32];
    const int tx = threadIdx.x, ty = threadIdx.y;
    const int tid = ty * blockDim.x + tx;
    tile[tid / 32][tid % 32] = in[blockIdx.x * 256 + tid] & 8191;
    __syncthreads();
    int acc = tile[ty][tx] + 2 * tile[tx % 8][ty];
    out[blockIdx.x * 256 + tid] = acc;
}
#ifdef __CUDACC__
#include <functional>
#include <map>
void launch(const int *in, int *out) {
    std::map<int, std::function<void(dim3)>> table;
    table[0] = [=](dim3 b) { rt2_60_launch_map_of_lambdas<<<2, b>>>(in, out, 0); };
    table[1] = [=](dim3 b) { rt2_60_launch_map_of_lambdas<<<2, dim3(b.y, b.x)>>>(in, out, 0); };
    table.at(1)(dim3(4, 64));
}
#endif
