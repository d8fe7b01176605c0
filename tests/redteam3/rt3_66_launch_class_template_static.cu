// Launches from a static member function of a host class template whose
// parameters are the block's extents: Launcher<32, 8> and Launcher<64, 4>.
// launch: rt3_66_launch_class_template_static 2 32x8
// launch: rt3_66_launch_class_template_static 2 64x4 0 1024
__global__ void rt3_66_launch_class_template_static(const int *in, int *out, int p) {
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
    static void run(const int *in, int *out) { rt3_66_launch_class_template_static<<<2, block()>>>(in, out, 0); }
};
void launch(const int *in, int *out) {
    Launcher<32, 8>::run(in, out);
    Launcher<64, 4>::run(in, out + 1024);
}
#endif
