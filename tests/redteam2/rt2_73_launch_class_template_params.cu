// The block from a host class template's parameters, L<64, 4>::go.
// launch: rt2_73_launch_class_template_params 2 64x4
__global__ void rt2_73_launch_class_template_params(const int *in, int *out, int p) {
    __shared__ int tile[8][32];
    const int tx = threadIdx.x, ty = threadIdx.y;
    const int tid = ty * blockDim.x + tx;
    tile[tid / 32][tid % 32] = in[blockIdx.x * 256 + tid] & 8191;
    __syncthreads();
    int acc = tile[ty][tx] + 2 * tile[tx % 8][ty];
    out[blockIdx.x * 256 + tid] = acc;
}
#ifdef __CUDACC__
template <unsigned BX, unsigned BY>
struct L { static void go(const int *in, int *out) { rt2_73_launch_class_template_params<<<2, dim3(BX, BY)>>>(in, out, 0); } };
void launch(const int *in, int *out) { L<64, 4>::go(in, out); }
#endif
