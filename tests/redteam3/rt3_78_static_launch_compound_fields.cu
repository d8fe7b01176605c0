// An internal kernel launched with dim3 b(32, 8) widened by compound
// assignments to its fields (b.x *= 2; b.y /= 2).
// launch: rt3_78_static_launch_compound_fields 2 64x4
static __global__ void rt3_78_static_launch_compound_fields(const int *in, int *out, int p) {
    __shared__ int tile[8][32];
    const int tx = threadIdx.x, ty = threadIdx.y;
    const int tid = ty * blockDim.x + tx;
    tile[tid / 32][tid % 32] = in[blockIdx.x * 256 + tid] & 8191;
    __syncthreads();
    out[blockIdx.x * 256 + tid] = tile[ty][tx] + 2 * tile[tid % 8][tid / 8];
}
#ifdef __CUDACC__
void launch(const int *in, int *out) {
    dim3 b(32, 8);
    b.x *= 2;
    b.y /= 2;
    rt3_78_static_launch_compound_fields<<<2, b>>>(in, out, 0);
}
#endif
