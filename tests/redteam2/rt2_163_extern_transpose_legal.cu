// One extern __shared__ array used as a 32x32 tile by hand, transposed: the
// launch's dynamic bytes are known (4 KB).
// launch: rt2_163_extern_transpose_legal 2 32x8 0 0 smem=4096
// expect: rewritten
__global__ void rt2_163_extern_transpose_legal(const int *in, int *out, int p) {
    extern __shared__ float buf[];
    const int tx = threadIdx.x, ty = threadIdx.y, tid = ty * 32 + tx;
    for (int j = ty; j < 32; j += 8)
        buf[j * 32 + tx] = (float)(in[blockIdx.x * 1024 + j * 32 + tx] & 4095);
    __syncthreads();
    float acc = 0.0f;
    for (int j = ty; j < 32; j += 8)
        acc += buf[tx * 32 + j] * (float)(j + 1);
    out[blockIdx.x * 256 + tid] = __float_as_int(acc);
}
#ifdef __CUDACC__
void launch(const int *in, int *out) { rt2_163_extern_transpose_legal<<<2, dim3(32, 8), 32 * 32 * sizeof(float)>>>(in, out, 0); }
#endif
