// Transposed atomicAdd and atomicMax on a shared tile (each element updated
// by eight threads, order-free): legal.
// launch: rt54_atomics 2 32x8
// expect: rewritten
__global__ void rt54_atomics(const int *in, int *out, int p) {
    __shared__ int sum[32][32];
    __shared__ int big[32][32];
    const int tx = threadIdx.x, ty = threadIdx.y, tid = ty * 32 + tx;
    for (int j = ty; j < 32; j += 8) { sum[j][tx] = 0; big[j][tx] = 0; }
    __syncthreads();
    for (int j = 0; j < 4; ++j) {
        int v = in[blockIdx.x * 1024 + tid * 4 + j] & 1023;
        atomicAdd(&sum[tx][(ty * 4 + j) % 32], v);
        atomicMax(&big[tx][(ty + j * 8) % 32], v);
    }
    __syncthreads();
    out[blockIdx.x * 256 + tid] = sum[ty][tx] * 3 + big[ty * 4 % 32][tx];
}
#ifdef __CUDACC__
void launch(const int *in, int *out) { rt54_atomics<<<2, dim3(32, 8)>>>(in, out, 0); }
#endif
