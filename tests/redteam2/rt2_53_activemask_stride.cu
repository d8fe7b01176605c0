// __popc(__activemask()) is 32 for a full warp, used as a row stride past
// the row named.
// launch: rt2_53_activemask_stride 2 32x8
__global__ void rt2_53_activemask_stride(const int *in, int *out, int p) {
    __shared__ int tile[9][32];
    const int tx = threadIdx.x, ty = threadIdx.y, tid = ty * 32 + tx;
    tile[ty][tx] = in[blockIdx.x * 256 + tid] & 8191;
    if (ty == 0) tile[8][tx] = -tx;
    __syncthreads();
    const int n = __popc(__activemask());
    out[blockIdx.x * 256 + tid] = tile[ty][tx + n * (tx & 1)] + tile[tx % 9][ty];
}
#ifdef __CUDACC__
void launch(const int *in, int *out) { rt2_53_activemask_stride<<<2, dim3(32, 8)>>>(in, out, 0); }
#endif
