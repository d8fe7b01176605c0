// An internal kernel template over its block width, instantiated twice by a
// host template: under W = 64 (block 64x4) tile[ty][tx] leaves the row;
// the shape is the template argument, not a dim3 literal.
// launch: rt3_50_anon_template_two_instances<32> 2 32x8
// launch: rt3_50_anon_template_two_instances<64> 2 64x4 0 1024
namespace {
template <int W>
__global__ void rt3_50_anon_template_two_instances(const int *in, int *out, int p) {
    __shared__ int tile[8][32];
    const int tx = threadIdx.x, ty = threadIdx.y, tid = ty * W + tx;
    tile[tid / 32][tid % 32] = in[blockIdx.x * 256 + tid] & 8191;
    __syncthreads();
    out[blockIdx.x * 256 + tid] = tile[ty][tx] + 2 * tile[tid % 8][tid / 8];
}
}  // namespace
#ifdef __CUDACC__
template <int W>
void run(const int *in, int *out) { rt3_50_anon_template_two_instances<W><<<2, dim3(W, 256 / W)>>>(in, out, 0); }
void launch(const int *in, int *out) {
    run<32>(in, out);
    run<64>(in, out + 1024);
}
#endif
