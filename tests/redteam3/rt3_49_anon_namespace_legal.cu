// A kernel in an anonymous namespace (internal linkage: this file holds
// every launch), launched 32x8 with a dim3 built by member assignments.
// launch: rt3_49_anon_namespace_legal 2 32x8
// expect: rewritten
namespace {
__global__ void rt3_49_anon_namespace_legal(const int *in, int *out, int p) {
    __shared__ float tile[32][32];
    const int tx = threadIdx.x, ty = threadIdx.y;
    for (int j = ty; j < 32; j += 8) tile[j][tx] = (float)(in[blockIdx.x * 1024 + j * 32 + tx] & 4095);
    __syncthreads();
    for (int j = ty; j < 32; j += 8) out[blockIdx.x * 1024 + j * 32 + tx] = __float_as_int(tile[tx][j] * 0.5f);
}
}  // namespace
#ifdef __CUDACC__
void launch(const int *in, int *out) {
    dim3 block;
    block.x = 32;
    block.y = 8;
    rt3_49_anon_namespace_legal<<<2, block>>>(in, out, 0);
}
#endif
