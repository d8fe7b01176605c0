// A column offset from a kernel parameter: tile[ty][tx + p] with p == 32 at
// run time reads the next row (rapcc cannot know p).
// launch: rt49_param 2 32x4 32
__global__ void rt49_param(const int *in, int *out, int p) {
    __shared__ int tile[8][32];
    const int tx = threadIdx.x, ty = threadIdx.y, tid = ty * 32 + tx;
    tile[ty][tx] = in[blockIdx.x * 256 + tid];
    tile[ty + 4][tx] = in[blockIdx.x * 256 + tid + 128];
    __syncthreads();
    int acc = tile[tx % 8][ty] + tile[ty][tx + p];
    out[blockIdx.x * 128 + tid] = acc;
}
#ifdef __CUDACC__
void launch(const int *in, int *out, int shift) { rt49_param<<<2, dim3(32, 4)>>>(in, out, shift); }
#endif
