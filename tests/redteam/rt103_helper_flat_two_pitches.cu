// One flat-index helper, get(t, r, c, ld) = t[r * ld + c], called on the
// tile with its own pitch (32, in range) and with pitch 16 over the same
// storage (a reshaped view): the second call crosses rows.
// launch: rt103_k 2 32x8
__device__ int get(const int *t, int r, int c, int ld) { return t[r * ld + c]; }
__global__ void rt103_k(const int *in, int *out, int p) {
    __shared__ int tile[32][32];
    const int tx = threadIdx.x, ty = threadIdx.y, tid = ty * 32 + tx;
    for (int j = ty; j < 32; j += 8) tile[j][tx] = in[blockIdx.x * 1024 + j * 32 + tx];
    __syncthreads();
    int acc = get(&tile[0][0], tx, ty, 32) + 3 * get(&tile[0][0], tx * 2, ty % 16, 16);
    out[blockIdx.x * 256 + tid] = acc;
}
#ifdef __CUDACC__
void launch(const int *in, int *out) { rt103_k<<<2, dim3(32, 8)>>>(in, out, 0); }
#endif
