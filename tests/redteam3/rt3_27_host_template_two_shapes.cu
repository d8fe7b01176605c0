// Launched from a host function template with two instances, 32x8 and
// 64x4: under 64x4, tile[ty][tx] runs 32 past each row.
// launch: rt3_27_host_template_two_shapes 2 32x8
// launch: rt3_27_host_template_two_shapes 2 64x4 0 1024
__global__ void rt3_27_host_template_two_shapes(const int *in, int *out, int p) {
    __shared__ int tile[8][32];
    const int tx = threadIdx.x, ty = threadIdx.y;
    const int tid = ty * blockDim.x + tx;
    tile[tid / 32][tid % 32] = in[blockIdx.x * 256 + tid] & 8191;
    __syncthreads();
    out[blockIdx.x * 256 + tid] = tile[ty][tx] + 2 * tile[tid % 8][tid / 8];
}
#ifdef __CUDACC__
template <int BX>
void run(const int *in, int *out) {
    rt3_27_host_template_two_shapes<<<2, dim3(BX, 256 / BX)>>>(in, out, 0);
}
void launch(const int *in, int *out) {
    run<32>(in, out);
    run<64>(in, out + 1024);
}
#endif
