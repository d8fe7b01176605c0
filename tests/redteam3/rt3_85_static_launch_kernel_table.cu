// An internal kernel whose address sits in a host table of function
// pointers, launched from the table 64x4.
// launch: rt3_85_static_launch_kernel_table 2 64x4
static __global__ void rt3_85_static_launch_kernel_table(const int *in, int *out, int p) {
    __shared__ int tile[8][32];
    const int tx = threadIdx.x, ty = threadIdx.y;
    const int tid = ty * blockDim.x + tx;
    tile[tid / 32][tid % 32] = in[blockIdx.x * 256 + tid] & 8191;
    __syncthreads();
    out[blockIdx.x * 256 + tid] = tile[ty][tx] + 2 * tile[tid % 8][tid / 8];
}
#ifdef __CUDACC__
using Kernel = void (*)(const int *, int *, int);
static const Kernel kTable[] = {rt3_85_static_launch_kernel_table};
void launch(const int *in, int *out) { kTable[0]<<<2, dim3(64, 4)>>>(in, out, 0); }
#endif
