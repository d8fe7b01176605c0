// An extern array of the template's element type, instantiated for double
// only, over 1000 elements (the launch's 8000 bytes): the reads reach the
// last, partial group of 16. A layout keyed to the dynamic size must count
// it in doubles, or the tail maps past the allocation (a fault on the GPU).
// launch: rt2_174_extern_template_double_tail<double> 2 32x8 0 0 smem=8000
template <typename T>
__global__ void rt2_174_extern_template_double_tail(const int *in, int *out, int p) {
    extern __shared__ T buf[];
    const int tx = threadIdx.x, ty = threadIdx.y, tid = ty * 32 + tx;
    for (int i = tid; i < 1000; i += 256)
        buf[i] = (T)(in[(blockIdx.x * 1000 + i) & 4095] & 4095);
    __syncthreads();
    T acc = 0;
    for (int k = 0; k < 4; ++k)
        acc += buf[(tx * 31 + ty * 4 + k * 250) % 1000];
    out[blockIdx.x * 256 + tid] = (int)acc;
}
#ifdef __CUDACC__
void launch(const int *in, int *out) {
    rt2_174_extern_template_double_tail<double><<<2, dim3(32, 8), 1000 * sizeof(double)>>>(in, out, 0);
}
#endif
