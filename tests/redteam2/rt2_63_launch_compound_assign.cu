// dim3 b; then b.x = 16; b.x *= 4; b.y = 8; b.y /= 2: a 64x4 block.
// launch: rt2_63_launch_compound_assign 2 64x4
__global__ void rt2_63_launch_compound_assign(const int *in, int *out, int p) {
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
    dim3 b;
    b.x = 16;
    b.x *= 4;
    b.y = 8;
    b.y /= 2;
    rt2_63_launch_compound_assign<<<2, b>>>(in, out, 0);
}
#endif
