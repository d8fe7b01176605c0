// An internal kernel launched through a variadic macro that forwards the
// launch configuration (RT3_88_LAUNCH(k, (2, dim3(64, 4)), args...)).
// launch: rt3_88_static_launch_macro_va_args 2 64x4
static __global__ void rt3_88_static_launch_macro_va_args(const int *in, int *out, int p) {
    __shared__ int tile[8][32];
    const int tx = threadIdx.x, ty = threadIdx.y;
    const int tid = ty * blockDim.x + tx;
    tile[tid / 32][tid % 32] = in[blockIdx.x * 256 + tid] & 8191;
    __syncthreads();
    out[blockIdx.x * 256 + tid] = tile[ty][tx] + 2 * tile[tid % 8][tid / 8];
}
#ifdef __CUDACC__
#define RT3_88_UNPAREN(...) __VA_ARGS__
#define RT3_88_LAUNCH(k, cfg, ...) k<<<RT3_88_UNPAREN cfg>>>(__VA_ARGS__)
void launch(const int *in, int *out) { RT3_88_LAUNCH(rt3_88_static_launch_macro_va_args, (2, dim3(64, 4)), in, out, 0); }
#endif
