// An internal kernel (this file holds every launch) launched by a generic
// lambda with 64u, 4u: tile[ty][tx] leaves the row.
// launch: rt3_71_static_launch_generic_lambda 2 64x4
static __global__ void rt3_71_static_launch_generic_lambda(const int *in, int *out, int p) {
    __shared__ int tile[8][32];
    const int tx = threadIdx.x, ty = threadIdx.y;
    const int tid = ty * blockDim.x + tx;
    tile[tid / 32][tid % 32] = in[blockIdx.x * 256 + tid] & 8191;
    __syncthreads();
    out[blockIdx.x * 256 + tid] = tile[ty][tx] + 2 * tile[tid % 8][tid / 8];
}
#ifdef __CUDACC__
void launch(const int *in, int *out) {
    auto go = [&](auto bx, auto by) { rt3_71_static_launch_generic_lambda<<<2, dim3(bx, by)>>>(in, out, 0); };
    go(64u, 4u);
}
#endif
