// Two tiles in one kernel: `a` is transposed in range (legal), `b` is
// walked flat across its rows. A sound rewrite may change `a` only.
// launch: rt73_k 2 32x8
// expect: rewritten
__global__ void rt73_k(const int *in, int *out, int p) {
    __shared__ float a[32][32];
    __shared__ float b[32][32];
    const int tx = threadIdx.x, ty = threadIdx.y, tid = ty * 32 + tx;
    for (int j = ty; j < 32; j += 8) {
        a[j][tx] = (float)(in[blockIdx.x * 1024 + j * 32 + tx] & 255);
        b[j][tx] = (float)(in[blockIdx.x * 1024 + j * 32 + tx] >> 23);
    }
    __syncthreads();
    float acc = 0.f;
    for (int j = ty; j < 32; j += 8) acc += a[tx][j];
    acc += b[0][tid * 4 % 1024] + b[tx][ty];
    out[blockIdx.x * 256 + tid] = __float_as_int(acc);
}
#ifdef __CUDACC__
void launch(const int *in, int *out) { rt73_k<<<2, dim3(32, 8)>>>(in, out, 0); }
#endif
