// A 32x32 float tile stored four floats at a time from a float4 global read
// (reinterpret_cast<float4 *>(tile[row])[q]), then read transposed.
// launch: rt4_32_float4_store 2 8x32
__global__ void rt4_32_float4_store(const int *in, int *out, int p) {
    __shared__ __align__(16) float tile[32][32];
    const int q = threadIdx.x, row = threadIdx.y;
    const int base = (blockIdx.x * 1024 + row * 32 + q * 4) & 4095;
    const float4 v = make_float4((float)(in[base] & 255), (float)(in[base + 1] & 255), (float)(in[base + 2] & 255),
                                 (float)(in[base + 3] & 255));
    reinterpret_cast<float4 *>(tile[row])[q] = v;
    __syncthreads();
    const int tid = row * 8 + q;
    for (int k = 0; k < 4; ++k) {
        const int e = tid + 256 * k;
        out[blockIdx.x * 1024 + e] = __float_as_int(tile[e & 31][e >> 5]);
    }
}
#ifdef __CUDACC__
void launch(const int *in, int *out) { rt4_32_float4_store<<<2, dim3(8, 32)>>>(in, out, 0); }
#endif
