// A __shared__ buffer declared inside a __device__ function that two kernels
// call; one kernel is launched 32x8 and the other 64x4, so the helper's
// read buf[threadIdx.y][threadIdx.x] runs past the rows under the second.
// launch: rt5_18_rows_a 2 32x8
// launch: rt5_18_rows_b 2 64x4 0 512
__device__ int exchange_rows(int v) {
    __shared__ int buf[8][32];
    const int tid = threadIdx.y * blockDim.x + threadIdx.x;
    buf[tid / 32][tid % 32] = v;
    __syncthreads();
    return buf[tid % 8][tid / 8] + 4 * buf[threadIdx.y][threadIdx.x];
}
__global__ void rt5_18_rows_a(const int *in, int *out, int p) {
    const int tid = threadIdx.y * blockDim.x + threadIdx.x;
    out[blockIdx.x * 256 + tid] = exchange_rows(in[blockIdx.x * 256 + tid] & 1023);
}
__global__ void rt5_18_rows_b(const int *in, int *out, int p) {
    const int tid = threadIdx.y * blockDim.x + threadIdx.x;
    out[blockIdx.x * 256 + tid] = exchange_rows(in[blockIdx.x * 256 + tid] & 2047) + 1;
}
#ifdef __CUDACC__
void launch(const int *in, int *out) {
    rt5_18_rows_a<<<2, dim3(32, 8)>>>(in, out, 0);
    rt5_18_rows_b<<<2, dim3(64, 4)>>>(in, out + 512, 0);
}
#endif
