// An unknown launch (block from argv), but every thread outside 32x8 leaves
// first and the loops stride by blockDim.y: in range under every shape the
// hardware allows, so auto may rewrite it. The run uses 64x4.
// launch: rt48_guard 2 64x4
// expect: rewritten
__global__ void rt48_guard(const int *in, int *out, int p) {
    __shared__ int tile[8][32];
    const unsigned tx = threadIdx.x, ty = threadIdx.y;
    if (tx >= 32 || ty >= 8) return;
    const unsigned rows = blockDim.y < 8 ? blockDim.y : 8;
    for (unsigned j = ty; j < 8; j += rows) tile[j][tx] = in[blockIdx.x * 256 + j * 32 + tx];
    __syncthreads();
    int acc = 0;
    for (unsigned j = ty; j < 8; j += rows) acc += tile[tx % 8][(j * 4 + tx / 8) % 32];
    out[blockIdx.x * 256 + ty * 32 + tx] = acc;
}
#ifdef __CUDACC__
int host_main(int argc, char **argv) {
    int bx = 0;
    for (const char *c = argc > 1 ? argv[1] : "32"; *c >= '0' && *c <= '9'; ++c) bx = bx * 10 + (*c - '0');
    rt48_guard<<<2, dim3(bx, 256 / bx)>>>(nullptr, nullptr, 0);
    return 0;
}
#endif
