// An extern array of doubles over 1000 elements (the launch's 8000 bytes),
// read up to its last, partial group of 16: a layout keyed to the dynamic
// size must count it in doubles, or the tail maps past the allocation.
// launch: rt2_175_extern_double_tail 2 32x8 0 0 smem=8000
__global__ void rt2_175_extern_double_tail(const int *in, int *out, int p) {
    extern __shared__ double buf[];
    const int tx = threadIdx.x, ty = threadIdx.y, tid = ty * 32 + tx;
    for (int i = tid; i < 1000; i += 256)
        buf[i] = (double)(in[(blockIdx.x * 1000 + i) & 4095] & 4095);
    __syncthreads();
    double acc = 0;
    for (int k = 0; k < 4; ++k)
        acc += buf[(tx * 31 + ty * 4 + k * 250) % 1000];
    out[blockIdx.x * 256 + tid] = (int)acc;
}
#ifdef __CUDACC__
void launch(const int *in, int *out) {
    rt2_175_extern_double_tail<<<2, dim3(32, 8), 1000 * sizeof(double)>>>(in, out, 0);
}
#endif
