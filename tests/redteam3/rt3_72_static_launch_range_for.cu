// An internal kernel launched in a range-for over a braced list of shapes
// (32x8, then 64x4).
// launch: rt3_72_static_launch_range_for 2 32x8
// launch: rt3_72_static_launch_range_for 2 64x4 0 1024
static __global__ void rt3_72_static_launch_range_for(const int *in, int *out, int p) {
    __shared__ int tile[8][32];
    const int tx = threadIdx.x, ty = threadIdx.y;
    const int tid = ty * blockDim.x + tx;
    tile[tid / 32][tid % 32] = in[blockIdx.x * 256 + tid] & 8191;
    __syncthreads();
    out[blockIdx.x * 256 + tid] = tile[ty][tx] + 2 * tile[tid % 8][tid / 8];
}
#ifdef __CUDACC__
void launch(const int *in, int *out) {
    int *dst = out;
    for (dim3 b : {dim3(32, 8), dim3(64, 4)}) {
        rt3_72_static_launch_range_for<<<2, b>>>(in, dst, 0);
        dst += 1024;
    }
}
#endif
