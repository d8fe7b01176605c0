// A fold over column offsets: (t[ty][tx + C] + ...) with C = 0 and 32, the
// second term the next row's element.
// launch: rt3_38_fold_expression_past_row<0,32> 2 32x8
template <int... C>
__global__ void rt3_38_fold_expression_past_row(const int *in, int *out, int p) {
    __shared__ int t[16][32];
    const int tx = threadIdx.x, ty = threadIdx.y, tid = ty * 32 + tx;
    t[ty][tx] = in[blockIdx.x * 512 + tid] & 4095;
    t[ty + 8][tx] = in[blockIdx.x * 512 + tid + 256] & 4095;
    __syncthreads();
    out[blockIdx.x * 256 + tid] = ((t[ty][tx + C] * (C + 1)) + ...) + t[tx % 16][ty];
}
#ifdef __CUDACC__
void launch(const int *in, int *out) { rt3_38_fold_expression_past_row<0, 32><<<2, dim3(32, 8)>>>(in, out, 0); }
#endif
