// A generic lambda that launches with the shape it is given (auto
// parameters), called with 32, 8 and with 64, 4.
// launch: rt3_29_generic_lambda_launch 2 32x8
// launch: rt3_29_generic_lambda_launch 2 64x4 0 1024
__global__ void rt3_29_generic_lambda_launch(const int *in, int *out, int p) {
    __shared__ int tile[8][32];
    const int tx = threadIdx.x, ty = threadIdx.y;
    const int tid = ty * blockDim.x + tx;
    tile[tid / 32][tid % 32] = in[blockIdx.x * 256 + tid] & 8191;
    __syncthreads();
    out[blockIdx.x * 256 + tid] = tile[ty][tx] + 2 * tile[tid % 8][tid / 8];
}
#ifdef __CUDACC__
void launch(const int *in, int *out) {
    auto go = [&](auto bx, auto by, int *dst) { rt3_29_generic_lambda_launch<<<2, dim3(bx, by)>>>(in, dst, 0); };
    go(32, 8, out);
    go(64u, 4u, out + 1024);
}
#endif
