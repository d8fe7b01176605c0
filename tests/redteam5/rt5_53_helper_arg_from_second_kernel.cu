// A __device__ helper with its own __shared__ buffer, called by two kernels
// of the same 32x8 shape with different offsets (0 and 8): the second
// caller's read buf[ty][tx + off] runs past the rows.
// launch: rt5_53_a 2 32x8
// launch: rt5_53_b 2 32x8 0 512
__device__ int shift_rows(int v, int off) {
    __shared__ int buf[16][32];
    const int tx = threadIdx.x, ty = threadIdx.y;
    buf[ty][tx] = v;
    buf[ty + 8][tx] = v ^ 5;
    __syncthreads();
    return buf[tx % 16][ty * 4] * 3 + buf[ty][tx + off];
}
__global__ void rt5_53_a(const int *in, int *out, int p) {
    const int tid = threadIdx.y * 32 + threadIdx.x;
    out[blockIdx.x * 256 + tid] = shift_rows(in[blockIdx.x * 256 + tid] & 1023, 0);
}
__global__ void rt5_53_b(const int *in, int *out, int p) {
    const int tid = threadIdx.y * 32 + threadIdx.x;
    out[blockIdx.x * 256 + tid] = shift_rows(in[blockIdx.x * 256 + tid] & 1023, 8);
}
#ifdef __CUDACC__
void launch(const int *in, int *out) {
    rt5_53_a<<<2, dim3(32, 8)>>>(in, out, 0);
    rt5_53_b<<<2, dim3(32, 8)>>>(in, out + 512, 0);
}
#endif
