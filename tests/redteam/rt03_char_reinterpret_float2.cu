// A raw byte buffer reinterpreted as float2 pairs: the element type the
// kernel reads is not the one it declares.
// launch: rt03_bytes 2 32x4
__global__ void rt03_bytes(const int *in, int *out, int p) {
    __shared__ __align__(16) unsigned char raw[32 * 16 * 4];
    float *f = reinterpret_cast<float *>(raw);
    const int tx = threadIdx.x, ty = threadIdx.y, tid = ty * 32 + tx;
    for (int i = tid; i < 32 * 16; i += 128) f[i] = (float)(in[blockIdx.x * 512 + i] & 4095);
    __syncthreads();
    const float2 *pairs = reinterpret_cast<const float2 *>(raw);
    float2 v = pairs[tx * 8 + ty];
    float2 w = pairs[(tx * 8 + ty + 1) & 255];
    out[blockIdx.x * 128 + tid] = __float_as_int(v.x + 2.f * v.y + w.x);
}
#ifdef __CUDACC__
void launch(const int *in, int *out) { rt03_bytes<<<2, dim3(32, 4)>>>(in, out, 0); }
#endif
