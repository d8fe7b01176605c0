// The textbook shared-memory SGEMM step: As[ty][k] * Bs[k][tx] over a
// 16x16 tile with #pragma unroll and a constexpr tile width: legal.
// launch: rt76_gemm 2 16x16
// expect: rewritten
constexpr int TW = 16;
__global__ void rt76_gemm(const int *in, int *out, int p) {
    __shared__ float As[TW][TW];
    __shared__ float Bs[TW][TW];
    const int tx = threadIdx.x, ty = threadIdx.y;
    float c = 0.f;
    for (int t = 0; t < 4; ++t) {
        As[ty][tx] = (float)(in[(blockIdx.x * 1024 + t * 256 + ty * TW + tx) & 4095] & 15);
        Bs[ty][tx] = (float)((in[(blockIdx.x * 1024 + t * 256 + tx * TW + ty + 3) & 4095] >> 4) & 15);
        __syncthreads();
#pragma unroll
        for (int k = 0; k < TW; ++k) c += As[ty][k] * Bs[k][tx] + As[tx][k];
        __syncthreads();
    }
    out[blockIdx.x * 256 + ty * TW + tx] = __float_as_int(c);
}
#ifdef __CUDACC__
void launch(const int *in, int *out) { rt76_gemm<<<2, dim3(TW, TW)>>>(in, out, 0); }
#endif
