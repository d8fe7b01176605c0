// A register-blocked GEMM tile: each thread computes a 4x4 patch, reading
// four consecutive floats of a K-major As row and of a Bs row at once with
// float4 loads (*reinterpret_cast<const float4 *>(&As[k][ty * 4])).
// launch: rt4_46_gemm_float4 2 8x8
#define BM 32
#define BK 8
__global__ void rt4_46_gemm_float4(const int *in, int *out, int p) {
    __shared__ __align__(16) float As[BK][BM];
    __shared__ __align__(16) float Bs[BK][BM];
    const int tx = threadIdx.x, ty = threadIdx.y, tid = ty * 8 + tx;
    for (int i = tid; i < BK * BM; i += 64) {
        As[i % BK][i / BK] = (float)(in[(blockIdx.x * 512 + i) & 4095] & 15);
        Bs[i / BM][i % BM] = (float)(in[(blockIdx.x * 512 + 256 + i) & 4095] & 15);
    }
    __syncthreads();
    float c[4][4] = {};
#pragma unroll
    for (int k = 0; k < BK; ++k) {
        const float4 a = *reinterpret_cast<const float4 *>(&As[k][ty * 4]);
        const float4 b = *reinterpret_cast<const float4 *>(&Bs[k][tx * 4]);
        const float av[4] = {a.x, a.y, a.z, a.w}, bv[4] = {b.x, b.y, b.z, b.w};
#pragma unroll
        for (int i = 0; i < 4; ++i)
#pragma unroll
            for (int j = 0; j < 4; ++j) c[i][j] += av[i] * bv[j];
    }
    for (int i = 0; i < 4; ++i)
        for (int j = 0; j < 4; ++j) out[blockIdx.x * 1024 + (ty * 4 + i) * BM + tx * 4 + j] = __float_as_int(c[i][j]);
}
#ifdef __CUDACC__
void launch(const int *in, int *out) { rt4_46_gemm_float4<<<2, dim3(8, 8)>>>(in, out, 0); }
#endif
