// A kernel in an anonymous namespace (internal linkage: rapcc may pad) that
// clears its 2-D tile through a flat pointer, for (i = tid; i < 32 * 32; i +=
// 256) flat[i] = ..., then transposes: a padded row would leave the pad
// cleared and the last row's tail not.
// launch: rt4_49_anon_flat 2 32x8
namespace {
__global__ void rt4_49_anon_flat(const int *in, int *out, int p) {
    __shared__ float tile[32][32];
    const int tx = threadIdx.x, ty = threadIdx.y, tid = ty * 32 + tx;
    float *flat = &tile[0][0];
    for (int i = tid; i < 32 * 32; i += 256) flat[i] = (float)(i & 7);
    __syncthreads();
    for (int r = ty; r < 32; r += 8)
        if ((r + tx) & 1) tile[r][tx] = (float)(in[(blockIdx.x * 1024 + r * 32 + tx) & 4095] & 255);
    __syncthreads();
    for (int r = ty; r < 32; r += 8) out[blockIdx.x * 1024 + r * 32 + tx] = __float_as_int(tile[tx][r]);
}
}  // namespace
#ifdef __CUDACC__
void launch(const int *in, int *out) { rt4_49_anon_flat<<<2, dim3(32, 8)>>>(in, out, 0); }
#endif
