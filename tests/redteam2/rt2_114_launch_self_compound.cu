// Compound assignments that read the block's own fields: b.x += b.x; b.y -= b.y / 2.
// launch: rt2_114_launch_self_compound 2 64x4
__global__ void rt2_114_launch_self_compound(const int *in, int *out, int p) {
    __shared__ int tile[8][32];
    const int tx = threadIdx.x, ty = threadIdx.y;
    const int tid = ty * blockDim.x + tx;
    tile[tid / 32][tid % 32] = in[blockIdx.x * 256 + tid] & 8191;
    __syncthreads();
    int acc = tile[ty][tx] + 2 * tile[tx % 8][ty];
    out[blockIdx.x * 256 + tid] = acc;
}
#ifdef __CUDACC__
void launch(const int *in, int *out) {
    dim3 b(32, 8);
    b.x += b.x;
    b.y -= b.y / 2;
    rt2_114_launch_self_compound<<<2, b>>>(in, out, 0);
}
#endif
