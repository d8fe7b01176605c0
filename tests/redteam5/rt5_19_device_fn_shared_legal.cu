// A __shared__ buffer declared inside a __device__ function that two kernels
// call, both launched 32x8: the helper stores a row and reads a column of
// its own buffer (32-way; the extent 33 - 1 is 32).
// launch: rt5_19_helper_a 2 32x8
// launch: rt5_19_helper_b 2 32x8 0 512
// expect: rewritten
__device__ int transpose_through(int v) {
    __shared__ int buf[32][33 - 1];
    const int tx = threadIdx.x, ty = threadIdx.y;
    buf[ty][tx] = v;
    buf[ty + 8][tx] = v + 1;
    buf[ty + 16][tx] = v + 2;
    buf[ty + 24][tx] = v + 3;
    __syncthreads();
    return buf[tx][ty] + 3 * buf[tx][ty + 24];
}
__global__ void rt5_19_helper_a(const int *in, int *out, int p) {
    const int tid = threadIdx.y * 32 + threadIdx.x;
    out[blockIdx.x * 256 + tid] = transpose_through(in[blockIdx.x * 256 + tid] & 1023);
}
__global__ void rt5_19_helper_b(const int *in, int *out, int p) {
    const int tid = threadIdx.y * 32 + threadIdx.x;
    out[blockIdx.x * 256 + tid] = transpose_through(in[(blockIdx.x * 256 + tid + 99) & 4095] & 511);
}
#ifdef __CUDACC__
void launch(const int *in, int *out) {
    rt5_19_helper_a<<<2, dim3(32, 8)>>>(in, out, 0);
    rt5_19_helper_b<<<2, dim3(32, 8)>>>(in, out + 512, 0);
}
#endif
