// The block from sizeof(T) in a host function template, run for double.
// launch: rt2_112_launch_sizeof_template 2 64x4
__global__ void rt2_112_launch_sizeof_template(const int *in, int *out, int p) {
    __shared__ int tile[8][32];
    const int tx = threadIdx.x, ty = threadIdx.y;
    const int tid = ty * blockDim.x + tx;
    tile[tid / 32][tid % 32] = in[blockIdx.x * 256 + tid] & 8191;
    __syncthreads();
    int acc = tile[ty][tx] + 2 * tile[tx % 8][ty];
    out[blockIdx.x * 256 + tid] = acc;
}
#ifdef __CUDACC__
template <class T>
void go(const int *in, int *out) { rt2_112_launch_sizeof_template<<<2, dim3(sizeof(T) * 8, 32 / sizeof(T))>>>(in, out, 0); }
void launch(const int *in, int *out) { go<double>(in, out); }
#endif
