// A kernel pointer declared with decltype, then launched through it.
// launch: rt2_72_launch_decltype_pointer 2 64x4
__global__ void rt2_72_launch_decltype_pointer(const int *in, int *out, int p) {
    __shared__ int tile[8][32];
    const int tx = threadIdx.x, ty = threadIdx.y;
    const int tid = ty * blockDim.x + tx;
    tile[tid / 32][tid % 32] = in[blockIdx.x * 256 + tid] & 8191;
    __syncthreads();
    int acc = tile[ty][tx] + 2 * tile[tx % 8][ty];
    out[blockIdx.x * 256 + tid] = acc;
}
#ifdef __CUDACC__
void launch(const int *in, int *out) {
    decltype(&rt2_72_launch_decltype_pointer) fp = rt2_72_launch_decltype_pointer;
    fp<<<2, dim3(64, 4)>>>(in, out, 0);
}
#endif
