// An inner dim3 block shadows the outer 32x8 one at the launch.
// launch: rt2_96_launch_shadowed_block 2 64x4
__global__ void rt2_96_launch_shadowed_block(const int *in, int *out, int p) {
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
    dim3 block(32, 8);
    {
        dim3 block(64, 4);
        rt2_96_launch_shadowed_block<<<2, block>>>(in, out, 0);
    }
    (void)block;
}
#endif
