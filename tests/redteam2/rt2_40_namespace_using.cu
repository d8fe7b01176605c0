// A kernel in a nested namespace, launched after `using namespace`, with
// the tile width from a namespace constant.
// launch: rt2_40_namespace_using 2 32x8
// expect: rewritten
namespace img { namespace detail {
constexpr int kW = 32;
__global__ void rt2_40_namespace_using(const int *in, int *out, int p) {
    __shared__ float tile[kW][kW];
    const int tx = threadIdx.x, ty = threadIdx.y;
    for (int j = ty; j < kW; j += 8)
        tile[j][tx] = (float)(in[blockIdx.x * 1024 + j * kW + tx] & 4095);
    __syncthreads();
    for (int j = ty; j < kW; j += 8)
        out[blockIdx.x * 1024 + j * kW + tx] = __float_as_int(tile[tx][j]);
}
} }
using namespace img::detail;
#ifdef __CUDACC__
void launch(const int *in, int *out) { rt2_40_namespace_using<<<2, dim3(32, 8)>>>(in, out, 0); }
#endif
