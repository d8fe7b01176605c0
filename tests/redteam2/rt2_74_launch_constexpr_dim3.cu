// A constexpr dim3 of 32x8: the tile's rows fit, and the column read is
// a conflict to remove.
// launch: rt2_74_launch_constexpr_dim3 2 32x8
// expect: rewritten
__global__ void rt2_74_launch_constexpr_dim3(const int *in, int *out, int p) {
    __shared__ int tile[8][32];
    const int tx = threadIdx.x, ty = threadIdx.y;
    const int tid = ty * blockDim.x + tx;
    tile[tid / 32][tid % 32] = in[blockIdx.x * 256 + tid] & 8191;
    __syncthreads();
    int acc = tile[ty][tx] + 2 * tile[tx % 8][ty];
    out[blockIdx.x * 256 + tid] = acc;
}
#ifdef __CUDACC__
constexpr dim3 kBlock(32, 8);
void launch(const int *in, int *out) { rt2_74_launch_constexpr_dim3<<<2, kBlock>>>(in, out, 0); }
#endif
