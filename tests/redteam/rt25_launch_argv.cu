// Block width from argv: rapcc cannot know it; the run uses 128x2.
// launch: rt25_k 2 128x2
__global__ void rt25_k(const int *in, int *out, int p) {
    __shared__ int tile[8][32];
    const int tx = threadIdx.x, ty = threadIdx.y;
    const int tid = ty * blockDim.x + tx;
    tile[tid / 32][tid % 32] = in[blockIdx.x * 256 + tid] & 8191;
    __syncthreads();
    int acc = tile[ty][tx] + 2 * tile[tx % 8][ty];
    out[blockIdx.x * 256 + tid] = acc;
}
#ifdef __CUDACC__
int host_main(int argc, char **argv) {
    int bx = 0;
    for (const char *c = argc > 1 ? argv[1] : "32"; *c >= '0' && *c <= '9'; ++c) bx = bx * 10 + (*c - '0');
    int *in = nullptr, *out = nullptr;
    rt25_k<<<2, dim3(bx, 256 / bx)>>>(in, out, 0);
    return 0;
}
#endif
