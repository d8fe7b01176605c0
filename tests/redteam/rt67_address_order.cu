// Address comparisons inside a row and across rows: a permuting layout reorders them.
// launch: rt67_k 2 32x8
__global__ void rt67_k(const int *in, int *out, int p) {
    __shared__ int tile[32][32];
    const int tx = threadIdx.x, ty = threadIdx.y, tid = ty * 32 + tx;
    for (int j = ty; j < 32; j += 8) tile[j][tx] = in[blockIdx.x * 1024 + j * 32 + tx] & 65535;
    __syncthreads();
    const bool left = &tile[ty][tx] < &tile[ty][16];
    int acc = tile[tx][ty] * 3 + tile[tx][(ty + 8) & 31];
    acc += (left ? 1 : 0) + (&tile[tx][ty] < &tile[ty][tx] ? 2 : 0);
    out[blockIdx.x * 256 + tid] = acc;
}
#ifdef __CUDACC__
void launch(const int *in, int *out) { rt67_k<<<2, dim3(32, 8)>>>(in, out, 0); }
#endif
