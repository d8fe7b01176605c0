// __launch_bounds__(256) and a block size chosen at run time: the kernel
// indexes by its linear thread id only, so every shape of at most 256
// threads stays in range, and the transposed read conflicts under all.
// launch: rt3_31_launch_bounds_any_shape_legal 2 256x1
// launch: rt3_31_launch_bounds_any_shape_legal 2 32x8 0 1024
// expect: rewritten
__global__ void __launch_bounds__(256) rt3_31_launch_bounds_any_shape_legal(const int *in, int *out, int p) {
    __shared__ int tile[8][32];
    const unsigned tid = threadIdx.x + blockDim.x * (threadIdx.y + blockDim.y * threadIdx.z);
    tile[tid / 32][tid % 32] = in[blockIdx.x * 256 + tid] & 8191;
    __syncthreads();
    out[blockIdx.x * 256 + tid] = tile[tid % 8][tid / 8];
}
#ifdef __CUDACC__
void launch(const int *in, int *out, int threads) {
    rt3_31_launch_bounds_any_shape_legal<<<2, threads>>>(in, out, 0);
}
#endif
