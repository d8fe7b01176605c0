// Two tiles and a scalar in one declaration, __shared__ float a[32][32],
// b[32][32], total; both transposed in range: legal, and a rewrite must keep
// the declaration well formed.
// launch: rt81_k 2 32x8
// expect: rewritten
__global__ void rt81_k(const int *in, int *out, int p) {
    __shared__ float a[32][32], b[32][32], total;
    const int tx = threadIdx.x, ty = threadIdx.y, tid = ty * 32 + tx;
    if (tid == 0) total = 1.5f;
    for (int j = ty; j < 32; j += 8) {
        a[j][tx] = (float)(in[blockIdx.x * 1024 + j * 32 + tx] & 255);
        b[j][tx] = (float)(in[blockIdx.x * 1024 + j * 32 + tx] >> 24);
    }
    __syncthreads();
    float acc = total;
    for (int j = ty; j < 32; j += 8) acc += a[tx][j] * b[tx][j];
    out[blockIdx.x * 256 + tid] = __float_as_int(acc);
}
#ifdef __CUDACC__
void launch(const int *in, int *out) { rt81_k<<<2, dim3(32, 8)>>>(in, out, 0); }
#endif
