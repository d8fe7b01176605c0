// One access macro used for two arrays: `a` is only ever read in range,
// `b` is also walked flat. Rewriting the macro's body for `a` would change
// how it reads `b`.
// launch: rt84_k 2 32x8
#define AT(arr, r, c) arr[(r)][(c)]
__global__ void rt84_k(const int *in, int *out, int p) {
    __shared__ int a[32][32];
    __shared__ int b[32][32];
    const int tx = threadIdx.x, ty = threadIdx.y, tid = ty * 32 + tx;
    for (int j = ty; j < 32; j += 8) {
        AT(a, j, tx) = in[blockIdx.x * 1024 + j * 32 + tx] & 4095;
        AT(b, j, tx) = in[blockIdx.x * 1024 + j * 32 + tx] >> 12;
    }
    __syncthreads();
    int acc = AT(a, tx, ty) + AT(b, tx, ty) + AT(b, 0, (tid * 4 + 1) % 1024);
    out[blockIdx.x * 256 + tid] = acc;
}
#ifdef __CUDACC__
void launch(const int *in, int *out) { rt84_k<<<2, dim3(32, 8)>>>(in, out, 0); }
#endif
