// One extern dynamic buffer carved into typed arrays, the CUDA guide's way:
// float *a = (float *)smem; int *b = (int *)&a[256]; both walked as 2-D by hand.
// launch: rt2_33_extern_carved 2 32x8 smem=2048
__global__ void rt2_33_extern_carved(const int *in, int *out, int p) {
    extern __shared__ float smem[];
    float *a = smem;
    int *b = (int *)&a[256];
    const int tx = threadIdx.x, ty = threadIdx.y, tid = ty * 32 + tx;
    a[ty * 32 + tx] = (float)(in[blockIdx.x * 256 + tid] & 4095);
    b[tx * 8 + ty] = in[blockIdx.x * 256 + tid + 512] & 255;
    __syncthreads();
    out[blockIdx.x * 256 + tid] = __float_as_int(a[tx * 8 + ty] + (float)b[ty * 32 + tx]);
}
#ifdef __CUDACC__
void launch(const int *in, int *out) {
    const size_t bytes = 256 * sizeof(float) + 256 * sizeof(int);
    rt2_33_extern_carved<<<2, dim3(32, 8), bytes>>>(in, out, 0);
}
#endif
