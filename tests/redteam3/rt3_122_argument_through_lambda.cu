// An internal kernel launched by a lambda that forwards its argument:
// go(0) and go(16).
// launch: rt3_122_argument_through_lambda 2 32x8
// launch: rt3_122_argument_through_lambda 2 32x8 16 1024
static __global__ void rt3_122_argument_through_lambda(const int *in, int *out, int p) {
    __shared__ int tile[16][32];
    const int tx = threadIdx.x, ty = threadIdx.y, tid = ty * 32 + tx;
    tile[ty][tx] = in[blockIdx.x * 512 + tid] & 4095;
    tile[ty + 8][tx] = in[blockIdx.x * 512 + tid + 256] & 4095;
    __syncthreads();
    out[blockIdx.x * 256 + tid] = tile[tx % 16][ty] + 3 * tile[ty][tx + p];
}
#ifdef __CUDACC__
void launch(const int *in, int *out) {
    auto go = [&](int skew, int *dst) { rt3_122_argument_through_lambda<<<2, dim3(32, 8)>>>(in, dst, skew); };
    go(0, out);
    go(16, out + 1024);
}
#endif
