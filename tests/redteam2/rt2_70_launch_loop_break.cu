// A loop over candidate widths that breaks at the first one of 64.
// launch: rt2_70_launch_loop_break 2 64x4
__global__ void rt2_70_launch_loop_break(const int *in, int *out, int p) {
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
    for (unsigned w = 16; w <= 256; w *= 2) {
        if (w < 64) continue;
        rt2_70_launch_loop_break<<<2, dim3(w, 256 / w)>>>(in, out, 0);
        break;
    }
}
#endif
