// An internal kernel launched in a host loop whose counter becomes the
// column offset argument: p = 0, then p = 16.
// launch: rt3_106_launch_argument_loop 2 32x8
// launch: rt3_106_launch_argument_loop 2 32x8 16 1024
static __global__ void rt3_106_launch_argument_loop(const int *in, int *out, int p) {
    __shared__ int tile[16][32];
    const int tx = threadIdx.x, ty = threadIdx.y, tid = ty * 32 + tx;
    tile[ty][tx] = in[blockIdx.x * 512 + tid] & 4095;
    tile[ty + 8][tx] = in[blockIdx.x * 512 + tid + 256] & 4095;
    __syncthreads();
    out[blockIdx.x * 256 + tid] = tile[tx % 16][ty] + 3 * tile[ty][tx + p];
}
#ifdef __CUDACC__
void launch(const int *in, int *out) {
    for (int s = 0; s < 2; ++s) rt3_106_launch_argument_loop<<<2, dim3(32, 8)>>>(in, out + 1024 * s, 16 * s);
}
#endif
