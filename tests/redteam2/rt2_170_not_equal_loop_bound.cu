// A loop ended by != rather than <: j runs from 4 * ty to 4 * ty + 28, up
// to 56, over rows of 32.
// launch: rt2_170_not_equal_loop_bound 2 32x8
__global__ void rt2_170_not_equal_loop_bound(const int *in, int *out, int p) {
    __shared__ int tile[8][32];
    const int tx = threadIdx.x, ty = threadIdx.y, tid = ty * 32 + tx;
    tile[ty][tx] = in[blockIdx.x * 256 + tid] & 8191;
    __syncthreads();
    int acc = 0;
    for (int j = ty * 4; j != ty * 4 + 32; j += 4)
        acc += tile[tx & 3][j] * (j + 1);
    out[blockIdx.x * 256 + tid] = acc + tile[tx & 7][ty];
}
#ifdef __CUDACC__
void launch(const int *in, int *out) { rt2_170_not_equal_loop_bound<<<2, dim3(32, 8)>>>(in, out, 0); }
#endif
