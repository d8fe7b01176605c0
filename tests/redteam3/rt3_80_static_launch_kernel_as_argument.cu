// An internal kernel handed to a host template as a function pointer
// argument, which launches it 64x4.
// launch: rt3_80_static_launch_kernel_as_argument 2 64x4
static __global__ void rt3_80_static_launch_kernel_as_argument(const int *in, int *out, int p) {
    __shared__ int tile[8][32];
    const int tx = threadIdx.x, ty = threadIdx.y;
    const int tid = ty * blockDim.x + tx;
    tile[tid / 32][tid % 32] = in[blockIdx.x * 256 + tid] & 8191;
    __syncthreads();
    out[blockIdx.x * 256 + tid] = tile[ty][tx] + 2 * tile[tid % 8][tid / 8];
}
#ifdef __CUDACC__
template <typename K>
void launch_with(K k, dim3 b, const int *in, int *out) { k<<<2, b>>>(in, out, 0); }
void launch(const int *in, int *out) { launch_with(rt3_80_static_launch_kernel_as_argument, dim3(64, 4), in, out); }
#endif
