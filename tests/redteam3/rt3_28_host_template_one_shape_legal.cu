// An internal kernel launched only through a host function template, with
// one instance (32x8): the transposed read is in range for that shape.
// launch: rt3_28_host_template_one_shape_legal 2 32x8
// launch: rt3_28_host_template_one_shape_legal 2 32x8 0 2048
// expect: rewritten
namespace {
__global__ void rt3_28_host_template_one_shape_legal(const int *in, int *out, int p) {
    __shared__ int tile[32][32];
    const int tx = threadIdx.x, ty = threadIdx.y;
    for (int j = ty; j < 32; j += 8) tile[j][tx] = in[blockIdx.x * 1024 + j * 32 + tx] & 4095;
    __syncthreads();
    for (int j = ty; j < 32; j += 8) out[blockIdx.x * 1024 + j * 32 + tx] = tile[tx][j] ^ (tx & 1);
}
}  // namespace
#ifdef __CUDACC__
template <int BX, int BY>
void run(const int *in, int *out) {
    rt3_28_host_template_one_shape_legal<<<2, dim3(BX, BY)>>>(in, out, 0);
}
void launch(const int *in, int *out) {
    run<32, 8>(in, out);
    run<32, 8>(in, out + 2048);
}
#endif
