// A runner class whose method widens its block member before go().
// launch: rt2_109_launch_member_widened 2 64x4
__global__ void rt2_109_launch_member_widened(const int *in, int *out, int p) {
    __shared__ int tile[8][32];
    const int tx = threadIdx.x, ty = threadIdx.y;
    const int tid = ty * blockDim.x + tx;
    tile[tid / 32][tid % 32] = in[blockIdx.x * 256 + tid] & 8191;
    __syncthreads();
    int acc = tile[ty][tx] + 2 * tile[tx % 8][ty];
    out[blockIdx.x * 256 + tid] = acc;
}
#ifdef __CUDACC__
struct Runner {
    dim3 block{32, 8};
    void widen() { block.x = 64; block.y = 4; }
    void go(const int *in, int *out) { rt2_109_launch_member_widened<<<2, block>>>(in, out, 0); }
};
void launch(const int *in, int *out) {
    Runner r;
    r.widen();
    r.go(in, out);
}
#endif
