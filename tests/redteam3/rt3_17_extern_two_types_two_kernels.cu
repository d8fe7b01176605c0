// Two kernels of one file, each with its own extern __shared__ array of a
// different element type: float walked as 32x32 in range, int walked one
// row on (ibuf[(ty + 1) * 32 + tx] is a flat read both ways, but it is
// written as [ty][tx] through a 2-D cast).
// launch: rt3_17_float_kernel 2 32x8 0 0 smem=4096
// launch: rt3_17_int_kernel 2 32x8 0 2048 smem=1152
__global__ void rt3_17_float_kernel(const int *in, int *out, int p) {
    extern __shared__ float fbuf[];
    const int tx = threadIdx.x, ty = threadIdx.y;
    for (int j = ty; j < 32; j += 8) fbuf[j * 32 + tx] = (float)(in[blockIdx.x * 1024 + j * 32 + tx] & 4095);
    __syncthreads();
    for (int j = ty; j < 32; j += 8) out[blockIdx.x * 1024 + j * 32 + tx] = __float_as_int(fbuf[tx * 32 + j]);
}
__global__ void rt3_17_int_kernel(const int *in, int *out, int p) {
    extern __shared__ int ibuf[];
    int (*rows)[32] = reinterpret_cast<int (*)[32]>(ibuf);
    const int tx = threadIdx.x, ty = threadIdx.y, tid = ty * 32 + tx;
    rows[ty][tx] = in[blockIdx.x * 256 + tid] & 4095;
    if (ty == 0) rows[8][tx] = tx * 3;
    __syncthreads();
    out[blockIdx.x * 256 + tid] = ibuf[(ty + 1) * 32 + tx] + 2 * rows[tx % 8][ty * 4];
}
#ifdef __CUDACC__
void launch(const int *in, int *out) {
    rt3_17_float_kernel<<<2, dim3(32, 8), 32 * 32 * sizeof(float)>>>(in, out, 0);
    rt3_17_int_kernel<<<2, dim3(32, 8), 9 * 32 * sizeof(int)>>>(in, out + 2048, 0);
}
#endif
