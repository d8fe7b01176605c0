// The twin of rt49: the parameter offset is masked into the row,
// tile[ty][(tx + p) & 31], so any p stays in range: legal.
// launch: rt50_param 2 32x4 32
// expect: rewritten
__global__ void rt50_param(const int *in, int *out, int p) {
    __shared__ int tile[8][32];
    const int tx = threadIdx.x, ty = threadIdx.y, tid = ty * 32 + tx;
    tile[ty][tx] = in[blockIdx.x * 256 + tid];
    tile[ty + 4][tx] = in[blockIdx.x * 256 + tid + 128];
    __syncthreads();
    int acc = tile[tx % 8][ty] + tile[ty][(tx + p) & 31];
    out[blockIdx.x * 128 + tid] = acc;
}
#ifdef __CUDACC__
void launch(const int *in, int *out, int shift) { rt50_param<<<2, dim3(32, 4)>>>(in, out, shift); }
#endif
