// A pointer walks down a column by adding the declared row length each
// step (q += 32): it assumes the row pitch in bytes.
// launch: rt52_colwalk 2 32x8
__global__ void rt52_colwalk(const int *in, int *out, int p) {
    __shared__ int tile[32][32];
    const int tx = threadIdx.x, ty = threadIdx.y, tid = ty * 32 + tx;
    for (int j = ty; j < 32; j += 8) tile[j][tx] = in[blockIdx.x * 1024 + j * 32 + tx] & 65535;
    __syncthreads();
    const int *q = &tile[0][tx];
    int acc = 0;
    for (int j = 0; j < 32; ++j) { acc += *q * (j + 1); q += 32; }
    acc += tile[tx][ty];
    out[blockIdx.x * 256 + tid] = acc;
}
#ifdef __CUDACC__
void launch(const int *in, int *out) { rt52_colwalk<<<2, dim3(32, 8)>>>(in, out, 0); }
#endif
