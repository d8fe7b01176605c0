// An N-major B tile and a K-major A tile for an int GEMM (the int8 path
// widened to int): A is loaded coalesced along K and stored As[k][m]
// (As[tx][ty]), B stored Bs[k][n]; the product reads As[k][ty] and Bs[k][tx].
// The stores to As are an 8-way conflict with a 16x16 block. Kept by auto
// for a true reason: the store runs once per K step, the 16 reads per step
// are conflict-free, and under the guard an external kernel needs every
// swizzle's instructions on the reads cost more (--explain=all: none 768 <
// bvxor 887). The explicit strategies rewrite it and must keep its results.
// launch: rt4_47_kmajor_int 2 16x16
#define TS 16
__global__ void rt4_47_kmajor_int(const int *in, int *out, int p) {
    __shared__ int As[TS][TS];
    __shared__ int Bs[TS][TS];
    const int tx = threadIdx.x, ty = threadIdx.y;
    int acc = 0;
    for (int kt = 0; kt < 4; ++kt) {
        As[tx][ty] = (in[(blockIdx.x * 1024 + ty * 64 + kt * TS + tx) & 4095] & 255) - 128;
        Bs[ty][tx] = (in[(2048 + (kt * TS + ty) * 16 + tx) & 4095] & 255) - 128;
        __syncthreads();
#pragma unroll
        for (int k = 0; k < TS; ++k) acc += As[k][ty] * Bs[k][tx];
        __syncthreads();
    }
    out[blockIdx.x * 256 + ty * TS + tx] = acc;
}
#ifdef __CUDACC__
void launch(const int *in, int *out) { rt4_47_kmajor_int<<<2, dim3(TS, TS)>>>(in, out, 0); }
#endif
