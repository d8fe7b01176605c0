// An internal kernel launched from a static member of a host class
// template, Launcher<64, 4>, the shape from a constexpr member function.
// launch: rt3_75_static_launch_class_template 2 64x4
static __global__ void rt3_75_static_launch_class_template(const int *in, int *out, int p) {
    __shared__ int tile[8][32];
    const int tx = threadIdx.x, ty = threadIdx.y;
    const int tid = ty * blockDim.x + tx;
    tile[tid / 32][tid % 32] = in[blockIdx.x * 256 + tid] & 8191;
    __syncthreads();
    out[blockIdx.x * 256 + tid] = tile[ty][tx] + 2 * tile[tid % 8][tid / 8];
}
#ifdef __CUDACC__
template <unsigned BX, unsigned BY>
struct Launcher {
    static constexpr dim3 block() { return dim3(BX, BY); }
    static void run(const int *in, int *out) { rt3_75_static_launch_class_template<<<2, block()>>>(in, out, 0); }
};
void launch(const int *in, int *out) { Launcher<64, 4>::run(in, out); }
#endif
