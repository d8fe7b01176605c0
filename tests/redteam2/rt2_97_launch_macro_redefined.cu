// A BLOCK macro #undef'd and redefined before the launch.
// launch: rt2_97_launch_macro_redefined 2 64x4
__global__ void rt2_97_launch_macro_redefined(const int *in, int *out, int p) {
    __shared__ int tile[8][32];
    const int tx = threadIdx.x, ty = threadIdx.y;
    const int tid = ty * blockDim.x + tx;
    tile[tid / 32][tid % 32] = in[blockIdx.x * 256 + tid] & 8191;
    __syncthreads();
    int acc = tile[ty][tx] + 2 * tile[tx % 8][ty];
    out[blockIdx.x * 256 + tid] = acc;
}
#ifdef __CUDACC__
#define BLOCK dim3(32, 8)
static const dim3 kFirst = BLOCK;
#undef BLOCK
#define BLOCK dim3(64, 4)
void launch(const int *in, int *out) { rt2_97_launch_macro_redefined<<<2, BLOCK>>>(in, out, 0); }
#endif
