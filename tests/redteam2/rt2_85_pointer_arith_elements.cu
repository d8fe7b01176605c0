// Elements through pointer arithmetic, *(*(tile + r) + c) and *(tile[r] + c):
// one of them runs c + 32, into the next row.
// launch: rt2_85_pointer_arith_elements 2 32x8
__global__ void rt2_85_pointer_arith_elements(const int *in, int *out, int p) {
    __shared__ int tile[9][32];
    const int tx = threadIdx.x, ty = threadIdx.y, tid = ty * 32 + tx;
    *(*(tile + ty) + tx) = in[blockIdx.x * 256 + tid] & 8191;
    if (ty == 0) *(tile[8] + tx) = tx;
    __syncthreads();
    out[blockIdx.x * 256 + tid] = *(tile[tx % 9] + ty) + *(tile[ty] + tx + 32);
}
#ifdef __CUDACC__
void launch(const int *in, int *out) { rt2_85_pointer_arith_elements<<<2, dim3(32, 8)>>>(in, out, 0); }
#endif
