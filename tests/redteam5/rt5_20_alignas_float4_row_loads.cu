// An alignas(16) shared tile of floats written as scalars and read back as
// float4 vectors of a row (reinterpret_cast<const float4 *>(tile[r])[q]):
// the vector loads need 16-byte rows and the row's order of elements.
// launch: rt5_20_float4_rows 2 32x8
__global__ void rt5_20_float4_rows(const int *in, int *out, int p) {
    alignas(16) __shared__ float tile[32][32];
    const int tx = threadIdx.x, ty = threadIdx.y;
#pragma unroll
    for (int k = 0; k < 4; ++k) tile[ty + 8 * k][tx] = (float)(in[(blockIdx.x * 1024 + (ty + 8 * k) * 32 + tx) & 4095] & 255);
    __syncthreads();
    const float4 q = reinterpret_cast<const float4 *>(tile[tx])[ty];
    const float acc = q.x + 2.0f * q.y + 3.0f * q.z + 4.0f * q.w + tile[tx][ty];
    out[blockIdx.x * 256 + ty * 32 + tx] = __float_as_int(acc);
}
#ifdef __CUDACC__
void launch(const int *in, int *out) { rt5_20_float4_rows<<<2, dim3(32, 8)>>>(in, out, 0); }
#endif
