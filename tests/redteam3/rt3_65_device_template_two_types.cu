// A device function template that owns a shared tile, instantiated for int
// and for short by one kernel: each instance its own tile; the short one
// is read across a row.
// launch: rt3_65_device_template_two_types 2 32x8
template <typename T>
__device__ int stage(const int *g, int skew) {
    __shared__ T tile[16][32];
    const int tx = threadIdx.x, ty = threadIdx.y, tid = ty * 32 + tx;
    tile[ty][tx] = (T)(g[tid] & 4095);
    tile[ty + 8][tx] = (T)(g[tid + 256] & 4095);
    __syncthreads();
    return (int)tile[ty][tx + skew] + 2 * (int)tile[tx % 16][ty];
}
__global__ void rt3_65_device_template_two_types(const int *in, int *out, int p) {
    const int tid = threadIdx.y * 32 + threadIdx.x;
    const int a = stage<int>(in + blockIdx.x * 512, 0);
    const int b = stage<short>(in + 1024 + blockIdx.x * 512, 16);
    out[blockIdx.x * 256 + tid] = a + 5 * b;
}
#ifdef __CUDACC__
void launch(const int *in, int *out) { rt3_65_device_template_two_types<<<2, dim3(32, 8)>>>(in, out, 0); }
#endif
