// A countdown over an unsigned index that ends by wrapping: j = 31, 30, ...,
// 0, then 4294967295 fails j < 32. Every column read is in range.
// launch: rt2_169_unsigned_countdown 2 32x8
__global__ void rt2_169_unsigned_countdown(const int *in, int *out, int p) {
    __shared__ float tile[32][32];
    const int tx = threadIdx.x, ty = threadIdx.y, tid = ty * 32 + tx;
    for (int j = ty; j < 32; j += 8)
        tile[j][tx] = (float)(in[blockIdx.x * 1024 + j * 32 + tx] & 4095);
    __syncthreads();
    float acc = 0.0f;
    for (unsigned j = 31; j < 32; j -= 8u - (unsigned)(ty & 1))
        acc += tile[tx][j] * (float)(j + 1);
    out[blockIdx.x * 256 + tid] = __float_as_int(acc);
}
#ifdef __CUDACC__
void launch(const int *in, int *out) { rt2_169_unsigned_countdown<<<2, dim3(32, 8)>>>(in, out, 0); }
#endif
