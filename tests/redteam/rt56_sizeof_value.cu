// sizeof(tile) and sizeof(tile[0]) flow into the output as values, beside
// an otherwise legal transposed read.
// launch: rt56_sizeof 2 32x8
__global__ void rt56_sizeof(const int *in, int *out, int p) {
    __shared__ int tile[32][32];
    const int tx = threadIdx.x, ty = threadIdx.y, tid = ty * 32 + tx;
    for (int j = ty; j < 32; j += 8) tile[j][tx] = in[blockIdx.x * 1024 + j * 32 + tx];
    __syncthreads();
    int acc = tile[tx][ty] + (int)sizeof(tile) + 7 * (int)sizeof tile[0];
    out[blockIdx.x * 256 + tid] = acc;
}
#ifdef __CUDACC__
void launch(const int *in, int *out) { rt56_sizeof<<<2, dim3(32, 8)>>>(in, out, 0); }
#endif
