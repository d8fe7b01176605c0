// The host picks the block by the runtime's version (CUDART_VERSION, set by
// cuda_runtime_api.h): 32x8 from CUDA 12 on, 64x4 before, for an internal
// kernel. The host check has no CUDART_VERSION, and takes 64x4.
// launch: rt3_100_runtime_version_launch_shape 2 64x4
static __global__ void rt3_100_runtime_version_launch_shape(const int *in, int *out, int p) {
    __shared__ int tile[8][32];
    const int tx = threadIdx.x, ty = threadIdx.y;
    const int tid = ty * blockDim.x + tx;
    tile[tid / 32][tid % 32] = in[blockIdx.x * 256 + tid] & 8191;
    __syncthreads();
    out[blockIdx.x * 256 + tid] = tile[ty][tx] + 2 * tile[tid % 8][tid / 8];
}
#ifdef __CUDACC__
void launch(const int *in, int *out) {
#if CUDART_VERSION >= 12000
    const dim3 block(32, 8);
#else
    const dim3 block(64, 4);
#endif
    rt3_100_runtime_version_launch_shape<<<2, block>>>(in, out, 0);
}
#endif
