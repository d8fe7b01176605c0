// Two launch sites: 32x8 in one host function, 64x4 in another (both run).
// launch: rt2_104_launch_two_functions 2 32x8
// launch: rt2_104_launch_two_functions 2 64x4 0 1024
__global__ void rt2_104_launch_two_functions(const int *in, int *out, int p) {
    __shared__ int tile[8][32];
    const int tx = threadIdx.x, ty = threadIdx.y;
    const int tid = ty * blockDim.x + tx;
    tile[tid / 32][tid % 32] = in[blockIdx.x * 256 + tid] & 8191;
    __syncthreads();
    int acc = tile[ty][tx] + 2 * tile[tx % 8][ty];
    out[blockIdx.x * 256 + tid] = acc;
}
#ifdef __CUDACC__
void launch_small(const int *in, int *out) { rt2_104_launch_two_functions<<<2, dim3(32, 8)>>>(in, out, 0); }
void launch_wide(const int *in, int *out) { rt2_104_launch_two_functions<<<2, dim3(64, 4)>>>(in, out + 1024, 0); }
#endif
