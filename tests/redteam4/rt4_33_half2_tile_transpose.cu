// A tile whose element type is __half2 (a 4-byte pair), written by rows and
// read by columns: 32 lanes at rows of 128 bytes, a 32-way conflict. A legal
// control.
// launch: rt4_33_half2_transpose 2 32x8
// expect: rewritten
#ifdef __CUDACC__
#include <cuda_fp16.h>
#endif
__global__ void rt4_33_half2_transpose(const int *in, int *out, int p) {
    __shared__ __half2 t[32][32];
    const int tx = threadIdx.x, ty = threadIdx.y;
    for (int j = ty; j < 32; j += 8) {
        const int v = in[(blockIdx.x * 1024 + j * 32 + tx) & 4095];
        t[j][tx] = __floats2half2_rn((float)(v & 255), (float)((v >> 8) & 255));
    }
    __syncthreads();
    for (int j = ty; j < 32; j += 8) {
        const __half2 h = t[tx][j];
        out[blockIdx.x * 1024 + j * 32 + tx] = __float_as_int(__low2float(h) - __high2float(h));
    }
}
#ifdef __CUDACC__
void launch(const int *in, int *out) { rt4_33_half2_transpose<<<2, dim3(32, 8)>>>(in, out, 0); }
#endif
