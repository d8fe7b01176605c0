// An internal kernel launched with the block of a config struct's default
// member initializer (dim3 block{64, 4}).
// launch: rt3_81_static_launch_default_member 2 64x4
static __global__ void rt3_81_static_launch_default_member(const int *in, int *out, int p) {
    __shared__ int tile[8][32];
    const int tx = threadIdx.x, ty = threadIdx.y;
    const int tid = ty * blockDim.x + tx;
    tile[tid / 32][tid % 32] = in[blockIdx.x * 256 + tid] & 8191;
    __syncthreads();
    out[blockIdx.x * 256 + tid] = tile[ty][tx] + 2 * tile[tid % 8][tid / 8];
}
#ifdef __CUDACC__
struct Cfg {
    dim3 grid{2};
    dim3 block{64, 4};
};
void launch(const int *in, int *out) {
    Cfg c;
    rt3_81_static_launch_default_member<<<c.grid, c.block>>>(in, out, 0);
}
#endif
