// Two kernels stamped from one macro (the same text, the same [8][32]
// tile), launched with different shapes: 32x8 keeps tile[ty][tx] in its
// row, 64x4 does not. A rewrite of the macro's text changes both.
// launch: rt83_narrow 2 32x8
// launch: rt83_wide 2 64x4 0 512
#define DEFINE_GATHER(NAME)                                                 \
    __global__ void NAME(const int *in, int *out, int p) {                  \
        __shared__ int tile[8][32];                                         \
        const int tx = threadIdx.x, ty = threadIdx.y;                       \
        const int tid = ty * blockDim.x + tx;                               \
        tile[tid / 32][tid % 32] = in[blockIdx.x * 256 + tid];              \
        __syncthreads();                                                    \
        out[blockIdx.x * 256 + tid] = tile[ty][tx] + 2 * tile[tx % 8][ty];  \
    }
DEFINE_GATHER(rt83_narrow)
DEFINE_GATHER(rt83_wide)
#ifdef __CUDACC__
void launch(const int *in, int *out) {
    rt83_narrow<<<2, dim3(32, 8)>>>(in, out, 0);
    rt83_wide<<<2, dim3(64, 4)>>>(in, out + 512, 0);
}
#endif
