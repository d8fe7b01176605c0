// An internal kernel launched from a host function template, run<64>:
// dim3(BX, 256 / BX).
// launch: rt3_77_static_launch_host_template 2 64x4
static __global__ void rt3_77_static_launch_host_template(const int *in, int *out, int p) {
    __shared__ int tile[8][32];
    const int tx = threadIdx.x, ty = threadIdx.y;
    const int tid = ty * blockDim.x + tx;
    tile[tid / 32][tid % 32] = in[blockIdx.x * 256 + tid] & 8191;
    __syncthreads();
    out[blockIdx.x * 256 + tid] = tile[ty][tx] + 2 * tile[tid % 8][tid / 8];
}
#ifdef __CUDACC__
template <int BX>
void run(const int *in, int *out) { rt3_77_static_launch_host_template<<<2, dim3(BX, 256 / BX)>>>(in, out, 0); }
void launch(const int *in, int *out) { run<64>(in, out); }
#endif
